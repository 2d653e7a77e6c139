"""The handler of :class:`~conformance.reference.color_text.TargetBecomesColor` (layer 5,
613.1e): a continuous effect setting the target's colors."""

from __future__ import annotations

from conformance.reference.color_text import TargetBecomesColor
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect


@effect(TargetBecomesColor)
def _target_becomes_color(r: Effects, eff: TargetBecomesColor, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), eff.power,
                                          eff.toughness, add=eff.keywords,
                                          until_end_of_turn=eff.until_end_of_turn,
                                          colors=eff.colors))
