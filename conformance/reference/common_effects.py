"""The rules of the effects of :mod:`conformance.reference.common_abilities` (registered in
:data:`conformance.reference.effects.EFFECTS` when that module is imported)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from conformance.reference.common_abilities import (
    BlockRestrictionTarget,
    CastFromGraveyardInstead,
    CounterUnlessPays,
    DamageTargetAndController,
    Flicker,
    FlickerSelf,
    LoseKeywordsTarget,
    MayPayEnergy,
    MayTargeted,
    RegenerateTarget,
    ReturnSelfToHand,
    ReturnTargetsToHand,
    SacrificeSelf,
    TokensForEachCard,
)
from conformance.reference.effect_blocks import CreateToken, SpellText
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.mana import cost_symbols
from conformance.reference.objects import Answer, Choice, ContinuousEffect, Flow, Ref, refuse


@effect(LoseKeywordsTarget)
def _lose_keywords(r: Effects, eff: LoseKeywordsTarget, ctx: EffectContext) -> None:
    """The target loses the keywords until end of turn: a layer-6 effect with its own timestamp
    (613.1f, 613.7), which ends in the cleanup step (514.2)."""
    ref = ctx.first()
    if ref is not None:
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}),
                                          remove=eff.keywords))


@effect(Flicker)
def _flicker(r: Effects, eff: Flicker, ctx: EffectContext) -> None:
    """The target is exiled, then the card returns to the battlefield, a new object (400.7)
    with a new timestamp, under its owner's (or the spell's controller's) control; a token
    exiled this way can't return (111.8): it stays in exile until it ceases to exist."""
    ref = ctx.first()
    if ref is None:
        return
    obj = r.objects[ref.id]
    r._move(obj, "exile")
    if r.left_token_may_return(obj) and obj.zone == "exile":
        r._move(obj, "battlefield", controller=obj.owner if eff.under_owner else ctx.controller)


@effect(FlickerSelf)
def _flicker_self(r: Effects, eff: FlickerSelf, ctx: EffectContext) -> None:
    """The source, if it is on the battlefield, is exiled and returns under its owner's
    control, a new object (400.7); a token can't return (111.8)."""
    obj = r.objects.get(ctx.source)
    if obj is None or obj.zone != "battlefield":
        return
    r._move(obj, "exile")
    if r.left_token_may_return(obj) and obj.zone == "exile":
        r._move(obj, "battlefield", controller=obj.owner)


def _run(r: Effects, effects: SpellText, ctx: EffectContext) -> Flow:
    """Run effects without targets of their own as parts of this one."""
    for sub in effects:
        flow = EFFECTS[type(sub)](r, sub, ctx)
        if flow is not None:
            yield from flow


@effect(CastFromGraveyardInstead)
def _cast_from_graveyard_instead(r: Effects, eff: CastFromGraveyardInstead,
                                 ctx: EffectContext) -> Flow:
    """Which effects happen depends on the zone the spell was cast from (a flashback spell is
    cast from a graveyard, 702.34a)."""
    spell = ctx.spell.spell if ctx.spell is not None else None
    from_graveyard = spell is not None and spell.cast_from == "graveyard"
    yield from _run(r, eff.instead if from_graveyard else eff.usual, ctx)


@effect(TokensForEachCard)
def _tokens_for_each_card(r: Effects, eff: TokensForEachCard, ctx: EffectContext) -> None:
    """One token for each card of the type in the controller's graveyard as the effect happens
    (608.2h); none when there is none."""
    n = 0
    for cid in r.zones[(ctx.controller, "graveyard")]:
        ob = r.objects[cid]
        if eff.card_type is None or eff.card_type in r.chars(ob).types:
            n += 1
    if n:
        handler = EFFECTS[CreateToken]
        handler(r, replace(eff.made, count=n), ctx)


def ask_may(r: Effects, ctx: EffectContext, player: str) -> Generator[Choice, Answer, bool]:
    """A ``may`` choice of ``player`` about the resolving spell or ability (608.2d): whether the
    optional part happens (the ``optional_effect_happens`` hook decides what an answer
    means)."""
    ability = ctx.ability.name if ctx.ability else None
    answer = yield Choice("may", {"player": player, "source": ctx.source, "ability": ability})
    for key, value in (("source", ctx.source), ("ability", ability)):
        if key in answer and answer[key] != value:
            raise refuse("unused_answer", f"may: the engine waits for the answer of "
                                          f"{ctx.source}'s {ability or 'spell'}")
    accept = answer.get("accept")
    if not isinstance(accept, bool):
        raise refuse("illegal_action", "may: answer accept: true or false")
    return r.optional_effect_happens(accept)


@effect(MayTargeted)
def _may_targeted(r: Effects, eff: MayTargeted, ctx: EffectContext) -> Flow:
    """Its controller chooses whether it happens; if it does, each effect acts on its own
    targets (those still legal, 608.2b)."""
    if (yield from ask_may(r, ctx, ctx.controller)):
        yield from _run_parts(r, eff.effects, ctx)


