"""The rules of the effects of :mod:`conformance.reference.oracle_targeted`,
:mod:`conformance.reference.oracle_targeted_more`, :mod:`conformance.reference.oracle_mass_more`
and :mod:`conformance.reference.oracle_counted` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from conformance.reference.common_effects import ask_may
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.objects import Chars, ContinuousEffect, Flow, Obj, Ref
from conformance.reference.oracle_counted import Count, CountedDamage, CountedPump
from conformance.reference.oracle_library import CardFilter, SearchLibrary
from conformance.reference.oracle_mass_more import (
    DamageOpponentsCreatures,
    DestroyPowerGreater,
    ExileSelf,
    GainLifePerCount,
    PumpByGraveyardCreatures,
    TapSelf,
)
from conformance.reference.oracle_targeted import (
    AnotherTarget,
    CantBeBlockedTarget,
    FightSelf,
    IfYourTurn,
    SameNameGroup,
)
from conformance.reference.oracle_targeted_more import (
    CantBlockGroup,
    ThenFollowUp,
    ThenOthers,
    ThenUntapTargets,
    UpToEach,
)
from conformance.reference.prevent_shields import ALL, PreventDamageShield
from conformance.reference.target_kinds import kind_legal

if TYPE_CHECKING:
    from conformance.reference.block_restrictions import BlockRestrictions
    from conformance.reference.chapter_rules import ChapterRules


def _rules(r: Effects) -> ChapterRules:
    return cast("ChapterRules", r)


def _creature_here(r: Effects, ob: Obj | None) -> bool:
    return ob is not None and ob.zone == "battlefield" and "Creature" in r.chars(ob).types


@effect(FightSelf)
def _fight_self(r: Effects, eff: FightSelf, ctx: EffectContext) -> None:
    """The source and the target fight (701.12a) only if the target is still legal and both
    are creatures on the battlefield (701.12b, 608.2b); the powers are read before either deals
    damage (the damage is dealt at once)."""
    if not ctx.targets[0] or not _rules(r).fight_target_legal(ctx.legal[0][0]):
        return
    source, target = r.objects.get(ctx.source), r.objects[ctx.targets[0][0].id]
    if source is None or not (_creature_here(r, source) and _creature_here(r, target)):
        return
    pairs = _rules(r).fight_pairs(source, target)
    dealt = [(src, dst, r.chars(src).power or 0) for src, dst in pairs]
    for src, dst, amount in dealt:
        r._damage(src.id, dst.ref, amount)


def _same_name(r: Effects, target: Obj, eff: SameNameGroup) -> list[Obj]:
    """The target, then every other permanent of the group with its name now (608.2h; a
    face-down permanent has no name, 708.2, and shares none)."""
    name = r.chars(target).name
    out = [target]
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        c = r.chars(ob)
        if ob is target or not name or c.name != name:
            continue
        if eff.group != "any" and eff.group not in c.types:
            continue
        if eff.same_controller and ob.controller != target.controller:
            continue
        out.append(ob)
    return out


@effect(SameNameGroup)
def _same_name_group(r: Effects, eff: SameNameGroup, ctx: EffectContext) -> None:
    """Nothing without a legal target (608.2b); otherwise the target and the others of its name
    are exiled, destroyed or pumped at once (the pump locked in on those objects, 611.2c)."""
    ref = ctx.first()
    if ref is None:
        return
    group = _same_name(r, r.objects[ref.id], eff)
    if eff.action == "pump":
        r.effects.append(ContinuousEffect(next(r._clock), frozenset(ob.ref for ob in group),
                                          eff.power, eff.toughness))
        return
    for ob in group:
        if ob.zone == "battlefield":
            if eff.action == "exile":
                r._move(ob, "exile")
            else:
                r._destroy(ob)


@effect(IfYourTurn)
def _if_your_turn(r: Effects, eff: IfYourTurn, ctx: EffectContext) -> Flow:
    """The effects happen only if the controller is the active player as this resolves
    (608.2c)."""
    if _rules(r).resolution_condition_met(r.active == ctx.controller):
        yield from r._run_effects(eff.effects, ctx.targets, ctx.controller, ctx.source,
                                  ctx.spell, ctx.ability)


@effect(CantBeBlockedTarget)
def _cant_be_blocked(r: Effects, eff: CantBeBlockedTarget, ctx: EffectContext) -> None:
    """The target can't be blocked (can't block) until the cleanup step (509.1a-b)."""
    ref = ctx.first()
    if ref is not None:
        rules = cast("BlockRestrictions", r)
        (rules.cant_block if eff.block else rules.cant_be_blocked).add(ref)


@effect(UpToEach)
def _up_to_each(r: Effects, eff: UpToEach, ctx: EffectContext) -> None:
    """Each target still legal (608.2b) returns to its owner's hand, can't block this turn
    (509.1a), is dealt damage by the source, is exiled or destroyed."""
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if ok:
            if eff.what == "bounce":
                r._move(r.objects[ref.id], "hand")
            elif eff.what == "cant_block":
                cast("BlockRestrictions", r).cant_block.add(ref)
            elif eff.what in ("damage", "damage_cant_block"):
                r._damage(ctx.source, ref, eff.amount)
                if eff.what == "damage_cant_block":
                    cast("BlockRestrictions", r).cant_block.add(ref)
            elif eff.what == "exile":
                r._move(r.objects[ref.id], "exile")
            else:  # destroy
                r._destroy(r.objects[ref.id])


@effect(CantBlockGroup)
def _cant_block_group(r: Effects, eff: CantBlockGroup, ctx: EffectContext) -> None:
    """The creatures of the group as the effect resolves can't block this turn (the set is
    locked in then, 611.2c: a creature entering later can block)."""
    rules = cast("BlockRestrictions", r)
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        if kind_legal(r, eff.kind, ob, r.chars(ob), ctx.controller):
            rules.cant_block.add(ob.ref)


def _run_first(r: Effects, first: object, ctx: EffectContext) -> Flow:
    flow = EFFECTS[type(first)](r, first, ctx)  # type: ignore[index]
    if flow is not None:
        yield from flow


@effect(ThenUntapTargets)
def _then_untap(r: Effects, eff: ThenUntapTargets, ctx: EffectContext) -> Flow:
    """The first effect, then each target still legal untaps (608.2b)."""
    yield from _run_first(r, eff.first, ctx)
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        ob = r.objects[ref.id]
        if ok and ob.zone == "battlefield" and ob.zcc == ref.zcc:
            ob.tapped = False


_STATS = {"toughness": "toughness", "power": "power", "mana value": "mana_value"}


@effect(ThenFollowUp)
def _then_follow_up(r: Effects, eff: ThenFollowUp, ctx: EffectContext) -> Flow:
    """The first effect, then its follow-up about the same target; none when the target is
    illegal (608.2b). The target's controller and characteristics are read before the first
    effect: as the target last existed on the battlefield (608.2h)."""
    ref = ctx.first()
    target = r.objects[ref.id] if ref is not None else None
    controller = target.controller if target is not None else None
    value = 0
    if target is not None and eff.stat:
        value = max(0, getattr(r.chars(target), _STATS[eff.stat]) or 0)  # 107.1b
    was = r.chars(target) if target is not None else None
    yield from _run_first(r, eff.first, ctx)
    if target is None or controller is None or was is None:
        return
    if eff.follow in ("poison", "mill", "damage_controller", "destroy_if"):
        _follow_more(r, eff, ctx, target, controller, value, was)
    elif eff.follow == "lose_life":
        r.players[ctx.controller].life -= value
        if value:
            r._emit("life_change", player=ctx.controller, amount=-value)
    elif eff.follow == "destroy_equipment":
        for oid in list(r.battlefield):
            ob = r.objects[oid]
            if ob.attached_to == target.ref and "Equipment" in r.chars(ob).subtypes:
                r._destroy(ob)
    elif (yield from ask_may(r, ctx, controller)):  # search_basic: the target's controller
        search = SearchLibrary(1, CardFilter(types=("Land",), basic=True), "battlefield",
                               tapped=eff.tapped)
        yield from _run_first(r, search, replace(ctx, controller=controller))


@effect(DamageOpponentsCreatures)
def _damage_opponents_creatures(r: Effects, eff: DamageOpponentsCreatures,
                                ctx: EffectContext) -> None:
    """The source deals the damage to each creature an opponent controls as it resolves."""
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        if kind_legal(r, eff.kind, ob, r.chars(ob), ctx.controller):
            r._damage(ctx.source, ob.ref, eff.amount)


@effect(ExileSelf)
def _exile_self(r: Effects, eff: ExileSelf, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    if src is not None and src.zone == "battlefield":
        r._move(src, "exile")


@effect(DestroyPowerGreater)
def _destroy_power_greater(r: Effects, eff: DestroyPowerGreater, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    power = r.chars(r.objects[ref.id]).power or 0
    doomed = [r.objects[oid] for oid in r.battlefield
              if "Creature" in (c := r.chars(r.objects[oid])).types and (c.power or 0) > power]
    for ob in doomed:  # all at once (701.7)
        if ob.zone == "battlefield":
            r._destroy(ob)


@effect(GainLifePerCount)
def _gain_per_count(r: Effects, eff: GainLifePerCount, ctx: EffectContext) -> None:
    n = eff.n * sum(kind_legal(r, eff.kind, r.objects[oid], r.chars(r.objects[oid]),
                               ctx.controller) for oid in r.battlefield)
    if n:
        r.players[ctx.controller].life += n
        r._emit("life_change", player=ctx.controller, amount=n)


@effect(TapSelf)
def _tap_self(r: Effects, eff: TapSelf, ctx: EffectContext) -> None:
    src = r.objects.get(ctx.source)
    if src is not None and src.zone == "battlefield":
        src.tapped = True


@effect(PumpByGraveyardCreatures)
def _pump_by_graveyard(r: Effects, eff: PumpByGraveyardCreatures, ctx: EffectContext) -> None:
    """X is counted once, as the effect resolves (608.2h): the bonus doesn't change later."""
    ref = ctx.first()
    if ref is None:
        return
    x = sum("Creature" in r.chars(r.objects[cid]).types
            for cid in r.zones[(ctx.controller, "graveyard")])
    r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), eff.power * x,
                                      eff.toughness * x))


