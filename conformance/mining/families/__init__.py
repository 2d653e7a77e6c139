"""The registry of ruling families (first match wins; seed-specific families first)."""

from __future__ import annotations

from dataclasses import replace

from conformance.mining.families import (
    additional_costs,
    classified,
    constellation,
    convoke,
    copy,
    devoid,
    devotion,
    energy,
    fizzle,
    flashback,
    heroic,
    infect,
    knifepoint,
    landfall,
    phyrexian,
    prowess,
    saga,
    scry,
    search,
    split,
)
from conformance.mining.model import Family

MUTANT_OF: dict[str, str] = {
    "outlaw-definition": "pirates_not_outlaws",
    "outlaw-permanents-only": "outlaw_includes_spells",
    "crime-one-per-spell": "crime_per_target",
    "crime-definition": "crime_any_target",
    "crime-initial-targets": "copy_new_targets_commit_crime",
    "crime-timing": "crime_on_resolution",
    "crime-trigger-order": "trigger_order_ignored",
    "first-strike-lost": "lost_first_strike_deals_again",
    "saga-lost-chapters": "chapterless_saga_sacrificed",
    "copy-not-cast": "copy_counts_as_cast",
    "copy-same-targets": "copy_keeps_targets",
    "copy-controller": "copy_controlled_by_original_controller",
    "copy-x": "copy_loses_x",
    "copy-x-mana-value": "x_not_in_mana_value",
    "copy-modal": "copy_loses_modes",
    "copy-division": "copy_loses_division",
    "copy-any-spell": "copy_needs_targets",
    "flashback-meaning": "flashback_not_exiled",
    "flashback-exiled": "flashback_not_exiled",
    "flashback-timing": "flashback_ignores_timing",
    "flashback-priority": "no_priority_after_resolution",
    "flashback-mana-value": "flashback_mana_value_from_cost",
    "cycling-activated": "cycling_is_cast",
    "saga-lore-counters": "saga_no_turn_counter",
    "saga-chapter-trigger": "chapters_retrigger",
    "saga-no-retrigger": "chapters_retrigger",
    "saga-removed-counters": "chapters_retrigger",
    "saga-chapter-independent": "chapter_leaves_with_counters",
    "saga-chapter-order": "trigger_order_ignored",
    "saga-sacrifice": "saga_sacrificed_early",
    "split-combined": "split_mana_value_one_half",
    "split-stack-half": "split_stack_combined",
    "aftermath-from-hand": "aftermath_from_hand",
    "aftermath-exiled": "aftermath_not_exiled",
    "aftermath-priority": "no_priority_after_resolution",
    "aftermath-moved-to-stack": "graveyard_spell_still_targetable",
    "devoid-colorless": "devoid_keeps_cost_colors",
    "devoid-all-zones": "devoid_only_on_battlefield",
    "phyrexian-mana-value": "phyrexian_symbols_count_zero",
    "prowess-noncreature": "multitype_creature_spell_noncreature",
    "prowess-on-top": "trigger_under_its_spell",
    "prowess-countered": "trigger_linked_to_its_spell",
    "illegal-target-fizzle": "illegal_targets_resolve",
    "phyrexian-color": "phyrexian_symbols_colorless",
    "energy-not-mana": "energy_lost_at_end_of_turn",
    "energy-get-pay": "energy_counted_once",
    "energy-overpay": "energy_overpaid",
    "devotion-hybrid": "devotion_ignores_hybrid",
    "devotion-text-box": "devotion_counts_text_symbols",
    "landfall-any-reason": "landfall_only_when_played",
    "landfall-order": "trigger_order_ignored",
    "heroic-on-top": "trigger_under_its_spell",
    "heroic-copy": "copy_counts_as_cast",
    "constellation-any-enchantment": "constellation_pure_enchantments_only",
    "constellation-order": "trigger_order_ignored",
    "infect-lifelink": "infect_damage_no_lifelink",
    "infect-poison-loses": "poison_ignored",
    "infect-counters-stay": "infect_damage_marked",
    "heroic-once": "heroic_per_target",
    "scry-bottom": "scry_bottom_ignored",
    "scry-order": "scry_order_ignored",
    "devoid-lost": "devoid_lost_restores_colors",
    "search-may-fail": "search_must_find",
    "sacrifice-exactly-one": "sacrifice_count_unchecked",
    "costs-paid-before-responses": "additional_cost_skipped",
    "convoke-mana-value": "convoke_lowers_mana_value",
    "convoke-multicolored": "convoke_multicolored_pays_generic",
    "convoke-summoning-sick": "convoke_needs_unsick_creatures",
}
"""Family id -> the mutant breaking exactly the rules point the family tests."""

FAMILIES: tuple[Family, ...] = tuple(
    replace(f, mutant=MUTANT_OF.get(f.id)) for f in (
        *knifepoint.FAMILIES, *saga.SEED_FAMILIES, *classified.FAMILIES, *copy.FAMILIES,
        *flashback.FAMILIES, *saga.FAMILIES, *split.FAMILIES, *devoid.FAMILIES,
        *phyrexian.FAMILIES, *prowess.FAMILIES, *fizzle.FAMILIES, *energy.FAMILIES,
        *devotion.FAMILIES,
        *landfall.FAMILIES, *heroic.FAMILIES,
        *constellation.FAMILIES, *infect.FAMILIES,
        *convoke.FAMILIES, *scry.FAMILIES, *search.FAMILIES, *additional_costs.FAMILIES,
    )
)
"""Every family, in matching order."""

BY_ID: dict[str, Family] = {f.id: f for f in FAMILIES}
if len(BY_ID) != len(FAMILIES):  # pragma: no cover - a programming error
    raise RuntimeError("duplicate family ids")
