"""Mutants of levelers (711, 702.87), monstrosity (701.31) and renown (702.112): each breaks
one rule the cases mined from their rulings (:mod:`conformance.mining.families.levelers`,
:mod:`conformance.mining.families.monstrosity`) test."""

from __future__ import annotations

from typing import Any

from conformance.reference.abilities import FaceText
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class LevelByLevelUp(ReferenceEngine):
    """A leveler's level is how many times its level up ability resolved, not its number of
    level counters (breaks 711.2: counters put or removed otherwise don't count)."""

    MUTANT = "level_by_level_up"
    RULE = "711.2"

    def level_of(self, obj: Obj) -> int:
        return self.level_ups[obj.ref]


class LevelBandOverwrites(ReferenceEngine):
    """A level symbol's abilities replace the leveler's own, level up included (breaks
    711.4)."""

    MUTANT = "level_band_overwrites"
    RULE = "711.4"

    def level_band_text(self, printed: FaceText, band: FaceText) -> FaceText:
        return band


class LevelPowerAfterModifiers(ReferenceEngine):
    """A level symbol's power/toughness applies after counters and modifying effects, as if its
    timestamp were the last level counter's (breaks 711.2a-b, 613.4b-c)."""

    MUTANT = "level_pt_after_modifiers"
    RULE = "613.4b"

    def level_band_sets_base(self) -> bool:
        return False


class LevelTimestampLastCounter(ReferenceEngine):
    """A level symbol's ability has the timestamp of the last level counter put on the leveler:
    it wins over an effect setting power and toughness that began before (breaks 613.7a and
    the levelers' rulings)."""

    MUTANT = "level_timestamp_last_counter"
    RULE = "613.7a"

    def level_band_timestamp(self, obj: Obj) -> int:
        return self.level_stamps.get(obj.ref, obj.timestamp)


class MonstrosityTwice(ReferenceEngine):
    """Monstrosity puts its counters on a permanent that is already monstrous (breaks
    701.31a-b)."""

    MUTANT = "monstrosity_twice"
    RULE = "701.31a"

    def monstrosity_checks_monstrous(self) -> bool:
        return False


class MonstrousOffBattlefield(ReferenceEngine):
    """A monstrosity ability whose permanent has left the battlefield still makes it become
    monstrous: "when it becomes monstrous" triggers (breaks 701.31b, 400.7)."""

    MUTANT = "monstrous_off_battlefield"
    RULE = "701.31b"

    def monstrous_needs_battlefield(self) -> bool:
        return False


class RenownAnyCombatDamage(ReferenceEngine):
    """Renown triggers on combat damage to a creature or planeswalker too (breaks
    702.112a)."""

    MUTANT = "renown_any_combat_damage"
    RULE = "702.112a"

    def renown_triggers_on(self, event: dict[str, Any]) -> bool:
        return bool(event.get("combat"))


class RenownedOffBattlefield(ReferenceEngine):
    """A renown ability whose creature has left the battlefield still makes it become renowned:
    "whenever a creature you control becomes renowned" triggers (breaks 702.112b, 400.7)."""

    MUTANT = "renowned_off_battlefield"
    RULE = "702.112b"

    def renown_needs_battlefield(self) -> bool:
        return False


LEVELER_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (LevelByLevelUp, LevelBandOverwrites, LevelPowerAfterModifiers,
                                LevelTimestampLastCounter,
                                MonstrosityTwice, MonstrousOffBattlefield, RenownAnyCombatDamage,
                                RenownedOffBattlefield)
}
"""Mutant name -> engine class."""
