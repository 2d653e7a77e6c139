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
from conformance.reference.objects import Choice, Flow, Ref, refuse

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


@effect(m.ReturnUpTo)
def _return_up_to(r: Effects, eff: m.ReturnUpTo, ctx: EffectContext) -> None:
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if ok:  # each legal one on its own (608.2b)
            r._move(r.objects[ref.id], "hand")


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


@effect(m.PreventNext)
def _prevent_next(r: Effects, eff: m.PreventNext, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r.damage_shields.append([r.turn, ref, eff.n])


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
