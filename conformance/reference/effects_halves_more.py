"""The rules of the effects of :mod:`conformance.reference.abilities_halves_more` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported, by
:mod:`conformance.reference.effects_halves`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from conformance.reference import abilities_halves_more as m
from conformance.reference.chapter_effects import _choose_cards, may_choice
from conformance.reference.control_abilities import Animation
from conformance.reference.effect_blocks import CreateToken
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.objects import Choice, ContinuousEffect, Flow, Ref, other, refuse

if TYPE_CHECKING:
    from conformance.reference.block_restrictions import BlockRestrictions
    from conformance.reference.chapter_rules import ChapterRules


def _life(r: Effects, player: str, amount: int) -> None:
    if amount:
        r.players[player].life += amount
        r._emit("life_change", player=player, amount=amount)


def _yours(r: Effects, controller: str, types: str) -> list[str]:
    return [oid for oid in r.battlefield if r.objects[oid].controller == controller
            and types in r.chars(r.objects[oid]).types]


@effect(m.TargetPlayerGainsLife)
def _target_gains_life(r: Effects, eff: m.TargetPlayerGainsLife, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        _life(r, ref.id, (ctx.x or 0) if eff.n is None else eff.n)


@effect(m.DestroyEachWithManaValueX)
def _destroy_each_mv(r: Effects, eff: m.DestroyEachWithManaValueX, ctx: EffectContext) -> None:
    x = ctx.x or 0
    doomed = [r.objects[oid] for oid in r.battlefield
              if set(eff.types) & set((c := r.chars(r.objects[oid])).types)
              and c.mana_value == x]
    for ob in doomed:  # all at once: the set is fixed first (701.7)
        if ob.zone == "battlefield":
            r._destroy(ob)


@effect(m.MayCountersOnYours)
def _may_counters(r: Effects, eff: m.MayCountersOnYours, ctx: EffectContext) -> Flow:
    mine = _yours(r, ctx.controller, eff.types)
    if not mine or not (yield from may_choice(r, ctx)):
        return
    picked = yield from _choose_cards(ctx.controller, "counters", "battlefield", mine, 1)
    r._add_counters(r.objects[picked[0]], eff.counter, eff.n)


@effect(m.CreaturesCantBlock)
def _creatures_cant_block(r: Effects, eff: m.CreaturesCantBlock, ctx: EffectContext) -> None:
    cast("BlockRestrictions", r).no_blocks_turn = r.turn


@effect(m.YourPermanentsBecome)
def _your_permanents_become(r: Effects, eff: m.YourPermanentsBecome, ctx: EffectContext) -> None:
    refs = frozenset(r.objects[oid].ref for oid in _yours(r, ctx.controller, eff.types))
    if refs:
        cast("ChapterRules", r).animations.append(Animation(
            next(r._clock), refs, ("Creature",), (eff.power, eff.toughness), True))


@effect(m.ReturnThenLoseLife)
def _return_lose_life(r: Effects, eff: m.ReturnThenLoseLife, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    card = r.objects[ref.id]
    mana_value = r.chars(card).mana_value  # "its mana value": the card's as it was returned
    r._move(card, "battlefield")
    _life(r, ctx.controller, -mana_value)


@effect(m.SacrificeGreatestPower)
def _sacrifice_greatest(r: Effects, eff: m.SacrificeGreatestPower, ctx: EffectContext) -> Flow:
    ref = ctx.first()
    if ref is None:
        return
    theirs = _yours(r, ref.id, "Creature")
    if not theirs:
        return
    most = max(r.chars(r.objects[oid]).power or 0 for oid in theirs)
    tied = [oid for oid in theirs if (r.chars(r.objects[oid]).power or 0) == most]
    picked = yield from _choose_cards(ref.id, "sacrifice", "battlefield", tied, 1)
    ob = r.objects[picked[0]]
    power = r.chars(ob).power or 0  # as it last existed on the battlefield (608.2h)
    r._emit("sacrificed", object=ob.id, card=ob.card_name)
    r._move(ob, "graveyard")
    _life(r, ctx.controller, max(power, 0))


@effect(m.DamageAndController)
def _damage_and_controller(r: Effects, eff: m.DamageAndController, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    controller = r.objects[ref.id].controller
    r._damage(ctx.source, ref, eff.amount)
    r._damage(ctx.source, Ref(controller), eff.to_controller)


@effect(m.DamageThenDiscard)
def _damage_then_discard(r: Effects, eff: m.DamageThenDiscard, ctx: EffectContext) -> Flow:
    ref = ctx.first()
    if ref is None:
        return
    r._damage(ctx.source, ref, eff.amount)
    hand = list(r.zones[(ref.id, "hand")])
    for cid in (yield from _choose_cards(ref.id, "discard", "hand", hand, eff.discards)):
        r._discard(r.objects[cid])


@effect(m.BounceCombatPartners)
def _bounce_partners(r: Effects, eff: m.BounceCombatPartners, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    target = r.objects[ref.id]
    partners = [r.objects[oid] for oid in r.battlefield
                if r.objects[oid].blocking == target.id or oid == target.blocking]
    for ob in partners:
        if ob.zone == "battlefield":
            r._move(ob, "hand")


@effect(m.UnpreventableDoubled)
def _unpreventable_doubled(r: Effects, eff: m.UnpreventableDoubled, ctx: EffectContext) -> None:
    r.damage_unpreventable = r.turn
    r.damage_doubled.append((ctx.controller, r.turn))


@effect(m.SearchEither)
def _search_either(r: Effects, eff: m.SearchEither, ctx: EffectContext) -> Flow:
    """A search for a stated quality (701.19b): the player may find nothing; then the library
    is shuffled (its order is not observable: the reference keeps it)."""
    lib = r.zones[(ctx.controller, "library")]

    def fits(cid: str) -> bool:
        c = r.chars(r.objects[cid])
        if eff.multicolored:
            return len(c.colors) > 1
        return bool(set(eff.subtypes) & set(c.subtypes)) and (
            not eff.basic or "Basic" in c.supertypes)

    offered = [cid for cid in lib if fits(cid)]
    if not offered:
        return
    answer = yield Choice("cards", {"player": ctx.controller, "purpose": "search",
                                    "from": "library", "cards": offered, "n": 1})
    found = answer.get("cards")
    if (not isinstance(found, list) or len(found) > 1 or "order" in answer
            or any(c not in offered for c in found)):
        raise refuse("illegal_action", f"search (701.19b): at most one of {offered}")
    for cid in found:
        r._move(r.objects[cid], "hand")


@effect(m.CreateXTokens)
def _create_x_tokens(r: Effects, eff: m.CreateXTokens, ctx: EffectContext) -> None:
    if ctx.x:
        EFFECTS[CreateToken](r, CreateToken(ctx.x, eff.token), ctx)


@effect(m.SacrificeThenDamageByManaValue)
def _sacrifice_then_damage(r: Effects, eff: m.SacrificeThenDamageByManaValue,
                           ctx: EffectContext) -> Flow:
    ref = ctx.first()
    if ref is None:
        return
    theirs = [oid for oid in r.battlefield if r.objects[oid].controller == ref.id
              and set(eff.types) & set(r.chars(r.objects[oid]).types)]
    if not theirs:
        return
    picked = yield from _choose_cards(ref.id, "sacrifice", "battlefield", theirs, 1)
    ob = r.objects[picked[0]]
    mana_value = r.chars(ob).mana_value  # as it last existed on the battlefield (608.2h)
    r._emit("sacrificed", object=ob.id, card=ob.card_name)
    r._move(ob, "graveyard")
    r._damage(ctx.source, ref, mana_value)


@effect(m.AttackersPumpPerOther)
def _attackers_pump(r: Effects, eff: m.AttackersPumpPerOther, ctx: EffectContext) -> None:
    attacking = [r.objects[oid] for oid in r.battlefield if r.objects[oid].attacking is not None
                 and "Creature" in r.chars(r.objects[oid]).types]
    others = len(attacking) - 1
    for ob in attacking:
        if ob.controller == ctx.controller and others > 0:
            r.effects.append(ContinuousEffect(next(r._clock), frozenset({ob.ref}),
                                              eff.power * others, eff.toughness * others))


@effect(m.ExileThenCounters)
def _exile_then_counters(r: Effects, eff: m.ExileThenCounters, ctx: EffectContext) -> None:
    x = 0
    if ctx.targets[0] and ctx.legal[0][0]:
        card = r.objects[ctx.targets[0][0].id]
        power = r.chars(card).power or 0
        r._move(card, "exile")
        x = power if card.zone == "exile" else 0
    if x > 0 and ctx.targets[1] and ctx.legal[1][0]:
        r._add_counters(r.objects[ctx.targets[1][0].id], eff.counter, x)


@effect(m.OpponentsReturnHighest)
def _opponents_return_highest(r: Effects, eff: m.OpponentsReturnHighest,
                              ctx: EffectContext) -> Flow:
    for p in [q for q in (r.active, other(r.active)) if q != ctx.controller]:  # APNAP
        theirs = [oid for oid in r.battlefield if r.objects[oid].controller == p]
        most = max((r.chars(r.objects[oid]).mana_value for oid in theirs), default=0)
        tied = [oid for oid in theirs if "Land" not in (c := r.chars(r.objects[oid])).types
                and c.mana_value == most]
        if tied:
            picked = yield from _choose_cards(p, "return", "battlefield", tied, 1)
            r._move(r.objects[picked[0]], "hand")
        hand = list(r.zones[(p, "hand")])
        for cid in (yield from _choose_cards(p, "discard", "hand", hand, 1)):
            r._discard(r.objects[cid])


@effect(m.SearchOpponentExile)
def _search_opponent_exile(r: Effects, eff: m.SearchOpponentExile, ctx: EffectContext) -> Flow:
    ref = ctx.first()
    if ref is None:
        return
    lib = list(r.zones[(ref.id, "library")])
    if not lib:
        return
    picked = yield from _choose_cards(ctx.controller, "search", "library", lib, 1)
    card = r.objects[picked[0]]
    r._move(card, "exile")
    _life(r, ctx.controller, r.chars(card).mana_value)


@effect(m.SwitchPowerToughness)
def _switch(r: Effects, eff: m.SwitchPowerToughness, ctx: EffectContext) -> None:
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if ok:
            r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), switch=True))


@effect(m.SearchOneOfEach)
def _search_one_of_each(r: Effects, eff: m.SearchOneOfEach, ctx: EffectContext) -> Flow:
    from conformance.reference.effects_halves import assigned  # it imports this module

    lib = r.zones[(ctx.controller, "library")]
    offered = [cid for cid in lib if set(eff.types) & set(r.chars(r.objects[cid]).types)]
    if not offered:
        return
    answer = yield Choice("cards", {"player": ctx.controller, "purpose": "search",
                                    "from": "library", "cards": offered, "n": len(eff.types)})
    found = answer.get("cards")
    if (not isinstance(found, list) or len(set(found)) != len(found) or "order" in answer
            or any(c not in offered for c in found)
            or assigned([frozenset(r.chars(r.objects[c]).types) for c in found], eff.types)
            != len(found)):
        raise refuse("illegal_action", f"search: at most one card of each of {eff.types}")
    for cid in found:
        r._move(r.objects[cid], "hand")


@effect(m.ExileReturnNextEndStep)
def _exile_return(r: Effects, eff: m.ExileReturnNextEndStep, ctx: EffectContext) -> None:
    """Exiled now; the return is a delayed trigger at the next end step (during an end step:
    the next turn's, 603.7), marked with the negated turn when created in one."""
    ref = ctx.first()
    if ref is None:
        return
    ob = r.objects[ref.id]
    r._move(ob, "exile")
    if ob.zone == "exile":
        src = r.objects.get(ctx.source)
        turn = -r.turn if r.step == "end" else r.turn
        r.end_step_returns.append((ctx.controller, ctx.source,
                                   src.card_name if src is not None else ctx.source, turn,
                                   ob.id, ob.zcc))


@effect(m.ReturnExiledCard)
def _return_exiled(r: Effects, eff: m.ReturnExiledCard, ctx: EffectContext) -> None:
    ob = r.objects.get(eff.card)
    if ob is not None and ob.zone == "exile" and ob.zcc == eff.zcc:
        r._move(ob, "battlefield")  # under its owner's control (110.2)
