"""The rule of :class:`conformance.reference.prevent_to_and_by.PreventCombatDamageToAndBy`
(registered in :data:`conformance.reference.effects.EFFECTS` when this module is imported): the
creature, as the object it is now (400.7), is shielded from dealing and being dealt combat damage
for the rest of the turn (615); :meth:`~conformance.reference.effects.Effects._damage` applies it."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.prevent_to_and_by import PreventCombatDamageToAndBy


@effect(PreventCombatDamageToAndBy)
def _prevent_to_and_by(r: Effects, eff: PreventCombatDamageToAndBy, ctx: EffectContext) -> None:
    if eff.kind:
        ref = ctx.first()
        ob = r.objects.get(ref.id) if ref is not None else None
    else:
        ob = r.objects.get(ctx.source)
    if ob is not None and ob.zone == "battlefield":
        r.combat_damage_shielded.add((r.turn, ob.id, ob.zcc))
