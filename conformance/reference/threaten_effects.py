"""The rules of the effects of :mod:`conformance.reference.threaten` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): control until end
of turn (the control effect, duration ``turn``, ends in the cleanup step:
:meth:`conformance.reference.control_rules.ControlRules.control_ends_this_turn`, 514.2) and
tapping up to N targets that don't untap during their controller's next untap step (502.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from conformance.reference.control_abilities import NoUntap
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect
from conformance.reference.threaten import GainControlThisTurn, NoUntapNext, TapUpTo

if TYPE_CHECKING:
    from conformance.reference.control_rules import ControlRules


def _rules(r: Effects) -> ControlRules:
    return cast("ControlRules", r)


@effect(GainControlThisTurn)
def _gain_control_this_turn(r: Effects, eff: GainControlThisTurn, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    _rules(r).gain_control(ref, ctx.controller, "turn")
    r.objects[ref.id].tapped = False
    r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), eff.power,
                                      eff.toughness, add=eff.keywords))


@effect(TapUpTo)
def _tap_up_to(r: Effects, eff: TapUpTo, ctx: EffectContext) -> None:
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if not ok:
            continue
        r.objects[ref.id].tapped = True
        if eff.no_untap:
            _rules(r).no_untap.append(NoUntap(ref, True, ctx.controller))


@effect(NoUntapNext)
def _no_untap_next(r: Effects, eff: NoUntapNext, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        _rules(r).no_untap.append(NoUntap(ref, True, ctx.controller))
