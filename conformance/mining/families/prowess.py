"""Prowess rulings (rule 702.108a), for every one-face creature card whose oracle text has a
prowess keyword line, a printed numeric power and toughness, and no other ability that mentions casting
(another cast trigger would blur the count of prowess triggers).

* ``prowess-noncreature`` — "Any spell you cast that doesn't have the type creature will cause
  prowess to trigger. If a spell has multiple types, and one of those types is creature (such as
  an artifact creature), casting it won't cause prowess to trigger": with the card on the
  battlefield its controller casts Ornithopter (an artifact creature spell), then Lightning Bolt
  (an instant); prowess triggers once, for the Bolt, and the creature ends the sequence with +1/+1.
  Mutant: ``multitype_creature_spell_noncreature`` (a spell counts as noncreature when any of its
  types is not creature, so the artifact creature triggers prowess too).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

ORNITHOPTER = "Ornithopter"
FEATURES = ["priority", "stack", "mana_cost", "target", "trigger.cast", "prowess"]
RULES = ["702.108a", "205.2a"]


def prowess_creature(card: CardInfo) -> tuple[int, int] | NotExecutable:
    """The printed power and toughness of a prowess creature card, or why it is not scripted."""
    if len(card.faces) != 1 or "Creature" not in card.main.types:
        return NotExecutable("only one-face creature cards are scripted")
    lines = [ln.strip() for ln in b.strip_reminders(card.main.text or "").split("\n")]
    keyword_lines = [ln for ln in lines if "Prowess" in [k.strip() for k in ln.split(",")]]
    if not keyword_lines:
        return NotExecutable("the card's oracle text has no prowess keyword line")
    others = [ln for ln in lines if ln and ln not in keyword_lines]
    if any(re.search(r"\bcasts?\b|\bspells?\b", ln, re.I) for ln in others):
        return NotExecutable("another of its abilities mentions casting or spells: it could "
                             "trigger or change the spells the case casts")
    pt = _power_toughness().get(card.main.name)
    if pt is None:
        return NotExecutable("its printed power and toughness are not numbers in the shipped "
                             "card data")
    return pt


@cache
def _power_toughness() -> dict[str, tuple[int, int]]:
    from conformance.reference.cards import power_toughness

    return power_toughness()


def gen_noncreature(ctx: Context) -> list[Draft] | NotExecutable:
    """An artifact creature spell does not trigger prowess; an instant does."""
    card = ctx.card
    pt = prowess_creature(card)
    if isinstance(pt, NotExecutable):
        return pt
    p, t = pt
    p1 = b.player(battlefield=[{"id": "pw", "card": card.name}],
                  hand=[{"id": "orn", "card": ORNITHOPTER}, {"id": "bolt", "card": b.BOLT}],
                  mana="{R}")
    setup = b.game(p1, b.player())
    actions = [b.cast("orn"), b.RESOLVE_STACK, b.cast("bolt", targets=["p2"]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "cast", "object": "orn"}, {"type": "resolved", "object": "orn"},
                         {"type": "cast", "object": "bolt"},
                         {"type": "triggered", "source": "pw", "ability": "prowess"},
                         {"type": "resolved", "object": "bolt"}],
              "event_counts": [{"match": {"type": "triggered", "source": "pw"}, "count": 1}],
              "state": {"life": {"p2": 17},
                        "objects": {"pw": {"power": p + 1, "toughness": t + 1},
                                    "orn": {"zone": "battlefield"}}}}
    return [Draft("prowess-noncreature", f"{card.name}'s prowess triggers for Lightning Bolt but "
                  "not for Ornithopter, an artifact creature spell", FEATURES,
                  [card.name, ORNITHOPTER, b.BOLT], setup, actions, expect, RULES)]


FAMILIES = [
    Family("prowess-noncreature", "Prowess: only a spell without the type creature triggers it",
           tuple(RULES), tuple(FEATURES), gen_noncreature,
           en=phrases("Any spell you cast that doesn't have the type creature will cause prowess "
                      "to trigger. If a spell has multiple types, and one of those types is "
                      "creature")),
]


def _setup_on_battlefield(card: str, p2: dict[str, Any] | None = None) -> dict[str, Any]:
    p1 = b.player(battlefield=[{"id": "pw", "card": card}],
                  hand=[{"id": "bolt", "card": b.BOLT}], mana="{R}")
    return b.game(p1, p2 or b.player())


def gen_on_top(ctx: Context) -> list[Draft] | NotExecutable:
    """Prowess resolves before the spell that made it trigger."""
    card = ctx.card
    pt = prowess_creature(card)
    if isinstance(pt, NotExecutable):
        return pt
    p, t = pt
    actions = [b.cast("bolt", targets=["p2"]), b.RESOLVE_TOP]
    expect = {"events": [{"type": "cast", "object": "bolt"},
                         {"type": "triggered", "source": "pw", "ability": "prowess"},
                         {"type": "put_on_stack", "source": "pw"}],
              "events_absent": [{"type": "resolved", "object": "bolt"}],
              "state": {"life": {"p2": 20}, "stack": [b.BOLT],
                        "objects": {"pw": {"power": p + 1, "toughness": t + 1}}}}
    return [Draft("prowess-on-top", f"{card.name}'s prowess goes on the stack above Lightning "
                  "Bolt and resolves first", FEATURES, [card.name, b.BOLT],
                  _setup_on_battlefield(card.name), actions, expect, ["702.108a", "603.3"])]


def gen_countered(ctx: Context) -> list[Draft] | NotExecutable:
    """Prowess still resolves when the spell that made it trigger is countered."""
    card = ctx.card
    pt = prowess_creature(card)
    if isinstance(pt, NotExecutable):
        return pt
    p, t = pt
    p2 = b.player(mana="{U}{U}{C}", hand=[{"id": "cancel", "card": b.CANCEL}])
    actions = [b.cast("bolt", targets=["p2"]), {"pass_priority": {"player": "p1"}},
               b.cast("cancel", "p2", targets=["bolt"]), b.RESOLVE_STACK]
    expect = {"events": [{"type": "triggered", "source": "pw", "ability": "prowess"},
                         {"type": "countered", "object": "bolt"}],
              "events_absent": [{"type": "resolved", "object": "bolt"}],
              "state": {"life": {"p2": 20}, "zones": {"bolt": "graveyard"},
                        "objects": {"pw": {"power": p + 1, "toughness": t + 1}}}}
    return [Draft("prowess-countered", f"{card.name}'s prowess resolves although Lightning Bolt, "
                  "which made it trigger, is countered", FEATURES + ["counterspell"],
                  [card.name, b.BOLT, b.CANCEL], _setup_on_battlefield(card.name, p2), actions,
                  expect, ["702.108a", "113.7a"])]


FAMILIES += [
    Family("prowess-on-top", "Prowess goes on the stack above the spell that made it trigger",
           ("702.108a", "603.3"), tuple(FEATURES), gen_on_top,
           en=phrases("Prowess goes on the stack on top of the spell that caused it to trigger. "
                      "It will resolve before that spell")),
    Family("prowess-countered", "Prowess resolves even if the spell that made it trigger is "
           "countered", ("702.108a", "113.7a"), (*FEATURES, "counterspell"), gen_countered,
           en=phrases("Once it triggers, prowess isn't connected to the spell that caused it to "
                      "trigger. If that spell is countered, prowess will still resolve")),
]
