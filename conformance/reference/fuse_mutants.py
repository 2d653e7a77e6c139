"""Mutants breaking one rule of fuse (702.102, :mod:`conformance.reference.fuse`) or of the
effects of split and aftermath halves (fights, 701.12: :mod:`conformance.reference.effects_split`)
or of copy exceptions (707.9b: :mod:`conformance.reference.effects_copies`) each; the cases
of ``conformance/cases/*`` with those cards kill them."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference.cards import CardDef, Face
from conformance.reference.engine import ReferenceEngine


class FusedSpellOneHalf(ReferenceEngine):
    """A fused split spell is treated as its left half alone: that half's cost,
    characteristics and instructions."""

    MUTANT = "fused_spell_one_half"
    RULE = "702.102b"

    def fused_spell_face(self, card: CardDef) -> Face:
        return card.faces[0]


class FusedCostOneHalf(ReferenceEngine):
    """The total cost of a fused split spell is only its left half's mana cost."""

    MUTANT = "fused_cost_one_half"
    RULE = "702.102c"

    def fused_spell_face(self, card: CardDef) -> Face:
        got = _ONE_COST.get(id(card))  # one face per card (characteristics are cached by it)
        if got is None or got[0] is not card:
            face = replace(super().fused_spell_face(card), mana_cost=card.faces[0].mana_cost)
            got = _ONE_COST[id(card)] = (card, face)
        return got[1]


_ONE_COST: dict[int, tuple[CardDef, Face]] = {}


class FusedHalvesReversed(ReferenceEngine):
    """A fused split spell follows the right half's instructions first (each half keeps the
    targets chosen for it)."""

    MUTANT = "fused_halves_reversed"
    RULE = "702.102d"

    def fused_halves(self, card: CardDef) -> tuple[Face, Face]:
        left, right = card.faces
        return right, left


class CopyExceptionIgnored(ReferenceEngine):
    """A copy made "except that the copy is <color>" keeps the original's colors."""

    MUTANT = "copy_exception_ignored"
    RULE = "707.9b"

    def copy_exception(self, face: Face, color: str) -> Face:
        return face


FUSE_MUTANTS = {cls.MUTANT: cls for cls in (FusedSpellOneHalf, FusedCostOneHalf,
                                            FusedHalvesReversed,
                                            CopyExceptionIgnored)}
"""Mutant name -> engine class (merged into :data:`conformance.reference.mutants.MUTANTS`)."""
