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

from conformance.reference import oracle as o
from conformance.reference.cards import CardDef, Face, mana_value_of
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Chars, Obj, Ref, SpellSnapshot, SpellState, other


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


FAMILY_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        FlashbackNotExiled, FlashbackIgnoresTiming, FlashbackManaValueFromCost,
        NoPriorityAfterResolution, CyclingIsCast, SagaNoTurnCounter, ChapterLeavesWithCounters,
        SagaSacrificedEarly, GraveyardSpellStillTargetable, PiratesNotOutlaws, CrimeAnyTarget,
        CopyKeepsTargets, CopyNeedsTargets, XNotInManaValue,
    ) if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the mined families the reference mutants do not cover."""
