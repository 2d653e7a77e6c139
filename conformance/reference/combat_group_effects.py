"""The rule of :class:`conformance.reference.combat_keywords.PumpCombatGroup` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): the creatures
attacking (or blocking) as the effect happens — its controller's only, for "you control" — get
the bonus until end of turn; the set is locked in (611.2c): a creature that attacks later is not
affected. Exalted's bonus goes to the creature that attacked alone, if it is still that object
(400.7)."""

from __future__ import annotations

from conformance.reference.combat_keywords import ExaltedPump, PumpCombatGroup
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect


@effect(PumpCombatGroup)
def _pump_combat_group(r: Effects, eff: PumpCombatGroup, ctx: EffectContext) -> None:
    affected = frozenset(
        ob.ref for ob in (r.objects[oid] for oid in r.battlefield)
        if (ob.id != ctx.source if eff.role == "other" else
            (ob.attacking if eff.role == "attacking" else ob.blocking) is not None)
        and "Creature" in r.chars(ob).types
        and (not eff.yours or ob.controller == ctx.controller))
    r.effects.append(ContinuousEffect(next(r._clock), affected, eff.power, eff.toughness,
                                      add=eff.keywords))


@effect(ExaltedPump)
def _exalted(r: Effects, eff: ExaltedPump, ctx: EffectContext) -> None:
    ob = r.objects.get(eff.attacker)
    if ob is not None and ob.zone == "battlefield" and ob.zcc == eff.zcc:  # the same object
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ob.ref}), 1, 1))
