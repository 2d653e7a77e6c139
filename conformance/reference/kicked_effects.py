"""The rules of :class:`conformance.reference.oracle_kicked.KickedInstead` and
:class:`conformance.reference.same_target.ThenSameTarget` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): a kicked spell does
its kicked effect in place of the unkicked one (702.33d, 608.2c), on the targets chosen as it
was cast; the hook ``kicked_effect_replaces`` says "instead" means in place of; a sentence about "that
creature" acts on the target of the sentence before it; "if this spell was foretold" effects
happen only for a spell cast for its foretell cost (702.143); "if a creature dealt damage this
way would die this turn, exile it instead" marks the permanents the damage was dealt to; damage
equal to the sacrificed creature's power is its power as it last existed (608.2h)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Flow
from conformance.reference.oracle_exile_instead import DamageThenExileIfDies
from conformance.reference.oracle_foretold import IfForetold
from conformance.reference.oracle_kicked import KickedInstead
from conformance.reference.oracle_sacrificed import DamageBySacrificedPower
from conformance.reference.same_target import ThenSameTarget


@effect(KickedInstead)
def _kicked_instead(r: Effects, eff: KickedInstead, ctx: EffectContext) -> Flow:
    state = ctx.spell.spell if ctx.spell is not None else None
    kicked = state is not None and r.times_kicked(state) >= 1
    if not kicked:
        chosen = eff.normal
    elif r.kicked_effect_replaces():
        chosen = eff.kicked
    else:
        chosen = eff.normal + eff.kicked
    targets = ctx.targets * (2 if len(chosen) > len(eff.normal) else 1)
    yield from r._run_effects(chosen, targets, ctx.controller, ctx.source, ctx.spell,
                              ctx.ability)


@effect(ThenSameTarget)
def _then_same_target(r: Effects, eff: ThenSameTarget, ctx: EffectContext) -> Flow:
    """The first sentence, then the second on the first's target (608.2b: only if legal)."""
    yield from r._run_effects(eff.first, ctx.targets, ctx.controller, ctx.source, ctx.spell,
                              ctx.ability)
    if eff.if_kicked:
        state = ctx.spell.spell if ctx.spell is not None else None
        if state is None or r.times_kicked(state) < 1:
            return
    yield from r._run_effects(eff.then, ctx.targets * len(eff.then), ctx.controller,
                              ctx.source, ctx.spell, ctx.ability)


@effect(IfForetold)
def _if_foretold(r: Effects, eff: IfForetold, ctx: EffectContext) -> Flow:
    """The effects, only if the resolving spell was cast for its foretell cost (702.143a)."""
    state = ctx.spell.spell if ctx.spell is not None else None
    if state is not None and state.alternative == "foretell":
        yield from r._run_effects(eff.effects, [], ctx.controller, ctx.source, ctx.spell,
                                  ctx.ability)


@effect(DamageThenExileIfDies)
def _damage_then_exile_if_dies(r: Effects, eff: DamageThenExileIfDies,
                               ctx: EffectContext) -> Flow:
    """The damage, then each permanent of the kind dealt damage by it is marked: were it to die
    this turn, it is exiled instead (614.1a; applied in ``Zones._move``)."""
    start = len(r.events)
    yield from r._run_effects(eff.damage, ctx.targets, ctx.controller, ctx.source, ctx.spell,
                              ctx.ability)
    wanted = set(eff.types.split("|")) if eff.types else set()
    for event in r.events[start:]:
        if event["type"] != "damage" or event["source"] != ctx.source:
            continue
        ob = r.objects.get(event["target"])
        if ob is None or ob.zone != "battlefield":
            continue
        if not wanted or wanted & set(r.chars(ob).types):
            ob.exiled_if_dies = r.turn


@effect(DamageBySacrificedPower)
def _damage_by_sacrificed_power(r: Effects, eff: DamageBySacrificedPower,
                                ctx: EffectContext) -> None:
    """Damage equal to the power of the creature sacrificed to cast the spell (608.2h)."""
    state = ctx.spell.spell if ctx.spell is not None else None
    target = ctx.first()
    if state is not None and state.sacrificed_power and target is not None:
        r._damage(ctx.source, target, state.sacrificed_power)
