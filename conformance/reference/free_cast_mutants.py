"""Mutants of casting a spell without paying its mana cost (rules 107.3b, 202.3;
:mod:`conformance.reference.cascade`, :mod:`conformance.reference.suspend`), each breaking one
point; the mined free-cast families kill them."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import SpellState


class FreeCastChoosesX(ReferenceEngine):
    """A spell with {X} cast without paying its mana cost has its X chosen by its caster, as if
    its cost were paid (an ``x`` choice), instead of X = 0 (107.3b)."""

    MUTANT = "free_cast_chooses_x"
    RULE = "107.3b"

    def free_cast_x_is_zero(self) -> bool:
        return False


class FreeCastManaValueZero(ReferenceEngine):
    """A spell cast without paying its mana cost has mana value 0 on the stack, as if its mana
    value came from what was paid, not from its mana cost (202.3)."""

    MUTANT = "free_cast_mana_value_zero"
    RULE = "202.3"

    def stack_mana_value(self, spell: SpellState, mana_value: int) -> int:
        return 0 if spell.free else mana_value


FREE_CAST_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (FreeCastChoosesX, FreeCastManaValueZero)
}
"""Mutant name -> engine class, for the free-cast families."""
