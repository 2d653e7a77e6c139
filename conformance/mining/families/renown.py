"""Renown rulings (702.112), for every one-face creature card with "Renown N" the reference
engine builds (p1's creature ``r`` attacks p2 in turn 3; p2 has no creature unless said):

* ``renown-player-only`` — "Renown won't trigger when a creature deals combat damage to a
  planeswalker or another creature ...": p2's Wall of Stone (Giant Spider for a creature with
  flying) blocks it; it deals its combat damage to the blocker; renown doesn't trigger, no
  counters. Mutant: ``renown_any_combat_damage``.
* ``renown-left-battlefield`` — "If a renown ability triggers, but the creature leaves the
  battlefield before that ability resolves, the creature doesn't become renowned. Any ability
  that triggers "whenever a creature becomes renowned" won't trigger": p1 also controls Valeron
  Wardens ("Whenever a creature you control becomes renowned, draw a card"); ``r`` is unblocked,
  renown triggers; p2 taps three Swamps and responds with Murder on it; the renown ability resolves: Valeron Wardens
  doesn't trigger, p1 draws nothing. Mutant: ``renowned_off_battlefield``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "counters", "combat.declare", "combat_damage", "renown"]
WALL, SPIDER, MURDER, WARDENS = "Wall of Stone", "Giant Spider", "Murder", "Valeron Wardens"
SWAMP = "Swamp"
HARMLESS = frozenset({"CARDNAME can't be blocked by more than one creature."})
"""Restrictions that change none of these cases' attacks and blocks."""


def renown_creature(name: str) -> tuple[Any, int] | NotExecutable:
    """The face of ``name`` and its renown N, or why the card is not scripted."""
    from conformance.reference.combat_keywords import RENOWN

    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    renowns = [t for t in face.text.triggered if t.event == RENOWN]
    if len(renowns) != 1:
        return NotExecutable("the card has no one renown ability the engine reads")
    if "defender" in face.text.keywords or set(face.text.restrictions) - HARMLESS:
        return NotExecutable("the card has an attack or block restriction")
    if face.power <= 0:
        return NotExecutable("it deals no combat damage")
    return face, int(renowns[0].effects[0].n)


def _attack(face: Any, blocker: str | None) -> list[dict[str, Any]]:
    """Attack p2 with ``r`` (blocked by ``blocker``), up to its combat damage step (the first
    strike one for a creature with first strike or double strike, 510.4)."""
    actions: list[dict[str, Any]] = [
        {"advance": {"to": "declare_attackers"}},
        {"declare_attackers": {"player": "p1", "attackers": {"r": "p2"}}}]
    if blocker:
        actions += [{"advance": {"to": "declare_blockers"}},
                    {"declare_blockers": {"player": "p2", "blocks": {blocker: "r"}}}]
    first = {"first strike", "double strike"} & face.text.keywords
    return actions + [{"advance": {"to": "first_strike_damage" if first else "combat_damage"}}]


def gen_player_only(ctx: Context) -> list[Draft] | NotExecutable:
    """Combat damage to a blocking creature doesn't trigger renown."""
    got = renown_creature(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, _n = got
    if "trample" in face.text.keywords and face.power > 8:
        return NotExecutable("its trample damage would reach the player")
    blocker = SPIDER if "flying" in face.text.keywords else WALL
    actions = [*_attack(face, "blk"), b.RESOLVE_STACK]
    expect = {"events": [{"type": "damage", "source": "r", "target": "blk", "combat": True}],
              "events_absent": [{"type": "triggered", "source": "r"},
                                {"type": "counter_added", "object": "r"}],
              "state": {"life": {"p2": 20}, "stack": []}}
    p1 = b.player(battlefield=[{"id": "r", "card": face.name}])
    p2 = b.player(battlefield=[{"id": "blk", "card": blocker}])
    title = (f"{face.name} blocked by {blocker} deals its combat damage to the creature: renown "
             "doesn't trigger")
    return [Draft("renown-player-only", title, FEATURES, [face.name, blocker],
                  b.game(p1, p2), actions, expect, ["702.112a", "510.2"])]


def gen_left_battlefield(ctx: Context) -> list[Draft] | NotExecutable:
    """The renowned-to-be creature dies before its renown ability resolves: it doesn't become
    renowned, "whenever a creature becomes renowned" doesn't trigger."""
    got = renown_creature(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, _n = got
    if {"hexproof", "shroud", "indestructible"} & face.text.keywords or any(
            a.effects and type(a.effects[0]).__name__ == "Regenerate"
            for a in face.text.activated):
        return NotExecutable("Murder can't be scripted to destroy it")
    actions: list[dict[str, Any]] = [
        *_attack(face, None), {"pass_priority": {"player": "p1"}},
        *({"activate": {"player": "p2", "object": f"sw{i}", "ability": 0}} for i in (1, 2, 3)),
        b.cast("murder", "p2", targets=["r"]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "triggered", "source": "r", "ability": "renown"},
                         {"type": "zone_change", "object": "r", "from": "battlefield",
                          "to": "graveyard"}],
              "events_absent": [{"type": "triggered", "source": "vw"},
                                {"type": "counter_added", "object": "r"}],
              "state": {"zones": {"r": "graveyard"}, "stack": [],
                        "count": [{"zone": "hand", "owner": "p1", "count": 0}]}}
    p1 = b.player(battlefield=[{"id": "r", "card": face.name}, {"id": "vw", "card": WARDENS}],
                  library=b.islands(2))
    p2 = b.player(hand=[{"id": "murder", "card": MURDER}],  # mana empties between steps
                  battlefield=[{"id": f"sw{i}", "card": SWAMP} for i in (1, 2, 3)])
    title = (f"{face.name} destroyed while its renown ability is on the stack doesn't become "
             "renowned: Valeron Wardens doesn't trigger")
    return [Draft("renown-left-battlefield", title, FEATURES + ["target", "destroy", "draw",
                                                               "mana_ability", "mana_cost"],
                  sorted({face.name, WARDENS, MURDER, SWAMP, b.ISLAND}), b.game(p1, p2), actions,
                  expect, ["702.112a", "702.112b", "400.7"])]


FAMILIES = [
    Family("renown-player-only", "Renown triggers on combat damage to a player only",
           ("702.112a",), tuple(FEATURES), gen_player_only,
           en=phrases("Renown won't trigger when a creature deals combat damage to a "
                      "planeswalker or another creature")),
    Family("renown-left-battlefield", "A creature that left the battlefield before its renown "
           "ability resolved doesn't become renowned", ("702.112b", "400.7"), tuple(FEATURES),
           gen_left_battlefield,
           en=phrases("If a renown ability triggers, but the creature leaves the battlefield "
                      "before that ability resolves")),
]
