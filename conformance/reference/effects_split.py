"""The rules of the effects of :mod:`conformance.reference.abilities_split` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from conformance.reference import abilities_split as s
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import PLAYERS, ContinuousEffect, Obj, Ref

if TYPE_CHECKING:
    from conformance.reference.chapter_rules import ChapterRules


def _yours(r: Effects, ctx: EffectContext, types: str) -> list[Obj]:
    return [ob for oid in r.battlefield
            if (ob := r.objects[oid]).controller == ctx.controller
            and types in r.chars(ob).types]


@effect(s.GainLifePerCreature)
def _gain_per_creature(r: Effects, eff: s.GainLifePerCreature, ctx: EffectContext) -> None:
    amount = eff.n * len(_yours(r, ctx, "Creature"))
    if amount:
        r.players[ctx.controller].life += amount
        r._emit("life_change", player=ctx.controller, amount=amount)


@effect(s.UntapYourCreatures)
def _untap_yours(r: Effects, eff: s.UntapYourCreatures, ctx: EffectContext) -> None:
    for ob in _yours(r, ctx, "Creature"):
        ob.tapped = False


@effect(s.PlayerDrawsAndLoses)
def _draws_and_loses(r: Effects, eff: s.PlayerDrawsAndLoses, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    r._draw(ref.id, eff.draw)
    r.players[ref.id].life -= eff.lose
    r._emit("life_change", player=ref.id, amount=-eff.lose)


@effect(s.DamageByHandSize)
def _damage_by_hand(r: Effects, eff: s.DamageByHandSize, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:  # counted as the spell resolves, after earlier instructions (608.2c)
        r._damage(ctx.source, ref, len(r.zones[(ref.id, "hand")]))


@effect(s.DamageByLands)
def _damage_by_lands(r: Effects, eff: s.DamageByLands, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r._damage(ctx.source, ref, len(_yours(r, ctx, eff.counted)))


@effect(s.Bite)
def _bite(r: Effects, eff: s.Bite, ctx: EffectContext) -> None:
    """The first target deals damage equal to its power to the second (none if the first is
    no longer a legal target, or the second is not)."""
    legal_as = cast("ChapterRules", r).fight_target_legal
    first, refs, legal = ctx.targets[0], ctx.targets[1], ctx.legal[1]
    if not first or first[0].zcc is None or not legal_as(ctx.legal[0][0]) or not refs \
            or not legal_as(legal[0]):
        return
    a = r.objects[first[0].id]
    target = refs[0]
    if target.zcc is None and target.id not in PLAYERS:
        return
    r._damage(a.id, target, r.chars(a).power or 0)


@effect(s.UntapAndPump)
def _untap_and_pump(r: Effects, eff: s.UntapAndPump, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    r.objects[ref.id].tapped = False
    r.effects.append(ContinuousEffect(next(r._clock), frozenset({Ref(ref.id, ref.zcc)}),
                                      eff.power, eff.toughness, add=eff.keywords))


@effect(s.RemoveCountersDraw)
def _remove_counters_draw(r: Effects, eff: s.RemoveCountersDraw, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    ob = r.objects[ref.id]
    n = ob.counters.get(eff.counter, 0)
    if n:
        r._remove_counters(ob, eff.counter, n)
    r._draw(ctx.controller, n)


@effect(s.ShuffleGraveyards)
def _shuffle_graveyards(r: Effects, eff: s.ShuffleGraveyards, ctx: EffectContext) -> None:
    """Each graveyard's cards go into their owner's library (701.20a; the order a shuffle
    leaves is not observable by a case: the reference keeps the cards' order)."""
    for p in (r.active, *(q for q in PLAYERS if q != r.active)):
        for cid in list(r.zones[(p, "graveyard")]):
            r._move(r.objects[cid], "library", top=False)
