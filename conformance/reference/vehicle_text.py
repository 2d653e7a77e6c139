"""The oracle text of Vehicles (rule 301.7): "Crew N" (702.122a: "Tap any number of untapped
creatures you control with total power N or more: This Vehicle becomes an artifact creature
until end of turn."), for the template interpreter (:mod:`conformance.reference.oracle`).

Crew is an activated ability without {T} and without mana: its one cost is a :class:`CostPart`
of kind ``crew`` (``n``: the total power asked), paid with the creatures the action's
``costs.tap`` names (:class:`conformance.reference.vehicles.Vehicles`); its effect is
:class:`Crewed` (:mod:`conformance.reference.vehicle_effects`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF, Activated, CostPart
from conformance.reference.effect_blocks import Effect, TargetSlot

CREW = "crew"
"""The :class:`CostPart` kind of a crew cost: ``n`` is the total power asked (702.122a)."""


@dataclass(frozen=True, slots=True)
class Crewed(Effect):
    """"This Vehicle becomes an artifact creature until end of turn" (702.122a): a type-changing
    effect (layer 4) only; the Vehicle keeps its printed power and toughness (301.7c)."""


@dataclass(frozen=True, slots=True)
class ArtifactBecomesCreatureByValue(Effect):
    """"Target noncreature artifact becomes an artifact creature with power and toughness each
    equal to its mana value until end of turn." (Karn's Touch): a type-changing effect (layer
    4) and a base power and toughness (7b), which overwrite a Vehicle's printed ones."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("perm:Artifact:non=Creature"),)


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(rf"(?:{SELF}|It) becomes an artifact creature until end of turn\. ?"),
     lambda m: Crewed()),
    (re.compile(r"Target noncreature artifact becomes an artifact creature with power and "
                r"toughness each equal to its mana value until end of turn\. ?"),
     lambda m: ArtifactBecomesCreatureByValue()),
]
"""(sentence, builder) pairs: "When CARDNAME enters the battlefield, it becomes an artifact
creature until end of turn." (Fleetwheel Cruiser) is the crew effect without crewing; Karn's
Touch's animation."""


def crew_line(line: str) -> Activated | None:
    """The crew ability of "Crew N", or None when ``line`` is not that."""
    m = re.fullmatch(r"Crew (\d+)", line)
    if not m:
        return None
    return Activated(effects=(Crewed(),), tap=False,
                     extra_costs=(CostPart(CREW, int(m[1]), "creature"),))
