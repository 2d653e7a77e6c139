"""Effects that set a target's colors (layer 5, rule 613.1e; 105.3): "Target creature becomes red
and gains haste until end of turn.", "Target permanent becomes white until end of turn.",
"Target creature gets +1/+0, becomes black, and gains shadow until end of turn." — the
sentence templates for the template interpreter (:mod:`conformance.reference.effect_text`); the
handler is in :mod:`conformance.reference.color_effects`.

The new colors replace the old ones (105.3: "becomes <color>" without "in addition"); devoid,
a characteristic-defining ability, applies before them in layer 5 (613.3), so a devoid creature
that becomes red is red (:meth:`~.continuous_effects.ContinuousEffects.layer5_colors`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import KEYWORDS
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mana import COLOR_WORDS
from conformance.reference.target_kinds import parse_kind


@dataclass(frozen=True, slots=True)
class TargetBecomesColor(Effect):
    """"Target <kind> becomes <color>[ and gains <keyword>| and gets +N/+M] [until end of
    turn]": the target's colors become ``colors`` (layer 5), with the keywords and the
    power/toughness change for as long (layers 6, 7c)."""

    kind: str
    colors: tuple[str, ...]
    until_end_of_turn: bool
    keywords: tuple[str, ...] = ()
    power: int = 0
    toughness: int = 0

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


def _becomes(m: re.Match[str]) -> TargetBecomesColor:
    kind = parse_kind(m["kind"])
    if kind is None:
        raise OracleTemplateError(f"target not understood: {m['kind']!r}")
    keywords: tuple[str, ...] = ()
    if m["kw"]:
        words = tuple(w.strip() for w in re.split(r",? and |, ", m["kw"]))
        if not all(w in KEYWORDS for w in words):
            raise OracleTemplateError(f"keyword not implemented: {m['kw']!r}")
        keywords = words
    power = int(m["p"]) if m["p"] else 0
    toughness = int(m["t"]) if m["t"] else 0
    return TargetBecomesColor(kind, (COLOR_WORDS[m["color"]],), bool(m["eot"]), keywords,
                              power, toughness)


def _pumped(m: re.Match[str]) -> TargetBecomesColor:
    """"Target creature gets +N/+M, becomes <color>, and gains <keyword> until end of turn."
    (Traitor's Clutch)."""
    keyword = m["kw"].strip()
    if keyword not in KEYWORDS:
        raise OracleTemplateError(f"keyword not implemented: {keyword!r}")
    return TargetBecomesColor("perm:Creature", (COLOR_WORDS[m["color"]],), True, (keyword,),
                              int(m["p"]), int(m["t"]))


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(r"Target creature gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+), becomes "
                r"(?P<color>white|blue|black|red|green), and gains (?P<kw>[a-z ]+) until end of "
                r"turn\. ?"), _pumped),
    (re.compile(r"Target (?P<kind>creature|permanent|artifact|land|enchantment) becomes "
                r"(?P<color>white|blue|black|red|green)"
                r"(?: and gains (?P<kw>[a-z ,]+?)| and gets (?P<p>[+-]\d+)/(?P<t>[+-]\d+))?"
                r"(?P<eot> until end of turn)?\. ?"), _becomes),
]
"""Sentence templates: "Target creature becomes red and gains haste until end of turn." """


