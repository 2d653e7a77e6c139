"""The effects and trigger events of :mod:`conformance.reference.designations` (energy, the
monarch, the initiative, day and night), apart from the rules so that the oracle templates
(:mod:`conformance.reference.effect_text`) can build them without importing the rules."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect


@dataclass(frozen=True, slots=True)
class GetEnergy(Effect):
    """"You get {E}{E}": the controller gets ``n`` energy counters (107.14)."""

    n: int


@dataclass(frozen=True, slots=True)
class BecomeMonarch(Effect):
    """"You become the monarch" (``player`` None: the controller of the spell or ability)."""

    player: str | None = None


@dataclass(frozen=True, slots=True)
class TakeInitiative(Effect):
    """A player takes the initiative (725.2)."""

    player: str


@dataclass(frozen=True, slots=True)
class VentureIntoUndercity(Effect):
    """"That player ventures into Undercity" (725.2, 309): not modelled."""


DAY_AS_ENTERS = "day_as_enters"
"""``Triggered.event`` of "If it's neither day nor night, it becomes day as CARDNAME enters the
battlefield": not a triggered ability but applied as the permanent enters (no stack)."""
DAY_NIGHT_CHANGES = "day_night_changes"
"""``Triggered.event`` of "Whenever day becomes night or night becomes day, ..."."""
