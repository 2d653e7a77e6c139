"""The rules of the effects of :mod:`conformance.reference.chapter_abilities` (registered in
:data:`conformance.reference.effects.EFFECTS` when that module is imported). The rules they
share with other effects are hooks of :class:`conformance.reference.chapter_rules.ChapterRules`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from conformance.reference import chapter_abilities as ch
from conformance.reference.effect_blocks import CreateToken
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.objects import (
    Choice,
    ContinuousEffect,
    Flow,
    Obj,
    PendingTrigger,
    refuse,
)
from conformance.reference.oracle_library import Scry

if TYPE_CHECKING:
    from conformance.reference.chapter_rules import ChapterRules


def _rules(r: Effects) -> ChapterRules:
    return cast("ChapterRules", r)


def _gain(r: Effects, player: str, n: int) -> None:
    if n > 0:
        r.players[player].life += n
        r._emit("life_change", player=player, amount=n)


def _creatures(r: Effects, controller: str) -> list[Obj]:
    return [r.objects[oid] for oid in r.battlefield
            if r.objects[oid].controller == controller
            and "Creature" in r.chars(r.objects[oid]).types]


def _power(r: Effects, ob: Obj) -> int:
    return r.chars(ob).power or 0


def _choose_one(player: str, purpose: str, among: list[str]) -> Any:
    """``player`` chooses one of ``among`` on the battlefield (a ``cards`` choice), unless
    there is only one."""
    if len(among) == 1:
        return among[0]
    answer = yield Choice("cards", {"player": player, "purpose": purpose, "from": "battlefield",
                                    "cards": list(among), "n": 1})
    chosen = answer.get("cards")
    if not isinstance(chosen, list) or len(chosen) != 1 or chosen[0] not in among:
        raise refuse("illegal_action", f"{purpose}: {player} chooses one of {among}")
    return chosen[0]


@effect(ch.Fight)
def _fight(r: Effects, eff: ch.Fight, ctx: EffectContext) -> None:
    """Both targets must still be legal creatures on the battlefield, or no damage is dealt
    (701.12b; 608.2b: an illegal target neither deals nor is dealt damage)."""
    legal = _rules(r).fight_target_legal
    if not (ctx.targets[0] and ctx.targets[1] and legal(ctx.legal[0][0])
            and legal(ctx.legal[1][0])):
        return
    first, second = (r.objects[refs[0].id] for refs in ctx.targets)
    if any(ob.zone != "battlefield" or "Creature" not in r.chars(ob).types
           for ob in (first, second)):
        return
    dealt = [(src, dst, _power(r, src)) for src, dst in _rules(r).fight_pairs(first, second)]
    for src, dst, amount in dealt:  # simultaneously: the powers are read first
        r._damage(src.id, dst.ref, amount)


@effect(ch.GainLifeGreatestPower)
def _gain_greatest_power(r: Effects, eff: ch.GainLifeGreatestPower, ctx: EffectContext) -> None:
    _gain(r, ctx.controller, max((_power(r, ob) for ob in _creatures(r, ctx.controller)),
                                 default=0))


@effect(ch.IfYouControl)
def _if_you_control(r: Effects, eff: ch.IfYouControl, ctx: EffectContext) -> Flow:
    met = _rules(r).controls_kind(ctx.controller, eff.kind) != eff.none  # "if you control no"
    if _rules(r).resolution_condition_met(met):
        yield from r._run_effects(eff.effects, ctx.targets, ctx.controller, ctx.source,
                                  ctx.spell, ctx.ability)


@effect(ch.ExileGreatestPower)
def _exile_greatest_power(r: Effects, eff: ch.ExileGreatestPower, ctx: EffectContext) -> Flow:
    opponent = ctx.first()
    if opponent is None:
        return
    theirs = _creatures(r, opponent.id)
    if not theirs:
        return
    top = max(_power(r, ob) for ob in theirs)
    tied = [ob.id for ob in theirs if _power(r, ob) == top]
    chosen = yield from _choose_one(ctx.controller, "exile", tied)
    r._move(r.objects[chosen], "exile")


@effect(ch.PumpTargetByCounters)
def _pump_by_counters(r: Effects, eff: ch.PumpTargetByCounters, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    x = _rules(r).counters_on_source(ctx.source, eff.counter)
    r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}),
                                      x if eff.power else 0, x if eff.toughness else 0,
                                      add=eff.keywords))


@effect(ch.ExileGraveyardCardsGainLife)
def _exile_cards_gain(r: Effects, eff: ch.ExileGraveyardCardsGainLife,
                      ctx: EffectContext) -> None:
    creatures = 0
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if not ok:
            continue
        ob = r.objects[ref.id]
        creatures += "Creature" in r.chars(ob).types
        r._move(ob, "exile")
    _gain(r, ctx.controller, creatures * eff.life)


@effect(ch.SearchNamedOrType)
def _search_named_or_type(r: Effects, eff: ch.SearchNamedOrType, ctx: EffectContext) -> Flow:
    """A search for a card with a stated quality (701.19b: it may find nothing)."""
    player = ctx.controller
    lib = r.zones[(player, "library")]

    def fits(ob: Obj) -> bool:
        c = r.chars(ob)
        return c.name == eff.name or eff.type_word in c.types + c.subtypes

    offered = [cid for cid in lib if fits(r.objects[cid])]
    if not offered:
        return
    answer = yield Choice("cards", {"player": player, "purpose": "search", "from": "library",
                                    "cards": offered, "n": 1})
    found = answer.get("cards")
    least = 0 if r.search_may_fail(True) else 1
    if (not isinstance(found, list) or not least <= len(found) <= 1
            or any(c not in offered for c in found) or "order" in answer):
        raise refuse("illegal_action", f"search (701.19b): choose up to one of {offered}")
    for cid in found:
        r._move(r.objects[cid], "hand")


@effect(ch.TokensForLandDifference)
def _tokens_for_lands(r: Effects, eff: ch.TokensForLandDifference, ctx: EffectContext) -> None:
    opponent = ctx.first()
    if opponent is None:
        return

    def lands(player: str) -> int:
        return sum(1 for oid in r.battlefield if r.objects[oid].controller == player
                   and "Land" in r.chars(r.objects[oid]).types)

    difference = lands(ctx.controller) - lands(opponent.id)
    if difference > 0:
        EFFECTS[CreateToken](r, CreateToken(difference, eff.token), ctx)



def may_choice(r: Effects, ctx: EffectContext) -> Any:
    """A ``may`` choice of the ability's controller (608.2d); whether the effect happens."""
    ability = ctx.ability.name if ctx.ability else None
    answer = yield Choice("may", {"player": ctx.controller, "source": ctx.source,
                                  "ability": ability})
    accept = answer.get("accept")
    if not isinstance(accept, bool):
        raise refuse("illegal_action", "may: answer accept: true or false")
    return r.optional_effect_happens(accept)


