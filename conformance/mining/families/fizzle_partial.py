""""If either target is an illegal target as CARDNAME tries to resolve, the creature you
control won't deal damage" rulings (rules 608.2b, 701.12b): a spell that makes one creature
fight another, or deal damage equal to its power to another, still resolves when one of its two
targets has become illegal (the other is legal), but no creature deals or is dealt damage.

* ``illegal-target-either`` — for every one-face instant or sorcery the reference engine builds
  whose spell is one fight or bite (``Target creature you control fights / deals damage equal to
  its power to target creature you don't control``, the same after an effect on the first
  creature): p1 casts it at their Grizzly Bears and p2's Grizzly Bears, then one of them gains
  shroud (two cases: p2's, then p1's); the spell resolves, and no damage is dealt. Mutant:
  ``fight_with_an_illegal_target`` (the fight or bite happens anyway).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families import fizzle_targets as ft
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "target", "target.multiple", "keywords"]
RULES = ["608.2b", "701.12b"]
_FIGHTS = ("Fight", "Bite", "ThenFights")
"""The reference engine's effects that fight or bite (one each, two target slots)."""


def gen_either(ctx: Context) -> list[Draft] | NotExecutable:
    """The card's fight or bite with one of its two targets illegal resolves, dealing no
    damage; one case for each target made illegal."""
    from conformance.reference.cards import load_cards

    face = b.castable_face(ctx.card)
    if face is None:
        return NotExecutable("only one-face instant and sorcery cards are scripted")
    built = load_cards().get(ctx.card.name)
    if built is None:
        return NotExecutable("the reference engine does not build the card (its mutant cannot "
                             "be checked)")
    spell = built.faces[0].text.spell
    if not isinstance(spell, tuple) or len(spell) != 1 or type(spell[0]).__name__ not in _FIGHTS:
        return NotExecutable("the spell is not one fight or bite of two target creatures (an "
                             "exchange, a modal spell, or more effects)")
    slots = spell[0].slots
    if len(slots) != 2 or built.faces[0].has_x or built.faces[0].text.additional_costs:
        return NotExecutable("the spell's X, costs or targets are not scripted")
    plan = ft.slot_plan(list(slots))
    mana = b.mana_pool(face.mana_cost)
    if isinstance(plan, NotExecutable) or mana is None or plan.spell is not None:
        return NotExecutable("its targets or mana cost are not scripted")
    drafts = []
    for which, tid in (("second", plan.targets[1]), ("first", plan.targets[0])):
        p1 = b.player(mana=mana, hand=[{"id": "sp", "card": ctx.card.name}],
                      battlefield=plan.mine, library=b.islands(3))
        setup = b.game(p1, b.player(battlefield=plan.theirs))
        actions: list[dict[str, Any]] = [
            b.cast("sp", targets=plan.targets),
            {"set_keywords": {"object": tid, "add": ["shroud"]}}, b.RESOLVE_STACK]
        zones = {"sp": "graveyard", **{t: "battlefield" for t in plan.targets}}
        expect = {"events": [{"type": "cast", "object": "sp"},
                             {"type": "resolved", "object": "sp"}],
                  "events_absent": [{"type": "damage"}],
                  "state": {"zones": zones,
                            "objects": {t: {"damage": 0} for t in plan.targets},
                            "life": {"p1": 20, "p2": 20}}}
        drafts.append(Draft(f"illegal-target-either-{which}",
                            f"{ctx.card.name} resolves but deals no damage when its {which} "
                            "target gains shroud", FEATURES,
                            list(dict.fromkeys([ctx.card.name, *plan.cards, b.ISLAND])),
                            setup, actions, expect, RULES))
    return drafts


FAMILIES = [
    Family("illegal-target-either", "A fight or bite with one of its two targets illegal "
           "resolves but deals no damage", tuple(RULES), tuple(FEATURES), gen_either,
           en=phrases("If either target is an illegal target as CARDNAME tries to resolve",
                      "If either target is an illegal target when CARDNAME tries to resolve",
                      "If either creature is an illegal target as CARDNAME tries to resolve",
                      "and either target is an illegal target as CARDNAME tries to resolve",
                      "If either or both targets are illegal when CARDNAME tries to resolve")),
]
