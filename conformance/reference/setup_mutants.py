"""Mutants killed by the cases of the protocol-2 setup fields (player counters, day and night,
the monarch, the initiative, face-down permanents) and of energy costs: each breaks one rule
through one hook of :mod:`conformance.reference.designations` (registered in ``MUTANTS`` by
:mod:`conformance.reference.mutants`)."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Chars, Obj


class EnergyLostAtEndOfTurn(ReferenceEngine):
    """Energy counters go away as the turn ends, like mana."""

    MUTANT = "energy_lost_at_end_of_turn"
    RULE = "107.14"

    def player_counters_empty(self, kind: str) -> bool:
        return kind == "energy"


class ExperienceLostAtEndOfTurn(ReferenceEngine):
    """Experience counters go away as the turn ends."""

    MUTANT = "experience_lost_at_end_of_turn"
    RULE = "122.1"

    def player_counters_empty(self, kind: str) -> bool:
        return kind == "experience"


class DayNeverBecomesNight(ReferenceEngine):
    """Day stays day even when the previous turn's active player cast no spells."""

    MUTANT = "day_never_becomes_night"
    RULE = "726.3a"

    def day_night_after_turn(self, now: str, spells: int) -> str:
        return now if now == "day" else super().day_night_after_turn(now, spells)


class MonarchDrawsNothing(ReferenceEngine):
    """The monarch's end-step draw never triggers."""

    MUTANT = "monarch_draws_nothing"
    RULE = "724.2"

    def monarch_draw_triggers(self, player: str) -> bool:
        return False


class MonarchKeptDespiteCombatDamage(ReferenceEngine):
    """Combat damage to the monarch does not make the creature's controller the monarch."""

    MUTANT = "monarch_kept_despite_combat_damage"
    RULE = "724.2"

    def becomes_monarch_by_combat_damage(self, controller: str, damaged: str) -> bool:
        return False


class InitiativeKeptDespiteCombatDamage(ReferenceEngine):
    """Combat damage to the player who has the initiative does not take it."""

    MUTANT = "initiative_kept_despite_combat_damage"
    RULE = "725.2"

    def takes_initiative_by_combat_damage(self, controller: str, damaged: str) -> bool:
        return False


class FaceDownKeepsCharacteristics(ReferenceEngine):
    """A face-down permanent keeps its face-up card's characteristics."""

    MUTANT = "face_down_keeps_characteristics"
    RULE = "708.2a"

    def face_down_characteristics(self, obj: Obj) -> Chars | None:
        return None


class EnergyOverpaid(ReferenceEngine):
    """A player may pay more energy counters than they have (down to none)."""

    MUTANT = "energy_overpaid"
    RULE = "107.14"

    def can_pay_energy(self, player: str, n: int) -> bool:
        return True


class EnergyCountedOnce(ReferenceEngine):
    """"{E}{E}" counts as one energy counter, gotten or paid."""

    MUTANT = "energy_counted_once"
    RULE = "107.14"

    def energy_counters(self, n: int) -> int:
        return min(n, 1)


class AttachmentOnlyToOwnPermanents(ReferenceEngine):
    """An Aura or Equipment affects only a permanent its own controller controls."""

    MUTANT = "attachment_only_to_own_permanents"
    RULE = "303.4e"

    def attachment_applies(self, attached: Obj, host: Obj) -> bool:
        return attached.controller == host.controller


SETUP_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        EnergyLostAtEndOfTurn, ExperienceLostAtEndOfTurn, DayNeverBecomesNight,
        MonarchDrawsNothing, MonarchKeptDespiteCombatDamage, InitiativeKeptDespiteCombatDamage, FaceDownKeepsCharacteristics,
        EnergyOverpaid, EnergyCountedOnce, AttachmentOnlyToOwnPermanents,
    ) if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the protocol-2 setup and energy cases."""
