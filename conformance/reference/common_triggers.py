"""Triggered abilities of common cards the base interpreter does not read (603.1), their
oracle templates and their rules:

* "Whenever CARDNAME attacks, <effects>" — triggers as the creature is declared as an attacker
  (508.1m, 508.3a; a creature put onto the battlefield attacking was never declared and does
  not trigger it, 508.4);
* "Whenever CARDNAME or enchanted creature attacks, <effects>" — as the permanent itself or
  the creature it enchants is declared as an attacker (508.1m);
* "Whenever CARDNAME blocks / becomes blocked / attacks or blocks / blocks or becomes blocked,
  <effects>" — trigger as blockers are declared (509.1i, 509.3a; "becomes blocked" once a
  combat however many creatures block it, 509.3c);
* "Afflict N" — "Whenever this creature becomes blocked, defending player loses N life"
  (702.130a);
* "Whenever CARDNAME attacks and isn't blocked, <effects>" — triggers as blockers are declared,
  for an attacking creature no creature is declared to block (509.1i), declared as an attacker
  or put onto the battlefield attacking;
* "Whenever CARDNAME enters the battlefield or attacks", "Whenever a creature / CARDNAME or
  another creature / another creature enters the battlefield under your control, <effects>" —
  enters-the-battlefield abilities (603.6a), of the entering permanent too when it qualifies
  (a token entering triggers them as a card does);
* "Whenever you cast a noncreature spell / a spell, <effects>" — cast triggers (601.2i, 603.2);
* "When CARDNAME is put into a graveyard from the battlefield / leaves the battlefield,
  <effects>" — leaves-the-battlefield abilities, which look back in time (603.6c, 603.10a); one
  that returns CARDNAME finds the card it became in the graveyard (400.7d);
* "At the beginning of your upkeep, <effects>", "At the beginning of your end step, <effects>"
  and "At the beginning of combat on your turn, <effects>" — trigger as that step of their
  controller's turn begins (503.1a, 513.1a, 507.1); "At the beginning of each [player's] upkeep"
  and "At the beginning of each / the end step" as that step of every turn begins.

In a self-referential trigger, "it" in "it gets", "it gains", "it deals" and "put a +1/+1
counter on it" is the source itself. :func:`trigger_line` reads a line;
:class:`~conformance.reference.trigger_events.TriggerEvents` (a part of
:class:`~conformance.reference.rules.Rules`) makes them trigger.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference.abilities import SELF, Triggered
from conformance.reference.effect_blocks import SpellText
from conformance.reference.monstrous_text import TRIGGER_FORMS as _MONSTROUS_FORMS

ATTACKS = "attacks"
"""``Triggered.event`` of "Whenever CARDNAME attacks, ..."."""
YOUR_UPKEEP = "your_upkeep"
"""``Triggered.event`` of "At the beginning of your upkeep, ..."."""
YOUR_END_STEP = "your_end_step"
"""``Triggered.event`` of "At the beginning of your end step, ..."."""
EACH_UPKEEP = "each_upkeep"
"""``Triggered.event`` of "At the beginning of each upkeep / each player's upkeep, ..."."""
EACH_END_STEP = "each_end_step"
"""``Triggered.event`` of "At the beginning of each end step / the end step, ..."."""
YOUR_COMBAT = "your_beginning_of_combat"
"""``Triggered.event`` of "At the beginning of combat on your turn, ..."."""
PUT_INTO_GRAVEYARD = "put_into_graveyard_from_battlefield"
"""``Triggered.event`` of "When CARDNAME is put into a graveyard from the battlefield, ..."."""
LEAVES = "leaves_battlefield"
"""``Triggered.event`` of "When CARDNAME leaves the battlefield, ..."."""
ENTERS_OR_ATTACKS = "enters_or_attacks"
"""``Triggered.event`` of "Whenever CARDNAME enters the battlefield or attacks, ..."."""
CREATURE_ENTERS = "creature_enters_yours"
"""``Triggered.event`` of "Whenever a creature / CARDNAME or another creature enters the
battlefield under your control, ..."."""
ANOTHER_CREATURE_ENTERS = "another_creature_enters_yours"
"""``Triggered.event`` of "Whenever another creature enters the battlefield under your control,
..."."""
CAST_NONCREATURE = "cast_noncreature"
"""``Triggered.event`` of "Whenever you cast a noncreature spell, ..." (the event prowess uses,
:meth:`~conformance.reference.triggers.TriggeredAbilities.noncreature_spell`)."""
CAST_ANY = "cast_any_spell"
"""``Triggered.event`` of "Whenever you cast a spell, ..."."""
MAGECRAFT = "cast_or_copy_instant_or_sorcery"
"""``Triggered.event`` of "Magecraft — Whenever you cast or copy an instant or sorcery spell, ..."
(:mod:`conformance.reference.magecraft`)."""
RAID_ENTERS = "raid_enters"
"""``Triggered.event`` of "Raid — When CARDNAME enters the battlefield, if you attacked this turn,
..." (:mod:`conformance.reference.raid`)."""
CYCLED = "cycled"
"""``Triggered.event`` of "When you cycle CARDNAME, ..." (702.29c; the same value as
:data:`conformance.reference.cycling_text.CYCLED`, which reads the line; it triggers as the card
is cycled: :meth:`conformance.reference.casting.Casting._cycle`)."""
CYCLED_OR_DIES = "cycled_or_dies"
"""``Triggered.event`` of "When you cycle CARDNAME or it dies, ..." (702.29c, 700.4)."""
CAST_FIRST_INSTANT_SORCERY = "cast_first_instant_or_sorcery"
"""``Triggered.event`` of "Whenever you cast your first instant or sorcery spell each turn, ..."
(the first one cast since the setup, when the setup's turn is the case's)."""
CAST_KICKED = "cast_kicked"
"""``Triggered.event`` of "Whenever you cast a kicked spell, ..." (702.33d)."""
ENTERS_KICKED = "enters_kicked"
"""``Triggered.event`` of "When CARDNAME enters the battlefield, if it was kicked, ..." (603.4,
702.33d: :mod:`conformance.reference.kicked`)."""
BLOCKS = "blocks"
"""``Triggered.event`` of "Whenever CARDNAME blocks, ..." (509.3a: for each blocker)."""
BECOMES_BLOCKED = "becomes_blocked"
"""``Triggered.event`` of "Whenever CARDNAME becomes blocked, ..." (509.3c: once a combat)."""
ATTACKS_OR_BLOCKS = "attacks_or_blocks"
"""``Triggered.event`` of "Whenever CARDNAME attacks or blocks, ..."."""
BLOCKS_OR_BLOCKED = "blocks_or_becomes_blocked"
"""``Triggered.event`` of "Whenever CARDNAME blocks or becomes blocked, ..."."""
SELF_OR_ENCHANTED_ATTACKS = "self_or_enchanted_attacks"
"""``Triggered.event`` of "Whenever CARDNAME or enchanted creature attacks, ..." (a bestow
creature's: it triggers for the permanent itself attacking, or, as an Aura, for the creature it
enchants attacking)."""

