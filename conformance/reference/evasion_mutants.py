"""Mutants of the evasion abilities' blocking restrictions (509.1b, 702.31b)
(:meth:`~conformance.reference.combat.Combat.evasion_allows_block`)."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class HorsemanshipIsFlying(ReferenceEngine):
    """Horsemanship is read as flying: a creature with flying or reach can block a creature with
    horsemanship, and a creature with horsemanship can block a creature with flying (702.31b:
    only horsemanship blocks horsemanship, and it has nothing to do with flying or reach)."""

    MUTANT = "horsemanship_is_flying"
    RULE = "702.31b"

    def evasion_allows_block(self, blocker: Obj, attacker: Obj) -> bool:
        checks = self._evasion_checks(blocker, attacker)
        akw, bkw = self.chars(attacker).keywords, self.chars(blocker).keywords
        checks.pop("horsemanship", None)
        if {"flying", "horsemanship"} & akw:
            checks["flying"] = bool({"flying", "reach", "horsemanship"} & bkw)
        return all(checks.values())


class EvasionAnySatisfied(ReferenceEngine):
    """A creature may block an attacker with several evasion abilities when it satisfies one of
    them (509.1b: a block must satisfy every restriction)."""

    MUTANT = "evasion_any_satisfied"
    RULE = "509.1b"

    def evasion_allows_block(self, blocker: Obj, attacker: Obj) -> bool:
        checks = self._evasion_checks(blocker, attacker)
        own = checks.pop("shadow blocker", True)
        return own and (not checks or any(checks.values()))


EVASION_MUTANTS: dict[str, type[ReferenceEngine]] = {
    m.MUTANT: m for m in (HorsemanshipIsFlying, EvasionAnySatisfied)}
