"""The rule of :class:`conformance.reference.oracle_colors.BecomesColor` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect
from conformance.reference.oracle_colors import BecomesColor


@effect(BecomesColor)
def _becomes_color(r: Effects, eff: BecomesColor, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), eff.power,
                                          eff.toughness, add=eff.keywords, colors=(eff.color,)))
