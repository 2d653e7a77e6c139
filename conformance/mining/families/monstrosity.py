"""Monstrosity rulings (701.31 in the shipped rules; 701.37 in later ones), for every one-face
creature card the reference engine builds with an activated ability "[cost]: Monstrosity N."
whose cost a mana pool pays (p1's creature ``m`` on the battlefield in p1's precombat main
phase, turn 3):

* ``monstrosity-once`` — "Once a creature becomes monstrous, it can't become monstrous again. If
  the creature is already monstrous when the monstrosity ability resolves, nothing happens": p1
  activates the monstrosity ability twice, the second in response to the first (the pool pays
  both); both resolve: N +1/+1 counters, once. Mutant: ``monstrosity_twice``.
* ``monstrous-trigger-left`` — "An ability that triggers when a creature becomes monstrous won't
  trigger if that creature isn't on the battlefield when its monstrosity ability resolves" (only
  cards with "When CARDNAME becomes monstrous, ..."): p1 activates the ability, p2 responds with
  Murder on the creature; the monstrosity ability resolves with the creature in the graveyard:
  nothing triggers. Mutant: ``monstrous_off_battlefield``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "counters", "activated_ability", "mana_cost", "monstrosity"]
MURDER = "Murder"


def monstrous_creature(name: str) -> tuple[Any, int, Any] | NotExecutable:
    """The face of ``name``, the index of its monstrosity ability among its activated abilities
    and that ability, or why the card is not scripted."""
    from conformance.reference.monstrous_text import BecomeMonstrous

    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    found = [(i, a) for i, a in enumerate(face.text.activated)
             if any(isinstance(e, BecomeMonstrous) for e in a.effects)]
    if len(found) != 1:
        return NotExecutable("the card has no one monstrosity ability the engine reads")
    i, ab = found[0]
    if ab.tap or ab.extra_costs or ab.sacrifice_self or ab.energy or ab.effects[1:]:
        return NotExecutable("its monstrosity ability has other costs or effects")
    return face, i, ab


def _n(ab: Any) -> int:
    return int(ab.effects[0].n)


def gen_once(ctx: Context) -> list[Draft] | NotExecutable:
    """Two monstrosity abilities resolve: the counters are put once."""
    got = monstrous_creature(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, i, ab = got
    mana = b.mana_pool(ab.cost, ab.cost)
    if mana is None:
        return NotExecutable(f"its cost ({ab.cost}) is not one a pool is written for")
    n = _n(ab)
    activate = {"activate": {"player": "p1", "object": "m", "ability": i}}
    actions = [activate, dict(activate), b.RESOLVE_STACK]
    expect = {"event_counts": [{"match": {"type": "counter_added", "object": "m",
                                          "counter": "+1/+1"}, "count": 1}],
              "state": {"objects": {"m": {"counters": {"+1/+1": n}, "power": face.power + n,
                                          "toughness": face.toughness + n}},
                        "stack": []}}
    p1 = b.player(mana=mana, battlefield=[{"id": "m", "card": face.name}], library=b.islands(2))
    title = (f"{face.name}'s monstrosity ability activated twice: the second resolves with it "
             f"monstrous and does nothing ({n} +1/+1 counters, once)")
    return [Draft("monstrosity-once", title, FEATURES, [face.name, b.ISLAND],
                  b.game(p1, b.player()), actions, expect, ["701.31a", "701.31b"])]


def gen_trigger_left(ctx: Context) -> list[Draft] | NotExecutable:
    """The creature dies before its monstrosity ability resolves: "when it becomes monstrous"
    doesn't trigger."""
    from conformance.reference.monstrous_text import BECOMES_MONSTROUS

    got = monstrous_creature(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, i, ab = got
    if not any(t.event == BECOMES_MONSTROUS for t in face.text.triggered):
        return NotExecutable("the card has no 'When CARDNAME becomes monstrous' ability")
    if {"hexproof", "shroud", "indestructible"} & face.text.keywords:
        return NotExecutable("Murder can't destroy it")
    mana = b.mana_pool(ab.cost)
    if mana is None:
        return NotExecutable(f"its cost ({ab.cost}) is not one a pool is written for")
    actions: list[dict[str, Any]] = [
        {"activate": {"player": "p1", "object": "m", "ability": i}},
        {"pass_priority": {"player": "p1"}},
        b.cast("murder", "p2", targets=["m"]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "zone_change", "object": "m", "from": "battlefield",
                          "to": "graveyard"}],
              "events_absent": [{"type": "triggered", "source": "m"},
                                {"type": "counter_added", "object": "m"}],
              "state": {"zones": {"m": "graveyard", "murder": "graveyard"}, "stack": []}}
    p1 = b.player(mana=mana, battlefield=[{"id": "m", "card": face.name}], library=b.islands(2))
    p2 = b.player(mana=b.mana_pool("{1}{B}{B}"), hand=[{"id": "murder", "card": MURDER}])
    title = (f"{face.name} destroyed in response to its monstrosity ability: it doesn't become "
             "monstrous and its 'becomes monstrous' ability doesn't trigger")
    return [Draft("monstrous-trigger-left", title, FEATURES + ["target", "destroy"],
                  [face.name, MURDER, b.ISLAND], b.game(p1, p2), actions, expect,
                  ["701.31a", "701.31b", "400.7", "603.2"])]


FAMILIES = [
    Family("monstrosity-once", "A monstrous creature can't become monstrous again: a second "
           "monstrosity ability does nothing", ("701.31a", "701.31b"), tuple(FEATURES),
           gen_once,
           en=phrases("Once a creature becomes monstrous, it can't become monstrous again")),
    Family("monstrous-trigger-left", "'When it becomes monstrous' doesn't trigger if the "
           "creature left the battlefield before its monstrosity ability resolved",
           ("701.31a", "400.7"), tuple(FEATURES), gen_trigger_left,
           en=phrases("An ability that triggers when a creature becomes monstrous won't trigger "
                      "if that creature isn't on the battlefield")),
]
