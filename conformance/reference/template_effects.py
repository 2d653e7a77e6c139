"""The rules of the effects of :mod:`conformance.reference.template_abilities` (registered in
:data:`conformance.reference.effects.EFFECTS` when that module is imported)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Choice, Flow, other, refuse
from conformance.reference.template_abilities import (
    CountersOnEach,
    IngestExile,
    ProcessExiled,
    Scry,
)


@effect(Scry)
def _scry(r: Effects, eff: Scry, ctx: EffectContext) -> Flow:
    """A ``cards`` choice: ``cards`` are put on the bottom in the order listed (the first
    listed is the topmost of them), ``order`` the rest back on top (top first)."""
    lib = r.zones[(ctx.controller, "library")]
    looked = lib[:eff.n]
    if not looked:
        return
    answer = yield Choice("cards", {"player": ctx.controller, "purpose": "scry",
                                    "from": "library", "cards": list(looked)})
    bottom = answer.get("cards")
    if (not isinstance(bottom, list) or len(set(bottom)) != len(bottom)
            or any(c not in looked for c in bottom)):
        raise refuse("illegal_action", f"scry: choose the cards put on the bottom among {looked}")
    rest = [c for c in looked if c not in bottom]
    order = answer.get("order", rest if len(rest) < 2 else None)
    if not isinstance(order, list) or sorted(order) != sorted(rest):
        raise refuse("illegal_action", f"scry: give the order of {rest} (top first)")
    del lib[:len(looked)]
    lib[:0] = order
    lib.extend(bottom)


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
