"""Mutants: variants of the reference engine that each break exactly one rule.

Each overrides one hook of the public rules surface (:data:`conformance.reference.rules.HOOKS`,
:class:`~conformance.reference.rules.Rules`) and names the Comprehensive Rules number it breaks
(``RULE``). A conformance suite worth its name makes every mutant fail at least one case (the
reference passes them all); ``tests/conformance/reference`` checks that.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from conformance.reference import oracle as o
from conformance.reference.cards import CardDef, Face
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mana import ManaPool, Symbol
from conformance.reference.objects import (
    Chars,
    Obj,
    PendingTrigger,
    Player,
    Ref,
    SpellSnapshot,
    SpellState,
    StackAbility,
)


class CrimePerTarget(ReferenceEngine):
    """One crime per opponent-related target instead of one per spell or ability."""

    MUTANT = "crime_per_target"
    RULE = "700.13"

    def crime_count(self, controller: str, refs: Iterable[Ref]) -> int:
        return sum(1 for r in refs if self.opponent_related(r, controller))


class CrimeOnResolution(ReferenceEngine):
    """The crime is committed when the spell resolves, not as it is cast."""

    MUTANT = "crime_on_resolution"
    RULE = "700.13"
    crime_timing = "resolution"


class CopyCountsAsCast(ReferenceEngine):
    """A copy of a spell counts as cast: a ``cast`` event, cast triggers and crimes."""

    MUTANT = "copy_counts_as_cast"
    RULE = "707.10"

    def copy_is_cast(self) -> bool:
        return True


class CopyLosesX(ReferenceEngine):
    """A copy's X is 0 instead of the original's value."""

    MUTANT = "copy_loses_x"
    RULE = "707.10"

    def copy_x(self, info: SpellSnapshot) -> int | None:
        return 0 if info.x is not None else None


class CopyLosesModes(ReferenceEngine):
    """A copy of a modal spell gets the first mode instead of the original's modes."""

    MUTANT = "copy_loses_modes"
    RULE = "707.10"

    def copy_modes(self, info: SpellSnapshot) -> tuple[int, ...]:
        return (0,) * len(info.modes)