@effect(AnotherTarget)
def _another_target(r: Effects, eff: AnotherTarget, ctx: EffectContext) -> Flow:
    """The effects as their sentence says, on the target (checked against this slot, 608.2b)."""
    for sub in eff.effects:
        yield from _run_first(r, sub, ctx if sub.slots else replace(ctx, targets=[], legal=[]))


def count_now(r: Effects, count: Count, controller: str) -> int:
    """The number ``count`` names, as the effect resolves (608.2h)."""
    if count.where == "hand":
        return len(r.zones[(controller, "hand")])
    if count.where == "graveyard":
        wanted = set(count.kind.split("|")) if count.kind else set()
        return sum(not wanted or bool(wanted & (set(c.types) | set(c.subtypes)))
                   for c in (r.chars(r.objects[cid])
                             for cid in r.zones[(controller, "graveyard")]))
    return sum(kind_legal(r, count.kind, r.objects[oid], r.chars(r.objects[oid]), controller)
               for oid in r.battlefield)


@effect(CountedDamage)
def _counted_damage(r: Effects, eff: CountedDamage, ctx: EffectContext) -> None:
    """The source deals damage equal to the count now to the target still legal (608.2b); with
    ``gain``, its controller gains X life, or life equal to the damage dealt (none if it was
    prevented)."""
    ref = ctx.first()
    if ref is None:
        return
    n = count_now(r, eff.count, ctx.controller)
    before = len(r.events)
    r._damage(ctx.source, ref, n)
    dealt = sum(e.get("amount", 0) for e in r.events[before:] if e["type"] == "damage")
    gained = n if eff.gain == "x" else dealt if eff.gain == "dealt" else 0
    if gained > 0:
        r.players[ctx.controller].life += gained
        r._emit("life_change", player=ctx.controller, amount=gained)


