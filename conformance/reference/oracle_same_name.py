"""Templates of effects on a target and every other permanent with its name: "Exile target
creature and all other creatures with the same name as that creature" (Sever the Bloodline),
"Destroy target nonland permanent and all other permanents with the same name as that permanent"
(Maelstrom Pulse), "Return ... to their owners' hands" (Echoing Truth). Registered in
:mod:`conformance.reference.effect_text`; their rules: :mod:`conformance.reference.effects_same_name`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot


@dataclass(frozen=True, slots=True)
class WithSameName(Effect):
    """"<Exile|Destroy|Return> target <kind> and all other <group> with the same name as that
    <kind>": the target, then (if it is still legal) every other permanent of ``group``
    (``Creature`` or any permanent: None) with its name, all at once."""

    verb: str
    """``exile``, ``destroy`` or ``return`` (to their owners' hands)."""
    kind: str
    group: str | None

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


_KINDS = {"creature": "creature", "nonland permanent": "nonland_permanent",
          "permanent": "permanent"}

FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(r"(Exile|Destroy|Return) target (creature|nonland permanent|permanent) and all "
                r"other (creatures|permanents) with the same name as that (?:creature|permanent)"
                r"( to their owners' hands)?\. ?"),
     lambda g: WithSameName(g[1].lower(), _KINDS[g[2]],
                            "Creature" if g[3] == "creatures" else None)),
]
"""Tried before the base templates."""
