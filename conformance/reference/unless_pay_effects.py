"""The rule of :class:`conformance.reference.unless_pay.SacrificeUnlessPays` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from conformance.reference.common_abilities import SacrificeSelf
from conformance.reference.common_effects import ask_may
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.mana import cost_symbols
from conformance.reference.objects import Flow, refuse
from conformance.reference.unless_pay import SacrificeUnlessPays


@effect(SacrificeUnlessPays)
def _sacrifice_unless_pays(r: Effects, eff: SacrificeUnlessPays, ctx: EffectContext) -> Flow:
    """The controller may pay the cost from their mana pool (a ``may`` choice, asked only when
    the pool can pay it, 118.3); unless they pay, they sacrifice the source if it is still on
    the battlefield under their control (701.17a)."""
    from conformance.reference.casting import Casting

    assert isinstance(r, Casting)
    obj = r.objects.get(ctx.source)
    if obj is None or obj.zone != "battlefield" or obj.controller != ctx.controller:
        return  # nothing to sacrifice: no choice to make
    symbols = cost_symbols(eff.cost, 0)
    if r.players[ctx.controller].pool.payable(symbols) and (
            yield from ask_may(r, ctx, ctx.controller)):
        if not r._pay(ctx.controller, eff.cost, 0):
            raise refuse("internal", f"{ctx.controller} could not pay {eff.cost}")
        return
    flow = EFFECTS[SacrificeSelf](r, SacrificeSelf(), ctx)
    if flow is not None:
        yield from flow
