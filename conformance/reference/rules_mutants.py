"""Mutants of rules the cases of the reference engine's own bugs pin down: tokens and copies
ceasing to exist (704.5d-e) and state-based actions before a player receives priority (117.5).
Each overrides one hook of
:data:`conformance.reference.rules.HOOKS` (registered in ``MUTANTS`` by
:mod:`conformance.reference.mutants`)."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class TokensOutliveTheBattlefield(ReferenceEngine):
    """A token that leaves the battlefield stays in its new zone, like a card (breaks rule
    704.5d: it ceases to exist)."""

    MUTANT = "tokens_outlive_the_battlefield"
    RULE = "704.5d"

    def ceases_to_exist(self, obj: Obj) -> bool:
        return obj.is_copy and obj.zone != "stack"


class NoChecksBeforePriority(ReferenceEngine):
    """Passing priority gives it to the other player without performing state-based actions
    first (breaks rule 117.5)."""

    MUTANT = "no_checks_before_priority"
    RULE = "117.5"

    def checks_before_priority(self) -> bool:
        return False


RULES_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (TokensOutliveTheBattlefield, NoChecksBeforePriority)
}
"""Mutant name -> engine class."""


class AttackTriggersIgnored(ReferenceEngine):
    """"Whenever CARDNAME attacks" never triggers (breaks rule 508.3a)."""

    MUTANT = "attack_triggers_ignored"
    RULE = "508.3a"

    def attack_triggers(self, attacker: Obj) -> bool:
        return False


class StepTriggersIgnored(ReferenceEngine):
    """"At the beginning of your upkeep / end step" never triggers (breaks rule 503.1a)."""

    MUTANT = "step_triggers_ignored"
    RULE = "503.1a"

    def step_triggers(self, step: str) -> bool:
        return False


RULES_MUTANTS.update({cls.MUTANT: cls for cls in (AttackTriggersIgnored, StepTriggersIgnored)})


class BlockRestrictionsIgnored(ReferenceEngine):
    """"Can't block this turn" and "can't be blocked this turn" restrict nothing (breaks rule
    509.1a)."""

    MUTANT = "block_restrictions_ignored"
    RULE = "509.1a"

    def restrictions_apply(self) -> bool:
        return False


RULES_MUTANTS[BlockRestrictionsIgnored.MUTANT] = BlockRestrictionsIgnored


class BecomesBlockedPerBlocker(ReferenceEngine):
    """"Whenever CARDNAME becomes blocked" triggers once for each creature blocking it (breaks
    rule 509.3c)."""

    MUTANT = "becomes_blocked_per_blocker"
    RULE = "509.3c"

    def becomes_blocked_triggers(self, blockers: int) -> int:
        return blockers


RULES_MUTANTS[BecomesBlockedPerBlocker.MUTANT] = BecomesBlockedPerBlocker


class LosesTrackOfTheCard(ReferenceEngine):
    """A leaves-the-battlefield ability can't find the card its source became in the graveyard
    (breaks rule 400.7d)."""

    MUTANT = "loses_track_of_the_card"
    RULE = "400.7d"

    def finds_its_new_object(self) -> bool:
        return False


RULES_MUTANTS[LosesTrackOfTheCard.MUTANT] = LosesTrackOfTheCard
