"""The text of Auras with totem armor (702.89a) beyond their keyword: "Untap enchanted creature."
(Crab Umbra's activated ability) and "Untap all lands you control." (the attack trigger Bear
Umbra grants); their rules: :mod:`conformance.reference.umbra_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect


@dataclass(frozen=True, slots=True)
class UntapEnchanted(Effect):
    """"Untap enchanted creature.": the permanent the source is attached to as the effect
    happens (303.4), if any, untaps (701.26b)."""


@dataclass(frozen=True, slots=True)
class UntapAllLandsYouControl(Effect):
    """"Untap all lands you control." (701.26b)."""


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(r"Untap enchanted creature\. ?"), lambda g: UntapEnchanted()),
    (re.compile(r"Untap all lands you control\. ?"), lambda g: UntapAllLandsYouControl()),
]
"""Templates of :mod:`conformance.reference.effect_text`."""
