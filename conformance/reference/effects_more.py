"""The rules of the effects of :mod:`conformance.reference.abilities_more` (registered in
:data:`conformance.reference.effects.EFFECTS` when that module is imported)."""

from __future__ import annotations

from conformance.reference import abilities_more as m
from conformance.reference.effect_blocks import CreateToken
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.objects import (
    ContinuousEffect,
    Flow,
    Obj,
    Ref,
    other,
    snapshot_spell,
)


def _players(r: Effects, ctx: EffectContext, who: str) -> list[str]:
    if who == "you":
        return [ctx.controller]
    if who == "each":
        return [r.active, other(r.active)]
    if who == "opponents":
        return [p for p in (r.active, other(r.active)) if p != ctx.controller]
    ref = ctx.first()  # a target player
    return [ref.id] if ref is not None else []


def _has_types(types: str, have: tuple[str, ...]) -> bool:
    """``types``: ``|``-separated card types; ``nonX|Y`` means Y and not X."""
    want = [t for t in types.split("|") if not t.startswith("non")]
    unwanted = [t[3:] for t in types.split("|") if t.startswith("non")]
    return bool(set(want) & set(have)) and not set(unwanted) & set(have)


@effect(m.DestroyAll)
def _destroy_all(r: Effects, eff: m.DestroyAll, ctx: EffectContext) -> None:
    doomed: list[Obj] = []
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        c = r.chars(ob)
        if _has_types(eff.types, c.types) and (
                eff.min_power is None or (c.power or 0) >= eff.min_power):
            doomed.append(ob)
    r.destroy_together(doomed)  # all at once: the set is fixed before any is destroyed (701.7)


@effect(m.DamageEachCreature)
def _damage_each_creature(r: Effects, eff: m.DamageEachCreature, ctx: EffectContext) -> None:
    amount = (ctx.x or 0) if eff.amount is None else eff.amount
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        c = r.chars(ob)
        if "Creature" in c.types and ("flying" in c.keywords) == eff.flying:
            r._damage(ctx.source, ob.ref, amount)


@effect(m.Mill)
def _mill(r: Effects, eff: m.Mill, ctx: EffectContext) -> None:
    for p in _players(r, ctx, eff.who):
        library = r.zones[(p, "library")]
        n = (len(library) + 1) // 2 if eff.half else eff.n
        for cid in list(library[:n]):
            r._move(r.objects[cid], "graveyard")


@effect(m.LookAtHand)
def _look_at_hand(r: Effects, eff: m.LookAtHand, ctx: EffectContext) -> None:
    """Looking at a hand changes nothing a case observes (the state is observed whole)."""


@effect(m.DiscardHand)
def _discard_hand(r: Effects, eff: m.DiscardHand, ctx: EffectContext) -> None:
    for cid in list(r.zones[(ctx.controller, "hand")]):
        r._discard(r.objects[cid])


@effect(m.ExileGraveyards)
def _exile_graveyards(r: Effects, eff: m.ExileGraveyards, ctx: EffectContext) -> None:
    for p in _players(r, ctx, eff.who):
        for cid in list(r.zones[(p, "graveyard")]):
            r._move(r.objects[cid], "exile")


