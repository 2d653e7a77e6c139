"""More sentences of the Eldrazi cards (devoid and its colorless theme), for the template
interpreter (:mod:`conformance.reference.effect_text`):

* "Exile target creature and target land." — one exile per target (each exiled if still legal
  as the spell resolves, 608.2b);
* "Each opponent exiles the top card of their library." / "... the top N cards ...";
* "CARDNAME deals 2 damage to target creature, 3 damage to another target creature, and 4
  damage to a third target creature." — three different creatures (115.3);
* "Colorless creatures you control also gain <keywords> until end of turn." — the colorless
  ones, devoid included (702.114a), when it resolves (611.2c).

The rules are in :mod:`conformance.reference.eldrazi_more_effects`; the lords of "Other
colorless creatures you control get +1/+0" are :func:`colorless_lord_line`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SubtypeLord
from conformance.reference.effect_blocks import DamageTargets, Effect, ExileTarget, TargetSlot

_COUNT = {"the top card": 1, "the top two cards": 2, "the top three cards": 3}
_KINDS = r"(creature|artifact|enchantment|land|nonland permanent)"


@dataclass(frozen=True, slots=True)
class OpponentsExileTop(Effect):
    """"Each opponent exiles the top N cards of their library" (406.3: face up)."""

    n: int


@dataclass(frozen=True, slots=True)
class ColorlessGain(Effect):
    """"Colorless creatures you control [also] gain <keywords> until end of turn": the
    creatures its controller controls that are colorless as it resolves (611.2c)."""

    keywords: tuple[str, ...]


def _gain(g: re.Match[str]) -> ColorlessGain:
    from conformance.reference.effect_text import _keywords

    return ColorlessGain(_keywords(g[1]))


Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]

TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(rf"Exile target {_KINDS} and target {_KINDS}\. ?"),
     lambda g: (ExileTarget(g[1].replace(" ", "_")), ExileTarget(g[2].replace(" ", "_")))),
    (re.compile(r"Each opponent exiles (the top card|the top two cards|the top three cards) of "
                r"their library\. ?"),
     lambda g: OpponentsExileTop(_COUNT[g[1]])),
    (re.compile(r"CARDNAME deals (\d+) damage to target creature, (\d+) damage to another target "
                r"creature, and (\d+) damage to a third target creature\. ?"),
     lambda g: DamageTargets((int(g[1]), int(g[2]), int(g[3])), (
         TargetSlot("creature"), TargetSlot("creature", another=True),
         TargetSlot("creature", another=True)))),
    (re.compile(r"Colorless creatures you control (?:also )?gain ([a-z ,]+) until end of "
                r"turn\. ?"),
     _gain),
]
"""(pattern, builder) pairs, after the base templates."""

_LORD = re.compile(r"(Other )?[Cc]olorless creatures you control get ([+-]\d+)/([+-]\d+)\.")


def colorless_lord_line(line: str) -> SubtypeLord | None:
    """The static ability of "[Other] colorless creatures you control get +N/+M", or None."""
    m = _LORD.fullmatch(line)
    if m is None:
        return None
    return SubtypeLord("", int(m[2]), int(m[3]), (), yours=True, creatures_only=True,
                       other=bool(m[1]), colorless=True)
