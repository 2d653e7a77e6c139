"""Mutants of suspend (rule 702.62; :mod:`conformance.reference.suspend`), each breaking one
point of the rule or of its rulings; the mined suspend families kill them."""

from __future__ import annotations

from conformance.reference.cards import Face
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj, StackAbility
from conformance.reference.suspend import suspend_of


class SuspendIsCast(ReferenceEngine):
    """Exiling a card with suspend counts as casting it (a ``cast`` event, cast triggers)."""

    MUTANT = "suspend_is_cast"
    RULE = "116.2f"

    def suspend_is_cast(self) -> bool:
        return True


class SuspendIgnoresTiming(ReferenceEngine):
    """A card is suspended any time its owner has priority, whatever its type's timing."""

    MUTANT = "suspend_ignores_timing"
    RULE = "702.62a"

    def suspend_permitted(self, face: Face, player: str) -> bool:
        return True


class SuspendCastOnlyByUpkeep(ReferenceEngine):
    """The cast trigger triggers only when suspend's own upkeep trigger removes the last time
    counter, not when something else does."""

    MUTANT = "suspend_cast_only_by_upkeep"
    RULE = "702.62a"

    def last_counter_triggers(self, by_suspend: bool) -> bool:
        return by_suspend


class SuspendNeverCasts(ReferenceEngine):
    """The cast trigger resolves without casting the card: it stays exiled."""

    MUTANT = "suspend_never_casts"
    RULE = "702.62a"

    def suspend_casts(self) -> bool:
        return False


class SuspendPaysManaCost(ReferenceEngine):
    """A card cast by its suspend trigger is cast by paying its mana cost."""

    MUTANT = "suspend_pays_mana_cost"
    RULE = "702.62d"

    def suspend_cast_cost(self, face: Face) -> str | None:
        return face.mana_cost


class SuspendNoHaste(ReferenceEngine):
    """A creature spell cast by its suspend trigger does not gain haste."""

    MUTANT = "suspend_without_haste"
    RULE = "702.62a"

    def suspend_grants_haste(self) -> bool:
        return False


class SuspendTargetsAtExile(ReferenceEngine):
    """A suspended spell's targets are chosen as the card is exiled (the first legal ones), not
    as it is finally cast."""

    MUTANT = "suspend_targets_at_exile"
    RULE = "601.2c"

    def suspend_targets_at_exile(self) -> bool:
        return True


class SuspendUnableToGraveyard(ReferenceEngine):
    """A card its suspend trigger can't cast (no legal target) is put into its owner's
    graveyard instead of staying exiled."""

    MUTANT = "suspend_unable_to_graveyard"
    RULE = "702.62a"

    def suspend_unable(self, ob: Obj) -> None:
        self._move(ob, "graveyard")


class SuspendCastKeepsTiming(ReferenceEngine):
    """The cast trigger casts the card only when its type's timing allows (a sorcery or a
    creature in the upkeep stays exiled)."""

    MUTANT = "suspend_cast_keeps_timing"
    RULE = "608.2g"

    def suspend_cast_ignores_timing(self) -> bool:
        return False


class NoManaCostCastFree(ReferenceEngine):
    """A card with no mana cost is cast from a hand for nothing."""

    MUTANT = "no_mana_cost_cast_free"
    RULE = "118.6"

    def no_mana_cost_castable(self) -> bool:
        return True


class CounteredSuspendTriggerRemovesCounter(ReferenceEngine):
    """Countering suspend's upkeep trigger still removes a time counter from the card."""

    MUTANT = "countered_suspend_trigger_removes_counter"
    RULE = "701.5a"

    def ability_countered(self, ab: StackAbility) -> None:
        ob = self.objects.get(ab.source)
        if ab.name == "suspend_upkeep" and ob is not None and self.suspended(ob):
            self._remove_counters(ob, "time", 1)


class CounteredCastTriggerStillCasts(ReferenceEngine):
    """Suspend's cast trigger can't be countered: it stays on the stack and casts the card."""

    MUTANT = "countered_cast_trigger_still_casts"
    RULE = "701.5a"

    def ability_counterable(self, ab: StackAbility) -> bool:
        return ab.name != "suspend_cast"


class SuspendedFaceDown(ReferenceEngine):
    """A card exiled with suspend is exiled face down."""

    MUTANT = "suspended_face_down"
    RULE = "702.62a"

    def suspend_exiles_face_down(self) -> bool:
        return True


class SuspendedWithoutTimeCounters(ReferenceEngine):
    """A card with suspend in exile is suspended even with no time counter on it."""

    MUTANT = "suspended_without_time_counters"
    RULE = "702.62b"

    def suspended(self, ob: Obj) -> bool:
        return ob.zone == "exile" and suspend_of(ob) is not None


SUSPEND_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        SuspendIsCast, SuspendIgnoresTiming, SuspendCastOnlyByUpkeep, SuspendNeverCasts,
        SuspendPaysManaCost, SuspendNoHaste, SuspendTargetsAtExile, SuspendUnableToGraveyard,
        SuspendCastKeepsTiming, NoManaCostCastFree, CounteredSuspendTriggerRemovesCounter,
        CounteredCastTriggerStillCasts, SuspendedFaceDown, SuspendedWithoutTimeCounters,
    )
}
"""Mutant name -> engine class, for the suspend families."""
