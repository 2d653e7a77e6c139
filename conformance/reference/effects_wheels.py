"""The rules of the effects of :mod:`conformance.reference.oracle_wheels` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import other
from conformance.reference.oracle_wheels import (
    EachPlayerWheel,
    GainLifePerCreatureOf,
    TapAllCreatures,
)


@effect(EachPlayerWheel)
def _wheel(r: Effects, eff: EachPlayerWheel, ctx: EffectContext) -> None:
    """In APNAP order (101.4) each player discards their hand (701.8a) or shuffles hand and
    graveyard into their library (701.20a: the order a shuffle leaves is not observable by a
    case; the reference keeps the cards' order); then each draws (121.2)."""
    players = (r.active, other(r.active))
    for p in players:
        for cid in list(r.zones[(p, "hand")]):
            if eff.shuffle:
                r._move(r.objects[cid], "library", top=False)
            else:
                r._discard(r.objects[cid])
        if eff.shuffle:
            for cid in list(r.zones[(p, "graveyard")]):
                r._move(r.objects[cid], "library", top=False)
    for p in players:
        r._draw(p, eff.n)


@effect(GainLifePerCreatureOf)
def _life_per_creature(r: Effects, eff: GainLifePerCreatureOf, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    n = sum(1 for oid in r.battlefield if r.objects[oid].controller == ref.id
            and "Creature" in r.chars(r.objects[oid]).types)
    if n:
        r.players[ctx.controller].life += eff.n * n
        r._emit("life_change", player=ctx.controller, amount=eff.n * n)


@effect(TapAllCreatures)
def _tap_all(r: Effects, eff: TapAllCreatures, ctx: EffectContext) -> None:
    for oid in list(r.battlefield):
        c = r.chars(r.objects[oid])
        if "Creature" in c.types and not (eff.not_color and eff.not_color in c.colors):
            r.objects[oid].tapped = True
