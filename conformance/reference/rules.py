"""The rules of the reference engine as one class, :class:`Rules`, assembled from the rule
modules, each named after the part of the Comprehensive Rules it models:

* :mod:`~conformance.reference.zones` — :class:`Zones`: zones and zone changes (400-406);
* :mod:`~conformance.reference.continuous_effects` — :class:`ContinuousEffects`:
  characteristics, layers 6 and 7, split cards (611-613, 709);
* :mod:`~conformance.reference.targets` — :class:`Targets`: targets and crimes (115, 700.13);
* :mod:`~conformance.reference.state_based_actions` — :class:`StateBasedActions` (704);
* :mod:`~conformance.reference.triggers` — :class:`TriggeredAbilities` (603, 714.2);
* :mod:`~conformance.reference.copies` — :class:`Copies`: copies of spells (707.10);
* :mod:`~conformance.reference.library_rules` — :class:`LibraryChoices`: where cards chosen
  from a library or a hand go (scry, search, discard; 401.4, 701.8, 701.18, 701.19);
* :mod:`~conformance.reference.effects` — :class:`Effects`: resolving effects (608.2, 120);
* :mod:`~conformance.reference.designations` — :class:`Designations`: energy and experience
  counters, day and night, the monarch, the initiative, face-down permanents (107.14, 122.1,
  708.2, 724-726);
* :mod:`~conformance.reference.combat` — :class:`Combat`: combat damage (506-511);
* :mod:`~conformance.reference.turn` — :class:`TurnStructure`: steps and turns (500-514);
* :mod:`~conformance.reference.stack` — :class:`PriorityAndStack` (117, 405, 608);
* :mod:`~conformance.reference.costs` — :class:`Costs`: total costs (alternative, kicker,
  additional costs) and objects paying them (convoke, delve, improvise) (601.2b, 601.2f-h);
* :mod:`~conformance.reference.casting` with :mod:`~conformance.reference.mana` —
  :class:`Casting`: casting, activating, costs (601, 602, 605);
* :mod:`~conformance.reference.alt_costs` — :class:`AlternativeCosts`: madness, dash, evoke,
  foretell (702.35, 702.109, 702.74, 702.143); :mod:`~conformance.reference.morph` —
  :class:`Morph`: casting face down and turning face up (702.37, 708);
* :mod:`~conformance.reference.kicked` — :class:`KickedPermanents`: kicked permanents (702.33d);
* :mod:`~conformance.reference.suspend` — :class:`Suspend` (extends :class:`CounteredAbilities`
  of :mod:`~conformance.reference.countered_abilities`, abilities on the stack as targets and
  countered, 701.5a, which extends :class:`AlternativeCosts`): suspend (116.2f, 702.62);
  :mod:`~conformance.reference.cascade` — :class:`Cascade` (extends :class:`Suspend`): cascade
  (702.85), and X of a spell cast without paying its mana cost (107.3b);
  :mod:`~conformance.reference.cost_increases` — :class:`CostIncreases` (extends
  :class:`Cascade`): static cost increases (601.2f) and mana abilities never forced (117.1d);
* :mod:`~conformance.reference.control_rules` and :mod:`~conformance.reference.chapter_rules` —
  :class:`ControlRules` (control-changing effects, layer 2: 611.2a) and :class:`ChapterRules`
  (fight 701.12, conditions checked on resolution), which extend :class:`Casting` beside
  :class:`Suspend`;
* :mod:`~conformance.reference.magecraft`, :mod:`~conformance.reference.raid` and
  :mod:`~conformance.reference.cycle_triggers` — :class:`CastOrCopyTriggers` (magecraft,
  707.10), :class:`RaidTriggers` (raid, 603.4) and :class:`CycleTriggers` (702.29c), which
  extend :class:`~conformance.reference.trigger_events.TriggerEvents`, as
  :mod:`~conformance.reference.transform`'s :class:`Transforming` does (transforming
  double-faced cards, daybound and nightbound: 701.28, 702.145, 712).

Each class extends the one above it; :class:`Rules` is the last (it combines the two branches
that extend :class:`Casting`). Its public surface is
:data:`HOOKS`: small methods, each deciding one rule, that a variant engine may override (the
mutants of :mod:`conformance.reference.mutants` each override one to break that rule), plus
:meth:`~.continuous_effects.ContinuousEffects.chars` (an object's characteristics),
:meth:`~.continuous_effects.ContinuousEffects.abilities`,
:meth:`~.targets.Targets.opponent_related` and :meth:`~.targets.Targets.commit_crimes`, and the
state a hook may read: ``players``, ``objects``, ``battlefield``, ``stack``, ``pending``
(triggered abilities waiting to be put on the stack), ``effects``, ``active``, ``step``, ``turn``.
Methods whose names start with ``_`` are internal. Actions and effects are registries
(:mod:`conformance.reference.actions`, :data:`conformance.reference.effects.EFFECTS`).
"""

