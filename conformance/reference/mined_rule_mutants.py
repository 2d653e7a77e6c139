"""Mutants of the families :mod:`conformance.mining.families.unblocked`, ``flicker_token``,
``kicker_targets``, ``devotion_resolves`` and ``convoke_total``: each breaks the one rules
point its family's ruling states."""

from __future__ import annotations

import re

from conformance.reference.cards import Face
from conformance.reference.common_triggers import ENTERS_KICKED
from conformance.reference.effect_blocks import TargetSlot
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mana import Symbol, cost_symbols
from conformance.reference.objects import Obj


class UnblockedTriggerOnAttack(ReferenceEngine):
    """"Whenever CARDNAME attacks and isn't blocked" triggers as the creature is declared as an
    attacker, blocked or not (and never for a creature put onto the battlefield attacking),
    instead of as blockers are declared (breaks 509.1i)."""

    MUTANT = "unblocked_trigger_on_attack"
    RULE = "509.1i"

    def unblocked_trigger_declaration(self) -> str:
        return "attackers"


class ExiledTokenReturns(ReferenceEngine):
    """A token exiled is treated like a card: it stays in exile (no 704.5d there) and comes back
    when the effect that exiled it returns it ("exile ..., then return it", "until CARDNAME
    leaves the battlefield") (breaks 111.8)."""

    MUTANT = "exiled_token_returns"
    RULE = "111.8"

    def left_token_may_return(self, obj: Obj) -> bool:
        return True

    def ceases_to_exist(self, obj: Obj) -> bool:
        if obj.token is not None and obj.zone == "exile":
            return False
        return super().ceases_to_exist(obj)


class KickedPermanentNeedsTargets(ReferenceEngine):
    """A permanent spell can be kicked only if its "When CARDNAME enters the battlefield, if it
    was kicked, ..." ability would have legal targets (breaks 603.3d: they are chosen only as
    it triggers)."""

    MUTANT = "kicked_permanent_needs_targets"
    RULE = "603.3d"

    def kicking_requires_targets(self, face: Face) -> tuple[TargetSlot, ...]:
        return tuple(s for t in face.text.triggered if t.event == ENTERS_KICKED
                     for e in t.effects for s in e.slots)


class DevotionCountsGoneSource(ReferenceEngine):
    """A devotion ability whose source has left the battlefield still counts the mana symbols
    of its source's mana cost (last known information; breaks 700.5: devotion counts the
    permanents on the battlefield as the ability resolves)."""

    MUTANT = "devotion_counts_gone_source"
    RULE = "700.5"

    def devotion_of_gone_source(self, source: str, color: str) -> int:
        card = self.objects[source].card
        cost = card.faces[0].mana_cost if card is not None else None
        return sum(1 for sym in re.findall(r"\{([^}]+)\}", cost or "")
                   if color in sym.split("/"))


class ConvokePaysManaCostOnly(ReferenceEngine):
    """Convoke, delve and improvise pay only the spell's mana cost, as if they applied before
    the total cost (kicker, cost increases) is determined; the rest is paid from the pool
    (breaks 601.2f-h, 702.51a)."""

    MUTANT = "convoke_pays_mana_cost_only"
    RULE = "601.2f"

    def payers_pay_from(self, face: Face, total: list[Symbol], x: int) -> int:
        return min(len(total), len(cost_symbols(face.mana_cost, x)))


MINED_RULE_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (UnblockedTriggerOnAttack, ExiledTokenReturns,
                                KickedPermanentNeedsTargets, DevotionCountsGoneSource,
                                ConvokePaysManaCostOnly)
}
"""Mutant name -> engine class."""
