"""The handlers of the effects first needed by the Adventures of adventurer cards (rule 716; any
card with the same words gets them too): their blocks and templates are in
:mod:`conformance.reference.oracle_adventures`."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Obj, other
from conformance.reference.oracle_adventures import CountedDrain, DestroyAllNonSubtype
from conformance.reference.targeted_effects import count_now


@effect(DestroyAllNonSubtype)
def _destroy_all_non_subtype(r: Effects, eff: DestroyAllNonSubtype, ctx: EffectContext) -> None:
    doomed: list[Obj] = []
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        c = r.chars(ob)
        if "Creature" in c.types and eff.subtype not in c.subtypes:
            doomed.append(ob)
    for ob in doomed:  # the set is fixed before any is destroyed (701.7)
        if ob.zone == "battlefield":
            r._destroy(ob)


@effect(CountedDrain)
def _counted_drain(r: Effects, eff: CountedDrain, ctx: EffectContext) -> None:
    x = count_now(r, eff.count, ctx.controller)
    r.players[ctx.controller].life += x
    r._emit("life_change", player=ctx.controller, amount=x)
    for p in (r.active, other(r.active)):
        if p != ctx.controller:
            r.players[p].life -= x
            r._emit("life_change", player=p, amount=-x)
