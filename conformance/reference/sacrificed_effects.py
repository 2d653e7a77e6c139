"""The rules of :mod:`conformance.reference.oracle_sacrificed_amounts` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported): a number equal to
the power, toughness or mana value of the creature sacrificed to cast the spell is that
creature's as it last existed on the battlefield (608.2h); "you gain life equal to the damage
dealt this way" counts the damage the source dealt."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Flow
from conformance.reference.oracle_sacrificed_amounts import (
    STATS,
    GainLifeDealt,
    SacrificedAmount,
    filled,
)


@effect(SacrificedAmount)
def _sacrificed_amount(r: Effects, eff: SacrificedAmount, ctx: EffectContext) -> Flow:
    """The effect with the sacrificed creature's number (608.2h: as it last existed on the
    battlefield); 0 when the spell's state holds none."""
    state = ctx.spell.spell if ctx.spell is not None else None
    stats = state.sacrificed_stats if state is not None else None
    n = max(stats[STATS[eff.stat]], 0) if stats is not None else 0
    yield from r._run_effects((filled(eff, n),), ctx.targets, ctx.controller, ctx.source,
                              ctx.spell, ctx.ability)


@effect(GainLifeDealt)
def _gain_life_dealt(r: Effects, eff: GainLifeDealt, ctx: EffectContext) -> Flow:
    """The damage, then its controller gains life equal to the damage its source dealt."""
    start = len(r.events)
    yield from r._run_effects(eff.effects, ctx.targets, ctx.controller, ctx.source, ctx.spell,
                              ctx.ability)
    dealt = sum(e["amount"] for e in r.events[start:]
                if e["type"] == "damage" and e["source"] == ctx.source)
    if dealt:
        r.players[ctx.controller].life += dealt
        r._emit("life_change", player=ctx.controller, amount=dealt)
