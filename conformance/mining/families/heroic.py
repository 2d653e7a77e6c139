"""Heroic rulings (ability word, rule 207.2c: "Whenever you cast a spell that targets
CARDNAME, ..." is a cast trigger, 601.2i and 603.2), for every card the reference engine builds
with one heroic ability whose effect shows without a decision (counters on or a pump of itself,
life, a card drawn, tokens, a pump of your creatures) and no other non-keyword ability.

* ``heroic-on-top`` — "Heroic abilities will resolve before the spell that caused them to
  trigger": p1 casts Giant Growth at the card; one ``resolve_top`` resolves the heroic ability
  (its effect shows) while Giant Growth still waits on the stack. Mutant:
  ``trigger_under_its_spell`` (a trigger goes under the spell that caused it).
* ``heroic-copy`` — "Heroic abilities won't trigger when a copy of a spell is created on the
  stack or when a spell's targets are changed to include a creature with a heroic ability":
  p1 casts Giant Growth at Grizzly Bears, copies it with Twincast and chooses the card as the
  copy's new target; the card gets +3/+3 from the copy, its heroic ability never triggers.
  Mutant: ``copy_counts_as_cast`` (a copy counts as cast, so it triggers cast abilities).
* ``heroic-once`` — "Heroic abilities will trigger only once per spell, even if that spell
  targets the creature with the heroic ability multiple times" (603.2c; 115.3: one object may
  be chosen for each instance of "target"): p1 casts Seeds of Strength with the card as all three
  of its targets; the heroic ability triggers once and its effect shows once, the card gets
  +3/+3. Mutant: ``heroic_per_target`` (a heroic ability triggers once per instance of
  "target" naming its creature).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

PUMP = "Giant Growth"
"""{G} instant: "Target creature gets +3/+3 until end of turn.\""""
THRICE = "Seeds of Strength"
"""{G}{W} instant: "Target creature gets +1/+1 until end of turn." three times (three
targets)."""
COPIER = "Twincast"
"""{U}{U} instant: "Copy target instant or sorcery spell. You may choose new targets for the
copy.\""""
RULES = ["207.2c", "603.2"]


def _heroic(name: str) -> tuple[Any, Any] | NotExecutable:
    """The card's face and its heroic ability's one effect."""
    got: tuple[Any, Any] | NotExecutable = b.one_trigger_creature(name, "heroic")
    return got


def _shows(face: Any, eff: Any) -> tuple[dict[str, Any], int, int] | None:
    """What the heroic effect shows once resolved (a state expectation), and the card's power
    and toughness then."""
    from conformance.reference import effect_blocks as o
    from conformance.reference.template_abilities import CountersOnEach

    p, t = face.power, face.toughness
    if isinstance(eff, o.PutCounters) and not eff.target and eff.counter == "+1/+1":
        return {}, p + eff.n, t + eff.n
    if isinstance(eff, CountersOnEach) and eff.counter == "+1/+1" and not eff.other \
            and (not eff.subtype or eff.subtype in face.subtypes):
        return {}, p + eff.n, t + eff.n  # "on each creature you control": the card too
    if isinstance(eff, (o.PumpSelf, o.PumpGroup)) and (
            not isinstance(eff, o.PumpGroup) or (eff.scope == "you" and not eff.subtype)):
        return {}, p + eff.power, t + eff.toughness
    if isinstance(eff, o.GainLife):
        return {"life": {"p1": 20 + eff.n}}, p, t
    if isinstance(eff, o.Draw):
        return {"count": [{"zone": "hand", "owner": "p1", "count": eff.n}]}, p, t
    if isinstance(eff, o.CreateToken):
        return {"count": [{"card": eff.token.name, "zone": "battlefield",
                           "count": eff.count}]}, p, t
    return None


