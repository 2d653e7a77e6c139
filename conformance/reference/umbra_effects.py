"""The rules of :class:`conformance.reference.umbra_text.UntapEnchanted` and
:class:`~conformance.reference.umbra_text.UntapAllLandsYouControl` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.umbra_text import UntapAllLandsYouControl, UntapEnchanted


@effect(UntapEnchanted)
def _untap_enchanted(r: Effects, eff: UntapEnchanted, ctx: EffectContext) -> None:
    """The creature the source Aura is attached to (the same object, 400.7) untaps."""
    src = r.objects.get(ctx.source)
    ref = src.attached_to if src is not None and src.zone == "battlefield" else None
    host = r.objects.get(ref.id) if ref is not None else None
    if host is not None and ref is not None and host.zcc == ref.zcc \
            and host.zone == "battlefield":
        host.tapped = False


@effect(UntapAllLandsYouControl)
def _untap_lands(r: Effects, eff: UntapAllLandsYouControl, ctx: EffectContext) -> None:
    """Every land the ability's controller controls untaps."""
    for oid in r.battlefield:
        ob = r.objects[oid]
        if ob.controller == ctx.controller and "Land" in r.chars(ob).types:
            ob.tapped = False
