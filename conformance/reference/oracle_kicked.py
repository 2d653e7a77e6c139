"""Kicked spells whose kicker replaces an effect: "<effect>. If CARDNAME was kicked, <the same
effect, greater> instead." (702.33d; "instead": the kicked effect happens in place of the first,
608.2c) — "it deals 5 damage instead", "that creature gets +5/+5 until end of turn instead",
"draw three cards instead", "those creatures get +2/+1 until end of turn instead", "create four
of those tokens instead", "that player discards three cards instead"; and "<effect>. If
CARDNAME was kicked, instead <effect>." (the kicked sentence read whole: "instead each opponent
mills half their library, rounded up").

The kicked sentence is read by the base grammar after it is made a sentence of its own (its
"it" / "that creature" / "those creatures" / "that player" is the first sentence's subject, a
bare "it deals N damage" keeps the first sentence's recipient); both must read as the same
effects with the same target slots (the targets are chosen once, as the spell is cast, 601.2c).
:data:`FIRST` is tried before the base templates; the rule is
:func:`conformance.reference.kicked_effects` (hook ``kicked_effect_replaces``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError


@dataclass(frozen=True, slots=True)
class KickedInstead(Effect):
    """``normal`` unless the spell was kicked, then ``kicked`` (same target slots)."""

    normal: tuple[Effect, ...]
    kicked: tuple[Effect, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.normal for s in e.slots)


_SUBJECT = re.compile(rf"^({SELF}|Target (?:creature|player|opponent)(?: you control)?|"
                      r"Creatures (?:you control|target player controls|your opponents "
                      r"control)|All creatures)\b")
_COUNTS = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"


def _kicked_sentence(first: str, clause: str) -> str:
    """The kicked clause as a sentence the base grammar reads."""
    subject = _SUBJECT.match(first)
    m = re.fullmatch(r"it deals (\d+|X) damage", clause)
    if m:  # "CARDNAME deals 3 damage to any target" -> "... 5 damage to any target"
        out, n = re.subn(rf"^{SELF} deals \d+ damage", f"{SELF} deals {m[1]} damage", first)
        if not n:
            raise OracleTemplateError(f"kicked damage without damage: {first!r}")
        return out + "."
    m = re.fullmatch(rf"create ({_COUNTS}) of those tokens", clause)
    if m:
        out, n = re.subn(rf"^Create {_COUNTS} ", f"Create {m[1]} ", first)
        if not n:
            raise OracleTemplateError(f"kicked tokens without tokens: {first!r}")
        if m[1] not in ("a", "an", "one"):
            out = re.sub(r"creature token\b(?!s)", "creature tokens", out)
        return out + "."
    clause = re.sub(r"^it (deals|gets|gains)\b", rf"{SELF} \1", clause)
    if re.match(r"(that creature|those creatures|that player) ", clause):
        if subject is None or subject[1] == SELF:
            raise OracleTemplateError(f"kicked clause without its subject: {first!r}")
        clause = subject[1] + clause[clause.index(" ", clause.index(" ") + 1):]
    return clause[:1].upper() + clause[1:] + "."


def _kicked_instead_first(g: re.Match[str]) -> KickedInstead:
    """"<effect>. If CARDNAME was kicked, instead <effect>." (the kicked sentence whole)."""
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    normal = parse_effects(g[1])
    kicked = parse_effects(g[2][:1].upper() + g[2][1:])
    if [e.slots for e in normal] != [e.slots for e in kicked]:
        raise OracleTemplateError(f"kicked effect with other targets: {g[0]!r}")
    return KickedInstead(normal, kicked)


def _kicked_instead(g: re.Match[str]) -> KickedInstead:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    first = g[1]
    normal = parse_effects(first)
    kicked = parse_effects(_kicked_sentence(first[:-1], g[2]))
    if [e.slots for e in normal] != [e.slots for e in kicked]:
        raise OracleTemplateError(f"kicked effect with other targets: {g[0]!r}")
    return KickedInstead(normal, kicked)


def _kicked_search(g: re.Match[str]) -> KickedInstead:
    """"<search for a ... card ...>. If CARDNAME was kicked, search your library for two ...
    cards instead of one." (the same search, for that many cards)."""
    from dataclasses import replace

    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)
    from conformance.reference.oracle_library import SearchLibrary, card_filter

    normal = parse_effects(g[1])
    if len(normal) != 1 or not isinstance(normal[0], SearchLibrary) or normal[0].n != 1 \
            or card_filter(g[3]) != normal[0].filter:
        raise OracleTemplateError(f"kicked search not understood: {g[0]!r}")
    return KickedInstead(normal, (replace(normal[0], n={"two": 2, "three": 3}[g[2]]),))


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"(Search your library for [^.]+\.) If {SELF} was kicked, search your library "
                r"for (two|three) ([a-z ]+?) cards instead of one\. ?"),
     _kicked_search),
    (re.compile(rf"([^.]+\.) If (?:{SELF}|it) was kicked, instead ([^.]+\.) ?"),
     _kicked_instead_first),
    (re.compile(rf"([^.]+\.) If (?:{SELF}|it) was kicked, ([^.]+?) instead\. ?"),
     _kicked_instead),
]
"""(pattern, builder) pairs, tried before the base templates."""
