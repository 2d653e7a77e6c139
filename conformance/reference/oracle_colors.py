"""Templates of effects that give a target a color until end of turn (layer 5, 613.1e): "Target
permanent becomes white until end of turn." (Cloudchaser Kestrel), "Target creature gets +1/+0,
becomes black, and gains shadow until end of turn." (Traitor's Clutch). Registered in
:mod:`conformance.reference.effect_text`; their rule: :mod:`conformance.reference.effects_colors`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True, slots=True)
class BecomesColor(Effect):
    """The target's only color becomes ``color`` until end of turn (it replaces its colors,
    105.3), with a pump and keywords in the same sentence (layers 5, 6, 7c)."""

    kind: str
    color: str
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


def _pumped(g: re.Match[str]) -> BecomesColor:
    from conformance.reference.effect_text import _keywords  # the keyword list (no cycle)

    return BecomesColor("creature", COLOR_WORDS[g[3]], int(g[1]), int(g[2]), _keywords(g[4]))


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(r"Target (creature|permanent) becomes (white|blue|black|red|green) until end of "
                r"turn\. ?"),
     lambda g: BecomesColor(g[1], COLOR_WORDS[g[2]])),
    (re.compile(r"Target creature gets ([+-]\d+)/([+-]\d+), becomes (white|blue|black|red|green),"
                r" and gains ([a-z ]+) until end of turn\. ?"), _pumped),
]
"""Tried before the base templates."""
