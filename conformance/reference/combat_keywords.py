"""Combat keywords and effects on the creatures in combat, as oracle text:

* bushido N (702.45a): "Whenever this creature blocks or becomes blocked, it gets +N/+N until end
  of turn" — a triggered ability of the creature (:func:`keyword_trigger_line`; the block
  triggers are :mod:`conformance.reference.trigger_events`'); each instance triggers
  (702.45b);
* renown N (702.112a): :class:`BecomeRenowned`, its trigger in :mod:`conformance.reference.renown`;
* exalted (702.83a): :class:`ExaltedPump`, its trigger in :mod:`conformance.reference.exalted`;
* "Attacking creatures [you control] get +N/+M [and gain <keywords>] until end of turn",
  "Blocking creatures gain first strike until end of turn" (:class:`PumpCombatGroup`, its rule in
  :mod:`conformance.reference.combat_group_effects`): the creatures attacking or blocking as it
  resolves, that set locked in (611.2c); "Other creatures you control get +1/+1 until end of
  turn" likewise, every creature of its controller but the source."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import Triggered
from conformance.reference.common_triggers import BLOCKS_OR_BLOCKED
from conformance.reference.effect_blocks import Effect, PumpSelf, SpellText
from conformance.reference.errors import OracleTemplateError

EXALTED = "exalted"
"""``Triggered.event`` of exalted (702.83a): "Whenever a creature you control attacks alone,
that creature gets +1/+1 until end of turn" (:class:`conformance.reference.exalted.Exalted`)."""


@dataclass(frozen=True, slots=True)
class ExaltedPump(Effect):
    """Exalted's "that creature gets +1/+1 until end of turn": the creature that attacked alone
    (its id and zone-change count, bound as the ability triggers)."""

    attacker: str = ""
    zcc: int = -1


RENOWN = "renown"
"""``Triggered.event`` of renown N (702.112a): "When this creature deals combat damage to a
player, if it isn't renowned, put N +1/+1 counters on it and it becomes renowned"
(:class:`conformance.reference.renown.Renown`)."""


@dataclass(frozen=True, slots=True)
class BecomeRenowned(Effect):
    """Renown's effect: N +1/+1 counters on the source, which becomes renowned (702.112b), if it
    still isn't (the intervening "if", 603.4)."""

    n: int


def keyword_trigger_line(line: str) -> Triggered | None:
    """The triggered ability of a "Bushido N", "Renown N" or "Exalted" line, or None."""
    if line == "Exalted":  # each instance triggers on its own (702.83b)
        return Triggered(EXALTED, (ExaltedPump(),), "exalted")
    m = re.fullmatch(r"Renown (\d+)", line)
    if m:
        return Triggered(RENOWN, (BecomeRenowned(int(m[1])),), "renown")
    m = re.fullmatch(r"Bushido (\d+)", line)
    if m is None:
        return None
    n = int(m[1])
    return Triggered(BLOCKS_OR_BLOCKED, (PumpSelf(n, n),), "bushido")


@dataclass(frozen=True, slots=True)
class PumpCombatGroup(Effect):
    """"Attacking / Blocking creatures [you control] get +N/+M [and gain K] until end of turn"
    (``role``: attacking | blocking; ``yours``: only its controller's), and "Other creatures you
    control get ... until end of turn" (``role`` other: every creature its controller controls
    but the source)."""

    role: str
    power: int
    toughness: int
    keywords: tuple[str, ...]
    yours: bool = False


def _group(g: re.Match[str]) -> PumpCombatGroup:
    from conformance.reference.effect_text import _keywords

    if g[1] == "Other" and not g[2]:
        raise OracleTemplateError(f"'Other creatures' of every player: {g[0]!r}")

    return PumpCombatGroup(g[1].lower(), int(g[3] or 0), int(g[4] or 0),
                           _keywords(g[5] or g[6]), bool(g[2]))


def not_other_of_a_spell(effects: SpellText) -> SpellText:
    """A spell's effects, refused with "Other creatures you control get ...": a spell is no
    creature, so its "other" means other than a group it named before ("Zombies you control
    get +2/+1 until end of turn. Other creatures you control get +1/+1 ..."), which
    :class:`PumpCombatGroup` does not read."""
    if any(isinstance(e, PumpCombatGroup) and e.role == "other" for e in effects):
        raise OracleTemplateError("'Other creatures you control' in a spell's text")
    return effects


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"(Attacking|Blocking|Other) creatures( you control)? (?:get ([+-]\d+)/([+-]\d+)"
                r"(?: and gain ([a-z ,]+))?|gain ([a-z ,]+)) until end of turn\. ?"), _group),
]
"""(pattern, builder) pairs."""
