"""The oracle text of suspend's spells that suspend themselves (702.62): "Exile CARDNAME with
three time counters on it." (Arc Blade, Cyclical Evolution, Festering March, ...), for the
template interpreter (:mod:`conformance.reference.effect_text`); the effect's rules are in
:mod:`conformance.reference.suspend`. Also Stifle's "Counter target activated or triggered
ability." (the suspend rulings on a countered suspend trigger are tested with it)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot

_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclass(frozen=True, slots=True)
class ExileSelfWithTimeCounters(Effect):
    """"Exile CARDNAME with N time counters on it.": the resolving spell is exiled (instead of
    going to its owner's graveyard) with N time counters; with suspend it is then suspended
    (702.62b)."""

    n: int


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(rf"Exile {SELF} with (a|one|two|three|four|five) time counters? on it\. ?"),
     lambda g: ExileSelfWithTimeCounters(_NUMBERS[g[1]])),
]
"""(sentence, builder) pairs."""


@dataclass(frozen=True, slots=True)
class CounterAbility(Effect):
    """"Counter target activated or triggered ability." (Stifle; rules 701.5a, 115.1d: an
    ability on the stack is the target, named in a case as ``{source, ability}``)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("ability"),)


EFFECT_TEMPLATES.append(
    (re.compile(r"Counter target activated or triggered ability\. ?"),
     lambda g: CounterAbility()))
