""""Exile target <kind> until CARDNAME leaves the battlefield." (a one-shot effect with a
duration, rule 610.3): data and template. Its rules: :mod:`conformance.reference.exile_until`
(the return) and :mod:`conformance.reference.exile_until_effects` (the exile)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot


@dataclass(frozen=True, slots=True)
class ExileUntilLeaves(Effect):
    """"Exile target <kind> until CARDNAME leaves the battlefield": the target is exiled, and
    returns to the battlefield under its owner's control as soon as the source leaves it
    (610.3a); if the source has left by the time the effect would exile, nothing is exiled
    (610.3c)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


def _exile_until(g: re.Match[str]) -> Effect:
    from conformance.reference.oracle_more import kind  # the target grammar (no cycle)

    return ExileUntilLeaves(kind(g[1]))


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(rf"Exile target ([^.]+?) until {SELF} leaves the battlefield\. ?"), _exile_until),
]
"""Tried before the base "Exile target <kind>." (which would read the duration as a kind)."""