class CopyLosesDivision(ReferenceEngine):
    """A copy re-divides its damage evenly (remainder last) instead of keeping the division."""

    MUTANT = "copy_loses_division"
    RULE = "707.10"

    def copy_division(self, info: SpellSnapshot) -> tuple[int, ...] | None:
        if info.division is None:
            return None
        n, total = len(info.division), sum(info.division)
        even = [total // n] * n
        even[-1] += total - sum(even)
        return tuple(even)


class CopyControlledByOriginalController(ReferenceEngine):
    """A copy is controlled by the original spell's controller, not by whoever copied it."""

    MUTANT = "copy_controlled_by_original_controller"
    RULE = "707.10"

    def copy_controller(self, info: SpellSnapshot, copier: str) -> str:
        return info.controller


class CopyResolvesLast(ReferenceEngine):
    """A copy is put onto the stack under the spell it copies."""

    MUTANT = "copy_resolves_last"
    RULE = "707.10"

    def place_copy(self, copy: Obj, original_id: str) -> None:
        for i, item in enumerate(self.stack):
            if isinstance(item, Obj) and item.id == original_id:
                self.stack.insert(i, copy)
                return
        self.stack.append(copy)


class CopyNewTargetsCommitCrime(ReferenceEngine):
    """A copy whose new targets are an opponent's things commits a crime."""

    MUTANT = "copy_new_targets_commit_crime"
    RULE = "707.10c"

    def after_copy_targets(self, copy: Obj, changed: bool) -> None:
        if changed and copy.spell is not None:
            self.commit_crimes(copy.controller, copy.spell.targets, copy.id)


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


class SplitManaValueOneHalf(ReferenceEngine):
    """Off the stack a split card's mana value is its first half's, not the combined one."""

    MUTANT = "split_mana_value_one_half"
    RULE = "709.4b"

    def split_mana_value(self, card: CardDef) -> int:
        return card.faces[0].mana_value


class SplitStackCombined(ReferenceEngine):
    """On the stack a split spell keeps the combined characteristics of both halves."""

    MUTANT = "split_stack_combined"
    RULE = "709.3b"

    def stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        c = super().stack_characteristics(card, spell)
        if card.is_split:
            c = replace(c, mana_value=self.split_mana_value(card))
        return c


class AftermathFromHand(ReferenceEngine):
    """An aftermath half may be cast from a hand too."""

    MUTANT = "aftermath_from_hand"
    RULE = "702.127a"

    def may_cast_face_from(self, face: Face, zone: str) -> bool:
        return zone == "hand" or (face.text.aftermath and zone == "graveyard")


class AftermathNotExiled(ReferenceEngine):
    """An aftermath half cast from a graveyard goes back to the graveyard."""

    MUTANT = "aftermath_not_exiled"
    RULE = "702.127a"

    def stack_exit_zone(self, obj: Obj, to: str) -> str:
        return to


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


class OutlawIncludesSpells(ReferenceEngine):
    """"Outlaw" also covers spells and cards, not only permanents."""

    MUTANT = "outlaw_includes_spells"
    RULE = "205.3m"

    def is_outlaw(self, obj: Obj, chars: Chars) -> bool:
        return bool(o.OUTLAW_TYPES & set(chars.subtypes))


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


class StartingPlayerDraws(ReferenceEngine):
    """The starting player draws in the draw step of turn 1 (breaks rule 103.7a)."""

    MUTANT = "starting_player_draws"
    RULE = "103.7a"

    def skips_first_draw(self) -> bool:
        return False


class NoLegendRule(ReferenceEngine):
    """A player may control two legendary permanents with the same name (breaks rule 704.5j)."""

    MUTANT = "no_legend_rule"
    RULE = "704.5j"

    def legend_groups(self) -> list[tuple[str, list[Obj]]]:
        return []


class PoisonIgnored(ReferenceEngine):
    """Ten or more poison counters do not make a player lose (breaks rule 704.5c)."""

    MUTANT = "poison_ignored"
    RULE = "704.5c"

    def loses_to_poison(self, pl: Player) -> bool:
        return False


class CountersCoexist(ReferenceEngine):
    """+1/+1 and -1/-1 counters on one permanent stay side by side (breaks rule 704.5q)."""

    MUTANT = "counters_coexist"
    RULE = "704.5q"

    def annihilated(self, obj: Obj) -> int:
        return 0


class TriggerTargetsNoCrime(ReferenceEngine):
    """A triggered ability that targets an opponent commits no crime (breaks rule 700.13)."""

    MUTANT = "trigger_targets_no_crime"
    RULE = "700.13"

    def trigger_targets_commit_crimes(self) -> bool:
        return False


class EntersTriggersIgnored(ReferenceEngine):
    """"When CARDNAME enters, ..." never triggers (breaks rule 603.6a)."""

    MUTANT = "enters_triggers_ignored"
    RULE = "603.6a"

    def detect_enters_triggers(self, obj: Obj) -> None:
        return None


class AuraStaysUnattached(ReferenceEngine):
    """An Aura whose creature left the battlefield stays on the battlefield (breaks rule
    704.5m)."""

    MUTANT = "aura_stays_unattached"
    RULE = "704.5m"

    def aura_attachment_legal(self, aura: Obj, chars: Chars) -> bool:
        return True


class ManaSpentGreedily(ReferenceEngine):
    """Each payment spends its mana at once, generic costs from {C} then W, U, B, R, G, so a
    later cost may find the colors it needs spent (breaks rule 601.2h: the player chooses how
    to pay)."""

    MUTANT = "mana_spent_greedily"
    RULE = "601.2h"

    def payment_plan(self, pool: ManaPool, symbols: list[Symbol],
                      life: int) -> tuple[list[Symbol], int] | None:
        plan = super().payment_plan(pool, symbols, life)
        if plan is None:
            return None
        mana, life_paid = plan
        pool.paid.extend(mana)
        left = pool.current()  # the canonical assignment, bound at once
        pool.empty()
        pool.added.update(left)
        return [], life_paid


class PhyrexianLifeRefused(ReferenceEngine):
    """A Phyrexian symbol can only be paid with mana, never with 2 life (breaks rule 107.4f)."""

    MUTANT = "phyrexian_life_refused"
    RULE = "107.4f"

    def payment_plan(self, pool: ManaPool, symbols: list[Symbol],
                     life: int) -> tuple[list[Symbol], int] | None:
        plan = super().payment_plan(pool, symbols, life)
        return None if plan is None or plan[1] else plan


class HexproofIgnored(ReferenceEngine):
    """Hexproof and shroud do not stop targeting (breaks rule 702.11b)."""

    MUTANT = "hexproof_ignored"
    RULE = "702.11b"

    def targetable_by(self, obj: Obj, chars: Chars, controller: str) -> bool:
        return True


class EntersUntapped(ReferenceEngine):
    """"CARDNAME enters the battlefield tapped" is ignored (breaks rule 614.1c)."""

    MUTANT = "enters_untapped"
    RULE = "614.1c"

    def enters_tapped(self, obj: Obj) -> bool:
        return False


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


class RegenerationIgnored(ReferenceEngine):
    """A regeneration shield does not replace destruction (breaks rule 701.15a)."""

    MUTANT = "regeneration_ignored"
    RULE = "701.15a"

    def regenerates(self, obj: Obj) -> bool:
        return False


class DiesTriggersIgnored(ReferenceEngine):
    """"When CARDNAME dies, ..." never triggers: the ability is gone with the permanent, as if
    leaving the battlefield did not look back in time (breaks rule 603.10a)."""

    MUTANT = "dies_triggers_ignored"
    RULE = "603.10a"

    def dies_triggers_look_back(self) -> bool:
        return False


class EquipmentStaysAttached(ReferenceEngine):
    """An Equipment stays attached to a creature that left the battlefield (breaks rule
    704.5n)."""

    MUTANT = "equipment_stays_attached"
    RULE = "704.5n"

    def equipment_attachment_legal(self, equipment: Obj) -> bool:
        return True


MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        CrimePerTarget, CrimeOnResolution, CopyCountsAsCast, CopyLosesX, CopyLosesModes,
        CopyLosesDivision, CopyControlledByOriginalController, CopyResolvesLast,
        CopyNewTargetsCommitCrime, ChaptersRetrigger, ChapterlessSagaSacrificed,
        ChapterlessSagaGetsCounters, SplitManaValueOneHalf, SplitStackCombined,
        AftermathFromHand, AftermathNotExiled, NoFirstStrikeStep, LostFirstStrikeDealsAgain,
        OnceEachTurnIgnored, OutlawIncludesSpells, TriggerOrderIgnored, DelayedTriggerRepeats,
        StartingPlayerDraws, NoLegendRule, PoisonIgnored, CountersCoexist,
        TriggerTargetsNoCrime, EntersTriggersIgnored, AuraStaysUnattached, ManaSpentGreedily,
        PhyrexianLifeRefused,
        HexproofIgnored, EntersUntapped, TrampleIgnored, LifelinkIgnored, DeathtouchIgnored,
        ProtectionLetsDamageThrough, InfectAsLifeLoss, RegenerationIgnored, DiesTriggersIgnored,
        EquipmentStaysAttached,
    ) if cls.MUTANT is not None
}
"""Mutant name -> engine class breaking that one rule."""