def _choose_cards(player: str, purpose: str, frm: str, among: list[str], n: int) -> Any:
    """``player`` chooses ``n`` of ``among`` (a ``cards`` choice), unless there are only ``n``."""
    if len(among) <= n:
        return list(among)
    answer = yield Choice("cards", {"player": player, "purpose": purpose, "from": frm,
                                    "cards": list(among), "n": n})
    chosen = answer.get("cards")
    if (not isinstance(chosen, list) or len(chosen) != n or len(set(chosen)) != n
            or any(c not in among for c in chosen) or "order" in answer):
        raise refuse("illegal_action", f"{purpose}: {player} chooses {n} of {among}")
    return chosen


@effect(ch.RevealChooseDiscard)
def _reveal_choose_discard(r: Effects, eff: ch.RevealChooseDiscard, ctx: EffectContext) -> Flow:
    opponent = ctx.first()
    if opponent is None:
        return
    hand = r.zones[(opponent.id, "hand")]
    fits = [cid for cid in hand
            if not set(eff.excluded) & set((c := r.chars(r.objects[cid])).types)
            and c.mana_value >= eff.min_mana_value]
    if not fits:
        return
    chosen = yield from _choose_cards(ctx.controller, "discard", "hand", fits, 1)
    r._move(r.objects[chosen[0]], "graveyard")


@effect(ch.MayMoveCardThen)
def _may_move_card(r: Effects, eff: ch.MayMoveCardThen, ctx: EffectContext) -> Flow:
    wanted = set(eff.types.split("|"))  # card types or subtypes ("an Elf or Tyvar card")
    fits = [cid for cid in r.zones[(ctx.controller, "graveyard")]
            if wanted & set((c := r.chars(r.objects[cid])).types + c.subtypes)]
    if not fits:
        return  # nothing to move: "if you do" fails (608.2c)
    if not (yield from may_choice(r, ctx)):
        return
    chosen = yield from _choose_cards(ctx.controller, eff.to, "graveyard", fits, 1)
    r._move(r.objects[chosen[0]], eff.to,
            controller=ctx.controller if eff.to == "battlefield" else None)
    yield from r._run_effects(eff.effects, ctx.targets, ctx.controller, ctx.source, ctx.spell,
                              ctx.ability)


