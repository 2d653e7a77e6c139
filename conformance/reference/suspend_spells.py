"""The rules of the effects of suspend's spells read by :mod:`conformance.reference.suspend_text`
that are not about suspend itself: Living End's "Each player exiles all creature cards from their
graveyard, then sacrifices all creatures they control, then puts all cards they exiled this way
onto the battlefield." (each step for every player, in APNAP order, before the next step; the
cards come back under their owners' control, 110.2)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Obj, other
from conformance.reference.suspend_text import CreatureCardsReturnForCreatures


@effect(CreatureCardsReturnForCreatures)
def _creature_cards_return(r: Effects, eff: CreatureCardsReturnForCreatures,
                           ctx: EffectContext) -> None:
    from conformance.reference.casting import Casting

    assert isinstance(r, Casting)
    players = (r.active, other(r.active))
    exiled: list[tuple[Obj, int]] = []
    for p in players:
        for cid in list(r.zones[(p, "graveyard")]):
            ob = r.objects[cid]
            if "Creature" in r.chars(ob).types:
                r._move(ob, "exile")
                exiled.append((ob, ob.zcc))
    for p in players:
        for oid in list(r.battlefield):
            ob = r.objects[oid]
            if ob.controller == p and "Creature" in r.chars(ob).types:
                r._sacrifice(ob)  # 701.17a
    for ob, zcc in exiled:
        if ob.zone == "exile" and ob.zcc == zcc:  # "the cards they exiled this way"
            r._move(ob, "battlefield")
