"""The rule of :class:`conformance.reference.flanking.FlankingShrink` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): the blocking
creature, if it is still the same object on the battlefield, gets -1/-1 until end of turn
(702.25a, layer 7c)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.flanking import FlankingShrink
from conformance.reference.objects import ContinuousEffect


@effect(FlankingShrink)
def _flanking_shrink(r: Effects, eff: FlankingShrink, ctx: EffectContext) -> None:
    ob = r.objects.get(eff.blocker)
    if ob is not None and ob.zone == "battlefield" and ob.zcc == eff.zcc:
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ob.ref}), -1, -1))
