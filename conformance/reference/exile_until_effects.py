"""The rule of :class:`~conformance.reference.exile_until_text.ExileUntilLeaves` (registered
when this module is imported): the target is exiled if the source is still on the battlefield
(610.3c), linked to it for the return (:mod:`conformance.reference.exile_until`)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.exile_until_text import ExileUntilLeaves


@effect(ExileUntilLeaves)
def _exile_until(r: Effects, eff: ExileUntilLeaves, ctx: EffectContext) -> None:
    from conformance.reference.exile_until import ExileUntil

    assert isinstance(r, ExileUntil)
    src = r.objects.get(ctx.source)
    ref = ctx.first()
    if ref is None or src is None or src.zone != "battlefield":
        return  # 610.3c: the source has left already: nothing is exiled
    r.exile_until_leaves(src, r.objects[ref.id])
