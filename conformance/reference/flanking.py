"""Flanking (702.25a): "Whenever a creature without flanking blocks this creature, the blocking
creature gets -1/-1 until end of turn." The keyword is in
:data:`~conformance.reference.abilities.KEYWORDS`; the trigger is detected as blockers are
declared (:class:`~conformance.reference.trigger_events.TriggerEvents`, 509.3a: for each
blocker); its effect, :class:`FlankingShrink`, names the blocking creature as the object it was
(400.7) and its rule is in :mod:`conformance.reference.flanking_effects`."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect

FLANKING = "flanking"


@dataclass(frozen=True, slots=True)
class FlankingShrink(Effect):
    """The blocking creature ``blocker`` (as object ``zcc``) gets -1/-1 until end of turn."""

    blocker: str
    zcc: int