from __future__ import annotations

from conformance.reference.adventurers import ADVENTURE_HOOKS, AdventurerCards
from conformance.reference.alt_costs import ALT_COST_HOOKS
from conformance.reference.bestow import Bestow
from conformance.reference.block_restrictions import BlockRestrictions
from conformance.reference.cast_quality_rules import CastQuality
from conformance.reference.chapter_rules import CHAPTER_HOOKS, ChapterRules
from conformance.reference.cost_increases import CostIncreases
from conformance.reference.cycle_triggers import CycleTriggers
from conformance.reference.delayed_triggers import DelayedTriggers
from conformance.reference.effects_copies import CopyVariantRules
from conformance.reference.escape import ESCAPE_HOOKS, EscapeRules
from conformance.reference.exert import EXERT_HOOKS, Exert
from conformance.reference.exile_until import ExileUntil
from conformance.reference.kicked import KickedPermanents
from conformance.reference.levelers import LEVELER_HOOKS, Levelers
from conformance.reference.magecraft import MAGECRAFT_HOOKS, CastOrCopyTriggers
from conformance.reference.monstrosity import MONSTROSITY_HOOKS, Monstrosity
from conformance.reference.morph import Morph
from conformance.reference.persist import PERSIST_HOOKS, PersistUndying
from conformance.reference.raid import RAID_HOOKS, RaidTriggers
from conformance.reference.rebound import REBOUND_HOOKS, Rebound
from conformance.reference.totem_armor import TOTEM_ARMOR_HOOKS, TotemArmor
from conformance.reference.transform import TRANSFORM_HOOKS, Transforming
from conformance.reference.unearth import UNEARTH_HOOKS, Unearth
from conformance.reference.vehicles import VEHICLE_HOOKS, Vehicles

