"""Spells whose effect counts the creature sacrificed to cast them: "As an additional cost to
cast this spell, sacrifice a creature. CARDNAME deals damage equal to the sacrificed creature's
power to any target." (608.2h: the sacrificed creature's power as it last existed on the
battlefield, ``SpellState.sacrificed_power``). :data:`TEMPLATES` extend the base grammar; the
rule is in :mod:`conformance.reference.kicked_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import FaceText
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.target_kinds import parse_kind


@dataclass(frozen=True, slots=True)
class DamageBySacrificedPower(Effect):
    """"CARDNAME deals damage equal to the sacrificed creature's power to <target>": ``kind``
    is the target's kind (any, creature, ...)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


def _damage(g: re.Match[str]) -> DamageBySacrificedPower:
    if g[1] == "any target":
        return DamageBySacrificedPower("any")
    kind = parse_kind(g[1][len("target "):])
    if kind is None:
        raise OracleTemplateError(f"target not understood: {g[1]!r}")
    return DamageBySacrificedPower(kind)


TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"CARDNAME deals damage equal to the sacrificed creature's power to (any "
                r"target|target [a-z ]+?)\. ?"),
     _damage),
]
"""(pattern, builder) pairs, after the base templates."""


def check_sacrificed_power(text: str, face: FaceText) -> FaceText:
    """``face``, or :class:`OracleTemplateError` when "the sacrificed creature's" power, toughness or mana value is said
    by other than a spell whose additional cost sacrifices one creature (a triggered ability or
    a spell sacrificing as it resolves is not implemented: its effect would count nothing)."""
    lines = [ln for ln in text.split("\n") if "the sacrificed creature's" in ln]
    if not lines:
        return face
    sacrifices = [c for c in face.additional_costs if c.kind == "sacrifice"]
    if (len(sacrifices) != 1 or sacrifices[0].n != 1 or sacrifices[0].what != "creature"
            or any(ln.startswith(("When", "At ")) for ln in lines)):
        raise OracleTemplateError("'the sacrificed creature's' number without a spell's cost "
                                  "sacrificing one creature")
    return face
