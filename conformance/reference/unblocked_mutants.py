"""Mutants of the families :mod:`conformance.mining.families.unblocked` and
:mod:`conformance.mining.families.flicker_token`: each breaks the one rules point its family's
ruling states."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class UnblockedTriggerOnAttack(ReferenceEngine):
    """"Whenever CARDNAME attacks and isn't blocked" triggers as the creature is declared as an
    attacker, blocked or not (and never for a creature put onto the battlefield attacking),
    instead of as blockers are declared (breaks 509.1i)."""

    MUTANT = "unblocked_trigger_on_attack"
    RULE = "509.1i"

    def unblocked_trigger_declaration(self) -> str:
        return "attackers"


class ExiledTokenReturns(ReferenceEngine):
    """A token exiled by "exile ..., then return it to the battlefield" comes back like a card
    (breaks 111.8)."""

    MUTANT = "exiled_token_returns"
    RULE = "111.8"

    def left_token_may_return(self, obj: Obj) -> bool:
        return True


UNBLOCKED_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (UnblockedTriggerOnAttack, ExiledTokenReturns)
}
"""Mutant name -> engine class."""