def gen_on_top(ctx: Context) -> list[Draft] | NotExecutable:
    """The heroic ability resolves before the spell that made it trigger."""
    got = _heroic(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, eff = got
    shows = _shows(face, eff)
    if shows is None:
        return NotExecutable("its heroic effect is not one the generator observes (targets, "
                             "choices or an effect it does not script)")
    state, p, t = shows
    state = {**state, "stack": [PUMP], "objects": {"h": {"power": p, "toughness": t}}}
    p1 = b.player(mana="{G}", battlefield=[{"id": "h", "card": face.name}],
                  hand=[{"id": "pump", "card": PUMP}], library=b.islands(2))
    return [Draft("heroic-on-top", f"{face.name}'s heroic ability resolves before {PUMP}, the "
                  "spell that made it trigger", ["priority", "stack", "mana_cost", "target",
                                                 "trigger.cast", "heroic"],
                  sorted({face.name, PUMP, b.ISLAND}), b.game(p1, b.player()),
                  [b.cast("pump", targets=["h"]), b.RESOLVE_TOP],
                  {"events": [{"type": "cast", "object": "pump"},
                              {"type": "triggered", "source": "h", "ability": "heroic"}],
                   "events_absent": [{"type": "resolved", "object": "pump"}],
                   "state": state}, RULES + ["603.3"])]


def gen_copy(ctx: Context) -> list[Draft] | NotExecutable:
    """A copy whose new target is the card does not trigger its heroic ability."""
    got = _heroic(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, _ = got
    p1 = b.player(mana="{G}{U}{U}", battlefield=[{"id": "h", "card": face.name},
                                                 {"id": "bears1", "card": b.BEARS}],
                  hand=[{"id": "pump", "card": PUMP}, {"id": "twin", "card": COPIER}],
                  library=b.islands(2))
    actions = [b.cast("pump", targets=["bears1"]), b.cast("twin", targets=["pump"]),
               b.RESOLVE_TOP, b.new_targets(["h"]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "copy_created", "of": "pump"}],
              "events_absent": [{"type": "triggered", "source": "h"}],
              "state": {"life": {"p1": 20},
                        "objects": {"h": {"power": face.power + 3,
                                          "toughness": face.toughness + 3},
                                    "bears1": {"power": 5, "toughness": 5}}}}
    return [Draft("heroic-copy", f"A copy of {PUMP} whose new target is {face.name} does not "
                  "trigger its heroic ability (a copy is not cast)",
                  ["priority", "stack", "mana_cost", "target", "trigger.cast", "heroic",
                   "copy_spell", "copy.new_targets"],
                  sorted({face.name, PUMP, COPIER, b.BEARS, b.ISLAND}), b.game(p1, b.player()),
                  actions, expect, RULES + ["707.10"])]


def gen_once(ctx: Context) -> list[Draft] | NotExecutable:
    """A spell targeting the card three times triggers its heroic ability once."""
    got = _heroic(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, eff = got
    shows = _shows(face, eff)
    if shows is None:
        return NotExecutable("its heroic effect is not one the generator observes (targets, "
                             "choices or an effect it does not script)")
    state, p, t = shows
    state = {**state, "stack": [], "objects": {"h": {"power": p + 3, "toughness": t + 3}}}
    p1 = b.player(mana="{G}{W}", battlefield=[{"id": "h", "card": face.name}],
                  hand=[{"id": "seeds", "card": THRICE}], library=b.islands(2))
    return [Draft("heroic-once", f"{THRICE} targeting {face.name} three times triggers its "
                  "heroic ability once", ["priority", "stack", "mana_cost", "target",
                                          "target.multiple", "trigger.cast", "heroic"],
                  sorted({face.name, THRICE, b.ISLAND}), b.game(p1, b.player()),
                  [b.cast("seeds", targets=["h", "h", "h"]), b.RESOLVE_STACK],
                  {"event_counts": [{"match": {"type": "triggered", "source": "h"},
                                     "count": 1}],
                   "state": state}, RULES + ["603.2c", "115.3"])]


FAMILIES = [
    Family("heroic-on-top", "A heroic ability resolves before the spell that made it trigger",
           tuple(RULES + ["603.3"]), ("trigger.cast", "heroic"), gen_on_top,
           en=phrases("Heroic abilities will resolve before the spell that caused them to "
                      "trigger")),
    Family("heroic-copy", "A copy of a spell targeting a heroic creature does not trigger "
           "heroic", tuple(RULES + ["707.10"]), ("trigger.cast", "heroic", "copy_spell"),
           gen_copy,
           en=phrases("Heroic abilities won't trigger when a copy of a spell is created on the "
                      "stack")),
    Family("heroic-once", "A heroic ability triggers once per spell, however many times the "
           "spell targets its creature", tuple(RULES + ["603.2c", "115.3"]),
           ("trigger.cast", "heroic", "target.multiple"), gen_once,
           en=phrases("Heroic abilities will trigger only once per spell, even if that spell "
                      "targets the creature with the heroic ability multiple times")),
]
