"""The rules of :mod:`conformance.reference.oracle_eldrazi_more` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect, other
from conformance.reference.oracle_eldrazi_more import (
    ColorlessGain,
    DefendingPlayerLosesLife,
    OpponentsExileTop,
)


@effect(DefendingPlayerLosesLife)
def _defending_loses(r: Effects, eff: DefendingPlayerLosesLife, ctx: EffectContext) -> None:
    """The player the source attacks, or the controller of the planeswalker it attacks; a
    source not attacking: its controller's opponent (506.2, two players)."""
    src = r.objects.get(ctx.source)
    attacked = src.attacking if src is not None else None
    if attacked in r.players:
        player = attacked
    elif attacked in r.objects:
        player = r.objects[attacked].controller
    else:
        player = other(ctx.controller)
    r.players[player].life -= eff.n
    r._emit("life_change", player=player, amount=-eff.n)


@effect(OpponentsExileTop)
def _opponents_exile_top(r: Effects, eff: OpponentsExileTop, ctx: EffectContext) -> None:
    player = other(ctx.controller)
    for cid in list(r.zones[(player, "library")][:eff.n]):
        r._move(r.objects[cid], "exile")


@effect(ColorlessGain)
def _colorless_gain(r: Effects, eff: ColorlessGain, ctx: EffectContext) -> None:
    affected = frozenset(
        r.objects[oid].ref for oid in r.battlefield
        if r.objects[oid].controller == ctx.controller
        and "Creature" in (c := r.chars(r.objects[oid])).types and not c.colors)
    r.effects.append(ContinuousEffect(next(r._clock), affected, 0, 0, add=eff.keywords))
