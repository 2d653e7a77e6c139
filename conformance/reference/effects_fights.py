"""The handler of :class:`conformance.reference.oracle_fights.ThenFights`: the first effect,
then the fight (701.12a) or the bite (120.3) of the same creature, by the handlers of
:class:`~conformance.reference.chapter_abilities.Fight` and
:class:`~conformance.reference.abilities_split.Bite` (no damage when either target is illegal,
701.12b, 608.2b)."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference import abilities_split as s
from conformance.reference import chapter_abilities as ch
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.objects import Flow
from conformance.reference.oracle_fights import ThenFights


@effect(ThenFights)
def _then_fights(r: Effects, eff: ThenFights, ctx: EffectContext) -> Flow:
    n = len(eff.first.slots)
    flow = EFFECTS[type(eff.first)](r, eff.first, replace(ctx, targets=ctx.targets[:n],
                                                          legal=ctx.legal[:n]))
    if flow is not None:
        yield from flow
    pair = replace(ctx, targets=[ctx.targets[0], ctx.targets[-1]],
                   legal=[ctx.legal[0], ctx.legal[-1]])
    kind = eff.first.slots[0].kind
    after = s.Bite(kind, eff.second) if eff.bite else ch.Fight(kind, eff.second, eff.up_to)
    then = EFFECTS[type(after)](r, after, pair)
    if then is not None:
        yield from then
