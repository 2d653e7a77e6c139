"""Family mutants: the reference engine with the one rules point of a mined family broken.

Every family that generates cases names a mutant (:attr:`conformance.mining.model.Family.mutant`)
that breaks exactly the point its ruling makes; the family's cases must kill it, and the miner
keeps a card's cases of a family only when one of them does (a case an engine ignoring the
ruling would pass tests nothing). The mutants of :mod:`conformance.reference.mutants` cover the
seed families (crimes, copies, Sagas, split cards); the ones below cover the families mined from
the corpus. :data:`FAMILY_MUTANTS` is added to the reference mutants, so ``rulings mutants`` and
``mutant:NAME`` engine specs run them too.
"""

from __future__ import annotations

from dataclasses import replace

from conformance.reference import abilities as o
from conformance.reference.cards import CardDef, Face, mana_value_of
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import (
    Chars,
    Obj,
    Ref,
    SpellSnapshot,
    SpellState,
    StackAbility,
    other,
)


class FlashbackNotExiled(ReferenceEngine):
    """A spell cast with flashback goes to its owner's graveyard like any other spell."""

    MUTANT = "flashback_not_exiled"
    RULE = "702.34a"

    def stack_exit_zone(self, obj: Obj, to: str) -> str:
        spell = obj.spell
        if spell is not None and spell.flashback and not spell.face.text.aftermath:
            return to
        return super().stack_exit_zone(obj, to)


class FlashbackIgnoresTiming(ReferenceEngine):
    """A spell cast from a graveyard (flashback) may be cast at any time, whatever its type."""

    MUTANT = "flashback_ignores_timing"
    RULE = "702.34a"

    def timing_permits(self, face: Face, player: str, zone: str) -> bool:
        return zone == "graveyard" or super().timing_permits(face, player, zone)


class FlashbackManaValueFromCost(ReferenceEngine):
    """A spell cast with flashback has the mana value of the flashback cost paid."""

    MUTANT = "flashback_mana_value_from_cost"
    RULE = "118.9c"

    def stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        c = super().stack_characteristics(card, spell)
        if spell.flashback and spell.face.text.flashback:
            return replace(c, mana_value=mana_value_of(spell.face.text.flashback, spell.x or 0))
        return c


class NoPriorityAfterResolution(ReferenceEngine):
    """After a spell or ability resolves, the non-active player receives priority first."""

    MUTANT = "no_priority_after_resolution"
    RULE = "117.3b"

    def priority_after_resolution(self) -> str:
        return other(self.active)


class CyclingIsCast(ReferenceEngine):
    """Cycling a card counts as casting it (a ``cast`` event) besides using the stack."""

    MUTANT = "cycling_is_cast"
    RULE = "702.29a"

    def cycling_is_cast(self) -> bool:
        return True


class SagaNoTurnCounter(ReferenceEngine):
    """A Saga gets no lore counter as its controller's precombat main phase begins."""

    MUTANT = "saga_no_turn_counter"
    RULE = "714.3b"

    def saga_gets_turn_counter(self, obj: Obj) -> bool:
        return False


class ChapterLeavesWithCounters(ReferenceEngine):
    """A chapter ability on the stack is removed when its Saga's lore counters drop below its
    chapter number (it depends on its source instead of being independent of it)."""

    MUTANT = "chapter_leaves_with_counters"
    RULE = "113.7a"

    def chapters_independent_of_source(self) -> bool:
        return False


class SagaSacrificedEarly(ReferenceEngine):
    """A Saga is sacrificed as soon as its lore counters reach the final chapter, while that
    chapter's ability still waits on the stack."""

    MUTANT = "saga_sacrificed_early"
    RULE = "714.4"

    def saga_sacrifice_due(self, obj: Obj) -> bool:
        final = self.final_chapter(obj)
        return final > 0 and obj.counters.get("lore", 0) >= final


class GraveyardSpellStillTargetable(ReferenceEngine):
    """A card being cast from a graveyard can still be targeted as a card in that graveyard."""

    MUTANT = "graveyard_spell_still_targetable"
    RULE = "400.7"

    def is_graveyard_card(self, obj: Obj) -> bool:
        if (obj.zone == "stack" and obj.spell is not None
                and obj.spell.cast_from == "graveyard"):
            return True
        return super().is_graveyard_card(obj)


