"""Mutants of the triggers of the families :mod:`conformance.mining.families.unblocked` (and
later ones of this helper's): each breaks the one rules point its family's ruling states."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine


class UnblockedTriggerOnAttack(ReferenceEngine):
    """"Whenever CARDNAME attacks and isn't blocked" triggers as the creature is declared as an
    attacker, blocked or not (and never for a creature put onto the battlefield attacking),
    instead of as blockers are declared (breaks 509.1i)."""

    MUTANT = "unblocked_trigger_on_attack"
    RULE = "509.1i"

    def unblocked_trigger_declaration(self) -> str:
        return "attackers"


UNBLOCKED_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (UnblockedTriggerOnAttack,)
}
"""Mutant name -> engine class."""
