"""The rules of the effects of :mod:`conformance.reference.oracle_wheels` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Chars, Obj, other
from conformance.reference.oracle_wheels import (
    CreaturesWith,
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


def _has(q: str, ob: Obj, c: Chars) -> bool:
    if q in ("tapped", "untapped"):
        return ob.tapped == (q == "tapped")
    if q == "nontoken":
        return ob.token is None
    if q == "attacking":
        return ob.attacking is not None
    if q == "blocking":
        return ob.blocking is not None
    if q == "attacking_or_blocking":
        return ob.attacking is not None or ob.blocking is not None
    if q.startswith("color="):
        return q[6:] in c.colors
    return q[9:] not in c.colors  # noncolor=<C>


@effect(CreaturesWith)
def _creatures_with(r: Effects, eff: CreaturesWith, ctx: EffectContext) -> None:
    """The creatures with the quality as it resolves, all at once (701.7, 120.3)."""
    hit = [ob for ob in (r.objects[oid] for oid in r.battlefield)
           if "Creature" in (c := r.chars(ob)).types and _has(eff.quality, ob, c)]
    for ob in hit:
        if ob.zone != "battlefield":
            continue
        if eff.damage is None:
            r._destroy(ob)
        else:
            r._damage(ctx.source, ob.ref, eff.damage)
