"""Mutants killed by the cases of the effects first needed by Saga chapters
(:mod:`conformance.reference.chapter_effects`): fight, resolution-time conditions and
intervening "if" clauses.

Each breaks one rule through one hook of :data:`conformance.reference.rules.HOOKS`, like those of
:mod:`conformance.reference.mutants` (which registers these in ``MUTANTS``).
"""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class FightOneWay(ReferenceEngine):
    """In a fight only the first creature deals damage; the second deals none back."""

    MUTANT = "fight_one_way"
    RULE = "701.12a"

    def fight_pairs(self, first: Obj, second: Obj) -> list[tuple[Obj, Obj]]:
        return [(first, second)]


class ConditionIgnored(ReferenceEngine):
    """An effect's condition ("if you control a creature with power 4 or greater, ...") is
    taken as met whatever the game state as the effect resolves."""

    MUTANT = "condition_ignored"
    RULE = "608.2c"

    def resolution_condition_met(self, met: bool) -> bool:
        return True


class InterveningIfOnlyOnResolution(ReferenceEngine):
    """A triggered ability with an intervening "if" clause triggers whether or not its
    condition holds as the event occurs (checked only on resolution)."""

    MUTANT = "intervening_if_only_on_resolution"
    RULE = "603.4"

    def intervening_if_on_trigger(self) -> bool:
        return False


CHAPTER_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (FightOneWay, ConditionIgnored, InterveningIfOnlyOnResolution)
    if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the cases of the chapter effects."""