SEED_RULING_MUTANTS: frozenset[str] = frozenset({
    "crime_per_target", "crime_on_resolution", "copy_counts_as_cast", "copy_loses_x",
    "copy_loses_modes", "copy_loses_division", "copy_controlled_by_original_controller",
    "copy_resolves_last", "copy_new_targets_commit_crime", "chapters_retrigger",
    "chapterless_saga_sacrificed", "chapterless_saga_gets_counters", "split_mana_value_one_half",
    "split_stack_combined", "aftermath_from_hand", "aftermath_not_exiled", "no_first_strike_step",
    "lost_first_strike_deals_again", "once_each_turn_ignored", "outlaw_includes_spells",
    "trigger_order_ignored", "delayed_trigger_repeats",
})
"""The mutants breaking a rule the seed rulings state (crimes, copies, Sagas, split cards,
first strike, ...): the cases mined from those rulings kill each of them. The others break rules
the hand-written cases test (turn 1, state-based actions, Auras, mana payment, triggered
abilities' targets)."""

SURVIVOR_REASONS: dict[str, str] = {}
"""Mutants allowed to survive the suite, with why (none: every mutant is killed)."""

# The mined families' own mutants (conformance/mining/mutants.py) run with these.
from conformance.mining.mutants import FAMILY_MUTANTS  # noqa: E402
from conformance.reference.protocol2_mutants import PROTOCOL2_MUTANTS  # noqa: E402

MUTANTS.update(FAMILY_MUTANTS)
MUTANTS.update(PROTOCOL2_MUTANTS)
from conformance.reference.cost_mutants import COST_MUTANTS  # noqa: E402

MUTANTS.update(COST_MUTANTS)

from conformance.reference.choice_mutants import CHOICE_MUTANTS  # noqa: E402

MUTANTS.update(CHOICE_MUTANTS)

from conformance.reference.setup_mutants import SETUP_MUTANTS  # noqa: E402

MUTANTS.update(SETUP_MUTANTS)
