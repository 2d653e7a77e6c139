"""Mutants: variants of the reference engine that each break exactly one rule.

Each overrides one hook of the public rules surface (:data:`conformance.reference.rules.HOOKS`,
:class:`~conformance.reference.rules.Rules`) and names the Comprehensive Rules number it breaks
(``RULE``). A conformance suite worth its name makes every mutant fail at least one case (the
reference passes them all); ``tests/conformance/reference`` checks that.
"""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.mutants_abilities import (
    ChapterlessSagaGetsCounters,
    ChapterlessSagaSacrificed,
    ChaptersRetrigger,
    DeathtouchIgnored,
    DelayedTriggerRepeats,
    DiesTriggersIgnored,
    EntersTriggersIgnored,
    InfectAsLifeLoss,
    LifelinkIgnored,
    LostFirstStrikeDealsAgain,
    NoFirstStrikeStep,
    OnceEachTurnIgnored,
    ProtectionLetsDamageThrough,
    TrampleIgnored,
    TriggerOrderIgnored,
)
from conformance.reference.mutants_spells import (
    AftermathFromHand,
    AftermathNotExiled,
    CopyControlledByOriginalController,
    CopyCountsAsCast,
    CopyLosesDivision,
    CopyLosesModes,
    CopyLosesX,
    CopyNewTargetsCommitCrime,
    CopyResolvesLast,
    CrimeOnResolution,
    CrimePerTarget,
    HexproofIgnored,
    ManaSpentGreedily,
    OutlawIncludesSpells,
    PhyrexianLifeRefused,
    SplitManaValueOneHalf,
    SplitStackCombined,
    TriggerTargetsNoCrime,
)
from conformance.reference.mutants_state import (
    AuraStaysUnattached,
    CountersCoexist,
    EntersUntapped,
    EquipmentStaysAttached,
    NoLegendRule,
    PoisonIgnored,
    RegenerationIgnored,
    StartingPlayerDraws,
)

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
from conformance.mining.mutants_more import MORE_FAMILY_MUTANTS  # noqa: E402

MUTANTS.update(MORE_FAMILY_MUTANTS)
MUTANTS.update(PROTOCOL2_MUTANTS)
from conformance.reference.cost_mutants import COST_MUTANTS  # noqa: E402

MUTANTS.update(COST_MUTANTS)

from conformance.reference.choice_mutants import CHOICE_MUTANTS  # noqa: E402

MUTANTS.update(CHOICE_MUTANTS)

from conformance.reference.setup_mutants import SETUP_MUTANTS  # noqa: E402

MUTANTS.update(SETUP_MUTANTS)

from conformance.reference.chapter_mutants import CHAPTER_MUTANTS  # noqa: E402

MUTANTS.update(CHAPTER_MUTANTS)

from conformance.reference.fuse_mutants import FUSE_MUTANTS  # noqa: E402

MUTANTS.update(FUSE_MUTANTS)

from conformance.reference.rules_mutants import RULES_MUTANTS  # noqa: E402

MUTANTS.update(RULES_MUTANTS)

from conformance.reference.suspend_mutants import SUSPEND_MUTANTS  # noqa: E402

MUTANTS.update(SUSPEND_MUTANTS)

from conformance.reference.morph_mutants import MORPH_MUTANTS  # noqa: E402

MUTANTS.update(MORPH_MUTANTS)

from conformance.reference.template_mutants import TEMPLATE_MUTANTS  # noqa: E402

MUTANTS.update(TEMPLATE_MUTANTS)
from conformance.reference.lord_mutants import LORD_MUTANTS  # noqa: E402

MUTANTS.update(LORD_MUTANTS)

from conformance.reference.animation_mutants import ANIMATION_MUTANTS  # noqa: E402

MUTANTS.update(ANIMATION_MUTANTS)

from conformance.reference.snow_mutants import SNOW_MUTANTS  # noqa: E402

MUTANTS.update(SNOW_MUTANTS)
from conformance.reference.mdfc_mutants import MDFC_MUTANTS  # noqa: E402

MUTANTS.update(MDFC_MUTANTS)

from conformance.reference.free_cast_mutants import FREE_CAST_MUTANTS  # noqa: E402

MUTANTS.update(FREE_CAST_MUTANTS)

from conformance.reference.bestow_mutants import BESTOW_MUTANTS  # noqa: E402

MUTANTS.update(BESTOW_MUTANTS)

from conformance.reference.color_mutants import COLOR_MUTANTS  # noqa: E402

MUTANTS.update(COLOR_MUTANTS)
from conformance.reference.mined_rule_mutants import MINED_RULE_MUTANTS  # noqa: E402

MUTANTS.update(MINED_RULE_MUTANTS)
from conformance.mining.mutants_triggers import TRIGGER_FAMILY_MUTANTS  # noqa: E402

MUTANTS.update(TRIGGER_FAMILY_MUTANTS)
from conformance.reference.evasion_mutants import EVASION_MUTANTS  # noqa: E402

MUTANTS.update(EVASION_MUTANTS)

from conformance.reference.persist_mutants import PERSIST_MUTANTS  # noqa: E402

MUTANTS.update(PERSIST_MUTANTS)
from conformance.reference.mana_ability_mutants import MANA_ABILITY_MUTANTS  # noqa: E402

MUTANTS.update(MANA_ABILITY_MUTANTS)
from conformance.reference.cost_increase_mutants import COST_INCREASE_MUTANTS  # noqa: E402

MUTANTS.update(COST_INCREASE_MUTANTS)

from conformance.reference.vehicle_mutants import VEHICLE_MUTANTS  # noqa: E402

MUTANTS.update(VEHICLE_MUTANTS)

from conformance.reference.adventure_mutants import ADVENTURE_MUTANTS  # noqa: E402

MUTANTS.update(ADVENTURE_MUTANTS)
from conformance.reference.alt_cost_mutants import ALT_COST_MUTANTS  # noqa: E402

MUTANTS.update(ALT_COST_MUTANTS)
from conformance.reference.escape_mutants import ESCAPE_MUTANTS  # noqa: E402

MUTANTS.update(ESCAPE_MUTANTS)
from conformance.reference.unearth_mutants import UNEARTH_MUTANTS  # noqa: E402

MUTANTS.update(UNEARTH_MUTANTS)
from conformance.reference.rebound_mutants import REBOUND_MUTANTS  # noqa: E402

MUTANTS.update(REBOUND_MUTANTS)
from conformance.reference.leveler_mutants import LEVELER_MUTANTS  # noqa: E402

MUTANTS.update(LEVELER_MUTANTS)
from conformance.reference.transform_mutants import TRANSFORM_MUTANTS  # noqa: E402

MUTANTS.update(TRANSFORM_MUTANTS)
