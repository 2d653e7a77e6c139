"""Mutants of the rebound families (:mod:`conformance.mining.families.rebound`): each breaks one
point of rebound (702.88a) through one hook of :data:`conformance.reference.rules.HOOKS`;
:mod:`conformance.reference.mutants` registers :data:`REBOUND_MUTANTS` in ``MUTANTS``."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class ReboundIgnored(ReferenceEngine):
    """A spell with rebound goes to its owner's graveyard as it resolves (breaks 702.88a: cast
    from a hand, it is exiled instead)."""

    MUTANT = "rebound_ignored"
    RULE = "702.88a"

    def rebound_applies(self, obj: Obj) -> bool:
        return False


class ReboundAnyZone(ReferenceEngine):
    """Rebound exiles a spell cast from any zone (breaks 702.88a: "If this spell was cast from
    your hand")."""

    MUTANT = "rebound_any_zone"
    RULE = "702.88a"

    def rebound_applies(self, obj: Obj) -> bool:
        return obj.spell is not None and not obj.is_copy


class ReboundCopies(ReferenceEngine):
    """A copy of a spell with rebound gets rebound too (breaks 702.88a with 707.10: a copy is not
    cast, so not cast from a hand)."""

    MUTANT = "rebound_applies_to_copies"
    RULE = "707.10"

    def rebound_applies(self, obj: Obj) -> bool:
        return super().rebound_applies(obj) or obj.is_copy


class ReboundWhenCountered(ReferenceEngine):
    """A spell with rebound is exiled, and rebounds, also when it is countered or its targets
    are all illegal (breaks 702.88a: only "as it resolves")."""

    MUTANT = "rebound_without_resolving"
    RULE = "702.88a"

    def rebound_needs_resolution(self) -> bool:
        return False


class ReboundFollowsTiming(ReferenceEngine):
    """The rebound trigger casts the card only when its type's timing allows (breaks 608.2g:
    cast as the trigger resolves, a sorcery is cast during the upkeep)."""

    MUTANT = "rebound_cast_follows_timing"
    RULE = "608.2g"

    def rebound_cast_ignores_timing(self) -> bool:
        return False


class ReboundRetries(ReferenceEngine):
    """A card its controller did not cast by its rebound trigger triggers again at their next
    upkeep (breaks 702.88a: one chance, "your next upkeep")."""

    MUTANT = "rebound_declined_retries"
    RULE = "702.88a"

    def rebound_declined(self, controller: str, ob: Obj) -> None:
        self.rebound_waiting.append((controller, ob.id, ob.card_name, ob.zcc, self.turn))


REBOUND_MUTANTS: dict[str, type[ReferenceEngine]] = {
    m.MUTANT: m for m in (ReboundIgnored, ReboundAnyZone, ReboundCopies, ReboundWhenCountered,
                          ReboundFollowsTiming, ReboundRetries)
}
"""The rebound families' mutants by name."""


class ReboundNeedsManaPaid(ReferenceEngine):
    """Rebound applies only to a spell whose mana cost was paid (breaks 702.88a: any spell cast
    from its owner's hand, for its mana cost or not)."""

    MUTANT = "rebound_needs_mana_paid"
    RULE = "702.88a"

    def rebound_applies(self, obj: Obj) -> bool:
        return super().rebound_applies(obj) and not (obj.spell is not None and obj.spell.free)


REBOUND_MUTANTS[ReboundNeedsManaPaid.MUTANT] = ReboundNeedsManaPaid
