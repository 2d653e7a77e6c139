"""Mutants killed by the cases of the protocol-2 choices (``may``, ``cards`` — surveil, scry,
search, discard, "put one of them into your hand" —, ``targets`` by source and ability,
``damage_assignment_order``, ``damage_assignment``) and of the ``lose_abilities`` action.

Each breaks one rule through one hook of :data:`conformance.reference.rules.HOOKS`, like those of
:mod:`conformance.reference.mutants` (which registers these in ``MUTANTS``).
"""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj, PendingTrigger


class DeclinedMayHappens(ReferenceEngine):
    """An optional effect ("you may draw a card") happens even when its controller declines."""

    MUTANT = "declined_may_happens"
    RULE = "608.2d"

    def optional_effect_happens(self, accepted: bool) -> bool:
        return True


class SurveilOrderIgnored(ReferenceEngine):
    """Surveilled cards not put into the graveyard stay on top in their old order, whatever
    order was chosen."""

    MUTANT = "surveil_order_ignored"
    RULE = "701.42a"

    def surveil_rest_order(self, rest: list[str], order: list[str]) -> list[str]:
        return rest


class TriggerTargetsInTriggerOrder(ReferenceEngine):
    """The targets of simultaneous triggers are chosen in the order they triggered, not as
    each is put on the stack in the order chosen."""

    MUTANT = "trigger_targets_in_trigger_order"
    RULE = "603.3d"

    def trigger_target_order(self, triggered: list[PendingTrigger],
                             ordered: list[PendingTrigger]) -> list[PendingTrigger]:
        return triggered


class DamageOrderIgnored(ReferenceEngine):
    """Combat damage is assigned in the order the blockers were declared, not in the damage
    assignment order the attacking player announced."""

    MUTANT = "damage_order_ignored"
    RULE = "509.2"

    def blockers_in_order(self, attacker: Obj) -> list[Obj]:
        return [self.objects[i] for i in self.battlefield
                if self.objects[i].blocking == attacker.id]


class LethalDamageFirstNotRequired(ReferenceEngine):
    """A blocked creature divides its damage freely among its blockers, as the rules do since
    2024-11 (Foundations), not lethal damage first in its damage assignment order as the rules
    the suite follows (2022-04-29) require."""

    MUTANT = "lethal_first_not_required"
    RULE = "510.1c"

    def damage_assignment_legal(self, attacker: Obj, blockers: list[Obj],
                                assignment: dict[str, int]) -> bool:
        return True


class AbilityLossAppliesLast(ReferenceEngine):
    """An effect making an object lose all abilities applies after every ability-adding
    effect, whatever their timestamps."""

    MUTANT = "ability_loss_applies_last"
    RULE = "613.7"

    def layer6_order(self, entries: list[tuple[int, str, tuple[str, ...]]]
                     ) -> list[tuple[int, str, tuple[str, ...]]]:
        return sorted(entries, key=lambda t: (t[1] == "lose_all", t[0]))


class ScryBottomIgnored(ReferenceEngine):
    """Cards a player scries to the bottom of the library stay on top, under the cards kept
    there."""

    MUTANT = "scry_bottom_ignored"
    RULE = "701.18a"

    def scry_placement(self, top: list[str], bottom: list[str]) -> tuple[list[str], list[str]]:
        return top + bottom, []


class SearchMustFind(ReferenceEngine):
    """A search for cards with a stated quality must find one when the library holds one."""

    MUTANT = "search_must_find"
    RULE = "701.19b"

    def search_may_fail(self, has_quality: bool) -> bool:
        return False


class DiscardNotChosen(ReferenceEngine):
    """The cards discarded are not those the discarding player chose but the first ones of
    the hand, as if the discard were random."""

    MUTANT = "discard_not_chosen"
    RULE = "701.8b"

    def discarded_cards(self, hand: list[str], chosen: list[str]) -> list[str]:
        return hand[:len(chosen)]


class BottomOrderIgnored(ReferenceEngine):
    """Cards put on the bottom of a library together keep their old order, whatever order
    their owner chose."""

    MUTANT = "bottom_order_ignored"
    RULE = "401.4"

    def bottom_order(self, rest: list[str], order: list[str]) -> list[str]:
        return rest


CHOICE_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (DeclinedMayHappens, SurveilOrderIgnored,
                                TriggerTargetsInTriggerOrder, DamageOrderIgnored,
                                LethalDamageFirstNotRequired, AbilityLossAppliesLast,
                                ScryBottomIgnored, SearchMustFind, DiscardNotChosen,
                                BottomOrderIgnored)
    if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the cases of the protocol-2 choices."""
