"""The rules of :mod:`conformance.reference.oracle_eldrazi_more` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect, other
from conformance.reference.oracle_eldrazi_more import (
    ColorlessGain,
    OpponentsExileTop,
)


@effect(OpponentsExileTop)
def _opponents_exile_top(r: Effects, eff: OpponentsExileTop, ctx: EffectContext) -> None:
    player = other(ctx.controller)
    for cid in list(r.zones[(player, "library")][:eff.n]):
        r._move(r.objects[cid], "exile")


@effect(ColorlessGain)
def _colorless_gain(r: Effects, eff: ColorlessGain, ctx: EffectContext) -> None:
    affected = frozenset(
        r.objects[oid].ref for oid in r.battlefield
        if r.objects[oid].controller == ctx.controller
        and "Creature" in (c := r.chars(r.objects[oid])).types and not c.colors)
    r.effects.append(ContinuousEffect(next(r._clock), affected, 0, 0, add=eff.keywords))
