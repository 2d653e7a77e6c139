"""Mutants breaking triggered abilities (Saga chapters included) and the keyword abilities of combat damage.

Each overrides one hook of the public rules surface and names the rule it breaks; they are
registered in :data:`conformance.reference.mutants.MUTANTS`.
"""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import (
    Obj,
    PendingTrigger,
    Ref,
    StackAbility,
)


class ChaptersRetrigger(ReferenceEngine):
    """Every chapter at or below the lore count triggers, not only the thresholds crossed."""

    MUTANT = "chapters_retrigger"
    RULE = "714.2b"

    def chapters_crossed(self, old: int, new: int, chapter: int) -> bool:
        return chapter <= new


class ChapterlessSagaSacrificed(ReferenceEngine):
    """Rule 714.4 before 2025: a Saga's final chapter number is 0 when it has no chapter
    abilities, so a Saga that lost them is sacrificed whatever its lore counters (breaks rule
    714.4 as of 2025, which spares a Saga without chapter abilities)."""

    MUTANT = "chapterless_saga_sacrificed"
    RULE = "714.4"

    def saga_sacrifice_due(self, obj: Obj) -> bool:
        if obj.counters.get("lore", 0) < self.final_chapter(obj):
            return False
        waiting = any(t.source == obj.id and t.chapter for t in self.pending)
        on_stack = any(isinstance(s, StackAbility) and s.source == obj.id and s.chapter
                       for s in self.stack)
        return not (waiting or on_stack)


class ChapterlessSagaGetsCounters(ReferenceEngine):
    """A Saga without chapter abilities still gets a lore counter each precombat main phase."""

    MUTANT = "chapterless_saga_gets_counters"
    RULE = "714.3b"

    def saga_gets_turn_counter(self, obj: Obj) -> bool:
        return True


class NoFirstStrikeStep(ReferenceEngine):
    """There is never a first-strike combat damage step: all creatures deal damage at once."""

    MUTANT = "no_first_strike_step"
    RULE = "510.4"

    def first_strike_step_happens(self) -> bool:
        return False


class LostFirstStrikeDealsAgain(ReferenceEngine):
    """A creature that dealt first-strike damage and then lost first strike deals regular
    damage too."""

    MUTANT = "lost_first_strike_deals_again"
    RULE = "510.4"

    def deals_regular_damage(self, obj: Obj) -> bool:
        kws = self.chars(obj).keywords
        return "double strike" in kws or "first strike" not in kws


class OnceEachTurnIgnored(ReferenceEngine):
    """"This ability triggers only once each turn" is ignored."""

    MUTANT = "once_each_turn_ignored"
    RULE = "603.2h"

    def once_each_turn_applies(self) -> bool:
        return False


class TriggerOrderIgnored(ReferenceEngine):
    """Simultaneous triggers go on the stack in the order they triggered, whatever the
    controller chose (the choice is still read and checked)."""

    MUTANT = "trigger_order_ignored"
    RULE = "603.3b"

    def order_triggers(self, mine: list[PendingTrigger], order: object) -> list[PendingTrigger]:
        super().order_triggers(mine, order)
        return mine


class DelayedTriggerRepeats(ReferenceEngine):
    """"When you next cast ..." triggers for every such spell that turn, not only the next."""

    MUTANT = "delayed_trigger_repeats"
    RULE = "603.7c"

    def consume_delayed(self, d: object) -> None:
        return None


class EntersTriggersIgnored(ReferenceEngine):
    """"When CARDNAME enters, ..." never triggers (breaks rule 603.6a)."""

    MUTANT = "enters_triggers_ignored"
    RULE = "603.6a"

    def detect_enters_triggers(self, obj: Obj) -> None:
        return None


class TrampleIgnored(ReferenceEngine):
    """A blocked creature with trample deals all its damage to its blocker (breaks rule
    702.19b)."""

    MUTANT = "trample_ignored"
    RULE = "702.19b"

    def tramples(self, attacker: Obj) -> bool:
        return False


class LifelinkIgnored(ReferenceEngine):
    """Damage from a source with lifelink gains no life (breaks rule 702.15b)."""

    MUTANT = "lifelink_ignored"
    RULE = "702.15b"

    def lifelink_applies(self, keywords: frozenset[str]) -> bool:
        return False


class DeathtouchIgnored(ReferenceEngine):
    """Damage from a source with deathtouch is lethal only as any other damage (breaks rule
    704.5h)."""

    MUTANT = "deathtouch_ignored"
    RULE = "704.5h"

    def destroyed_by_deathtouch(self, obj: Obj) -> bool:
        return False


class ProtectionLetsDamageThrough(ReferenceEngine):
    """Protection from a color does not prevent damage from sources of that color (breaks rule
    702.16e)."""

    MUTANT = "protection_lets_damage_through"
    RULE = "702.16e"

    def damage_prevented_by_protection(self, target: Ref, source: str) -> bool:
        return False


class InfectAsLifeLoss(ReferenceEngine):
    """Damage from a source with infect makes a player lose life instead of getting poison
    counters (breaks rule 702.90b)."""

    MUTANT = "infect_as_life_loss"
    RULE = "702.90b"

    def infects(self, keywords: frozenset[str]) -> bool:
        return False


class DiesTriggersIgnored(ReferenceEngine):
    """"When CARDNAME dies, ..." never triggers: the ability is gone with the permanent, as if
    leaving the battlefield did not look back in time (breaks rule 603.10a)."""

    MUTANT = "dies_triggers_ignored"
    RULE = "603.10a"

    def dies_triggers_look_back(self) -> bool:
        return False
