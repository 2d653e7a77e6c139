"""Damage that exiles what it kills: "<damage effect>. If a creature / permanent dealt damage this
way would die this turn, exile it instead." (a replacement effect, 614.1a: each permanent of that
kind dealt damage by the first sentence, as it would be put into a graveyard from the
battlefield later in the turn, 700.4, is exiled instead). :data:`FIRST` is tried before the
base templates; the rule is in :mod:`conformance.reference.kicked_effects` and the replacement
in :meth:`conformance.reference.zones.Zones._move` (``Obj.exiled_if_dies``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, SpellText, TargetSlot
from conformance.reference.errors import OracleTemplateError


@dataclass(frozen=True, slots=True)
class DamageThenExileIfDies(Effect):
    """``damage`` (the first sentence); each permanent of the card ``types`` (``|``-separated;
    "" for any permanent) it dealt damage to is exiled instead of dying this turn."""

    damage: SpellText
    types: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.damage for s in e.slots)


def _exile_instead(g: re.Match[str]) -> DamageThenExileIfDies:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    damage = parse_effects(g[1])
    if not damage:
        raise OracleTemplateError(f"no damage before 'exile it instead': {g[1]!r}")
    return DamageThenExileIfDies(damage, "Creature" if g[2] == "creature" else "")


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"([^.]*\bdeals? [^.]*damage\b[^.]*\.) If a (creature|permanent) dealt damage "
                r"this way would die this turn, exile it instead\. ?"),
     _exile_instead),
]
"""(pattern, builder) pairs, tried before the base templates."""
