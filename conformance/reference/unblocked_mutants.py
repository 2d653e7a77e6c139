"""Mutants of the families :mod:`conformance.mining.families.unblocked` and
:mod:`conformance.mining.families.flicker_token` and
:mod:`conformance.mining.families.kicker_targets`: each breaks the one rules point its family's
ruling states."""

from __future__ import annotations

from conformance.reference.cards import Face
from conformance.reference.common_triggers import ENTERS_KICKED
from conformance.reference.effect_blocks import TargetSlot
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


class KickedPermanentNeedsTargets(ReferenceEngine):
    """A permanent spell can be kicked only if its "When CARDNAME enters the battlefield, if it
    was kicked, ..." ability would have legal targets (breaks 603.3d: they are chosen only as
    it triggers)."""

    MUTANT = "kicked_permanent_needs_targets"
    RULE = "603.3d"

    def kicking_requires_targets(self, face: Face) -> tuple[TargetSlot, ...]:
        return tuple(s for t in face.text.triggered if t.event == ENTERS_KICKED
                     for e in t.effects for s in e.slots)


UNBLOCKED_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (UnblockedTriggerOnAttack, ExiledTokenReturns,
                                KickedPermanentNeedsTargets)
}
"""Mutant name -> engine class."""
