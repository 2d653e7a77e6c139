"""Phyrexian mana rulings (rules 107.4f, 202.3), for every one-face card whose mana cost has a
Phyrexian mana symbol.

* ``phyrexian-mana-value`` — "To calculate the mana value of a card with Phyrexian mana symbols
  in its cost, count each Phyrexian mana symbol as 1": the card in its owner's hand has the
  mana value of its cost with each Phyrexian symbol counted as 1. Mutant:
  ``phyrexian_symbols_count_zero`` (a Phyrexian symbol adds nothing to the mana value, as if
  its optional life payment were all it cost).
* ``phyrexian-color`` — "A card with Phyrexian mana symbols in its mana cost is each color that
  appears in that mana cost, regardless of how that cost may have been paid": the card in its
  owner's hand has the colors of its Phyrexian symbols. Mutant: ``phyrexian_symbols_colorless``
  (a Phyrexian symbol gives no color, as if paid with life). The case does not cast the card:
  the "regardless of how the cost was paid" half of the ruling is not checked.
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


def gen_color(ctx: Context) -> list[Draft] | NotExecutable:
    """The card in hand has the colors of its Phyrexian symbols."""
    card = ctx.card
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    cost = card.main.mana_cost or ""
    phyrexian = set(re.findall(r"\{([WUBRG])(?:/[WUBRG])?/P\}", cost)) | set(
        re.findall(r"\{[WUBRG]/([WUBRG])/P\}", cost))
    plain = set(re.findall(r"[WUBRG]", re.sub(r"\{[^}]*/P\}", "", cost)))
    if not phyrexian - plain:
        return NotExecutable("no color of its mana cost comes only from Phyrexian symbols: a "
                             "case could not tell")
    colors = [c for c in "WUBRG" if c in phyrexian | plain]
    return [Draft("phyrexian-color", f"{card.name} ({cost}) is {''.join(colors)}: its "
                  "Phyrexian mana symbols give it their colors", FEATURES, [card.name],
                  b.game(b.player(hand=[{"id": "phy", "card": card.name}]), b.player()), [],
                  {"state": {"objects": {"phy": {"zone": "hand", "colors": colors}}}},
                  ["105.2", "107.4f"])]


FAMILIES = [
    Family("phyrexian-mana-value", "A Phyrexian mana symbol counts 1 toward mana value",
           tuple(RULES), tuple(FEATURES), gen_mana_value,
           en=phrases("To calculate the mana value of a card with Phyrexian mana symbols in its "
                      "cost, count each Phyrexian mana symbol as 1")),
    Family("phyrexian-color", "A Phyrexian mana symbol gives a card its color",
           ("105.2", "107.4f"), tuple(FEATURES), gen_color,
           en=phrases("A card with Phyrexian mana symbols in its mana cost is each color that "
                      "appears in that mana cost, regardless of how that cost may have been "
                      "paid")),
]