ATTACKS_UNBLOCKED = "attacks_unblocked"
"""``Triggered.event`` of "Whenever CARDNAME attacks and isn't blocked, ..." (509.1i: as
blockers are declared, if no creature blocks it)."""

DAMAGES_OPPONENT = "damages_opponent"
"""``Triggered.event`` of "Whenever CARDNAME deals damage to an opponent, ..." (any damage:
:mod:`conformance.reference.persist`)."""

_FORMS: tuple[tuple[re.Pattern[str], str, str, bool], ...] = (
    (re.compile(rf"Whenever {SELF} deals damage to an opponent, (.*)"), DAMAGES_OPPONENT,
     "damages_opponent", True),
    (re.compile(rf"Whenever {SELF} attacks and isn't blocked, (.*)"), ATTACKS_UNBLOCKED,
     "attacks_unblocked", True),
    # "When you cycle CARDNAME, ..." alone: cycling_text.cycle_trigger_line (oracle.py)
    (re.compile(rf"When you cycle {SELF} or it dies, (.*)"), CYCLED_OR_DIES, "cycle_trigger",
     True),
    (re.compile(rf"(?:Raid — )?When {SELF} enters(?: the battlefield)?, if you attacked this "
                r"turn, (.*)"), RAID_ENTERS, "raid", True),
    (re.compile(rf"Whenever {SELF} attacks, (.*)"), ATTACKS, "attacks", True),
    (re.compile(rf"Whenever {SELF} blocks, (.*)"), BLOCKS, "blocks", True),
    (re.compile(r"Whenever you cast a noncreature spell, (.*)"), CAST_NONCREATURE,
     "cast_trigger", False),
    (re.compile(r"Whenever you cast a spell, (.*)"), CAST_ANY, "cast_trigger", False),
    (re.compile(r"(?:Magecraft — )?Whenever you cast or copy an instant or sorcery spell, (.*)"),
     MAGECRAFT, "magecraft", False),
    (re.compile(r"Whenever you cast your first instant or sorcery spell each turn, (.*)"),
     CAST_FIRST_INSTANT_SORCERY, "cast_trigger", False),
    (re.compile(rf"Whenever {SELF} enters the battlefield or attacks, (.*)"), ENTERS_OR_ATTACKS,
     "enters_or_attacks", True),
    (re.compile(rf"Whenever (?:a creature|{SELF} or another creature) enters the battlefield "
                r"under your control, (.*)"), CREATURE_ENTERS, "creature_enters", False),
    (re.compile(r"Whenever another creature enters the battlefield under your control, (.*)"),
     ANOTHER_CREATURE_ENTERS, "creature_enters", False),
    (re.compile(rf"When {SELF} is put into a graveyard from the battlefield, (.*)"),
     PUT_INTO_GRAVEYARD, "put_into_graveyard", True),
    (re.compile(rf"When {SELF} leaves the battlefield, (.*)"), LEAVES, "leaves", True),
    (re.compile(rf"Whenever {SELF} becomes blocked, (.*)"), BECOMES_BLOCKED, "becomes_blocked",
     True),
    (re.compile(rf"Whenever {SELF} attacks or blocks, (.*)"), ATTACKS_OR_BLOCKS,
     "attacks_or_blocks", True),
    (re.compile(rf"Whenever {SELF} blocks or becomes blocked, (.*)"), BLOCKS_OR_BLOCKED,
     "blocks_or_becomes_blocked", True),
    (re.compile(rf"Whenever {SELF} or enchanted creature attacks, (.*)"),
     SELF_OR_ENCHANTED_ATTACKS, "attacks", False),
    (re.compile(r"At the beginning of your upkeep, (.*)"), YOUR_UPKEEP, "upkeep", False),
    (re.compile(r"At the beginning of your end step, (.*)"), YOUR_END_STEP, "end_step", False),
    (re.compile(r"At the beginning of each (?:player's )?upkeep, (.*)"), EACH_UPKEEP,
     "each_upkeep", False),
    (re.compile(r"At the beginning of (?:each|the) end step, (.*)"), EACH_END_STEP,
     "each_end_step", False),
    (re.compile(r"At the beginning of combat on your turn, (.*)"), YOUR_COMBAT,
     "beginning_of_combat", False),
)
_FORMS += _MONSTROUS_FORMS  # "becomes monstrous", "becomes renowned": monstrous_text
_IT = ((r"\bit gets\b", f"{SELF} gets"), (r"\bit gains\b", f"{SELF} gains"),
       (r"\bit deals\b", f"{SELF} deals"), (r"counters? on it\.", lambda m: m[0][:-3] + f"{SELF}."))


def _self_body(body: str) -> str:
    """The body with "it" meaning the source written as CARDNAME."""
    for pattern, repl in _IT:
        body = re.sub(pattern, repl, body)  # type: ignore[arg-type]
    return body


def trigger_line(line: str, parse_effects: Callable[[str], SpellText]) -> Triggered | None:
    """The triggered ability ``line`` is, or None when it is none of this module's forms (an
    :class:`~conformance.reference.errors.OracleTemplateError` when its effects are not
    understood)."""
    if line == f"Whenever you cast a noncreature spell, {SELF} gets +1/+1 until end of turn.":
        return None  # prowess (702.108a), read as such by the base interpreter
    if m := re.fullmatch(r"Afflict (\d+)", line):  # 702.130a: a "becomes blocked" trigger
        return Triggered(BECOMES_BLOCKED, parse_effects(f"Defending player loses {m[1]} life."),
                         "afflict")
    for rx, event, name, self_ref in _FORMS:
        m = rx.fullmatch(line)
        if m:
            body = _self_body(m[1]) if self_ref else m[1]
            return Triggered(event, parse_effects(body[:1].upper() + body[1:]), name)
    return None
