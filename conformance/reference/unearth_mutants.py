"""Mutants of the unearth families (:mod:`conformance.mining.families.unearth`): each breaks one
point of unearth (702.84a) through one hook of :data:`conformance.reference.rules.HOOKS`;
:mod:`conformance.reference.mutants` registers :data:`UNEARTH_MUTANTS` in ``MUTANTS``."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class UnearthIsCast(ReferenceEngine):
    """Activating unearth casts the creature card (breaks 702.84a: unearth is an activated
    ability; the card is not cast, and a `cast` event names it)."""

    MUTANT = "unearth_is_cast"
    RULE = "702.84a"

    def unearth_is_cast(self) -> bool:
        return True


class UnearthFromAnywhere(ReferenceEngine):
    """Unearth returns the card wherever it is as the ability resolves (breaks 702.84a with
    400.7: a card removed from the graveyard is a new object, and the ability does nothing)."""

    MUTANT = "unearth_returns_from_anywhere"
    RULE = "400.7"

    def unearth_finds(self, ob: Obj, zcc: int) -> bool:
        return ob.zone != "battlefield"


class UnearthNoReplacement(ReferenceEngine):
    """An unearthed permanent that leaves the battlefield goes where it would (breaks 702.84a:
    "If it would leave the battlefield, exile it instead of putting it anywhere else")."""

    MUTANT = "unearth_no_replacement"
    RULE = "702.84a"

    def unearth_replaces(self, obj: Obj) -> bool:
        return False


class UnearthLostWithAbilities(ReferenceEngine):
    """Unearth's exile effects are abilities of the permanent: one that lost all its abilities
    is neither exiled at the end step nor instead of leaving (breaks 702.84a: they are effects
    of the resolved unearth ability, not abilities granted to the creature)."""

    MUTANT = "unearth_exile_lost_with_abilities"
    RULE = "702.84a"

    def unearth_applies(self, obj: Obj) -> bool:
        return self.abilities(obj) is not None


class UnearthExileWithoutTrigger(ReferenceEngine):
    """The unearthed permanent is exiled as the end step begins, without a triggered ability
    (breaks 702.84a with 603.7: it is a delayed triggered ability, which can be countered)."""

    MUTANT = "unearth_exile_without_trigger"
    RULE = "603.7"

    def unearth_exile_uses_stack(self) -> bool:
        return False


UNEARTH_MUTANTS: dict[str, type[ReferenceEngine]] = {
    m.MUTANT: m for m in (UnearthIsCast, UnearthFromAnywhere, UnearthNoReplacement,
                          UnearthLostWithAbilities, UnearthExileWithoutTrigger)
}
"""The unearth families' mutants by name."""
