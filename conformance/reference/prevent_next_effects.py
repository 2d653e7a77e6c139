"""The rule of :class:`conformance.reference.prevent_next.PreventNextDamage` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): the effect sets up a
prevention shield (615.7) on its target (as the object it is, 400.7) or player for the rest of
the turn, in ``damage_shields``; :meth:`~conformance.reference.chapter_rules.ChapterRules._shield`
uses the shields up (and refuses when another replacement or prevention effect applies too: their
order is the affected player's choice, 616.1)."""

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
        r.damage_shields.append([r.turn, ref, eff.n])