@effect(ch.ReturnAllCardsFromGraveyard)
def _return_all_cards(r: Effects, eff: ch.ReturnAllCardsFromGraveyard,
                      ctx: EffectContext) -> None:
    wanted = set(eff.types.split("|"))
    graveyard = r.zones[(ctx.controller, "graveyard")]
    for cid in [c for c in graveyard if wanted & set(r.chars(r.objects[c]).types)]:
        r._move(r.objects[cid], "battlefield", controller=ctx.controller)  # all at once
    if eff.shuffle:  # the library is then shuffled: its order is not observable by a case
        for cid in list(graveyard):
            r._move(r.objects[cid], "library", top=False)


@effect(ch.GainLifeAndScryByCount)
def _gain_and_scry(r: Effects, eff: ch.GainLifeAndScryByCount, ctx: EffectContext) -> Flow:
    x = sum(1 for ob in _permanents(r, ctx.controller)
            if eff.subtype in r.chars(ob).subtypes)
    _gain(r, ctx.controller, x)
    if x:
        flow = EFFECTS[Scry](r, Scry(x), ctx)
        if flow is not None:
            yield from flow


def _permanents(r: Effects, controller: str) -> list[Obj]:
    """Every permanent ``controller`` controls."""
    return [r.objects[oid] for oid in r.battlefield if r.objects[oid].controller == controller]


