"""More prevention shields (rule 615) than :mod:`conformance.reference.prevent_next` reads:
"Prevent all damage that would be dealt to <target X | CARDNAME | you> this turn." and "Prevent
the next N damage that would be dealt to target <any kind the target grammar reads> this turn."
The effect adds a shield to the ``damage_shields`` that
:meth:`conformance.reference.chapter_rules.ChapterRules._shield` uses up (the object as it is,
400.7, or the player, for the rest of the turn); "all damage" is a shield of :data:`ALL`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.oracle_more import kind

ALL = 10**9
"""The damage a "prevent all damage ... this turn" shield prevents: more than any game deals."""


@dataclass(frozen=True, slots=True)
class PreventDamageShield(Effect):
    """A shield on the target of kind ``kind`` (``self``: the source; ``you``: the controller):
    the next ``n`` damage (None: all damage) dealt to it this turn is prevented."""

    kind: str
    n: int | None

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return () if self.kind in ("self", "you") else (TargetSlot(self.kind),)


def _what(words: str) -> str:
    if words == "any target":
        return "any"
    if words == SELF:
        return "self"
    if words == "you":
        return "you"
    return kind(words[len("target "):])


_TO = rf"(any target|target [^.]+?|{SELF}|you)"
FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"Prevent the next (\d+) damage that would be dealt to {_TO} this turn\. ?"),
     lambda g: PreventDamageShield(_what(g[2]), int(g[1]))),
    (re.compile(rf"Prevent all damage that would be dealt to {_TO} this turn\. ?"),
     lambda g: PreventDamageShield(_what(g[1]), None)),
]
"""(pattern, builder) pairs, tried after the others (after prevent_next's)."""
