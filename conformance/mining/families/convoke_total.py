"""Convoke and the total cost (rules 601.2f, 702.51a-b): "When calculating a spell's total
cost, include any alternative costs, additional costs, or anything else that increases or
reduces the cost to cast the spell. Convoke applies after the total cost is calculated."

* ``convoke-total-cost`` — for every one-face creature card the reference engine builds with
  convoke and a kicker cost of generic mana only whose kicked spell enters with counters: p1
  casts it kicked with a pool that pays exactly its mana cost, tapping one Grizzly Bears for
  each {1} of the kicker cost: the creatures pay the kicker part of the total cost, the pool
  is emptied, and it enters with its kicked counters. Mutant: ``kicker_not_in_total_cost``
  (the total cost leaves the kicker out, so the creatures pay the mana cost and the pool is
  left unspent).

The other convoke cards' total cost is their mana cost alone (no additional or alternative
cost the reference engine builds): no case shows the order there.
"""

from __future__ import annotations

import re

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "convoke", "kicker", "counters"]
RULES = ["601.2f", "702.51a"]


def gen_total_cost(ctx: Context) -> list[Draft] | NotExecutable:
    """Convoke pays any part of the total cost: here the kicker cost."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    if "convoke" not in t.payers:
        return NotExecutable("the card has no convoke")
    if t.kicker is None or t.multikicker:
        return NotExecutable("the card has no additional or alternative cost the reference "
                             "engine builds: its total cost is its mana cost")
    generic = re.fullmatch(r"\{(\d+)\}", t.kicker)
    if generic is None or not t.kicked_counters or "Creature" not in face.types:
        return NotExecutable("its kicker cost is not generic mana only, or its kicked spell "
                             "does not enter with counters")
    pool = b.mana_pool(face.mana_cost)
    if pool is None:
        return NotExecutable("its mana cost has a symbol a pool cannot be written for")
    n = int(generic[1])
    bears = [{"id": f"conv{i}", "card": b.BEARS} for i in range(1, n + 1)]
    p1 = b.player(mana=pool, battlefield=bears, hand=[{"id": "cv", "card": face.name}])
    counters = {c: k for c, k in t.kicked_counters}
    expect = {"state": {"zones": {"cv": "battlefield"}, "players": {"p1": {"mana": ""}},
                        "objects": {"cv": {"counters": counters},
                                    **{o["id"]: {"tapped": True} for o in bears}}}}
    return [Draft("convoke-total-cost", f"{face.name} cast kicked: {n} Grizzly Bears tapped for "
                  f"convoke pay its kicker {t.kicker}, the pool its mana cost "
                  f"{face.mana_cost}", list(FEATURES), sorted({face.name, b.BEARS}),
                  b.game(p1, b.player()),
                  [b.cast("cv", costs={"kicker": 1, "convoke": [o["id"] for o in bears]}),
                   b.RESOLVE_TOP], expect, list(RULES))]


FAMILIES = [
    Family("convoke-total-cost", "Convoke applies after the total cost (additional costs "
           "included) is calculated", tuple(RULES), tuple(FEATURES), gen_total_cost,
           en=phrases("Convoke applies after the total cost is calculated")),
]
