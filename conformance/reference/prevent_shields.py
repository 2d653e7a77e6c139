"""Prevention shields (rule 615): "Prevent the next N damage that would be dealt to <any target |
target X | CARDNAME | you> this turn." and "Prevent all damage that would be dealt to <target X
| CARDNAME | you> this turn." — the oracle templates (:data:`FIRST`), the effect, and
:func:`prevent_damage`, which :meth:`conformance.reference.effects.Effects._damage` calls.

A shield protects one object as the object it is (its zone-change count: a permanent that
leaves the battlefield and returns is a new object, 400.7) or one player, until the end of the
turn (514.2); "the next N" shield prevents up to N damage in all and is used up (615.7).
Shields apply in the order they were created, after protection (616.1: the affected player or
controller would choose; the reference applies protection first, so a shield is kept when
protection prevents the damage anyway).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.oracle_more import kind

if TYPE_CHECKING:
    from conformance.reference.objects import Ref
    from conformance.reference.zones import Zones


@dataclass(frozen=True, slots=True)
class PreventDamageShield(Effect):
    """A shield on the target of kind ``kind`` (``self``: the source; ``you``: the controller):
    the next ``n`` damage (None: all damage) dealt to it this turn is prevented."""

    kind: str
    n: int | None

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return () if self.kind in ("self", "you") else (TargetSlot(self.kind),)


def _what(words: str) -> str:
    if words == "any target":
        return "any"
    if words == SELF:
        return "self"
    if words == "you":
        return "you"
    return kind(words[len("target "):])


_TO = rf"(any target|target [^.]+?|{SELF}|you)"
FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"Prevent the next (\d+) damage that would be dealt to {_TO} this turn\. ?"),
     lambda g: PreventDamageShield(_what(g[2]), int(g[1]))),
    (re.compile(rf"Prevent all damage that would be dealt to {_TO} this turn\. ?"),
     lambda g: PreventDamageShield(_what(g[1]), None)),
]
"""(pattern, builder) pairs, tried before the base templates."""


def add_shield(rules: Zones, protected: Ref | str, n: int | None) -> None:
    """A shield on ``protected`` (an object's :class:`Ref`, or a player id) for this turn."""
    rules.damage_shields.append([rules.turn, protected, n])


def prevent_damage(rules: Zones, target: Ref, amount: int) -> int:
    """The damage still dealt to ``target`` once this turn's shields on it have prevented what
    they can (each "next N" shield used up by what it prevents)."""
    protected: Ref | str = target if target.zcc is not None else target.id
    for shield in rules.damage_shields:
        if amount <= 0:
            break
        turn, who, left = shield
        if turn != rules.turn or who != protected or left == 0:
            continue
        if left is None:
            return 0
        stopped = min(left, amount)
        shield[2] = left - stopped
        amount -= stopped
    return amount
