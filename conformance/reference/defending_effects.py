"""The rules of :mod:`conformance.reference.defending_player`'s effects. "Defending player" is
the nonactive player (506.2, a two-player game), whoever controls the ability."""

from __future__ import annotations

from conformance.reference import defending_player as dp
from conformance.reference.common_effects import ask_may
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.effects_library import _chosen, _no_order
from conformance.reference.objects import Choice, Flow, other


def _defending(r: Effects) -> str:
    return other(r.active)


@effect(dp.DefendingPoison)
def _poison(r: Effects, eff: dp.DefendingPoison, ctx: EffectContext) -> None:
    r.players[_defending(r)].poison += eff.n


@effect(dp.DefendingDiscards)
def _discards(r: Effects, eff: dp.DefendingDiscards, ctx: EffectContext) -> Flow:
    """The defending player discards N cards, choosing them (a ``cards`` choice) unless their
    hand has N or fewer (701.8b)."""
    player = _defending(r)
    hand = list(r.zones[(player, "hand")])
    discards = hand
    if len(hand) > eff.n:
        answer = yield Choice("cards", {"player": player, "purpose": "discard", "from": "hand",
                                        "cards": hand, "n": eff.n})
        _no_order(answer, "discard")
        chosen = _chosen(answer, hand, f"discard ({player})", eff.n, eff.n)
        discards = r.discarded_cards(hand, chosen)
    for cid in discards:
        r._discard(r.objects[cid])


@effect(dp.DefendingLosesPerGraveyardCard)
def _loses_per_card(r: Effects, eff: dp.DefendingLosesPerGraveyardCard,
                    ctx: EffectContext) -> None:
    player = _defending(r)
    amount = eff.n * len(r.zones[(player, "graveyard")])
    if amount:
        r.players[player].life -= amount
        r._emit("life_change", player=player, amount=-amount)


@effect(dp.MaySacrificeSelfThen)
def _may_sacrifice(r: Effects, eff: dp.MaySacrificeSelfThen, ctx: EffectContext) -> Flow:
    """Its controller may sacrifice the source (a ``may`` choice, asked only while they can:
    701.17a); if they do, the effects happen."""
    from conformance.reference.casting import Casting

    assert isinstance(r, Casting)
    src = r.objects.get(ctx.source)
    if src is None or src.zone != "battlefield" or src.controller != ctx.controller:
        return
    if (yield from ask_may(r, ctx, ctx.controller)):
        r._sacrifice(src)
        yield from r._run_effects(eff.effects, [], ctx.controller, ctx.source, ctx.spell,
                                  ctx.ability)


@effect(dp.DefendingLosesLife)
def _loses_life(r: Effects, eff: dp.DefendingLosesLife, ctx: EffectContext) -> None:
    player = _defending(r)
    r.players[player].life -= eff.n
    r._emit("life_change", player=player, amount=-eff.n)


def _no_combat_damage(r: Effects, source: str) -> None:
    from conformance.reference.combat import Combat

    assert isinstance(r, Combat)
    src = r.objects.get(source)
    if src is not None and src.zone == "battlefield":
        r.no_combat_damage.add((src.ref, r.turn))


@effect(dp.NoCombatDamageSelf)
def _no_damage(r: Effects, eff: dp.NoCombatDamageSelf, ctx: EffectContext) -> None:
    _no_combat_damage(r, ctx.source)


@effect(dp.MayHaveItDeal)
def _may_have_it_deal(r: Effects, eff: dp.MayHaveItDeal, ctx: EffectContext) -> Flow:
    """Its controller may have the source deal the damage to the target (a ``may`` choice);
    if they do, the source assigns no combat damage this turn."""
    ref = ctx.first()
    if ref is None or not (yield from ask_may(r, ctx, ctx.controller)):
        return
    src = r.objects.get(ctx.source)
    amount = eff.amount
    if amount is None:  # its power now (gone: its card's, not its last known power)
        amount = r.chars(src).power or 0 if src is not None else 0
    r._damage(ctx.source, ref, amount)
    _no_combat_damage(r, ctx.source)
