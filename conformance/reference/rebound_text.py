"""The oracle template of rebound (702.88a) for the template interpreter
(:mod:`conformance.reference.oracle`): the line "Rebound" is the keyword ``rebound`` of an
instant or sorcery. Its rules are in :mod:`conformance.reference.rebound`."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect

REBOUND = "rebound"


def rebound_line(line: str) -> bool:
    """Whether ``line`` is the keyword line "Rebound"."""
    return line == "Rebound"


@dataclass(frozen=True, slots=True)
class ReboundCast(Effect):
    """The rebound delayed trigger's effect: its controller may cast the exiled card (``zcc``:
    the card as it was exiled) without paying its mana cost."""

    zcc: int
