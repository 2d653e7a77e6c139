"""The rules of :class:`conformance.reference.oracle_copies.CopySpellVariant` (registered in
:data:`conformance.reference.effects.EFFECTS` when this module is imported)."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference.cards import Face
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Choice, Flow, Obj, refuse, snapshot_spell
from conformance.reference.oracle_copies import ChooseNewTargets, CopySpellVariant

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


@effect(ChooseNewTargets)
def _choose_new_targets(r: Effects, eff: ChooseNewTargets, ctx: EffectContext) -> Flow | None:
    ref = ctx.first()
    spell = r.objects[ref.id] if ref is not None else None
    if spell is None or spell.spell is None or not any(spell.spell.targets):
        return None  # a spell without targets: nothing to choose
    return _new_targets(r, spell)


def _new_targets(r: Effects, spell: Obj) -> Flow:
    """A ``new_targets`` choice (``source``: the spell) for ``spell``'s targets: ``null`` keeps
    them; changed ones must be legal for the spell's controller, unchanged ones may stay even
    illegal, their number does not change (115.7d)."""
    state = spell.spell
    assert state is not None
    targets = state.targets
    flat = [t for refs in targets for t in refs]
    answer = yield Choice("new_targets", {"spell": spell.id, "of": spell.id,
                                          "targets": [t.id for t in flat]})
    if "source" in answer and answer["source"] != spell.id:
        raise refuse("unused_answer", f"new_targets: the engine waits for new targets of "
                                      f"{spell.id}, not of {answer['source']}")
    new = answer.get("targets")
    if new is None:
        return
    if not isinstance(new, list) or len(new) != len(flat):
        raise refuse("illegal_action", f"new targets: give {len(flat)} targets (the number "
                                       "can't change)")
    refs = [t if t.id == tid else r._ref_of(tid) for t, tid in zip(flat, new, strict=True)]
    grouped, pos = [], 0
    for group in targets:
        grouped.append(refs[pos:pos + len(group)])
        pos += len(group)
    slots = tuple(s for e in r._spell_text(state.face, state.modes, state.alternative)
                  for s in e.slots)
    r._check_targets(slots, grouped, spell.controller, spell.id, targets)
    state.targets = grouped
