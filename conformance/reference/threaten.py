"""Control until end of turn ("threaten": "Gain control of target <kind> until end of turn.
Untap that creature. It gains haste until end of turn.", rules 613.1b, 611.2a, 514.2) and
"Tap up to N target <kind>s. Those creatures don't untap during their controller's next untap
step." (502.3): the effect blocks, and their oracle-text templates (:data:`FIRST`, tried by
:mod:`conformance.reference.effect_text` before its base templates). Their rules:
:mod:`conformance.reference.threaten_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.target_kinds import parse_kind


@dataclass(frozen=True, slots=True)
class GainControlThisTurn(Effect):
    """"Gain control of target <kind> until end of turn. Untap <it>. It [gets +N/+M and] gains
    <keywords> until end of turn." (the control effect ends in the cleanup step, 514.2)."""

    kind: str
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class TapUpTo(Effect):
    """"Tap up to N target <kind>s[. Those creatures don't untap during their controller's
    next untap step]." (502.3)."""

    kind: str
    n: int
    no_untap: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 0, self.n),)


def _kind(words: str) -> str:
    kind = parse_kind(words)
    if kind is None:
        raise OracleTemplateError(f"target not understood: {words!r}")
    return kind


def _keywords(text: str) -> tuple[str, ...]:
    from conformance.reference.effect_text import _keywords as read  # the base keyword grammar

    return read(text)


def _threaten(g: re.Match[str]) -> GainControlThisTurn:
    return GainControlThisTurn(_kind(g[1]), int(g[2] or 0), int(g[3] or 0), _keywords(g[4]))


_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5}
_IT = r"(?:that creature|that artifact|that permanent|it)"

FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Gain control of target ([^.,]+?) until end of turn(?:\. Untap "
                rf"{_IT}\. It|, untap {_IT}, and it) (?:gets ([+-]\d+)/([+-]\d+) and )?gains "
                r"([a-z ]+) until end of turn\. ?"),
     _threaten),
    (re.compile(r"Tap up to (two|three|four|five) target ([^.]+?)s\.( (?:Those creatures|They) "
                r"don't untap during their controller(?:'s|s') next untap steps?\.)? ?"),
     lambda g: TapUpTo(_kind(g[2]), _COUNT[g[1]], bool(g[3]))),
]
"""(pattern, builder) pairs, tried before the base templates."""


@dataclass(frozen=True, slots=True)
class NoUntapNext(Effect):
    """"Target <kind> doesn't untap during its controller's next untap step." (502.3; as the
    second sentence of "Tap target creature. It doesn't untap ...":
    :mod:`conformance.reference.same_target`)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


FIRST += [
    (re.compile(r"Target ([^.]+?) doesn't untap during its controller's next untap step\. ?"),
     lambda g: NoUntapNext(_kind(g[1]))),
]