@effect(ch.CreateTurnTrigger)
def _create_turn_trigger(r: Effects, eff: ch.CreateTurnTrigger, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    name = src.card_name if src is not None else ctx.source
    _rules(r).turn_triggers.append(ch.TurnTrigger(ctx.controller, ctx.source, name, r.turn, eff))


@effect(ch.DamageBonusThisTurn)
def _damage_bonus(r: Effects, eff: ch.DamageBonusThisTurn, ctx: EffectContext) -> None:
    _rules(r).damage_bonuses.append((ctx.controller, r.turn, eff))


@effect(ch.AttackRequirementUntilYourNextTurn)
def _attack_requirement(r: Effects, eff: ch.AttackRequirementUntilYourNextTurn,
                        ctx: EffectContext) -> None:
    _rules(r).attack_requirements.append((ctx.controller, r.turn))


@effect(ch.SacrificeReflexive)
def _sacrifice_reflexive(r: Effects, eff: ch.SacrificeReflexive, ctx: EffectContext) -> Flow:
    wanted = set(eff.types.split("|"))
    mine = [oid for oid in r.battlefield if r.objects[oid].controller == ctx.controller
            and wanted & set(r.chars(r.objects[oid]).types)]
    done = False
    if mine and (yield from may_choice(r, ctx)):
        chosen = yield from _choose_cards(ctx.controller, "sacrifice", "battlefield", mine, 1)
        ob = r.objects[chosen[0]]
        r._emit("sacrificed", object=ob.id, card=ob.card_name)
        r._move(ob, "graveyard")
        done = True
    if _rules(r).reflexive_triggers(done):  # "When you do, ..." (603.12)
        src = r.objects.get(ctx.source)
        r._trigger(PendingTrigger(ctx.controller, ctx.source,
                                  src.card_name if src is not None else ctx.source,
                                  "reflexive", eff.effects))


@effect(ch.ReturnWithCounterGains)
def _return_with_counter(r: Effects, eff: ch.ReturnWithCounterGains, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    ob = r.objects[ref.id]
    r._move(ob, "battlefield", controller=ctx.controller)
    if ob.zone != "battlefield":
        return
    r._add_counters(ob, eff.counter, 1)
    _rules(r).until_your_next_turn(ctx.controller, ContinuousEffect(
        next(r._clock), frozenset({ob.ref}), add=eff.keywords, until_end_of_turn=False))


@effect(ch.ReturnCardsToHand)
def _return_cards(r: Effects, eff: ch.ReturnCardsToHand, ctx: EffectContext) -> None:
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if ok:
            r._move(r.objects[ref.id], "hand")


@effect(ch.ShuffleChosenFromEachGraveyard)
def _shuffle_chosen(r: Effects, eff: ch.ShuffleChosenFromEachGraveyard,
                    ctx: EffectContext) -> Flow:
    chosen: list[str] = []
    for player in (r.active, "p2" if r.active == "p1" else "p1"):
        graveyard = list(r.zones[(player, "graveyard")])
        chosen += yield from _choose_cards(ctx.controller, "shuffle", "graveyard", graveyard,
                                           eff.n)
    for cid in chosen:  # into their owners' libraries, shuffled (the order is not observable)
        r._move(r.objects[cid], "library", top=False)


@effect(ch.GrantActivatedUntilNextTurn)
def _grant_activated(r: Effects, eff: ch.GrantActivatedUntilNextTurn, ctx: EffectContext) -> None:
    mine = frozenset(ob.ref for ob in _creatures(r, ctx.controller))  # locked in (611.2c)
    _rules(r).until_your_next_turn(ctx.controller, ch.Granted(next(r._clock), mine, eff.ability))


@effect(ch.AddManaPerSubtype)
def _add_mana_per_subtype(r: Effects, eff: ch.AddManaPerSubtype, ctx: EffectContext) -> None:
    n = sum(1 for ob in _permanents(r, ctx.controller) if eff.subtype in r.chars(ob).subtypes)
    if n:
        r.players[ctx.controller].pool.add(eff.color, n)
        if eff.kept:
            _rules(r).kept_mana.append([ctx.controller, r.turn, eff.color, n])


@effect(ch.OpponentsSpellsCostMore)
def _cost_more(r: Effects, eff: ch.OpponentsSpellsCostMore, ctx: EffectContext) -> None:
    _rules(r).cost_increases.append((ctx.controller, r.turn, eff))


@effect(ch.ReturnWithCounterByType)
def _return_counter_by_type(r: Effects, eff: ch.ReturnWithCounterByType,
                            ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    ob = r.objects[ref.id]
    r._move(ob, "battlefield", controller=ctx.controller)
    if ob.zone == "battlefield":
        kind = "+1/+1" if "Creature" in r.chars(ob).types else "loyalty"
        r._add_counters(ob, kind, 1)


@effect(ch.LookRevealToHand)
def _look_reveal(r: Effects, eff: ch.LookRevealToHand, ctx: EffectContext) -> Flow:
    lib = r.zones[(ctx.controller, "library")]
    looked = lib[:eff.n]
    wanted = set(eff.types.split("|"))
    fits = [cid for cid in looked if wanted & set(r.chars(r.objects[cid]).types)]
    taken: list[str] = []
    if fits:
        answer = yield Choice("cards", {"player": ctx.controller, "purpose": "put_into_hand",
                                        "from": "library", "cards": fits})
        taken = answer.get("cards")  # type: ignore[assignment]
        if (not isinstance(taken, list) or len(taken) > 1 or any(c not in fits for c in taken)
                or "order" in answer):
            raise refuse("illegal_action", f"reveal none or one of {fits}")
    for cid in taken:
        r._move(r.objects[cid], "hand")
    rest = [cid for cid in looked if cid not in taken]
    del lib[:len(rest)]
    lib.extend(rest)  # on the bottom, in a random order


@effect(ch.CopyTokensWithDifferentNames)
def _copy_tokens(r: Effects, eff: ch.CopyTokensWithDifferentNames, ctx: EffectContext) -> Flow:
    mine = [oid for oid in _ids(r, ctx.controller) if r.objects[oid].token is not None
            and {"Artifact", "Creature"} & set(r.chars(r.objects[oid]).types)]
    if not mine:
        return
    answer = yield Choice("cards", {"player": ctx.controller, "purpose": "copy",
                                    "from": "battlefield", "cards": mine})
    chosen = answer.get("cards")
    if (not isinstance(chosen, list) or len(set(chosen)) != len(chosen) or "order" in answer
            or any(c not in mine for c in chosen)):
        raise refuse("illegal_action", f"copy: choose any number of {mine}")
    names = [r.chars(r.objects[c]).name for c in chosen]
    if len(set(names)) != len(names):
        raise refuse("illegal_action", "copy: the chosen tokens must have different names")
    for cid in chosen:
        token = r.objects[cid].token
        assert token is not None
        EFFECTS[CreateToken](r, CreateToken(1, token), ctx)


def _ids(r: Effects, controller: str) -> list[str]:
    return [oid for oid in r.battlefield if r.objects[oid].controller == controller]
