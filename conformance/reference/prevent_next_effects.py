"""The rule of :class:`conformance.reference.prevent_next.PreventNextDamage` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): the effect sets up a
prevention shield (615.7) on its target (as the object it is, 400.7) or player for the rest of
the turn; :func:`absorb` is how :meth:`~conformance.reference.effects.Effects._damage` uses the
shields up, after protection (a player applies prevention effects in the order they choose,
616.1: a shield is not spent on damage protection prevents anyway)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Ref
from conformance.reference.prevent_next import PreventNextDamage


@effect(PreventNextDamage)
def _prevent_next(r: Effects, eff: PreventNextDamage, ctx: EffectContext) -> None:
    if eff.kind == "you":
        ref: Ref | None = Ref(ctx.controller)
    elif eff.kind == "self":
        src = r.objects.get(ctx.source)
        ref = src.ref if src is not None and src.zone == "battlefield" else None
    else:
        ref = ctx.first()
    if ref is not None:
        r.prevention_shields.append([r.turn, ref, eff.n])


def absorb(r: Effects, target: Ref, amount: int) -> int:
    """The damage left of ``amount`` to ``target`` once this turn's shields on it prevented
    what they can, oldest first; the shields used are spent."""
    for shield in r.prevention_shields:
        turn, ref, left = shield
        if amount <= 0:
            break
        if turn != r.turn or ref != target or left <= 0:
            continue
        used = min(left, amount)
        shield[2] = left - used
        amount -= used
    return amount
