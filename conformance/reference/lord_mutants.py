"""Mutants of the static abilities granting a group of permanents a bonus (the Slivers and other
lords, :class:`~conformance.reference.abilities.SubtypeLord`; the rules:
:mod:`conformance.reference.continuous_effects`): each breaks one point the Slivers' rulings
make, and the cases mined from those rulings (:mod:`conformance.mining.families.sliver`) kill
it."""

from __future__ import annotations

from conformance.reference import abilities as o
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class SliverBoostsNotCumulative(ReferenceEngine):
    """Two instances of one lord's ability (two copies of a Sliver) give its bonus once."""

    MUTANT = "sliver_boosts_not_cumulative"
    RULE = "613.4c"

    def applied_lords(self, lords: list[tuple[Obj, o.SubtypeLord]]
                      ) -> list[tuple[Obj, o.SubtypeLord]]:
        seen: set[tuple[str, o.SubtypeLord]] = set()
        out = []
        for src, st in super().applied_lords(lords):
            if (src.card_name, st) not in seen:
                seen.add((src.card_name, st))
                out.append((src, st))
        return out


class SliverAffectsItselfAlways(ReferenceEngine):
    """A lord's ability always affects the lord itself, even once it is no longer of the type
    (a Sliver that stopped being a Sliver keeps its own bonus)."""

    MUTANT = "sliver_affects_itself_always"
    RULE = "611.3a"

    def lord_affects(self, source: Obj, obj: Obj, matches: bool) -> bool:
        return super().lord_affects(source, obj, matches) or (
            obj is source and obj.zone == "battlefield")


LORD_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (SliverBoostsNotCumulative, SliverAffectsItselfAlways)
}
"""Mutant name -> engine class."""
