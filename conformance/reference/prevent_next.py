""""Prevent the next N damage that would be dealt to <any target | target creature | target
player | you | CARDNAME> this turn." (615.7: a prevention shield, used up as it prevents damage;
it lasts until it has prevented N damage or the turn ends): the oracle templates, and the
effect, whose rule is :mod:`conformance.reference.prevent_next_effects`. The shield protects the
object as it is (a permanent that leaves and returns is a new object, 400.7) or the player."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot

_KINDS = {"any target": "any", "target creature": "creature", "target player": "player",
          "target creature or player": "any", "target creature you control":
              "creature_you_control"}


@dataclass(frozen=True, slots=True)
class PreventNextDamage(Effect):
    """A shield of ``n`` against damage to the target of kind ``kind``, or, with ``kind``
    ``you`` / ``self``, to the controller / the source."""

    n: int
    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return () if self.kind in ("you", "self") else (TargetSlot(self.kind),)


def _build(g: re.Match[str]) -> PreventNextDamage:
    who = g[2]
    kind = "you" if who == "you" else "self" if who == SELF else _KINDS[who]
    return PreventNextDamage(int(g[1]), kind)


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"Prevent the next (\d+) damage that would be dealt to (any target|target "
                rf"creature or player|target creature you control|target creature|target "
                rf"player|you|{SELF}) this turn\. ?"), _build),
]
"""(pattern, builder) pairs."""
