"""Mutants of static cost increases (rule 601.2f; the hooks:
:meth:`~conformance.reference.cost_increases.CostIncreases.cost_increase_applies` and
:meth:`~conformance.reference.continuous_effects.ContinuousEffects.stack_mana_value`) — the
cases mined from the rulings of Thalia, Guardian of Thraben, Sphere of Resistance and the like
(:mod:`conformance.mining.families.cost_increase`) kill them."""

from __future__ import annotations

from conformance.reference.cards import Face
from conformance.reference.cost_increase_text import SpellsCostMore, applies
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mana import cost_symbols
from conformance.reference.objects import SpellState


class CostIncreaseSparesItsController(ReferenceEngine):
    """A cost increase applies only to the spells of its controller's opponents (breaks
    601.2f: "Noncreature spells cost {1} more to cast" is every player's)."""

    MUTANT = "cost_increase_spares_its_controller"
    RULE = "601.2f"

    def cost_increase_applies(self, inc: SpellsCostMore, face: Face, source_controller: str,
                              caster: str) -> bool:
        return caster != source_controller and applies(inc, face, source_controller, caster)


class CostIncreaseRaisesManaValue(ReferenceEngine):
    """A spell's mana value on the stack includes the cost increases paid for it (breaks 202.3,
    601.2f: the total cost does not change the mana cost or mana value)."""

    MUTANT = "cost_increase_raises_mana_value"
    RULE = "202.3"

    def stack_mana_value(self, spell: SpellState, mana_value: int) -> int:
        mana_value = super().stack_mana_value(spell, mana_value)
        caster = next((ob.controller for ob in self.objects.values() if ob.spell is spell), None)
        for src, st in self._statics():
            if isinstance(st, SpellsCostMore) and caster is not None \
                    and applies(st, spell.face, src.controller, caster):
                mana_value += len(cost_symbols(st.cost, 0)) if not st.cost[1:-1].isdigit() \
                    else int(st.cost[1:-1])
        return mana_value


COST_INCREASE_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (CostIncreaseSparesItsController, CostIncreaseRaisesManaValue)
}
"""Mutant name -> engine class."""
