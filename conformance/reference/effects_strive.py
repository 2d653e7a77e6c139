"""The handler of :class:`conformance.reference.oracle_strive.EachTarget`: the effect on each
target still legal (608.2b), in the order chosen."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect
from conformance.reference.oracle_strive import EachTarget


@effect(EachTarget)
def _each_target(r: Effects, eff: EachTarget, ctx: EffectContext) -> None:
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if not ok:
            continue
        if eff.what == "pump":
            r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), eff.power,
                                              eff.toughness, add=eff.keywords))
        elif eff.what == "destroy":
            r._destroy(r.objects[ref.id])
        else:  # bounce
            r._move(r.objects[ref.id], "hand")
