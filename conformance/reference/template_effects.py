"""The rules of the effects of :mod:`conformance.reference.template_abilities` (registered in
:data:`conformance.reference.effects.EFFECTS` when that module is imported)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

from conformance.reference.abilities_more import Mill
from conformance.reference.effect_blocks import CreateToken, TokenDef
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.objects import Choice, Flow, Ref, other, refuse
from conformance.reference.template_abilities import (
    AddMana,
    CountersOnEach,
    CreateTokens,
    DamageAll,
    Discard,
    GainLifePerCard,
    HalfLifeToken,
    IngestExile,
    LoseLifeYou,
    ProcessExiled,
    ReturnAll,
    ReturnLandsEach,
    SacrificeEach,
    SacrificeThen,
    ThenItsPlayer,
    UntapSelf,
)


@effect(CountersOnEach)
def _counters_on_each(r: Effects, eff: CountersOnEach, ctx: EffectContext) -> None:
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        c = r.chars(ob)
        if (ob.controller == ctx.controller and "Creature" in c.types
                and (not eff.subtype or eff.subtype in c.subtypes)
                and not (eff.other and oid == ctx.source)):
            r._add_counters(ob, eff.counter, eff.n)


@effect(IngestExile)
def _ingest_exile(r: Effects, eff: IngestExile, ctx: EffectContext) -> None:
    if eff.player is None:
        return
    lib = r.zones[(eff.player, "library")]
    if lib:
        r._move(r.objects[lib[0]], "exile")


@effect(ProcessExiled)
def _process_exiled(r: Effects, eff: ProcessExiled, ctx: EffectContext) -> Flow:
    """A ``may`` choice (608.2d), then, when the opponents own two or more exiled cards, a
    ``cards`` choice of the one put into its owner's graveyard; the effects follow if it was."""
    opponents = {p for p in (r.active, other(r.active)) if p != ctx.controller}
    exiled = [cid for p in sorted(opponents) for cid in r.zones[(p, "exile")]]
    if not exiled:
        return  # nothing to put: "if you do" fails (608.2c)
    ability = ctx.ability.name if ctx.ability else None
    answer = yield Choice("may", {"player": ctx.controller, "source": ctx.source,
                                  "ability": ability})
    accept = answer.get("accept")
    if not isinstance(accept, bool):
        raise refuse("illegal_action", "may: answer accept: true or false")
    if not r.optional_effect_happens(accept):
        return
    card = exiled[0]
    if len(exiled) > 1:
        picked = yield Choice("cards", {"player": ctx.controller, "purpose": "process",
                                        "from": "exile", "cards": list(exiled)})
        chosen = picked.get("cards")
        if not isinstance(chosen, list) or len(chosen) != 1 or chosen[0] not in exiled:
            raise refuse("illegal_action", f"process: choose one card among {exiled}")
        card = chosen[0]
    r._move(r.objects[card], "graveyard")
    yield from r._run_effects(eff.effects, ctx.targets, ctx.controller, ctx.source, ctx.spell,
                              ctx.ability)


def _players(r: Effects, ctx: EffectContext, who: str, bound: str | None = None) -> list[str]:
    """The players an effect acts on, in APNAP order (101.4)."""
    apnap = [r.active, other(r.active)]
    if who == "you":
        return [ctx.controller]
    if who == "each":
        return apnap
    if who == "opponents":
        return [p for p in apnap if p != ctx.controller]
    if who == "damaged":
        return [bound] if bound is not None else []
    ref = ctx.first()  # a target player or opponent
    return [ref.id] if ref is not None else []


