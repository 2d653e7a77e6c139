"""Mutants of the templates of :mod:`conformance.reference.oracle_kicked` and
:mod:`conformance.reference.threaten`, each breaking one rule through one hook of
:data:`conformance.reference.rules.HOOKS` (registered in ``MUTANTS`` by
:mod:`conformance.reference.mutants`); the hand-written cases under ``conformance/cases``
(``roil-eruption``, ``act-of-treason``, ``master-of-pearls``,
``benalish-marshal``) kill them."""

from __future__ import annotations

from conformance.reference.control_abilities import ControlEffect
from conformance.reference.engine import ReferenceEngine


class KickedEffectAdds(ReferenceEngine):
    """A kicked spell's "if it was kicked, <effect> instead" happens in addition to the
    unkicked effect (Roil Eruption kicked deals 3 and then 5 damage)."""

    MUTANT = "kicked_effect_adds"
    RULE = "608.2c"

    def kicked_effect_replaces(self) -> bool:
        return False


class ControlUntilEndOfTurnKept(ReferenceEngine):
    """A control effect "until end of turn" (Act of Treason) does not end in the cleanup
    step: the stolen creature stays with its new controller."""

    MUTANT = "control_until_end_of_turn_kept"
    RULE = "514.2"

    def control_ends_this_turn(self, eff: ControlEffect) -> bool:
        return False


TEMPLATE_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (KickedEffectAdds, ControlUntilEndOfTurnKept)
    if cls.MUTANT is not None
}
"""Mutant name -> engine class."""


class TurnedFaceUpTriggersIgnored(ReferenceEngine):
    """"When CARDNAME is turned face up, ..." never triggers (Master of Pearls turned face up
    gives no +2/+2)."""

    MUTANT = "turned_face_up_triggers_ignored"
    RULE = "708.8"

    def turned_face_up_triggers(self) -> bool:
        return False


TEMPLATE_MUTANTS[TurnedFaceUpTriggersIgnored.MUTANT] = TurnedFaceUpTriggersIgnored
