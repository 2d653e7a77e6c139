"""Mutants breaking one rule of fuse (702.102) each (:mod:`conformance.reference.fuse`); the
cases of ``conformance/cases/*`` with the ``fuse`` feature kill them."""

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
        return replace(super().fused_spell_face(card), mana_cost=card.faces[0].mana_cost)


class FusedHalvesReversed(ReferenceEngine):
    """A fused split spell follows the right half's instructions first (each half keeps the
    targets chosen for it)."""

    MUTANT = "fused_halves_reversed"
    RULE = "702.102d"

    def fused_halves(self, card: CardDef) -> tuple[Face, Face]:
        left, right = card.faces
        return right, left


FUSE_MUTANTS = {cls.MUTANT: cls for cls in (FusedSpellOneHalf, FusedCostOneHalf,
                                            FusedHalvesReversed)}
"""Mutant name -> engine class (merged into :data:`conformance.reference.mutants.MUTANTS`)."""
