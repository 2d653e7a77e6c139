"""Mutants breaking casting and copying: crimes, copies, split cards, aftermath, mana payment, outlaws and hexproof targeting.

Each overrides one hook of the public rules surface and names the rule it breaks; they are
registered in :data:`conformance.reference.mutants.MUTANTS`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from conformance.reference import abilities as o
from conformance.reference.cards import CardDef, Face
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mana import ManaPool, Symbol
from conformance.reference.objects import (
    Chars,
    Obj,
    Ref,
    SpellSnapshot,
    SpellState,
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


class OutlawIncludesSpells(ReferenceEngine):
    """"Outlaw" also covers spells and cards, not only permanents."""

    MUTANT = "outlaw_includes_spells"
    RULE = "205.3m"

    def is_outlaw(self, obj: Obj, chars: Chars) -> bool:
        return bool(o.OUTLAW_TYPES & set(chars.subtypes))


class TriggerTargetsNoCrime(ReferenceEngine):
    """A triggered ability that targets an opponent commits no crime (breaks rule 700.13)."""

    MUTANT = "trigger_targets_no_crime"
    RULE = "700.13"

    def trigger_targets_commit_crimes(self) -> bool:
        return False


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
