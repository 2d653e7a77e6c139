"""The rules of :class:`conformance.reference.oracle_copies.CopySpellVariant` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference.cards import Face
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Flow, snapshot_spell
from conformance.reference.oracle_copies import CopySpellVariant

_RECOLORED: dict[tuple[int, str], tuple[Face, Face]] = {}
"""Recolored faces by (face identity, color), kept alive: characteristics are cached by face
identity, so one object per face and color."""


def recolored(face: Face, color: str) -> Face:
    """``face`` whose only color is ``color`` (an exception of a copy effect, 707.9b)."""
    key = (id(face), color)
    got = _RECOLORED.get(key)
    if got is None or got[0] is not face:
        new = replace(face)
        new.__dict__["colors"] = (color,)  # overrides the cached property read from the cost
        got = _RECOLORED[key] = (face, new)
    return got[1]


class CopyVariantRules:
    """The rule of copy exceptions the reference engine's rules ask (mixed into
    :class:`~conformance.reference.rules.Rules`)."""

    def copy_exception(self, face: Face, color: str) -> Face:
        """Hook: a copy made "except that the copy is <color>" has that color; the exception
        is part of the copy's copiable values (707.9b)."""
        return recolored(face, color)


@effect(CopySpellVariant)
def _copy_variant(r: Effects, eff: CopySpellVariant, ctx: EffectContext) -> Flow | None:
    ref = ctx.first()
    if ref is None:
        return None
    info = snapshot_spell(r.objects[ref.id])
    if eff.color is not None:
        assert isinstance(r, CopyVariantRules)
        info = replace(info, face=r.copy_exception(info.face, eff.color))
    state = ctx.spell.spell if ctx.spell is not None else None
    times = 2 if eff.twice_from_graveyard and state is not None and \
        state.cast_from == "graveyard" else 1

    def flow() -> Flow:
        for _ in range(times):
            yield from r._copy_spell(info, ctx.controller, ctx.source, True)

    return flow()
