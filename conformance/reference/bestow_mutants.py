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


BESTOW_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (BestowEntersAsAura, UnattachedBestowTapped)
}
"""Mutant name -> engine class, for the bestow families."""
