"""A sentence with one target, then a sentence about that same object: "CARDNAME deals 1
damage to target creature. That creature can't block this turn.", "Tap target creature. It
doesn't untap during its controller's next untap step.", "... That creature gains haste until
end of turn." The second sentence names no new target (115.1: only "target" targets); it is read
by the base grammar as "Target <kind> ..." and, as the spell resolves, acts on the first
sentence's target (if still legal, 608.2b). :data:`FIRST` is tried before the base templates;
the rule is in :mod:`conformance.reference.kicked_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError


@dataclass(frozen=True, slots=True)
class ThenSameTarget(Effect):
    """``first`` (one target), then ``then`` (one slot each, given ``first``'s target)."""

    first: tuple[Effect, ...]
    then: tuple[Effect, ...]
    if_kicked: bool = False
    """"If this spell was kicked, that creature also <effect>" (702.33d): ``then`` happens only
    if the spell was kicked."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.first for s in e.slots)


_NOUN = {"creature": "creature", "permanent": "permanent", "artifact": "artifact"}


def _kicked_same(g: re.Match[str]) -> ThenSameTarget:
    """"<effect on target creature>. If CARDNAME was kicked, that creature also <effect>."."""
    same = _then_same(g)
    return ThenSameTarget(same.first, same.then, if_kicked=True)


def _then_same(g: re.Match[str]) -> ThenSameTarget:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    first = parse_effects(g[1])
    if sum(len(e.slots) for e in first) != 1:
        raise OracleTemplateError(f"'{g[2]}' after other than one target: {g[1]!r}")
    noun = _NOUN[g[3]] if g[3] else "creature"
    then = parse_effects(f"Target {noun} {g[4]}")
    if any(len(e.slots) != 1 or e.slots[0].min != 1 or e.slots[0].max != 1 for e in then):
        raise OracleTemplateError(f"'{g[2]}' sentence not understood: {g[4]!r}")
    return ThenSameTarget(first, then)


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"([^.]*\b[Tt]arget (?:creature|permanent|artifact)\b[^.]*\.) "
                r"(If CARDNAME was kicked, that (creature|permanent|artifact) also) "
                r"([^.]+\.) ?"),
     _kicked_same),
    (re.compile(r"([^.]*\btarget (?:creature|permanent|artifact)\b[^.]*\.) "
                r"(That (creature|permanent|artifact)|It) ([^.]+\.) ?"),
     _then_same),
]
"""(pattern, builder) pairs, tried before the base templates."""
