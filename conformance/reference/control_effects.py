"""The rules of the effects of :mod:`conformance.reference.control_abilities` (registered in
:data:`conformance.reference.effects.EFFECTS` when that module is imported); the continuous
effects they start live in :class:`conformance.reference.control_rules.ControlRules`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from conformance.reference import control_abilities as ca
from conformance.reference.animation_text import AnimateSelf, AnimateTarget
from conformance.reference.chapter_effects import may_choice
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.lands_animated import AnimateLands
from conformance.reference.objects import Flow

if TYPE_CHECKING:
    from conformance.reference.chapter_rules import ChapterRules


def _rules(r: Effects) -> ChapterRules:
    return cast("ChapterRules", r)


@effect(ca.GainControl)
def _gain_control(r: Effects, eff: ca.GainControl, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    src = r.objects.get(ctx.source)
    source = src.ref if src is not None and src.zone == "battlefield" else None
    if eff.while_source and source is None:
        return  # the duration ended before the effect began: it does nothing (611.2b)
    _rules(r).gain_control(ref, ctx.controller, "source" if eff.while_source else "game",
                           source)  # the source is kept for every duration (the hook reads it)
    if eff.untap:
        r.objects[ref.id].tapped = False


@effect(ca.ExchangeControl)
def _exchange_control(r: Effects, eff: ca.ExchangeControl, ctx: EffectContext) -> Flow:
    """All or nothing (701.10a): both targets must still be legal; permanents with the same
    controller exchange nothing (701.10b)."""
    refs = ctx.targets[0]
    if len(refs) != 2:
        return
    if eff.may and not (yield from may_choice(r, ctx)):
        return
    if not all(ctx.legal[0]) and not _rules(r).partial_exchange_allowed():
        return
    pairs = [(ref, ok, r.objects[ref.id]) for ref, ok in zip(refs, ctx.legal[0], strict=True)]
    (a, a_ok, first), (b, b_ok, second) = pairs
    if first.controller == second.controller:
        return
    if eff.share_type and not set(r.chars(first).types) & set(r.chars(second).types):
        return  # they no longer share a card type: no exchange (701.10a)
    new_a, new_b = second.controller, first.controller
    if a_ok:
        _rules(r).gain_control(a, new_a)
    if b_ok:
        _rules(r).gain_control(b, new_b)


@effect(ca.TapAllNoUntapNext)
def _tap_all_no_untap(r: Effects, eff: ca.TapAllNoUntapNext, ctx: EffectContext) -> None:
    opponent = ctx.first()
    if opponent is None:
        return
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        if ob.controller == opponent.id and "Land" not in r.chars(ob).types:
            ob.tapped = True
            _rules(r).no_untap.append(ca.NoUntap(ob.ref, True, ctx.controller))


@effect(ca.TapNoUntapWhileYouControl)
def _tap_no_untap(r: Effects, eff: ca.TapNoUntapWhileYouControl, ctx: EffectContext) -> None:
    ref = ctx.first()
    src = r.objects.get(ctx.source)
    if ref is None:
        return
    r.objects[ref.id].tapped = True
    if src is not None and src.zone == "battlefield" and src.controller == ctx.controller:
        _rules(r).no_untap.append(ca.NoUntap(ref, False, ctx.controller, src.ref))


@effect(ca.TappedCreaturesDamageThemselves)
def _tapped_damage_themselves(r: Effects, eff: ca.TappedCreaturesDamageThemselves,
                              ctx: EffectContext) -> None:
    dealt = [(ob, r.chars(ob).power or 0) for ob in (r.objects[oid] for oid in r.battlefield)
             if ob.tapped and "Creature" in r.chars(ob).types]
    for ob, power in dealt:  # all at once: the powers are read first
        r._damage(ob.id, ob.ref, power)


@effect(ca.CountersAndBecomesType)
def _counters_and_type(r: Effects, eff: ca.CountersAndBecomesType, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is None:
        return
    r._add_counters(r.objects[ref.id], eff.counter, eff.n)
    _rules(r).type_effects.append(ca.TypeEffect(next(r._clock), ref, eff.add))


@effect(ca.AnimateYourArtifacts)
def _animate_artifacts(r: Effects, eff: ca.AnimateYourArtifacts, ctx: EffectContext) -> None:
    mine = frozenset(r.objects[oid].ref for oid in r.battlefield
                     if r.objects[oid].controller == ctx.controller
                     and "Artifact" in r.chars(r.objects[oid]).types)  # locked in (611.2c)
    _rules(r).animations.append(ca.Animation(next(r._clock), mine, ("Artifact", "Creature"),
                                             (eff.power, eff.toughness)))


@effect(AnimateSelf)
def _animate_self(r: Effects, eff: AnimateSelf, ctx: EffectContext) -> None:
    """The source of the ability becomes a creature (layers 4, 5, 6, 7b), if it is still on the
    battlefield; its controller's summoning sickness is not touched (302.6: what matters is
    how long it has been controlled, not how long it has been a creature)."""
    src = r.objects.get(ctx.source)
    if src is None or src.zone != "battlefield":
        return
    _rules(r).animations.append(ca.Animation(
        next(r._clock), frozenset({src.ref}), eff.types, (eff.power, eff.toughness),
        eff.until_end_of_turn, eff.subtypes, eff.colors, eff.keywords))
    if eff.unblockable:  # "and can't be blocked this turn" (509.1b)
        from conformance.reference.block_restrictions import BlockRestrictions

        assert isinstance(r, BlockRestrictions)
        r.cant_be_blocked.add(src.ref)


@effect(AnimateTarget)
def _animate_target(r: Effects, eff: AnimateTarget, ctx: EffectContext) -> None:
    """The target land becomes a creature (as :func:`_animate_self`), if still legal."""
    ref = ctx.first()
    if ref is None:
        return
    a = eff.animation
    _rules(r).animations.append(ca.Animation(
        next(r._clock), frozenset({ref}), a.types, (a.power, a.toughness), a.until_end_of_turn,
        a.subtypes, a.colors, a.keywords))


@effect(AnimateLands)
def _animate_lands(r: Effects, eff: AnimateLands, ctx: EffectContext) -> None:
    """The lands of the group now (611.2c) become creatures until end of turn."""
    g = eff.group
    lands = frozenset(
        ob.ref for ob in (r.objects[oid] for oid in r.battlefield)
        if "Land" in (c := r.chars(ob)).types and (not g.subtype or g.subtype in c.subtypes)
        and (not g.yours or ob.controller == ctx.controller))
    _rules(r).animations.append(ca.Animation(next(r._clock), lands, ("Creature",),
                                             (g.power, g.toughness), True, g.subtypes,
                                             g.colors))
