"""The rules of :class:`conformance.reference.oracle_same_name.WithSameName` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.oracle_same_name import WithSameName


@effect(WithSameName)
def _with_same_name(r: Effects, eff: WithSameName, ctx: EffectContext) -> None:
    """The target and every other permanent of the group with the same name (a face-down
    permanent has no name, 708.2: it shares none) are exiled, destroyed or returned at once."""
    ref = ctx.first()
    if ref is None:  # an illegal target: nothing happens (608.2b)
        return
    target = r.objects[ref.id]
    name = r.chars(target).name
    group = [target]
    for oid in list(r.battlefield):
        ob = r.objects[oid]
        chars = r.chars(ob)
        if ob is target or not name or chars.name != name:
            continue
        if eff.group is None or eff.group in chars.types:
            group.append(ob)
    for ob in group:
        if eff.verb == "destroy":
            r._destroy(ob)
        else:
            r._move(ob, "exile" if eff.verb == "exile" else "hand")