def _pick(player: str, purpose: str, frm: str, among: list[str], n: int
          ) -> Generator[Choice, Any, list[str]]:
    """``player`` chooses ``n`` of ``among`` (a ``cards`` choice); no choice when there are
    ``n`` or fewer. Returns the chosen ids."""
    if len(among) <= n:
        return list(among)
    answer = yield Choice("cards", {"player": player, "purpose": purpose, "from": frm,
                                    "cards": list(among), "n": n})
    chosen = answer.get("cards")
    if (not isinstance(chosen, list) or len(chosen) != n or len(set(chosen)) != n
            or any(c not in among for c in chosen)):
        raise refuse("illegal_action", f"{purpose}: {player} chooses {n} among {among}")
    return chosen


@effect(Discard)
def _discard(r: Effects, eff: Discard, ctx: EffectContext) -> Flow:
    """Choices in APNAP order, then the cards are discarded at once (101.4, 701.8a)."""
    chosen: list[str] = []
    for p in _players(r, ctx, eff.who, eff.player):
        chosen += yield from _pick(p, "discard", "hand", r.zones[(p, "hand")], eff.n)
    for cid in chosen:
        r._discard(r.objects[cid])


@effect(SacrificeEach)
def _sacrifice_each(r: Effects, eff: SacrificeEach, ctx: EffectContext) -> Flow:
    """Choices in APNAP order, then the permanents are sacrificed at once (101.4, 701.17a)."""
    wanted = set(eff.types.split("|"))
    chosen: list[str] = []
    for p in _players(r, ctx, eff.who):
        mine = [oid for oid in r.battlefield if r.objects[oid].controller == p
                and wanted & set(r.chars(r.objects[oid]).types)]
        chosen += yield from _pick(p, "sacrifice", "battlefield", mine, eff.n)
    for oid in chosen:
        ob = r.objects[oid]
        r._emit("sacrificed", object=ob.id, card=ob.card_name)
        r._move(ob, "graveyard")


@effect(ReturnLandsEach)
def _return_lands_each(r: Effects, eff: ReturnLandsEach, ctx: EffectContext) -> Flow:
    chosen: list[str] = []
    for p in _players(r, ctx, "each"):
        lands = [cid for cid in r.zones[(p, "graveyard")]
                 if "Land" in r.chars(r.objects[cid]).types]
        chosen += yield from _pick(p, "return", "graveyard", lands, eff.n)
    for cid in chosen:  # onto the battlefield under its owner's control (110.2)
        r._move(r.objects[cid], "battlefield")