class PiratesNotOutlaws(ReferenceEngine):
    """Pirate is missing from the outlaw creature types."""

    MUTANT = "pirates_not_outlaws"
    RULE = "205.3m"

    def is_outlaw(self, obj: Obj, chars: Chars) -> bool:
        types = set(chars.subtypes) - {"Pirate"}
        return obj.zone == "battlefield" and bool(o.OUTLAW_TYPES & types)


class CrimeAnyTarget(ReferenceEngine):
    """Targeting anything, your own creatures included, is a crime."""

    MUTANT = "crime_any_target"
    RULE = "700.13"

    def opponent_related(self, ref: Ref, controller: str) -> bool:
        return True


class CopyKeepsTargets(ReferenceEngine):
    """New targets chosen for a copy are ignored: it keeps the original's targets."""

    MUTANT = "copy_keeps_targets"
    RULE = "707.10c"

    def place_copy(self, copy: Obj, original_id: str) -> None:
        original = self.objects.get(original_id)
        if copy.spell is not None and original is not None and original.spell is not None:
            copy.spell.targets = [list(t) for t in original.spell.targets]
        super().place_copy(copy, original_id)


class CopyNeedsTargets(ReferenceEngine):
    """A copy effect copies only spells with targets."""

    MUTANT = "copy_needs_targets"
    RULE = "707.10"

    def copyable(self, info: SpellSnapshot) -> bool:
        return any(info.targets)


class XNotInManaValue(ReferenceEngine):
    """A spell's mana value on the stack counts X as 0."""

    MUTANT = "x_not_in_mana_value"
    RULE = "202.3"

    def stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        c = super().stack_characteristics(card, spell)
        if spell.x:
            return replace(c, mana_value=mana_value_of(spell.face.mana_cost, 0))
        return c


class DevoidKeepsCostColors(ReferenceEngine):
    """Devoid is ignored for color: a card with devoid has its mana cost's colors."""

    MUTANT = "devoid_keeps_cost_colors"
    RULE = "702.114a"

    def colorless_by_devoid(self, obj: Obj, chars: Chars) -> bool:
        return False


class DevoidOnlyOnBattlefield(ReferenceEngine):
    """Devoid makes an object colorless only on the battlefield and on the stack."""

    MUTANT = "devoid_only_on_battlefield"
    RULE = "702.114a"

    def colorless_by_devoid(self, obj: Obj, chars: Chars) -> bool:
        return obj.zone in ("battlefield", "stack") and super().colorless_by_devoid(obj, chars)


class PhyrexianSymbolsCountZero(ReferenceEngine):
    """A Phyrexian mana symbol adds nothing to a mana cost's mana value."""

    MUTANT = "phyrexian_symbols_count_zero"
    RULE = "202.3"

    def phyrexian_symbol_mana_value(self) -> int:
        return 0


class MultitypeCreatureSpellNoncreature(ReferenceEngine):
    """A spell counts as noncreature when any of its types is not creature (an artifact
    creature spell triggers prowess)."""

    MUTANT = "multitype_creature_spell_noncreature"
    RULE = "702.108a"

    def noncreature_spell(self, chars: Chars) -> bool:
        return bool(set(chars.types) - {"Creature"})


class TriggerUnderItsSpell(ReferenceEngine):
    """A triggered ability is put on the stack under the spell on top of it (the spell that
    made it trigger resolves first)."""

    MUTANT = "trigger_under_its_spell"
    RULE = "603.3"

    def put_trigger_on_stack(self, ab: StackAbility) -> None:
        self.stack.insert(max(len(self.stack) - 1, 0), ab)


class TriggerLinkedToItsSpell(ReferenceEngine):
    """A triggered ability put on the stack above a spell does nothing if that spell has left
    the stack without resolving (countered) by the time the ability resolves."""

    MUTANT = "trigger_linked_to_its_spell"
    RULE = "113.7a"

    def __init__(self) -> None:
        super().__init__()
        self.trigger_spell: dict[str, Obj] = {}
        """Ability id -> the spell under it as it was put on the stack (this game's objects
        only: an entry of an earlier game is ignored, its object is not this game's)."""

    def put_trigger_on_stack(self, ab: StackAbility) -> None:
        top = self.stack[-1] if self.stack else None
        if isinstance(top, Obj):
            self.trigger_spell[ab.id] = top
        else:
            self.trigger_spell.pop(ab.id, None)
        super().put_trigger_on_stack(ab)

    def ability_resolves(self, ab: StackAbility) -> bool:
        spell = self.trigger_spell.get(ab.id)
        if spell is None or self.objects.get(spell.id) is not spell:
            return True
        return spell.zone == "stack"


