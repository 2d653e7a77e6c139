"""The rules of the effects of :mod:`conformance.reference.abilities_halves` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from conformance.reference import abilities_halves as h
from conformance.reference import effects_halves_more  # noqa: F401  (its handlers register)
from conformance.reference.chapter_effects import _choose_cards, may_choice
from conformance.reference.control_abilities import Animation, NoUntap
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Choice, ContinuousEffect, Flow, Ref, other, refuse

if TYPE_CHECKING:
    from conformance.reference.chapter_rules import ChapterRules


def _apnap(r: Effects, who: str, controller: str) -> list[str]:
    players = [r.active, other(r.active)]
    return players if who == "each" else [p for p in players if p != controller]


@effect(h.DamageEachExcept)
def _damage_each_except(r: Effects, eff: h.DamageEachExcept, ctx: EffectContext) -> None:
    """Each such creature and planeswalker is dealt the damage at once (120.3)."""
    for oid in list(r.battlefield):
        c = r.chars(r.objects[oid])
        creature = "Creature" in c.types and eff.excluded not in c.subtypes
        if creature or (eff.planeswalkers and "Planeswalker" in c.types):
            r._damage(ctx.source, r.objects[oid].ref, eff.amount)


def assigned(kinds: Sequence[frozenset[str]], types: Sequence[str]) -> int:
    """The most of ``kinds`` (each permanent's card types) that can each stand for a different
    one of ``types`` (a bipartite matching, by augmenting paths)."""
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for t in types:
            if t in kinds[i] and t not in seen:
                seen.add(t)
                if t not in owner or place(owner[t], seen):
                    owner[t] = i
                    return True
        return False

    return sum(place(i, set()) for i in range(len(kinds)))


@effect(h.SacrificeOneOfEach)
def _sacrifice_one_of_each(r: Effects, eff: h.SacrificeOneOfEach, ctx: EffectContext) -> Flow:
    """Each player in APNAP order chooses as many permanents as can stand for different listed
    types (a ``cards`` choice of that many, unless every candidate must go); then all the chosen
    permanents are sacrificed at once (the Release rulings, 101.4, 701.17a)."""
    chosen: list[str] = []
    for p in _apnap(r, eff.who, ctx.controller):
        kinds = {oid: frozenset(r.chars(r.objects[oid]).types) & set(eff.types)
                 for oid in r.battlefield if r.objects[oid].controller == p}
        among = [oid for oid, k in kinds.items() if k]
        n = assigned([kinds[oid] for oid in among], eff.types)
        if len(among) <= n:
            chosen += among
            continue
        answer = yield Choice("cards", {"player": p, "purpose": "sacrifice",
                                        "from": "battlefield", "cards": among, "n": n})
        picked = answer.get("cards")
        if (not isinstance(picked, list) or len(picked) != n or len(set(picked)) != n
                or any(c not in among for c in picked)
                or assigned([kinds[c] for c in picked], eff.types) != n):
            raise refuse("illegal_action", f"sacrifice: {p} chooses one permanent for each of "
                                           f"{list(eff.types)} among {among}")
        chosen += picked
    for oid in chosen:
        ob = r.objects[oid]
        r._emit("sacrificed", object=ob.id, card=ob.card_name)
        r._move(ob, "graveyard")


@effect(h.PutIntoLibrary)
def _put_into_library(r: Effects, eff: h.PutIntoLibrary, ctx: EffectContext) -> None:
    """A spell leaves the stack (not countered; a copy ceases to exist, an aftermath half cast
    from a graveyard is exiled); the card goes ``depth``-th from the top (as the only card of
    an empty library)."""
    ref = ctx.first()
    if ref is None:
        return
    ob = r.objects[ref.id]
    if ob.zone == "stack":
        r._leave_stack(ob, "library")
    else:
        r._move(ob, "library")
    if ob.zone != "library":
        return
    lib = r.zones[(ob.owner, "library")]
    lib.remove(ob.id)
    lib.insert(min(eff.depth - 1, len(lib)), ob.id)


@effect(h.OpponentsChooseYouControl)
def _opponents_choose(r: Effects, eff: h.OpponentsChooseYouControl, ctx: EffectContext
                      ) -> Flow:
    """Each opponent in APNAP order chooses one they control (no target: hexproof doesn't
    matter); then you gain control of all the chosen ones, indefinitely (611.2a)."""
    chosen: list[Ref] = []
    for p in _apnap(r, "opponents", ctx.controller):
        mine = [oid for oid in r.battlefield if r.objects[oid].controller == p
                and eff.types in r.chars(r.objects[oid]).types]
        chosen += [r.objects[oid].ref for oid in (yield from _choose_cards(
            p, "control", "battlefield", mine, 1))]
    for ref in chosen:
        cast("ChapterRules", r).gain_control(ref, ctx.controller, "game")


@effect(h.LookTopMayPut)
def _look_top_may_put(r: Effects, eff: h.LookTopMayPut, ctx: EffectContext) -> Flow:
    """The top card onto the battlefield if it is of the type and its controller chooses so;
    otherwise into their hand (the Believe rulings)."""
    lib = r.zones[(ctx.controller, "library")]
    if not lib:
        return
    top = r.objects[lib[0]]
    if eff.types in r.chars(top).types and (yield from may_choice(r, ctx)):
        r._move(top, "battlefield")
    else:
        r._move(top, "hand")


@effect(h.PutFromGraveyardUnderYou)
def _put_from_graveyard(r: Effects, eff: h.PutFromGraveyardUnderYou, ctx: EffectContext
                        ) -> Flow:
    """No target: the card is chosen as it resolves, among the cards of that type in every
    graveyard (or yours) then (the Entering ruling); it gains the keywords until end of turn."""
    players = [ctx.controller] if eff.yours else [r.active, other(r.active)]
    among = [cid for p in players for cid in r.zones[(p, "graveyard")]
             if eff.types in r.chars(r.objects[cid]).types]
    if not among:
        return
    picked = yield from _choose_cards(ctx.controller, "return", "graveyard", among, 1)
    ob = r.objects[picked[0]]
    r._move(ob, "battlefield", controller=ctx.controller)
    if eff.keywords and ob.zone == "battlefield":
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ob.ref}),
                                          add=eff.keywords))


@effect(h.GroupGains)
def _group_gains(r: Effects, eff: h.GroupGains, ctx: EffectContext) -> None:
    affected = frozenset(r.objects[oid].ref for oid in r.battlefield
                         if r.objects[oid].controller == ctx.controller
                         and "Creature" in (c := r.chars(r.objects[oid])).types
                         and (not eff.subtype or eff.subtype in c.subtypes))  # locked (611.2c)
    r.effects.append(ContinuousEffect(next(r._clock), affected, add=eff.keywords,
                                      triggered=eff.triggered, activated=eff.activated))


@effect(h.SacrificeAnotherOrDamage)
def _sacrifice_another_or_damage(r: Effects, eff: h.SacrificeAnotherOrDamage,
                                 ctx: EffectContext) -> Flow:
    others = [oid for oid in r.battlefield if oid != ctx.source
              and r.objects[oid].controller == ctx.controller
              and "Creature" in r.chars(r.objects[oid]).types]
    if not others:  # "If you can't": the source deals the damage (even from another zone)
        r._damage(ctx.source, Ref(ctx.controller), eff.damage)
        return
    picked = yield from _choose_cards(ctx.controller, "sacrifice", "battlefield", others, 1)
    ob = r.objects[picked[0]]
    r._emit("sacrificed", object=ob.id, card=ob.card_name)
    r._move(ob, "graveyard")


@effect(h.DiscardAnyDraw)
def _discard_any_draw(r: Effects, eff: h.DiscardAnyDraw, ctx: EffectContext) -> Flow:
    hand = list(r.zones[(ctx.controller, "hand")])
    if not hand:
        return
    answer = yield Choice("cards", {"player": ctx.controller, "purpose": "discard",
                                    "from": "hand", "cards": hand})
    chosen = answer.get("cards")
    if (not isinstance(chosen, list) or len(set(chosen)) != len(chosen) or "order" in answer
            or any(c not in hand for c in chosen)):
        raise refuse("illegal_action", f"discard: choose any number of {hand}")
    for cid in chosen:
        r._discard(r.objects[cid])
    r._draw(ctx.controller, len(chosen))


@effect(h.NoUntapNext)
def _no_untap_next(r: Effects, eff: h.NoUntapNext, ctx: EffectContext) -> None:
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if ok:
            cast("ChapterRules", r).no_untap.append(NoUntap(ref, True, ctx.controller))


@effect(h.LosesAllBecomes)
def _loses_all_becomes(r: Effects, eff: h.LosesAllBecomes, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    ob = r.objects[ref.id]
    others = tuple(s for s in r.chars(ob).subtypes if s != eff.subtype)  # its other types now
    stamp = next(r._clock)
    r.effects.append(ContinuousEffect(stamp, frozenset({ref}), lose_all=True,
                                      subtypes_remove=others, subtypes_add=(eff.subtype,)))
    cast("ChapterRules", r).animations.append(Animation(
        stamp, frozenset({ref}), ("Creature",), (eff.power, eff.toughness), True, (),
        (eff.color,)))


@effect(h.PumpByCount)
def _pump_by_count(r: Effects, eff: h.PumpByCount, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    x = sum(1 for oid in r.battlefield if r.objects[oid].controller == ctx.controller
            and eff.counted in r.chars(r.objects[oid]).types)  # counted as it resolves
    r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}), x, x, add=eff.keywords))


@effect(h.CountersOnTargets)
def _counters_on_targets(r: Effects, eff: h.CountersOnTargets, ctx: EffectContext) -> None:
    for ref, ok in zip(ctx.targets[0], ctx.legal[0], strict=True):
        if not ok:
            continue
        if eff.counter:
            r._add_counters(r.objects[ref.id], eff.counter, 1)
        else:
            r._move(r.objects[ref.id], "exile")


@effect(h.RedirectToChosen)
def _redirect_to_chosen(r: Effects, eff: h.RedirectToChosen, ctx: EffectContext) -> Flow:
    mine = [oid for oid in r.battlefield if r.objects[oid].controller == ctx.controller
            and "Creature" in r.chars(r.objects[oid]).types]
    if not mine:
        return
    picked = yield from _choose_cards(ctx.controller, "redirect", "battlefield", mine, 1)
    r.redirects.append((ctx.controller, r.turn, r.objects[picked[0]].ref))


@effect(h.ReturnWithCounter)
def _return_with_counter(r: Effects, eff: h.ReturnWithCounter, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    ob = r.objects[ref.id]
    r._move(ob, "battlefield")
    if ob.zone != "battlefield":
        return
    r._add_counters(ob, eff.counter, 1)  # put on it as it enters (614.1c)
    if eff.subtypes:
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ob.ref}),
                                          subtypes_add=eff.subtypes, until_end_of_turn=False))
