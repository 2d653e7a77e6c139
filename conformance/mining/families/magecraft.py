"""Magecraft rulings (ability word, rule 207.2c: "Whenever you cast or copy an instant or sorcery
spell, ..." triggers on casting, 601.2i, and on an effect creating a copy of such a spell on the
stack, 707.10), for every one-face creature card the reference engine builds whose only ability
(keywords aside) is one magecraft ability with an effect that shows without a decision (a pump
of or a counter on itself or on a target creature, the card itself each time, a pump of your
creatures, cards drawn, life gained or lost by each opponent).

* ``magecraft-copy`` — "If an effect creates a copy of an instant or sorcery spell, this will
  also cause the magecraft ability to trigger": p1 casts Giant Growth at the card, then
  Twincast copying it (keeping its target); the magecraft ability triggers three times (Giant
  Growth cast, Twincast cast, the copy created) and its effect shows three times. Mutant:
  ``magecraft_ignores_copies`` (magecraft triggers on casting only).
* ``magecraft-copies`` — "If an effect creates multiple copies of an instant or sorcery spell,
  magecraft abilities trigger once for each copy created by the effect": p1 casts Giant Growth
  at the card, then Increasing Vengeance from the graveyard with flashback, which copies Giant
  Growth twice; the ability triggers four times (two casts, two copies). Mutant:
  ``magecraft_once_per_copied_spell`` (one trigger for an effect's copies of a spell).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

PUMP = "Giant Growth"
"""{G} instant: "Target creature gets +3/+3 until end of turn.\""""
COPIER = "Twincast"
"""{U}{U} instant: "Copy target instant or sorcery spell. You may choose new targets for the
copy.\""""
TWICE = "Increasing Vengeance"
"""{R}{R} instant, flashback {3}{R}{R}: "Copy target instant or sorcery spell you control. If
this spell was cast from a graveyard, copy that spell twice instead. You may choose new targets
for the copies.\""""
FEATURES = ["priority", "stack", "mana_cost", "target", "trigger.cast", "magecraft",
            "copy_spell", "copy.new_targets"]
RULES = ["207.2c", "601.2i", "603.2", "707.10"]
AT_THE_CARD = ("creature", "perm:Creature:you")
"""Target kinds of a magecraft effect the generator aims at the card itself (a creature p1
controls): each time the ability triggers, its target is chosen as it goes on the stack."""


def magecraft_creature(name: str) -> tuple[Any, tuple[Any, ...]] | NotExecutable:
    """The card's face and its magecraft ability's effects, or why it is not scripted."""
    from conformance.reference.common_triggers import MAGECRAFT

    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    if t.activated or t.statics or t.restrictions or len(t.triggered) != 1 \
            or t.triggered[0].event != MAGECRAFT:
        return NotExecutable("the card has other abilities than one magecraft ability")
    return face, t.triggered[0].effects


def shows(face: Any, effects: tuple[Any, ...], times: int
          ) -> tuple[dict[str, Any], int, int] | NotExecutable:
    """What ``times`` resolutions of the magecraft ``effects`` show (a state expectation without
    the card) and the card's power and toughness then (the card the only creature of p1), or
    why they are not observed."""
    from conformance.reference import effect_blocks as o

    state: dict[str, Any] = {}
    p, t = face.power, face.toughness
    for eff in effects:
        if isinstance(eff, o.PumpSelf) or (isinstance(eff, o.PumpGroup) and eff.scope == "you"
                                           and (not eff.subtype or eff.subtype in face.subtypes)):
            p, t = p + times * eff.power, t + times * eff.toughness
        elif isinstance(eff, o.PutCounters) and eff.counter == "+1/+1" and (
                not eff.target or eff.kind in AT_THE_CARD):  # a target: the card itself
            p, t = p + times * eff.n, t + times * eff.n
        elif isinstance(eff, o.PumpTarget) and eff.kind in AT_THE_CARD and not eff.keywords:
            p, t = p + times * eff.power, t + times * eff.toughness
        elif isinstance(eff, o.GainLife):
            state.setdefault("life", {})["p1"] = 20 + times * eff.n
        elif isinstance(eff, o.LoseLife) and eff.who == "opponents":
            state.setdefault("life", {})["p2"] = 20 - times * eff.n
        elif isinstance(eff, o.Draw):
            state["count"] = [{"zone": "hand", "owner": "p1", "count": times * eff.n}]
        else:
            return NotExecutable(f"its magecraft effect ({type(eff).__name__}) is not one the "
                                 "generator observes (targets, choices or an effect it does "
                                 "not script)")
    return state, p, t


