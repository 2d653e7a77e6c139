"""Phyrexian mana rulings (rules 107.4f, 202.3), for every one-face card whose mana cost has a
Phyrexian mana symbol.

* ``phyrexian-mana-value`` — "To calculate the mana value of a card with Phyrexian mana symbols
  in its cost, count each Phyrexian mana symbol as 1": the card in its owner's hand has the
  mana value of its cost with each Phyrexian symbol counted as 1. Mutant:
  ``phyrexian_symbols_count_zero`` (a Phyrexian symbol adds nothing to the mana value, as if
  its optional life payment were all it cost).
"""

from __future__ import annotations

import re

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["phyrexian_mana"]
RULES = ["107.4f", "202.3"]


def _mana_value(cost: str) -> int:
    return sum(int(s) if s.isdigit() else (0 if s == "X" else 1)
               for s in re.findall(r"\{([^}]+)\}", cost))


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """The card in hand has the mana value of its cost, each Phyrexian symbol counting 1."""
    card = ctx.card
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    cost = card.main.mana_cost or ""
    n = cost.count("/P}")
    if not n:
        return NotExecutable("its mana cost has no Phyrexian mana symbol (the ruling is about "
                             "another object's cost)")
    mv = _mana_value(cost)
    return [Draft("phyrexian-mana-value", f"{card.name} ({cost}) has mana value {mv}: each of "
                  f"its {n} Phyrexian mana symbol(s) counts as 1", FEATURES, [card.name],
                  b.game(b.player(hand=[{"id": "phy", "card": card.name}]), b.player()), [],
                  {"state": {"objects": {"phy": {"zone": "hand", "mana_value": mv}}}}, RULES)]


FAMILIES = [
    Family("phyrexian-mana-value", "A Phyrexian mana symbol counts 1 toward mana value",
           tuple(RULES), tuple(FEATURES), gen_mana_value,
           en=phrases("To calculate the mana value of a card with Phyrexian mana symbols in its "
                      "cost, count each Phyrexian mana symbol as 1")),
]
