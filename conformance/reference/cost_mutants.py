"""Mutants killed by the protocol-2 cases of ``costs`` (kicker, flashback, escape, overload,
madness, dash, evoke, foretell, additional costs, convoke, delve, improvise).

Each breaks one rule through one hook of :data:`conformance.reference.rules.HOOKS`, like those of
:mod:`conformance.reference.mutants` (which registers these in ``MUTANTS``).
"""

from __future__ import annotations

from conformance.reference.cards import Face
from conformance.reference.effect_blocks import SpellText
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj, SpellState


class KickerIgnored(ReferenceEngine):
    """A kicked spell's "if this spell was kicked" effects never happen."""

    MUTANT = "kicker_ignored"
    RULE = "702.33d"

    def times_kicked(self, spell: SpellState) -> int:
        return 0


class MultikickerCountsOnce(ReferenceEngine):
    """A spell kicked several times with multikicker counts as kicked once."""

    MUTANT = "multikicker_counts_once"
    RULE = "702.33c"

    def times_kicked(self, spell: SpellState) -> int:
        return min(spell.kicked, 1)


class FlashbackPaysManaCost(ReferenceEngine):
    """A card cast with flashback is paid with its mana cost, not its flashback cost."""

    MUTANT = "flashback_pays_mana_cost"
    RULE = "702.34a"

    def alternative_cost(self, face: Face, name: str) -> str | None:
        found = super().alternative_cost(face, name)
        return face.mana_cost if found is not None else None


class EscapedSpellExiled(ReferenceEngine):
    """An instant or sorcery cast with escape is exiled as it leaves the stack, as if it had
    flashback (escape says nothing of the kind: it goes to its owner's graveyard)."""

    MUTANT = "escaped_spell_exiled"
    RULE = "702.138a"

    def stack_exit_zone(self, obj: Obj, to: str) -> str:
        if obj.spell is not None and obj.spell.alternative == "escape":
            return "exile"
        return super().stack_exit_zone(obj, to)


class OverloadKeepsTargets(ReferenceEngine):
    """A spell cast for its overload cost keeps its text: it still needs a target and affects
    only that one."""

    MUTANT = "overload_keeps_targets"
    RULE = "702.96b"

    def overloaded_effects(self, effects: SpellText) -> SpellText:
        return effects


class AdditionalCostSkipped(ReferenceEngine):
    """A spell's additional cost "sacrifice a creature" is not paid: the creature stays."""

    MUTANT = "additional_cost_skipped"
    RULE = "601.2h"

    def pay_with_object(self, player: str, kind: str, obj: Obj) -> None:
        if kind != "sacrifice":
            super().pay_with_object(player, kind, obj)


class DiscardCostSkipped(ReferenceEngine):
    """A discard cost is not paid: the card stays in its owner's hand."""

    MUTANT = "discard_cost_skipped"
    RULE = "701.8a"

    def pay_with_object(self, player: str, kind: str, obj: Obj) -> None:
        if kind != "discard":
            super().pay_with_object(player, kind, obj)


class ExileCostSkipped(ReferenceEngine):
    """An activated ability's "exile cards from your graveyard" cost is not paid."""

    MUTANT = "exile_cost_skipped"
    RULE = "602.2b"

    def pay_with_object(self, player: str, kind: str, obj: Obj) -> None:
        if kind != "exile":
            super().pay_with_object(player, kind, obj)


class TapCostSkipped(ReferenceEngine):
    """An activated ability's "tap an untapped creature you control" cost is not paid."""

    MUTANT = "tap_cost_skipped"
    RULE = "118.3"

    def pay_with_object(self, player: str, kind: str, obj: Obj) -> None:
        if kind != "tap":
            super().pay_with_object(player, kind, obj)


class ImproviseArtifactsStayUntapped(ReferenceEngine):
    """Artifacts that pay for a spell with improvise are not tapped."""

    MUTANT = "improvise_artifacts_stay_untapped"
    RULE = "702.126a"

    def pay_with_object(self, player: str, kind: str, obj: Obj) -> None:
        if kind != "improvise":
            super().pay_with_object(player, kind, obj)