@effect(m.ReturnFromGraveyard)
def _return_from_graveyard(r: Effects, eff: m.ReturnFromGraveyard, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:  # onto the battlefield under its owner's control (110.2) or yours
        r._move(r.objects[ref.id], eff.to,
                controller=ctx.controller if eff.under_you else None)


@effect(m.ReturnAllFromGraveyard)
def _return_all(r: Effects, eff: m.ReturnAllFromGraveyard, ctx: EffectContext) -> None:
    for cid in list(r.zones[(ctx.controller, "graveyard")]):
        ob = r.objects[cid]
        c = r.chars(ob)
        if _has_types(eff.types, c.types) and (
                eff.max_power is None or (c.power or 0) <= eff.max_power):
            r._move(ob, eff.to)


@effect(m.PutOnLibrary)
def _put_on_library(r: Effects, eff: m.PutOnLibrary, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r._move(r.objects[ref.id], "library", top=eff.top)


@effect(m.TargetPlayerDraws)
def _target_draws(r: Effects, eff: m.TargetPlayerDraws, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r._draw(ref.id, (ctx.x or 0) if eff.n is None else eff.n)


@effect(m.DrainTarget)
def _drain(r: Effects, eff: m.DrainTarget, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r.players[ref.id].life -= eff.n
        r._emit("life_change", player=ref.id, amount=-eff.n)
    r.players[ctx.controller].life += eff.n
    r._emit("life_change", player=ctx.controller, amount=eff.n)


@effect(m.LoseLifeEachOpponentX)
def _lose_x(r: Effects, eff: m.LoseLifeEachOpponentX, ctx: EffectContext) -> None:
    n = ctx.x or 0
    for p in _players(r, ctx, "opponents"):
        r.players[p].life -= n
        r._emit("life_change", player=p, amount=-n)



@effect(m.DestroyAllSubtypes)
def _destroy_all_subtypes(r: Effects, eff: m.DestroyAllSubtypes, ctx: EffectContext) -> None:
    doomed = [r.objects[oid] for oid in list(r.battlefield)
              if set(eff.subtypes) & set(r.chars(r.objects[oid]).subtypes)]
    for ob in doomed:
        if ob.zone == "battlefield":
            r._destroy(ob)


@effect(m.DestroyNoRegeneration)
def _destroy_no_regeneration(r: Effects, eff: m.DestroyNoRegeneration,
                             ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        ob = r.objects[ref.id]
        shields, ob.regeneration = ob.regeneration, 0  # 701.15c: it can't be regenerated
        r._destroy(ob)
        if ob.zone == "battlefield":  # indestructible: its shields stay for later
            ob.regeneration = shields


@effect(m.CopyThenReturn)
def _copy_then_return(r: Effects, eff: m.CopyThenReturn, ctx: EffectContext) -> Flow | None:
    ref = ctx.first()
    if ref is None:
        return None
    original = r.objects[ref.id]

    def flow() -> Flow:
        yield from r._copy_spell(snapshot_spell(original), ctx.controller, ctx.source, True)
        if original.zone == "stack" and original.zcc == ref.zcc:
            r._leave_stack(original, "hand")

    return flow()


def devotion(r: Effects, player: str, color: str) -> int:
    """``player``'s devotion to ``color`` (rule 700.5): each mana symbol of the mana costs of
    the permanents they control that is that color (a hybrid or Phyrexian symbol counts when
    one of its colors is, by the hook ``devotion_symbol_counts``); plus what the hook
    ``devotion_text_symbols`` adds (nothing: text-box symbols don't count). One color of
    :func:`conformance.reference.devotion_gods.devotion_to`."""
    from conformance.reference.devotion_gods import devotion_to

    return devotion_to(r, player, (color,))


@effect(m.Devotion)
def _devotion(r: Effects, eff: m.Devotion, ctx: EffectContext) -> None:
    x = devotion(r, ctx.controller, eff.color)
    src = r.objects.get(ctx.source)
    if ctx.ability is not None and src is not None and src.zone != "battlefield":
        x += r.devotion_of_gone_source(ctx.source, eff.color)
    opponents = [p for p in (r.active, other(r.active)) if p != ctx.controller]
    if eff.what in ("drain", "damage_opponents"):
        for p in opponents:
            if eff.what == "drain":
                r.players[p].life -= x
                r._emit("life_change", player=p, amount=-x)
                r.players[ctx.controller].life += x
                r._emit("life_change", player=ctx.controller, amount=x)
            else:
                r._damage(ctx.source, Ref(p), x)
    elif eff.what == "gain_life":
        r.players[ctx.controller].life += x
        r._emit("life_change", player=ctx.controller, amount=x)
    elif eff.what == "tokens" and eff.token is not None:
        EFFECTS[CreateToken](r, CreateToken(x, eff.token), ctx)
    elif eff.what == "counters_self":
        src = r.objects.get(ctx.source)
        if src is not None and src.zone == "battlefield" and x:
            r._add_counters(src, "+1/+1", x)
    elif eff.what in ("pump_target", "pump_yours"):
        if eff.what == "pump_target":
            ref = ctx.first()
            refs = frozenset({ref}) if ref is not None else frozenset()
        else:
            refs = frozenset(r.objects[oid].ref for oid in r.battlefield
                             if r.objects[oid].controller == ctx.controller
                             and "Creature" in r.chars(r.objects[oid]).types)
        if refs:
            r.effects.append(ContinuousEffect(next(r._clock), refs, eff.power * x,
                                              eff.toughness * x))
    elif eff.what == "draw_lose":
        r._draw(ctx.controller, x)
        r.players[ctx.controller].life -= x
        r._emit("life_change", player=ctx.controller, amount=-x)
    else:
        raise ValueError(f"devotion effect {eff.what!r}")


@effect(m.CountersThenPump)
def _counters_then_pump(r: Effects, eff: m.CountersThenPump, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r._add_counters(r.objects[ref.id], "+1/+1", eff.n)
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), 0, 0,
                                          add=eff.keywords))


@effect(m.DoubleLife)
def _double_life(r: Effects, eff: m.DoubleLife, ctx: EffectContext) -> None:
    gain = r.players[ctx.controller].life
    r.players[ctx.controller].life += gain
    r._emit("life_change", player=ctx.controller, amount=gain)


@effect(m.LoseHalfLife)
def _lose_half(r: Effects, eff: m.LoseHalfLife, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        loss = (r.players[ref.id].life + 1) // 2
        r.players[ref.id].life -= loss
        r._emit("life_change", player=ref.id, amount=-loss)


@effect(m.PumpTargetByPower)
def _pump_by_power(r: Effects, eff: m.PumpTargetByPower, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        x = r.chars(r.objects[ref.id]).power or 0
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), x, 0))


@effect(m.CountYourCreatures)
def _count_creatures(r: Effects, eff: m.CountYourCreatures, ctx: EffectContext) -> None:
    n = sum(1 for oid in r.battlefield
            if r.objects[oid].controller == ctx.controller
            and "Creature" in (c := r.chars(r.objects[oid])).types
            and (eff.min_power is None or (c.power or 0) >= eff.min_power))
    if eff.what == "draw":
        r._draw(ctx.controller, n)
    else:
        r.players[ctx.controller].life += n
        r._emit("life_change", player=ctx.controller, amount=n)


@effect(m.PumpTargetPlayersCreatures)
def _pump_players_creatures(r: Effects, eff: m.PumpTargetPlayersCreatures,
                            ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        refs = frozenset(r.objects[oid].ref for oid in r.battlefield
                         if r.objects[oid].controller == ref.id
                         and "Creature" in r.chars(r.objects[oid]).types)
        r.effects.append(ContinuousEffect(next(r._clock), refs, eff.power, eff.toughness))