def _case(ctx: Context, slug: str, copier: str, copies: int) -> list[Draft] | NotExecutable:
    got = magecraft_creature(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, effects = got
    times = 2 + copies  # Giant Growth and the copier cast, each copy created
    seen = shows(face, effects, times)
    if isinstance(seen, NotExecutable):
        return seen
    state, p, t = seen
    pumps = 3 * (1 + copies)  # Giant Growth and each copy of it resolve at the card
    state = {**state, "stack": [], "objects": {"m": {"power": p + pumps,
                                                     "toughness": t + pumps}}}
    library = b.islands(times + 1)
    held: dict[str, Any] = {"hand": [{"id": "pump", "card": PUMP}, {"id": "cp", "card": copier}]}
    cast_copier = b.cast("cp", targets=["pump"])
    if copies > 1:  # Increasing Vengeance with flashback copies twice
        held = {"hand": [{"id": "pump", "card": PUMP}], "graveyard": [{"id": "cp", "card": copier}]}
        cast_copier = b.cast("cp", targets=["pump"], **{"from": "graveyard"})
    p1 = b.player(mana="{G}{3}{R}{R}" if copies > 1 else "{G}{U}{U}",
                  battlefield=[{"id": "m", "card": face.name}], library=library, **held)
    aim = [{"choose": {"choice": "targets", "targets": ["m"]}}] if any(
        e.slots for e in effects) else []  # each trigger's target, as it goes on the stack
    actions = [b.cast("pump", targets=["m"]), *aim, cast_copier, *aim, b.RESOLVE_TOP,
               b.RESOLVE_TOP, *[b.keep_targets() for _ in range(copies)]]
    if copies > 1:  # the copies' magecraft triggers go on the stack together
        actions.append({"choose": {"choice": "trigger_order", "order": ["m"] * copies}})
    actions += aim * copies
    actions.append(b.RESOLVE_STACK)
    expect = {"events": [{"type": "copy_created", "of": "pump"}],
              "event_counts": [{"match": {"type": "copy_created", "of": "pump"},
                                "count": copies},
                               {"match": {"type": "triggered", "source": "m"}, "count": times}],
              "state": state}
    title = (f"{face.name}'s magecraft ability triggers for each spell cast and for the copy "
             f"{COPIER} creates" if copies == 1 else
             f"{face.name}'s magecraft ability triggers once for each of the two copies "
             f"{TWICE} creates")
    from conformance.reference.effect_blocks import PutCounters

    features = FEATURES + (["flashback", "trigger.order"] if copies > 1 else []) + (
        ["counters"] if any(isinstance(e, PutCounters) for e in effects) else [])
    return [Draft(slug, title, features, sorted({face.name, PUMP, copier, b.ISLAND}),
                  b.game(p1, b.player()), actions, expect, RULES + (["707.10c"] if copies > 1
                                                                      else []))]


def gen_copy(ctx: Context) -> list[Draft] | NotExecutable:
    """A copy of an instant created by Twincast triggers the card's magecraft ability."""
    return _case(ctx, "magecraft-copy", COPIER, 1)


def gen_copies(ctx: Context) -> list[Draft] | NotExecutable:
    """Each of the two copies Increasing Vengeance creates triggers magecraft."""
    return _case(ctx, "magecraft-copies", TWICE, 2)


FAMILIES = [
    Family("magecraft-copy", "A copy of an instant or sorcery spell triggers magecraft",
           tuple(RULES), tuple(FEATURES), gen_copy,
           en=phrases("If an effect creates a copy of an instant or sorcery spell, this will "
                      "also cause the magecraft ability to trigger")),
    Family("magecraft-copies", "Magecraft triggers once for each copy an effect creates",
           tuple(RULES + ["707.10c"]), tuple(FEATURES + ["flashback", "trigger.order"]),
           gen_copies,
           en=phrases("If an effect creates multiple copies of an instant or sorcery spell, "
                      "magecraft abilities trigger once for each copy")),
]