HOOKS: dict[str, str] = {
    "stack_exit_zone": "702.127a, 702.34a: where a spell that leaves the stack goes",
    "detect_enters_triggers": "603.6a: abilities that trigger as a permanent enters",
    "stack_characteristics": "709.3b: on the stack only the cast half exists",
    "split_mana_value": "709.4b: a split card's mana value off the stack",
    "may_fuse_from": "702.102a: fuse applies only while the card is in a hand",
    "fused_spell_face": "702.102b-c: a fused split spell has both halves' characteristics and costs",
    "fused_halves": "702.102d: a fused split spell follows its left half, then its right half",
    "colorless_by_devoid": "702.114a: devoid makes an object colorless in every zone",
    "color_layer_keywords": "613.1e: devoid sets colors in layer 5, before abilities are lost",
    "phyrexian_symbol_mana_value": "107.4f, 202.3: a Phyrexian symbol counts 1 toward mana value",
    "heroic_triggers": "603.2c: heroic triggers once per spell, however often it targets",
    "noncreature_spell": "702.108a, 205.2a: a spell with the type creature is not noncreature",
    "put_trigger_on_stack": "603.3, 405.2: a triggered ability goes on top of the stack",
    "ability_resolves": "113.7a: an ability on the stack is independent of what made it trigger",
    "fizzles": "608.2b: a spell whose targets are all illegal doesn't resolve",
    "phyrexian_symbols_colored": "105.2, 107.4f: a Phyrexian mana symbol gives its color",
    "is_outlaw": "700.13 (2024 rulings): an outlaw is a permanent with an outlaw type",
    "crime_timing": "700.13: a crime is committed as the spell becomes cast",
    "crime_count": "700.13: one crime per spell or ability, however many targets",
    "final_chapter": "714.2d: a Saga's final chapter number",
    "saga_sacrifice_due": "714.4: when a Saga is sacrificed",
    "loses_to_poison": "704.5c: ten poison counters",
    "annihilated": "704.5q: +1/+1 and -1/-1 counters annihilate",
    "legend_groups": "704.5j: the legend rule",
    "aura_attachment_legal": "704.5m: an Aura attached illegally or to nothing",
    "consume_delayed": "603.7c: 'when you next ...' triggers once",
    "once_each_turn_applies": "603.2h: 'triggers only once each turn'",
    "chapters_crossed": "714.2b: a chapter triggers when lore counters reach it from below",
    "order_triggers": "603.3b: simultaneous triggers in the order their controller chooses",
    "trigger_targets_commit_crimes": "700.13: a targeting triggered ability commits crimes",
    "copy_x": "707.10: a copy has the original's X",
    "copy_modes": "707.10: a copy has the original's modes",
    "copy_division": "707.10: a copy divides damage as the original did",
    "copy_controller": "707.10: who copies a spell controls the copy",
    "copy_is_cast": "707.10: a copy is not cast",
    "copy_exception": "707.9b: a copy's exception ('except that the copy is red') is copied",
    "place_copy": "707.10: a copy is put on the stack on top",
    "after_copy_targets": "707.10c: choosing new targets for a copy is not targeting on cast",
    "first_strike_step_happens": "510.4: when there is a first-strike combat damage step",
    "deals_regular_damage": "510.4, 702.7c: who deals damage in the second step",
    "saga_gets_turn_counter": "714.3b: which Sagas get a lore counter each turn",
    "skips_first_draw": "103.7a: the starting player skips the draw step of turn 1",
    "may_cast_face_from": "702.127a, 702.34a: from which zones a half or card is cast",
    "payment_plan": "601.2h: how a cost is paid from the mana pool",
    "targetable_by": "702.11b, 702.18a: hexproof and shroud",
    "enters_tapped": "614.1c: a permanent that enters the battlefield tapped",
    "tramples": "702.19b: trample assigns excess combat damage to the player",
    "lifelink_applies": "702.15b: lifelink",
    "destroyed_by_deathtouch": "704.5h: damage from a source with deathtouch destroys",
    "damage_prevented_by_protection": "702.16e: protection prevents damage",
    "infects": "702.90b: infect damage to a player is poison counters",
    "regenerates": "701.15a: a regeneration shield replaces destruction",
    "equipment_attachment_legal": "704.5n: an Equipment attached illegally becomes unattached",
    "timing_permits": "307.1, 304.1: when a spell may be cast",
    "cycling_is_cast": "702.29a: cycling activates an ability, it does not cast the card",
    "priority_after_resolution": "117.3b: the active player receives priority after resolving",
    "is_graveyard_card": "400.7: a card cast from a graveyard is no longer in it",
    "copyable": "707.10: any spell can be copied",
    "chapters_independent_of_source": "113.7a: an ability on the stack is independent of its source",
    "opponent_related": "700.13: which targets make a crime",
    "dies_triggers_look_back": "603.10a: leaves-the-battlefield abilities look back in time",
    "may_attack": "302.6, 508.1a: which creatures may attack (summoning sickness, defender)",
    "evasion_allows_block": "509.1b, 702.9b, 702.31b, 702.28b, 702.36b, 702.13b, 702.14c: "
                            "which blocks the evasion abilities allow",
    "attack_taps": "508.1f: declaring an attacker taps it unless it has vigilance",
    "land_plays_per_turn": "305.2: one land play during each of a player's turns",
    "devotion_symbol_counts": "700.5: hybrid and Phyrexian symbols count toward devotion",
    "devotion_text_symbols": "700.5: only mana costs count toward devotion, not text boxes",
    "landfall_triggers": "603.6a: landfall triggers for a land entering for any reason",
    "constellation_triggers": "603.6a: constellation triggers for any enchantment entering",
    "damage_as_counters": "702.90c, 702.80a: infect and wither damage to a creature is counters",
    "mana_empties": "500.4: mana empties from mana pools at the end of each step and phase",
    "times_kicked": "702.33c-d: how many times a spell was kicked, as its effects see it",
    "kicked_effect_replaces": "702.33d, 608.2c: a kicked effect 'instead' replaces the "
                              "unkicked one",
    "alternative_cost": "702.34a: an alternative cost (flashback) is paid instead of the mana cost",
    "convoke_kinds": "702.51a: a creature tapped for convoke pays {1} or one mana of its color",
    "stack_mana_value": "202.3, 702.51b, 702.66b, 702.126b: objects paying a spell's cost "
                        "don't change its mana value",
    "delve_value": "702.66a: each card exiled for delve pays {1}",
    "improvise_kinds": "702.126a: an artifact tapped for improvise pays {1}",
    "delve_payments": "702.66a: a card exiled for delve pays {1}, never colored mana or nothing",
    "may_tap_to_pay": "118.3, 702.51a, 702.126a: an untapped creature or artifact, sick or not, "
                      "may be tapped to pay",
    "cost_count_paid": "118.8: an additional cost is paid exactly",
    "kicker_limit": "702.33d: a kicker cost is paid at most once, a multikicker cost any number",
    "kicker_in_total_cost": "601.2f: a kicker cost paid is added to the spell's total cost",
    "permanent_kicked": "702.33d: a permanent is kicked only if it was cast kicked",
    "copy_kicked": "707.10: a copy of a kicked spell is kicked",
    "overloaded_effects": "702.96a-b: overload changes 'target' to 'each'; no targets",
    "pay_with_object": "601.2h, 701.8a, 701.17a, 702.126a: paying a cost with an object",
    "optional_effect_happens": "608.2d: an optional effect happens only if its controller chooses",
    "surveil_rest_order": "701.42a: surveilled cards go back on top in the chosen order",
    "scry_placement": "701.18a: scried cards go on the bottom and on top as chosen",
    "search_may_fail": "701.19b: a search for cards with a stated quality may find none",
    "discarded_cards": "701.8b: the discarding player chooses the cards discarded",
    "bottom_order": "401.4: cards put on the bottom together go in the order chosen",
    "trigger_target_order": "603.3b, 603.3d: a trigger's targets are chosen as it goes on the stack",
    "blockers_in_order": "509.2: an attacker's blockers in its damage assignment order",
    "damage_assignment_legal": "510.1c: lethal damage to each blocker ahead in the order first",
    "layer6_order": "613.7: layer-6 effects apply in timestamp order",
    "attachment_applies": "303.4e, 301.5d: an attachment affects its host, whoever controls it",
    "player_counters_empty": "107.14, 122.1: counters a player has stay from turn to turn",
    "day_night_after_turn": "502.2, 726.3a: day becomes night, night becomes day",
    "monarch_draw_triggers": "724.2: the monarch draws a card at the beginning of their end step",
    "becomes_monarch_by_combat_damage": "724.2: combat damage to the monarch takes the title",
    "takes_initiative_by_combat_damage": "725.2: combat damage to its holder takes the initiative",
    "face_down_characteristics": "708.2a: a face-down permanent is a nameless 2/2 creature",
    "can_pay_energy": "107.14: a player can't pay more energy counters than they have",
    "energy_counters": "107.14: each {E} symbol is one energy counter",
    "madness_replaces_discard": "702.35a: a discarded card with madness is exiled instead",
    "dash_grants_haste": "702.109a: a permanent whose dash cost was paid has haste",
    "dash_returns_to_hand": "702.109a: a dashed permanent returns to hand at the next end step",
    "evoke_sacrifices": "702.74a: an evoked permanent is sacrificed when it enters",
    "foretold_castable": "702.143a: a foretold card is cast only after the turn it was foretold",
    "foretell_needs_empty_stack": "116.2h: foretelling is a special action, with any stack",
    "suspend_permitted": "116.2f, 702.62a: suspend only when the card could be cast",
    "suspend_is_cast": "116.2f: suspending a card is a special action, not casting it",
    "last_counter_triggers": "702.62a: the last time counter removed, for any reason, casts it",
    "suspend_casts": "702.62a: the last-counter trigger casts the card if able",
    "suspend_cast_cost": "702.62a, 702.62d: a suspended card is cast without paying its cost",
    "suspend_grants_haste": "702.62a: a creature spell cast by suspend gains haste",
    "suspend_unable": "702.62a: a suspended card that can't be cast stays exiled",
    "suspend_cast_ignores_timing": "608.2g: the suspend cast ignores the card type's timing",
    "free_cast_x_is_zero": "107.3b: X is 0 for a spell cast without paying its mana cost",
    "no_mana_cost_castable": "118.6: a card with no mana cost can't be cast by paying it",
    "suspend_targets_at_exile": "601.2c: a suspended spell's targets are chosen as it is cast",
    "suspend_exiles_face_down": "702.62a: a card exiled with suspend is exiled face up",
    "suspended": "702.62b: suspended: with suspend, in exile, with a time counter",
    "suspended_abilities_trigger": "113.6, 702.62b: 'if CARDNAME is suspended' triggers in exile",
    "ability_counterable": "701.5a: a spell that counters an ability removes it from the stack",
    "ability_countered": "701.5a: a countered ability's effect doesn't happen",
    "enters_as_creature": "702.103 (rulings): bestow entering uncast is an enchantment creature",
    "bestow_unattached": "702.103f: an unattached bestowed Aura keeps its own tapped status",
    "layer5_colors": "613.1e, 613.3: devoid applies first in layer 5, then color-setting effects",
    "bestow_illegal_target_resolves": "702.103e: a bestowed Aura spell with an illegal target "
                                      "resolves as a creature spell",
    "bestowed_aura_stays_unattached": "702.103f: an unattached bestowed Aura stays as a creature",
    "turning_face_up_triggers_enters": "708.8: turning a permanent face up is not entering",
    "turned_face_up_is_same_object": "708.8: a permanent turned face up is the same permanent",
    "turned_face_up_triggers": "708.8, 603.2: 'when CARDNAME is turned face up' triggers",
    "can_turn_face_up": "702.37e, 708.7: a face-down permanent, not a spell, is turned face up",
    "kicking_requires_targets": "702.33d, 603.3d: kicking a permanent spell needs no targets "
                                "for its enters ability",
    "devotion_of_gone_source": "700.5: devotion counts the permanents on the battlefield as "
                               "the ability resolves",
    "payers_pay_from": "601.2f-h, 702.51a: convoke applies after the total cost is determined",
    "left_token_may_return": "111.8: a token that left the battlefield can't come back",
    "ceases_to_exist": "704.5d, 704.5e: tokens off the battlefield, copies off the stack",
    "planeswalker_loyalty_gone": "704.5i, 704.5v: a planeswalker with 0 loyalty, a battle "
                                 "with 0 defense",
    "checks_before_priority": "117.5: state-based actions and triggers before priority",
    "any_target_types": "115.4: any target is a creature, planeswalker, battle or player",
    "attack_triggers": "508.3a: 'whenever CARDNAME attacks' triggers as it is declared",
    "step_triggers": "503.1a, 513.1a: 'at the beginning of your upkeep / end step'",
    "restrictions_apply": "509.1a-b: 'can't block / can't be blocked this turn' restrict blocks",
    "unblocked_trigger_declaration": "509.1i: 'attacks and isn't blocked' triggers as "
                                     "blockers are declared",
    "becomes_blocked_triggers": "509.3c: 'becomes blocked' triggers once, however many block",
    "attacks_alone": "506.5: a creature attacks alone when it is the only one declared",
    "renown_checks_renowned": "603.4, 702.112a: renown's 'if it isn't renowned' is checked "
                              "as it triggers and resolves",
    "renown_triggers_on": "702.112a: renown triggers on combat damage to a player only",
    "renown_needs_battlefield": "702.112b, 400.7: a creature that left the battlefield doesn't "
                                "become renowned",
    "cycle_triggers": "702.29c: 'when you cycle CARDNAME' triggers as it is discarded to cycle",
    "self_while_applies": "611.3a: 'CARDNAME has K as long as <condition>' applies while it holds",
    "finds_its_new_object": "400.7d: a leaves-the-battlefield ability finds the card it became",
    "lord_affects": "611.3a: a static ability affects whatever its text indicates at each moment",
    "applied_lords": "613.4c, 613.1f: each instance of a static ability applies; bonuses add up",
    "produces_snow_mana": "106.3, 107.4h: mana from a snow source is the only mana paying {S}",
    "is_summoning_sick": "302.6: a creature not controlled since its controller's turn began "
                         "can't attack or {T}, however long it has been a creature",
    "legality_face": "712.8: only the face of a modal double-faced card played decides whether "
                     "playing it is legal",
    "mdfc_mana_value": "712.8: off the stack and battlefield a modal double-faced card has its "
                       "front face's mana value",
    "enters_face": "712.8: a double-faced card an effect puts onto the battlefield enters front "
                   "face up",
}
"""Every hook of :class:`Rules`: name -> the rule it decides."""