class IllegalTargetsResolve(ReferenceEngine):
    """A spell or an activated or triggered ability resolves even when all its targets have
    become illegal (its effects on the illegal targets do nothing, the others happen)."""

    MUTANT = "illegal_targets_resolve"
    RULE = "608.2b"

    def fizzles(self, legal: list[bool]) -> bool:
        return False


class PhyrexianSymbolsColorless(ReferenceEngine):
    """A Phyrexian mana symbol gives a card no color (as if its cost were paid with life)."""

    MUTANT = "phyrexian_symbols_colorless"
    RULE = "105.2"

    def phyrexian_symbols_colored(self) -> bool:
        return False


class DevotionIgnoresHybrid(ReferenceEngine):
    """Only plain colored mana symbols count toward devotion: hybrid, monocolored hybrid and
    Phyrexian symbols add nothing."""

    MUTANT = "devotion_ignores_hybrid"
    RULE = "700.5"

    def devotion_symbol_counts(self, symbol: str) -> bool:
        return False


class DevotionCountsTextSymbols(ReferenceEngine):
    """Mana symbols in a permanent's text box (its activated abilities' costs and the mana they
    add) count toward devotion as well as those of its mana cost."""

    MUTANT = "devotion_counts_text_symbols"
    RULE = "700.5"

    def devotion_text_symbols(self, obj: Obj, color: str) -> int:
        text = self.chars(obj).text
        if text is None:
            return 0
        n = 0
        for ab in text.activated:
            n += (ab.cost or "").count("{" + color + "}")
            n += sum(1 for kinds in ab.produces or () if kinds == color)
        return n


class LandfallOnlyWhenPlayed(ReferenceEngine):
    """Landfall triggers only when a land is played, not when a spell or ability puts one onto
    the battlefield."""

    MUTANT = "landfall_only_when_played"
    RULE = "603.6a"

    def landfall_triggers(self, land: Obj, played: bool) -> bool:
        return played


class ConstellationPureEnchantmentsOnly(ReferenceEngine):
    """Constellation triggers only for an enchantment with no other card type (an enchantment
    creature entering does not trigger it)."""

    MUTANT = "constellation_pure_enchantments_only"
    RULE = "603.6a"

    def constellation_triggers(self, types: tuple[str, ...]) -> bool:
        return tuple(types) == ("Enchantment",)


class InfectDamageNoLifelink(ReferenceEngine):
    """Damage from a source with infect is not "real" damage for lifelink: a source with both
    gains its controller no life."""

    MUTANT = "infect_damage_no_lifelink"
    RULE = "702.15b"

    def lifelink_applies(self, keywords: frozenset[str]) -> bool:
        return "infect" not in keywords and super().lifelink_applies(keywords)


class InfectDamageMarked(ReferenceEngine):
    """Damage from a source with infect is marked on a creature like other damage (and removed
    in the cleanup step) instead of becoming -1/-1 counters."""

    MUTANT = "infect_damage_marked"
    RULE = "702.90c"

    def damage_as_counters(self, keywords: frozenset[str]) -> bool:
        return "wither" in keywords


FAMILY_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        FlashbackNotExiled, FlashbackIgnoresTiming, FlashbackManaValueFromCost,
        NoPriorityAfterResolution, CyclingIsCast, SagaNoTurnCounter, ChapterLeavesWithCounters,
        SagaSacrificedEarly, GraveyardSpellStillTargetable, PiratesNotOutlaws, CrimeAnyTarget,
        CopyKeepsTargets, CopyNeedsTargets, XNotInManaValue, DevoidKeepsCostColors,
        DevoidOnlyOnBattlefield, PhyrexianSymbolsCountZero,
        MultitypeCreatureSpellNoncreature, TriggerUnderItsSpell, TriggerLinkedToItsSpell,
        IllegalTargetsResolve, PhyrexianSymbolsColorless, DevotionIgnoresHybrid,
        DevotionCountsTextSymbols, LandfallOnlyWhenPlayed,
        ConstellationPureEnchantmentsOnly, InfectDamageNoLifelink, InfectDamageMarked,
    ) if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the mined families the reference mutants do not cover."""
