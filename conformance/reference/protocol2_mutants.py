"""Mutants killed by the protocol-2 cases (``check``, and the actions protocol 2 adds).

Each breaks one rule through one hook of :data:`conformance.reference.rules.HOOKS`, like those of
:mod:`conformance.reference.mutants` (which registers these in ``MUTANTS``).
"""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class ManaPoolPersists(ReferenceEngine):
    """Unused mana stays in the pool from step to step instead of emptying."""

    MUTANT = "mana_pool_persists"
    RULE = "500.4"

    def mana_empties(self) -> bool:
        return False


class TwoLandsPerTurn(ReferenceEngine):
    """A player may play two lands each turn instead of one."""

    MUTANT = "two_lands_per_turn"
    RULE = "305.2"

    def land_plays_per_turn(self, player: str) -> int:
        return 2


class AttackerStaysUntapped(ReferenceEngine):
    """Declaring a creature as an attacker does not tap it (as if every creature had
    vigilance)."""

    MUTANT = "attacker_stays_untapped"
    RULE = "508.1f"

    def attack_taps(self, obj: Obj) -> bool:
        return False


class SummoningSickAttacks(ReferenceEngine):
    """A creature may attack the turn it came under its controller's control."""

    MUTANT = "summoning_sick_attacks"
    RULE = "302.6"

    def may_attack(self, obj: Obj) -> bool:
        c = self.chars(obj)
        return "Creature" in c.types and not obj.tapped and "defender" not in c.keywords


PROTOCOL2_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (ManaPoolPersists, TwoLandsPerTurn, AttackerStaysUntapped,
                            SummoningSickAttacks) if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the protocol-2 cases."""