HOOKS.update(CHAPTER_HOOKS)  # fight, resolution-time conditions: chapter_rules
HOOKS.update(MAGECRAFT_HOOKS)  # "whenever you cast or copy": magecraft
HOOKS.update(RAID_HOOKS)  # "if you attacked this turn": raid
HOOKS.update(PERSIST_HOOKS)  # persist, undying (702.79, 702.93)
HOOKS.update(TOTEM_ARMOR_HOOKS)  # totem armor (702.89)
HOOKS["card_types"] = "205.2a, 205.4a: card types counted, never supertypes such as snow"
HOOKS["cost_increase_applies"] = ("601.2f: a static cost increase applies to each spell it "
                                  "names, its controller's own included")
HOOKS["generic_reduction_reduces_snow"] = "107.4h: reducing generic mana never reduces {S}"
HOOKS["declines_mana_abilities"] = ("117.1d, 605.3a: a player is never forced to activate mana "
                                    "abilities to pay a cost")
HOOKS.update(VEHICLE_HOOKS)  # crew, 208.3: vehicles
HOOKS.update(EXERT_HOOKS)  # exert: exert
HOOKS.update(ADVENTURE_HOOKS)  # adventurer cards: adventurers
HOOKS.update(ALT_COST_HOOKS)  # madness, dash: alt_costs
HOOKS.update(ESCAPE_HOOKS)  # escaped permanents: escape
HOOKS.update(UNEARTH_HOOKS)  # unearth
HOOKS.update(REBOUND_HOOKS)  # rebound
HOOKS.update(MONSTROSITY_HOOKS)  # monstrosity and the monstrous designation
HOOKS.update(LEVELER_HOOKS)  # level symbols and level counters: levelers
HOOKS.update(TRANSFORM_HOOKS)  # transforming double-faced cards, daybound: transform


class Rules(Vehicles, Exert, ChapterRules, CostIncreases, Morph, Bestow, RaidTriggers,
            CastOrCopyTriggers, CycleTriggers, CastQuality, BlockRestrictions, KickedPermanents,
            CopyVariantRules, ExileUntil, DelayedTriggers, PersistUndying, TotemArmor,
            AdventurerCards, EscapeRules, Unearth, Rebound, Monstrosity, Levelers, Transforming):
    """All the rules the reference engine models (the public surface: :data:`HOOKS`)."""
