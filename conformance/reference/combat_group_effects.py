"""The rule of :class:`conformance.reference.combat_keywords.PumpCombatGroup` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): the creatures
attacking (or blocking) as the effect happens — its controller's only, for "you control" — get
the bonus until end of turn; the set is locked in (611.2c): a creature that attacks later is not
affected."""

from __future__ import annotations

from conformance.reference.combat_keywords import PumpCombatGroup
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect


@effect(PumpCombatGroup)
def _pump_combat_group(r: Effects, eff: PumpCombatGroup, ctx: EffectContext) -> None:
    affected = frozenset(
        ob.ref for ob in (r.objects[oid] for oid in r.battlefield)
        if (ob.attacking if eff.role == "attacking" else ob.blocking) is not None
        and "Creature" in r.chars(ob).types
        and (not eff.yours or ob.controller == ctx.controller))
    r.effects.append(ContinuousEffect(next(r._clock), affected, eff.power, eff.toughness,
                                      add=eff.keywords))