class ConvokePaysGenericOnly(ReferenceEngine):
    """A creature tapped for convoke pays only {1}, never one mana of its color."""

    MUTANT = "convoke_pays_generic_only"
    RULE = "702.51a"

    def convoke_kinds(self, obj: Obj) -> frozenset[str]:
        return frozenset({"generic"})


class DelveCountsWrong(ReferenceEngine):
    """Each card exiled for delve pays {2} instead of {1}."""

    MUTANT = "delve_counts_wrong"
    RULE = "702.66a"

    def delve_value(self) -> int:
        return 2


class MadnessCardToGraveyard(ReferenceEngine):
    """A discarded card with madness goes to its owner's graveyard, not into exile: its madness
    trigger never triggers."""

    MUTANT = "madness_card_to_graveyard"
    RULE = "702.35a"

    def madness_replaces_discard(self) -> bool:
        return False


class DashWithoutHaste(ReferenceEngine):
    """A creature cast for its dash cost does not gain haste (it cannot attack that turn)."""

    MUTANT = "dash_without_haste"
    RULE = "702.109a"

    def dash_grants_haste(self) -> bool:
        return False


class DashedStays(ReferenceEngine):
    """A creature cast for its dash cost stays on the battlefield: no delayed trigger returns it
    to its owner's hand."""

    MUTANT = "dashed_creature_stays"
    RULE = "702.109a"

    def dash_returns_to_hand(self) -> bool:
        return False


class EvokedStays(ReferenceEngine):
    """A creature cast for its evoke cost is not sacrificed: its evoke trigger never
    triggers."""

    MUTANT = "evoked_creature_stays"
    RULE = "702.74a"

    def evoke_sacrifices(self) -> bool:
        return False


class ForetoldCastSameTurn(ReferenceEngine):
    """A foretold card may be cast for its foretell cost in the turn it was foretold."""

    MUTANT = "foretold_cast_same_turn"
    RULE = "702.143a"

    def foretold_castable(self, foretold_turn: int) -> bool:
        return True


class ForetellNeedsEmptyStack(ReferenceEngine):
    """Foretelling needs an empty stack, as if it were casting a sorcery (116.2h broken)."""

    MUTANT = "foretell_needs_empty_stack"
    RULE = "116.2h"

    def foretell_needs_empty_stack(self) -> bool:
        return True


class ForetoldIgnoresTiming(ReferenceEngine):
    """A card cast from exile ignores its type's timing: a foretold sorcery is cast any time
    its owner has priority (702.143a, 307.1 broken)."""

    MUTANT = "foretold_ignores_timing"
    RULE = "702.143a"

    def timing_permits(self, face: Face, player: str, zone: str) -> bool:
        return zone == "exile" or super().timing_permits(face, player, zone)


class ForetellPaysManaCost(ReferenceEngine):
    """A foretold card is cast for its mana cost, not its foretell cost (like any alternative
    cost mutated by :class:`FlashbackPaysManaCost`, for foretell only)."""

    MUTANT = "foretell_pays_mana_cost"
    RULE = "702.143a"

    def alternative_cost(self, face: Face, name: str) -> str | None:
        found = super().alternative_cost(face, name)
        return face.mana_cost if found is not None and name == "foretell" else found


COST_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        KickerIgnored, MultikickerCountsOnce, FlashbackPaysManaCost, EscapedSpellExiled,
        OverloadKeepsTargets,
        AdditionalCostSkipped,
        DiscardCostSkipped, ExileCostSkipped, TapCostSkipped, ImproviseArtifactsStayUntapped,
        ConvokePaysGenericOnly, DelveCountsWrong, MadnessCardToGraveyard, DashWithoutHaste,
        DashedStays, EvokedStays, ForetoldCastSameTurn, ForetellPaysManaCost,
        ForetellNeedsEmptyStack, ForetoldIgnoresTiming,
    ) if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the cases of ``costs``."""