@effect(UntapSelf)
def _untap_self(r: Effects, eff: UntapSelf, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    if src is not None and src.zone == "battlefield":
        src.tapped = False


@effect(GainLifePerCard)
def _gain_life_per_card(r: Effects, eff: GainLifePerCard, ctx: EffectContext) -> None:
    n = eff.n * len(r.zones[(ctx.controller, "graveyard")])
    r.players[ctx.controller].life += n
    r._emit("life_change", player=ctx.controller, amount=n)


def _make_tokens(r: Effects, ctx: EffectContext, token: TokenDef, count: int,
                 tapped: bool = False) -> list[str]:
    before = set(r.objects)
    EFFECTS[CreateToken](r, CreateToken(count, token), ctx)
    made = [oid for oid in r.objects if oid not in before]
    for oid in made:
        r.objects[oid].tapped = tapped  # created tapped: it enters tapped (no untap event)
    return made


@effect(CreateTokens)
def _create_tokens(r: Effects, eff: CreateTokens, ctx: EffectContext) -> None:
    spell = ctx.spell.spell if ctx.spell is not None else None
    count = eff.count
    if eff.from_graveyard is not None and spell is not None and spell.cast_from == "graveyard":
        count = eff.from_graveyard
    _make_tokens(r, ctx, eff.token, count, eff.tapped)


@effect(HalfLifeToken)
def _half_life_token(r: Effects, eff: HalfLifeToken, ctx: EffectContext) -> None:
    x = max(0, -(-r.players[ctx.controller].life // 2))  # half, rounded up (107.1a)
    token = replace(eff.token, power=x, toughness=x)
    made = _make_tokens(r, ctx, token, 1)
    if made:  # "It deals X damage to you": the token is the source
        r._damage(made[0], Ref(ctx.controller), x)


@effect(DamageAll)
def _damage_all(r: Effects, eff: DamageAll, ctx: EffectContext) -> None:
    amount = (ctx.x or 0) if eff.amount is None else eff.amount
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        c = r.chars(ob)
        if "Creature" in c.types and (not eff.flying_only or "flying" in c.keywords):
            r._damage(ctx.source, ob.ref, amount)
    if eff.players:
        for p in (r.active, other(r.active)):
            r._damage(ctx.source, Ref(p), amount)


@effect(ReturnAll)
def _return_all(r: Effects, eff: ReturnAll, ctx: EffectContext) -> None:
    chosen = [r.objects[oid] for oid in list(r.battlefield)
              if eff.types in r.chars(r.objects[oid]).types
              and (not eff.tapped or r.objects[oid].tapped)]
    for ob in chosen:  # all at once, each to its owner's hand
        r._move(ob, "hand")


@effect(AddMana)
def _add_mana(r: Effects, eff: AddMana, ctx: EffectContext) -> None:
    for kind in eff.mana:
        r.players[ctx.controller].pool.add(kind)


@effect(SacrificeThen)
def _sacrifice_then(r: Effects, eff: SacrificeThen, ctx: EffectContext) -> Flow:
    mine = [oid for oid in r.battlefield if r.objects[oid].controller == ctx.controller
            and eff.what in (c := r.chars(r.objects[oid])).types + c.subtypes]
    if not mine:
        return  # nothing sacrificed: "if you do" fails (608.2c)
    oid, = yield from _pick(ctx.controller, "sacrifice", "battlefield", mine, 1)
    ob = r.objects[oid]
    r._emit("sacrificed", object=ob.id, card=ob.card_name)
    r._move(ob, "graveyard")
    yield from r._run_effects(eff.effects, ctx.targets, ctx.controller, ctx.source, ctx.spell,
                              ctx.ability)


@effect(LoseLifeYou)
def _lose_life_you(r: Effects, eff: LoseLifeYou, ctx: EffectContext) -> None:
    r.players[ctx.controller].life -= eff.n
    r._emit("life_change", player=ctx.controller, amount=-eff.n)


@effect(ThenItsPlayer)
def _then_its_player(r: Effects, eff: ThenItsPlayer, ctx: EffectContext) -> Flow:
    ref = ctx.first()
    target = r.objects.get(ref.id) if ref is not None else None
    player = None if target is None else (
        target.controller if eff.whose == "controller" else target.owner)
    amount = eff.n
    if eff.equal_to and target is not None:  # as the target last was (608.2h)
        chars = r.chars(target)
        amount = (chars.power or 0) + ((chars.toughness or 0) if eff.equal_to ==
                                       "power+toughness" else 0)
        amount = max(0, amount)  # 107.1b
    flow = EFFECTS[type(eff.first)](r, eff.first, ctx)
    if flow is not None:
        yield from flow
    if player is None:
        return
    if eff.does in ("lose_life", "gain_life"):
        n = amount if eff.does == "gain_life" else -amount
        r.players[player].life += n
        r._emit("life_change", player=player, amount=n)
    elif eff.does == "draw":
        r._draw(player, eff.n)
    elif eff.does == "damage":
        r._damage(ctx.source, Ref(player), eff.n)
    elif eff.does == "mill":
        EFFECTS[Mill](r, Mill(eff.n, "you"), replace(ctx, controller=player))
    elif eff.does == "discard":
        flow = _discard(r, Discard(eff.n, "you"), replace(ctx, controller=player))
        if flow is not None:
            yield from flow
    elif eff.does == "create" and eff.token is not None:
        EFFECTS[CreateToken](r, CreateToken(eff.n, eff.token), replace(ctx, controller=player))
    else:
        raise refuse("internal", f"'its {eff.whose}' effect {eff.does!r}")
