"""The rules of the effects of :mod:`conformance.reference.common_abilities` (registered in
:data:`conformance.reference.effects.EFFECTS` when that module is imported)."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference.common_abilities import (
    CastFromGraveyardInstead,
    Flicker,
    LoseKeywordsTarget,
    TokensForEachCard,
)
from conformance.reference.effect_blocks import CreateToken, SpellText
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.objects import ContinuousEffect, Flow


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
    if obj.token is None and obj.zone == "exile":
        r._move(obj, "battlefield", controller=obj.owner if eff.under_owner else ctx.controller)


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
