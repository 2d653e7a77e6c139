"""Mutants of the madness, dash and evoke families (conformance/mining/families/alt_costs.py):
each breaks the one rules point of its family through one hook of
:data:`conformance.reference.rules.HOOKS` (:data:`ALT_COST_MUTANTS` is merged into
:data:`conformance.reference.mutants.MUTANTS`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.reference.cards import CardDef, Face, mana_value_of
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Chars, Obj, PendingTrigger, SpellState, StackAbility


class MadnessDeclinedStaysExiled(ReferenceEngine):
    """A card with madness its owner does not cast as the madness trigger resolves stays in
    exile instead of going to the graveyard (702.35a broken)."""

    MUTANT = "madness_declined_stays_exiled"
    RULE = "702.35a"

    def madness_declined_to_graveyard(self) -> bool:
        return False


class MadnessKeepsTiming(ReferenceEngine):
    """A card cast as its madness trigger resolves still needs its type's timing: a sorcery
    discarded on another player's turn cannot be cast (608.2g, 702.35a broken)."""

    MUTANT = "madness_keeps_timing"
    RULE = "702.35a"

    def madness_ignores_timing(self) -> bool:
        return False


class MadnessTriggerUnderPaidSpell(ReferenceEngine):
    """The madness trigger of a card discarded to pay a spell's cost goes on the stack under
    that spell, as if it had triggered before the spell was cast: the spell resolves first
    (601.2i, 603.3 broken)."""

    MUTANT = "madness_trigger_under_paid_spell"
    RULE = "603.3"

    def put_trigger_on_stack(self, ab: StackAbility) -> None:
        top = self.stack[-1] if self.stack else None
        spell = getattr(top, "spell", None)
        if ab.name == "madness" and spell is not None and "discard" in spell.paid_with:
            self.stack.insert(len(self.stack) - 1, ab)
            return
        super().put_trigger_on_stack(ab)


class MadnessOnlyForEffectDiscards(ReferenceEngine):
    """Madness applies only to a card an effect makes its owner discard: a card with madness
    discarded to pay a cost goes to the graveyard (702.35a broken: it works whatever the
    reason for the discard)."""

    MUTANT = "madness_only_for_effect_discards"
    RULE = "702.35a"

    def pay_with_object(self, player: str, kind: str, obj: Obj) -> None:
        card = obj.card
        if kind == "discard" and card is not None and any(
                "madness" in dict(f.text.alternatives) for f in card.faces):
            self._move(obj, "graveyard")
            return
        super().pay_with_object(player, kind, obj)


class MadnessSpellExiled(ReferenceEngine):
    """A spell cast for its madness cost, cast from exile, goes back to exile when it leaves
    the stack (resolved or countered) instead of its owner's graveyard (702.35a, 608.2n
    broken)."""

    MUTANT = "madness_spell_exiled"
    RULE = "608.2n"

    def stack_exit_zone(self, obj: Obj, to: str) -> str:
        spell = obj.spell
        if spell is not None and spell.alternative == "madness":
            return "exile"
        return super().stack_exit_zone(obj, to)


def _mana_value_from(c: Chars, spell: SpellState, name: str) -> Chars:
    """``c`` with the mana value of the alternative cost ``name`` when the spell was cast for
    it."""
    paid = dict(spell.face.text.alternatives).get(name)
    if spell.alternative == name and paid is not None:
        return replace(c, mana_value=mana_value_of(paid, spell.x or 0))
    return c


class MadnessManaValueFromCost(ReferenceEngine):
    """A spell cast for its madness cost has the mana value of that cost (202.3, 118.9c
    broken)."""

    MUTANT = "madness_mana_value_from_cost"
    RULE = "118.9c"

    def stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        return _mana_value_from(super().stack_characteristics(card, spell), spell, "madness")


class EvokeManaValueFromCost(ReferenceEngine):
    """A spell cast for its evoke cost has the mana value of that cost (202.3, 118.9c
    broken)."""

    MUTANT = "evoke_mana_value_from_cost"
    RULE = "118.9c"

    def stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        return _mana_value_from(super().stack_characteristics(card, spell), spell, "evoke")


class DashReturnsFromAnyZone(ReferenceEngine):
    """The dash delayed trigger returns the card to its owner's hand even when the creature
    has left the battlefield since (a new object, 400.7, 702.109a broken)."""

    MUTANT = "dash_returns_from_any_zone"
    RULE = "400.7"

    def dash_return_follows_card(self) -> bool:
        return True


class DashedMustAttack(ReferenceEngine):
    """A creature whose dash cost was paid must attack if able (702.109a broken)."""

    MUTANT = "dashed_creature_must_attack"
    RULE = "702.109a"

    def dashed_must_attack(self) -> bool:
        return True




class DashIgnoresTiming(ReferenceEngine):
    """A creature cast for its dash cost may be cast any time its owner has priority (307.1,
    702.109a broken)."""

    MUTANT = "dash_ignores_timing"
    RULE = "702.109a"

    def timing_permits(self, face: Face, player: str, zone: str) -> bool:
        return (self.casting_alternative == "dash"
                or super().timing_permits(face, player, zone))


class EvokeIgnoresTiming(ReferenceEngine):
    """A creature cast for its evoke cost may be cast any time its owner has priority (307.1,
    702.74a broken)."""

    MUTANT = "evoke_ignores_timing"
    RULE = "702.74a"

    def timing_permits(self, face: Face, player: str, zone: str) -> bool:
        return (self.casting_alternative == "evoke"
                or super().timing_permits(face, player, zone))


class EvokeSacrificeFirst(ReferenceEngine):
    """The evoke trigger always goes on the stack last (it resolves before the permanent's
    other enters triggers), whatever order its controller chose (603.3b broken)."""

    MUTANT = "evoke_sacrifice_first"
    RULE = "603.3b"

    def order_triggers(self, mine: list[PendingTrigger], order: Any) -> list[PendingTrigger]:
        ordered = super().order_triggers(mine, order)
        return ([t for t in ordered if t.name != "evoke"]
                + [t for t in ordered if t.name == "evoke"])


ALT_COST_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        MadnessDeclinedStaysExiled, MadnessKeepsTiming, MadnessSpellExiled,
        MadnessTriggerUnderPaidSpell, MadnessOnlyForEffectDiscards,
        MadnessManaValueFromCost, EvokeManaValueFromCost, DashReturnsFromAnyZone,
        DashedMustAttack, DashIgnoresTiming, EvokeIgnoresTiming, EvokeSacrificeFirst,
    )
}
"""Mutant name -> engine class, for the madness, dash and evoke families."""
