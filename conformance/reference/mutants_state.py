"""Mutants breaking the turn and the game state: the first draw, permanents entering, state-based actions, counters, Auras, Equipment and regeneration.

Each overrides one hook of the public rules surface and names the rule it breaks; they are
registered in :data:`conformance.reference.mutants.MUTANTS`.
"""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import (
    Chars,
    Obj,
    Player,
)


class StartingPlayerDraws(ReferenceEngine):
    """The starting player draws in the draw step of turn 1 (breaks rule 103.7a)."""

    MUTANT = "starting_player_draws"
    RULE = "103.7a"

    def skips_first_draw(self) -> bool:
        return False


class NoLegendRule(ReferenceEngine):
    """A player may control two legendary permanents with the same name (breaks rule 704.5j)."""

    MUTANT = "no_legend_rule"
    RULE = "704.5j"

    def legend_groups(self) -> list[tuple[str, list[Obj]]]:
        return []


class PoisonIgnored(ReferenceEngine):
    """Ten or more poison counters do not make a player lose (breaks rule 704.5c)."""

    MUTANT = "poison_ignored"
    RULE = "704.5c"

    def loses_to_poison(self, pl: Player) -> bool:
        return False


class CountersCoexist(ReferenceEngine):
    """+1/+1 and -1/-1 counters on one permanent stay side by side (breaks rule 704.5q)."""

    MUTANT = "counters_coexist"
    RULE = "704.5q"

    def annihilated(self, obj: Obj) -> int:
        return 0


class AuraStaysUnattached(ReferenceEngine):
    """An Aura whose creature left the battlefield stays on the battlefield (breaks rule
    704.5m)."""

    MUTANT = "aura_stays_unattached"
    RULE = "704.5m"

    def aura_attachment_legal(self, aura: Obj, chars: Chars) -> bool:
        return True


class EntersUntapped(ReferenceEngine):
    """"CARDNAME enters the battlefield tapped" is ignored (breaks rule 614.1c)."""

    MUTANT = "enters_untapped"
    RULE = "614.1c"

    def enters_tapped(self, obj: Obj) -> bool:
        return False


class RegenerationIgnored(ReferenceEngine):
    """A regeneration shield does not replace destruction (breaks rule 701.15a)."""

    MUTANT = "regeneration_ignored"
    RULE = "701.15a"

    def regenerates(self, obj: Obj) -> bool:
        return False


class EquipmentStaysAttached(ReferenceEngine):
    """An Equipment stays attached to a creature that left the battlefield (breaks rule
    704.5n)."""

    MUTANT = "equipment_stays_attached"
    RULE = "704.5n"

    def equipment_attachment_legal(self, equipment: Obj) -> bool:
        return True
