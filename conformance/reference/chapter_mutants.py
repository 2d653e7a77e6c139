"""Mutants killed by the cases of the effects first needed by Saga chapters
(:mod:`conformance.reference.chapter_effects`, :mod:`conformance.reference.control_effects`):
fight, resolution-time conditions, intervening "if" clauses, control-changing effects and their
durations, summoning sickness after a change of control, "doesn't untap" and exchanges.

Each breaks one rule through one hook of :data:`conformance.reference.rules.HOOKS`, like those of
:mod:`conformance.reference.mutants` (which registers these in ``MUTANTS``).
"""

from __future__ import annotations

from conformance.reference.control_abilities import ControlEffect, TypeEffect
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class FightOneWay(ReferenceEngine):
    """In a fight only the first creature deals damage; the second deals none back."""

    MUTANT = "fight_one_way"
    RULE = "701.12a"

    def fight_pairs(self, first: Obj, second: Obj) -> list[tuple[Obj, Obj]]:
        return [(first, second)]


class FightWithIllegalTarget(ReferenceEngine):
    """A fight or a bite happens even when one of its two targets has become illegal (the
    legal creature deals and is dealt damage as if both were legal)."""

    MUTANT = "fight_with_an_illegal_target"
    RULE = "701.12b"

    def fight_target_legal(self, legal: bool) -> bool:
        return True


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
    cls.MUTANT: cls for cls in (FightOneWay, FightWithIllegalTarget, ConditionIgnored,
                                InterveningIfOnlyOnResolution)
    if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the cases of the chapter effects."""


class ControlEndsWithItsSource(ReferenceEngine):
    """A control effect without a stated duration ("gain control of target permanent") ends
    when its source leaves the battlefield, as if it said "for as long as"."""

    MUTANT = "control_ends_with_its_source"
    RULE = "611.2a"

    def control_lasts(self, eff: ControlEffect, source_present: bool) -> bool:
        return source_present


class ControlOutlastsItsDuration(ReferenceEngine):
    """A "for as long as <source> remains on the battlefield" control effect goes on after its
    source has left."""

    MUTANT = "control_outlasts_its_duration"
    RULE = "611.2b"

    def control_lasts(self, eff: ControlEffect, source_present: bool) -> bool:
        return True


class StolenCreatureNotSick(ReferenceEngine):
    """A creature that changes controller can attack and {T} at once under its new
    controller."""

    MUTANT = "stolen_creature_not_sick"
    RULE = "302.6"

    def sick_after_control_change(self) -> bool:
        return False


class DoesntUntapIgnored(ReferenceEngine):
    """"Doesn't untap during its controller's untap step" effects are ignored: every permanent
    of the active player untaps."""

    MUTANT = "doesnt_untap_ignored"
    RULE = "502.3"

    def untap_prevented(self, obj: Obj) -> bool:
        return False


class PartialExchange(ReferenceEngine):
    """An exchange of control with one illegal target still gives the legal one to the other
    player."""

    MUTANT = "partial_exchange"
    RULE = "701.10a"

    def partial_exchange_allowed(self) -> bool:
        return True


class AddedTypesEndWithTheTurn(ReferenceEngine):
    """An effect that adds a card type without a stated duration ("That creature becomes an
    artifact in addition to its other types") ends in the cleanup step."""

    MUTANT = "added_types_end_with_the_turn"
    RULE = "611.2a"

    def type_effect_ends(self, eff: TypeEffect) -> bool:
        return True


CHAPTER_MUTANTS.update({
    cls.MUTANT: cls for cls in (ControlEndsWithItsSource, ControlOutlastsItsDuration,
                                StolenCreatureNotSick, DoesntUntapIgnored, PartialExchange,
                                AddedTypesEndWithTheTurn)
    if cls.MUTANT is not None
})


class ThisTurnTriggerOnce(ReferenceEngine):
    """A delayed triggered ability lasting "this turn" ("whenever an Elf you control attacks
    this turn") triggers only the first time its event occurs."""

    MUTANT = "this_turn_trigger_once"
    RULE = "603.7b"

    def turn_trigger_repeats(self) -> bool:
        return False


CHAPTER_MUTANTS[ThisTurnTriggerOnce.MUTANT] = ThisTurnTriggerOnce


class AttackRequirementIgnored(ReferenceEngine):
    """Creatures an effect requires to attack each combat if able may stay home."""

    MUTANT = "attack_requirement_ignored"
    RULE = "508.1d"

    def attack_requirements_apply(self) -> bool:
        return False


CHAPTER_MUTANTS[AttackRequirementIgnored.MUTANT] = AttackRequirementIgnored


class ReflexiveWithoutAction(ReferenceEngine):
    """A reflexive triggered ability ("When you do, ...") triggers even when the optional
    action it refers to was not performed."""

    MUTANT = "reflexive_without_action"
    RULE = "603.12"

    def reflexive_triggers(self, done: bool) -> bool:
        return True


class UntilNextTurnEndsEarly(ReferenceEngine):
    """An effect lasting "until your next turn" ends as the next turn of any player begins."""

    MUTANT = "until_next_turn_ends_early"
    RULE = "611.2a"

    def until_your_next_turn_ends(self, controller: str, created: int) -> bool:
        return True


CHAPTER_MUTANTS.update({m.MUTANT: m for m in (ReflexiveWithoutAction, UntilNextTurnEndsEarly)
                        if m.MUTANT is not None})
