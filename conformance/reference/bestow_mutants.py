"""Mutants of bestow (rule 702.103; :mod:`conformance.reference.bestow`), each breaking one
point of the bestow rulings; the mined bestow families kill them."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class BestowEntersAsAura(ReferenceEngine):
    """A permanent with bestow put onto the battlefield without being cast enters as an Aura
    (with nothing to enchant, it is put into its owner's graveyard, 704.5m)."""

    MUTANT = "bestow_enters_as_aura"
    RULE = "702.103b"

    def enters_as_creature(self, obj: Obj) -> bool:
        return False


class UnattachedBestowTapped(ReferenceEngine):
    """A bestowed Aura that becomes unattached becomes a tapped creature (as if it had been
    tapped with the creature it enchanted)."""

    MUTANT = "unattached_bestow_tapped"
    RULE = "702.103f"

    def bestow_unattached(self, aura: Obj, host: Obj | None) -> None:
        aura.tapped = True


class BestowCounteredOnIllegalTarget(ReferenceEngine):
    """A bestowed Aura spell whose target is illegal as it begins to resolve is countered (does
    not resolve, 608.2b) like any Aura spell, instead of resolving as a creature spell."""

    MUTANT = "bestow_countered_on_illegal_target"
    RULE = "702.103e"

    def bestow_illegal_target_resolves(self, obj: Obj) -> bool:
        return False


class UnattachedBestowToGraveyard(ReferenceEngine):
    """A bestowed Aura attached to an illegal object is put into its owner's graveyard (704.5m)
    like any Aura, instead of staying on the battlefield as a creature."""

    MUTANT = "unattached_bestow_to_graveyard"
    RULE = "702.103f"

    def bestowed_aura_stays_unattached(self, aura: Obj) -> bool:
        return False


BESTOW_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (BestowEntersAsAura, UnattachedBestowTapped,
                                BestowCounteredOnIllegalTarget, UnattachedBestowToGraveyard)
}
"""Mutant name -> engine class, for the bestow families."""
