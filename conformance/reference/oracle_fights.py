"""Oracle-text templates of a fight or a bite that follows an effect on the same creature
(rules 701.12, 120.3): "Target creature you control gets +1/+2 until end of turn. It fights
target creature you don't control.", "Put a +1/+1 counter on target creature you control. Then
that creature deals damage equal to its power to target creature or planeswalker you don't
control.", "... It fights up to one target creature you don't control."

The first sentence is read by the whole grammar and must be one effect with one creature
target; "it" / "that creature" is that target. :data:`FIRST` is tried before the base templates
(which would read the first sentence alone and refuse the second)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.target_kinds import parse_kind


@dataclass(frozen=True, slots=True)
class ThenFights(Effect):
    """``first`` (an effect on one target creature), then that creature fights (``bite``: deals
    damage equal to its power to) a second target of kind ``second`` ([up to one])."""

    first: Effect
    second: str
    up_to: bool = False
    bite: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (*self.first.slots, TargetSlot(self.second, 0 if self.up_to else 1))


def _then_fights(g: re.Match[str]) -> ThenFights:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    first = parse_effects(g[1])
    if len(first) != 1 or len(first[0].slots) != 1 or \
            not first[0].slots[0].kind.startswith(("creature", "perm:Creature")):
        raise OracleTemplateError(f"a fight after an effect on other than one target creature: "
                                  f"{g[1]!r}")
    second = parse_kind(g[4])
    if second is None:
        raise OracleTemplateError(f"target not understood: {g[4]!r}")
    return ThenFights(first[0], second, up_to=bool(g[3]), bite=g[2] != "fights")


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"((?:Target (?:[a-z]+ )?creature|Put an? \+1/\+1 counter on target creature)"
                r"[^.]*\.) (?:Then )?(?:[Ii]t|that creature) (fights|deals damage equal to its "
                r"power to) (up to one )?target ((?:[a-z]+ )?creature(?: or planeswalker)?"
                r"(?: you don't control| an opponent controls)?)\. ?"),
     _then_fights),
]
"""(pattern, builder) pairs, tried before the base templates."""
