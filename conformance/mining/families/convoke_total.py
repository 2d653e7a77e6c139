"""Convoke and the total cost (rules 601.2f, 702.51a-b): "When calculating a spell's total
cost, include any alternative costs, additional costs, or anything else that increases or
reduces the cost to cast the spell. Convoke applies after the total cost is calculated."

* ``convoke-total-cost`` — for every one-face card the reference engine builds with convoke
  whose targets the convoke families script, one of:

  - an instant or sorcery: p2 controls Elspeth Conquers Death with one lore counter; p1 adds
    one (chapter II: "Noncreature spells your opponents cast cost {2} more to cast until your
    next turn") and it resolves; p1 casts the card with a pool that pays only the colored
    symbols of its mana cost, tapping a vanilla creature of a color its cost has not (it pays
    only {1}) for each {1} of the mana cost and of the increase: legal, the pool emptied, the Bears tapped;
  - a creature with a kicker cost of generic mana only whose kicked spell enters with
    counters: p1 casts it kicked with a pool that pays exactly its mana cost, tapping such a
    creature for each {1} of the kicker cost: it enters with its kicked counters.
  - any other card (a creature, an enchantment, an artifact without such a kicker): p2
    controls Sphere of Resistance ("Spells cost {1} more to cast."); p1 casts the card as the
    instant or sorcery is cast above, the creatures paying the generic mana and the {1}.

  Mutant: ``convoke_pays_mana_cost_only`` (convoke pays only the mana cost's symbols, as if it
  applied before the cost increase or kicker; the cast is refused or the pool left unspent).
"""

from __future__ import annotations

import re

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "convoke", "kicker", "counters"]
RULES = ["601.2f", "702.51a"]
SAGA = "Elspeth Conquers Death"
"""Its chapter II: "Noncreature spells your opponents cast cost {2} more to cast until your next
turn"."""
INCREASE = 2
SPHERE = "Sphere of Resistance"
"""An artifact: "Spells cost {1} more to cast." (a cost increase on any spell, 601.2f)."""


def _payer(cost: str | None) -> str:
    """A vanilla creature of a color the cost has no symbol of (it pays only {1})."""
    from conformance.mining.families.convoke import COLORED

    return next(name for color, name in COLORED.items() if f"{{{color}}}" not in (cost or ""))


def _increased(ctx: Context, sphere: bool = False) -> list[Draft] | NotExecutable:
    """An instant or sorcery with convoke cast under Elspeth Conquers Death's cost increase
    (``sphere``: any spell, under Sphere of Resistance's), Bears paying the generic part of its
    mana cost and the increase."""
    from conformance.mining.families.convoke import features_for, payer_card

    got = payer_card(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, targets, symbols = got
    generic = sum(int(s) for s in symbols if s.isdigit())
    pool = b.mana_pool("".join(f"{{{s}}}" for s in symbols if not s.isdigit()))
    increase = 1 if sphere else INCREASE
    n = generic + increase
    payer = _payer(face.mana_cost)
    bears = [{"id": f"conv{i}", "card": payer} for i in range(1, n + 1)]
    mine, theirs = b.objects_for(targets)
    p1 = b.player(mana=pool, battlefield=bears + mine, hand=[{"id": "cv", "card": face.name}])
    taxer = SPHERE if sphere else SAGA
    p2 = b.player(battlefield=[{"id": "sphere", "card": SPHERE} if sphere else
                               {"id": "ecd", "card": SAGA, "counters": {"lore": 1}}, *theirs])
    actions = [] if sphere else [{"add_counters": {"object": "ecd", "counter": "lore", "n": 1}},
                                 b.RESOLVE_TOP]
    actions.append(b.cast("cv", targets=[t for t, _ in targets] or None,
                          costs={"convoke": [o["id"] for o in bears]}))
    expect = {"events": ([] if sphere else [{"type": "triggered", "source": "ecd"}])
              + [{"type": "cast", "object": "cv"}],
              "state": {"zones": {"cv": "stack"}, "players": {"p1": {"mana": ""}},
                        "objects": {o["id"]: {"tapped": True} for o in bears}}}
    cards = sorted({face.name, payer, taxer} | {o["card"] for o in mine + theirs})
    return [Draft("convoke-total-cost", f"{face.name} cast under {taxer}'s {{{increase}}} cost "
                  f"increase: {n} {payer} tapped for convoke pay the generic mana of its "
                  "total cost, increase included", features_for(targets)
                  + ([] if sphere else ["saga", "counters"]),
                  cards, b.game(p1, p2), actions, expect, list(RULES))]


def gen_total_cost(ctx: Context) -> list[Draft] | NotExecutable:
    """Convoke pays any part of the total cost: here the kicker cost."""
    face = b.built_face(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    if "convoke" not in t.payers:
        return NotExecutable("the card has no convoke")
    if {"Instant", "Sorcery"} & set(face.types):
        return _increased(ctx)
    if t.kicker is None or t.multikicker:
        return _increased(ctx, sphere=True)
    generic = re.fullmatch(r"\{(\d+)\}", t.kicker)
    if generic is None or not t.kicked_counters or "Creature" not in face.types:
        return NotExecutable("its kicker cost is not generic mana only, or its kicked spell "
                             "does not enter with counters")
    pool = b.mana_pool(face.mana_cost)
    if pool is None:
        return NotExecutable("its mana cost has a symbol a pool cannot be written for")
    n = int(generic[1])
    payer = _payer(face.mana_cost)
    bears = [{"id": f"conv{i}", "card": payer} for i in range(1, n + 1)]
    p1 = b.player(mana=pool, battlefield=bears, hand=[{"id": "cv", "card": face.name}])
    counters = {c: k for c, k in t.kicked_counters}
    expect = {"state": {"zones": {"cv": "battlefield"}, "players": {"p1": {"mana": ""}},
                        "objects": {"cv": {"counters": counters},
                                    **{o["id"]: {"tapped": True} for o in bears}}}}
    return [Draft("convoke-total-cost", f"{face.name} cast kicked: {n} {payer} tapped for "
                  f"convoke pay its kicker {t.kicker}, the pool its mana cost "
                  f"{face.mana_cost}", list(FEATURES), sorted({face.name, payer}),
                  b.game(p1, b.player()),
                  [b.cast("cv", costs={"kicker": 1, "convoke": [o["id"] for o in bears]}),
                   b.RESOLVE_TOP], expect, list(RULES))]


FAMILIES = [
    Family("convoke-total-cost", "Convoke applies after the total cost (additional costs "
           "included) is calculated", tuple(RULES), tuple(FEATURES), gen_total_cost,
           en=phrases("Convoke applies after the total cost is calculated")),
]