@effect(PreventDamageShield)
def _prevent_shield(r: Effects, eff: PreventDamageShield, ctx: EffectContext) -> None:
    """A shield on the target still legal (608.2b), the source on the battlefield, or the
    controller, for the rest of the turn (615), among ``damage_shields``."""
    if eff.kind == "you":
        ref: Ref | None = Ref(ctx.controller)
    elif eff.kind == "self":
        src = r.objects.get(ctx.source)
        ref = src.ref if src is not None and src.zone == "battlefield" else None
    else:
        ref = ctx.first()
    if ref is not None:
        r.damage_shields.append([r.turn, ref, ALL if eff.n is None else eff.n])



def _follow_more(r: Effects, eff: ThenFollowUp, ctx: EffectContext, target: Obj,
                 controller: str, value: int, was: Chars) -> None:
    """The follow-ups about the target's controller (as the target last was, 608.2h)."""
    if eff.follow == "poison":  # 122.1f: poison counters on the player
        r.players[controller].poison += eff.n
    elif eff.follow == "mill":  # 701.13a: the top cards into the graveyard
        library = r.zones[(controller, "library")]
        for cid in list(library[:value if eff.stat else eff.n]):
            r._move(r.objects[cid], "graveyard")
    elif eff.follow == "destroy_if":
        if target.zone == "battlefield" and eff.condition in r.chars(target).types:
            r._destroy(target)
    else:  # damage_controller
        met = ("Basic" not in was.supertypes if eff.condition == "nonbasic"
               else "infect" in was.keywords if eff.condition == "infect"
               else _rules(r).controls_kind(ctx.controller, eff.condition))
        if _rules(r).resolution_condition_met(met):
            r._damage(ctx.source, Ref(controller), eff.n)


@effect(CountedPump)
def _counted_pump(r: Effects, eff: CountedPump, ctx: EffectContext) -> None:
    """The target still legal (or the source on the battlefield) gets ±X/±X until end of turn,
    X counted now (608.2h: it doesn't change later)."""
    if eff.kind:
        ref = ctx.first()
    else:
        src = r.objects.get(ctx.source)
        ref = src.ref if src is not None and src.zone == "battlefield" else None
    if ref is None:
        return
    x = count_now(r, eff.count, ctx.controller)
    r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), eff.power * x,
                                      eff.toughness * x))


@effect(ThenOthers)
def _then_others(r: Effects, eff: ThenOthers, ctx: EffectContext) -> Flow:
    """The first effect, then the other creatures of that player get the bonus (nothing when
    the target is illegal, 608.2b: the spell has no other target)."""
    ref = ctx.first()
    target = r.objects[ref.id] if ref is not None else None
    if target is None:
        return
    player = ctx.controller if eff.yours else target.controller
    yield from _run_first(r, eff.first, ctx)
    others = frozenset(r.objects[oid].ref for oid in r.battlefield
                       if r.objects[oid].controller == player and oid != target.id
                       and "Creature" in r.chars(r.objects[oid]).types)
    r.effects.append(ContinuousEffect(next(r._clock), others, eff.power, eff.toughness))
