"""Mutants of snow mana (107.4h; the rules: :meth:`~conformance.reference.casting.Casting.
produces_snow_mana` and the solver of :mod:`conformance.reference.mana`): "The {S} symbol ...
represents a cost that can be paid by one mana that was produced by a snow source" — the cases
mined from that ruling (:mod:`conformance.mining.families.snow`) kill each."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class NonsnowManaPaysSnow(ReferenceEngine):
    """{S} is paid with any mana a permanent's mana ability produced, snow source or not."""

    MUTANT = "nonsnow_mana_pays_snow"
    RULE = "107.4h"

    def produces_snow_mana(self, source: Obj) -> bool:
        return True


class SnowSourceManaNotSnow(ReferenceEngine):
    """Mana from a snow source is not told apart: {S} can't be paid at all."""

    MUTANT = "snow_source_mana_not_snow"
    RULE = "107.4h"

    def produces_snow_mana(self, source: Obj) -> bool:
        return False


class SnowIsACardType(ReferenceEngine):
    """Snow is counted as a card type ("card types among cards in your graveyard"; breaks
    205.4a: snow is a supertype)."""

    MUTANT = "snow_is_a_card_type"
    RULE = "205.4a"

    def card_types(self, obj: Obj) -> tuple[str, ...]:
        types = super().card_types(obj)
        return (*types, "Snow") if "Snow" in self._base(obj).supertypes else types


class ReductionReducesSnow(ReferenceEngine):
    """An effect reducing the generic mana of a cost reduces its {S} symbols too, as if they
    were generic mana (breaks 107.4h)."""

    MUTANT = "generic_reduction_reduces_snow"
    RULE = "107.4h"

    def generic_reduction_reduces_snow(self) -> bool:
        return True


SNOW_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (NonsnowManaPaysSnow, SnowSourceManaNotSnow, SnowIsACardType,
                                ReductionReducesSnow)
}
"""Mutant name -> engine class."""