@effect(MayPayEnergy)
def _may_pay_energy(r: Effects, eff: MayPayEnergy, ctx: EffectContext) -> Flow:
    """Its controller may pay the energy (a ``may`` choice, asked only when they have that many
    energy counters: a player can't pay more than they have, 107.14); if they pay, the effects
    happen."""
    from conformance.reference.designations import Designations

    assert isinstance(r, Designations)
    n = r.energy_counters(eff.n)
    if r.can_pay_energy(ctx.controller, n) and (yield from ask_may(r, ctx, ctx.controller)):
        r._pay_energy(ctx.controller, eff.n)
        yield from _run_parts(r, eff.effects, ctx)


def _run_parts(r: Effects, effects: SpellText, ctx: EffectContext) -> Flow:
    """Run ``effects``, each with its own targets among ``ctx``'s."""
    pos = 0
    for sub in effects:
        n = len(sub.slots)
        part = EffectContext(ctx.targets[pos:pos + n], ctx.legal[pos:pos + n], ctx.controller,
                             ctx.source, ctx.spell, ctx.ability)
        pos += n
        flow = EFFECTS[type(sub)](r, sub, part)
        if flow is not None:
            yield from flow


@effect(CounterUnlessPays)
def _counter_unless_pays(r: Effects, eff: CounterUnlessPays, ctx: EffectContext) -> Flow:
    """The target spell's controller may pay the cost from their mana pool (a ``may`` choice of
    theirs, asked only when their pool can pay it, 118.3); unless they pay, the spell is
    countered (701.5a; a spell that can't be countered stays, 101.2)."""
    ref = ctx.first()
    from conformance.reference.casting import Casting

    assert isinstance(r, Casting)
    if ref is None:
        return
    target = r.objects[ref.id]
    payer = target.controller
    symbols = cost_symbols(eff.cost, 0)
    if r.players[payer].pool.payable(symbols) and (yield from ask_may(r, ctx, payer)):
        if not r._pay(payer, eff.cost, 0):
            raise refuse("internal", f"{payer} could not pay {eff.cost}")
        return
    if target.spell is not None and target.spell.face.text.cant_be_countered:
        return
    r._emit("countered", object=target.id, card=target.card_name, by=ctx.source)
    r._leave_stack(target, "graveyard")


@effect(ReturnTargetsToHand)
def _return_targets(r: Effects, eff: ReturnTargetsToHand, ctx: EffectContext) -> None:
    """Each target still legal returns to its owner's hand (608.2b)."""
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if ok:
            r._move(r.objects[ref.id], "hand")


@effect(RegenerateTarget)
def _regenerate_target(r: Effects, eff: RegenerateTarget, ctx: EffectContext) -> None:
    """A regeneration shield on the target (701.15a): the next time it would be destroyed this
    turn, it is tapped, removed from combat and its damage removed instead."""
    ref = ctx.first()
    if ref is not None:
        r.objects[ref.id].regeneration += 1


@effect(BlockRestrictionTarget)
def _block_restriction(r: Effects, eff: BlockRestrictionTarget, ctx: EffectContext) -> None:
    """The target can't block (or can't be blocked) until the cleanup step (509.1a-b)."""
    from conformance.reference.block_restrictions import BlockRestrictions

    assert isinstance(r, BlockRestrictions)
    ref = ctx.first()
    if ref is not None:
        (r.cant_be_blocked if eff.blocked else r.cant_block).add(ref)


@effect(DamageTargetAndController)
def _damage_and_controller(r: Effects, eff: DamageTargetAndController,
                           ctx: EffectContext) -> None:
    """Both damages are dealt at once by the source (120.3); the controller is the target's
    controller as the effect happens."""
    ref = ctx.first()
    if ref is None:
        return
    controller = r.objects[ref.id].controller
    r._damage(ctx.source, ref, eff.amount)
    r._damage(ctx.source, Ref(controller), eff.to_controller)


@effect(ReturnSelfToHand)
def _return_self(r: Effects, eff: ReturnSelfToHand, ctx: EffectContext) -> None:
    """The source returns to its owner's hand: from the battlefield, or, bound by a
    leaves-the-battlefield trigger, the card it became in the graveyard if it is still there
    (400.7d); otherwise nothing happens."""
    obj = r.objects.get(ctx.source)
    if obj is None:
        return
    if eff.zcc is None and obj.zone == "battlefield" or (
            eff.zcc is not None and obj.zcc == eff.zcc and obj.zone == "graveyard"):
        r._move(obj, "hand")


@effect(SacrificeSelf)
def _sacrifice_self(r: Effects, eff: SacrificeSelf, ctx: EffectContext) -> None:
    """Its controller sacrifices the source if it is on the battlefield (701.17a); a player
    sacrifices only a permanent they control (701.17a), so not after a change of control."""
    from conformance.reference.casting import Casting

    assert isinstance(r, Casting)
    obj = r.objects.get(ctx.source)
    if obj is not None and obj.zone == "battlefield" and obj.controller == ctx.controller:
        r._sacrifice(obj)
