"""Cast triggers for a quality of the spell (603.2, 601.2i): "Whenever you cast a red spell,
...", "Whenever you cast a creature spell, ...", "Whenever you cast a multicolored spell, ...",
"Whenever a player casts a black spell, ..." — the line (:func:`cast_quality_line`, read by
:mod:`conformance.reference.oracle`) and the rule (:class:`conformance.reference.cast_quality_rules.CastQuality`, a part of the rules):
the ability triggers once for each spell cast that has the quality as it is cast (its
characteristics on the stack, 601.2i), for its controller's spells ("you cast") or every
player's ("a player casts"); it is its source's controller's."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference.abilities import Triggered
from conformance.reference.effect_blocks import SpellText

CAST_QUALITY = "cast_quality"
"""``Triggered.event`` prefix: ``cast_quality:<you|any>:<quality>``."""
_QUALITY = r"(white|blue|black|red|green|multicolored|creature|artifact|enchantment)"


def cast_quality_line(line: str, parse_effects: Callable[[str], SpellText]) -> Triggered | None:
    """The ability of a "Whenever you cast / a player casts a[n] <quality> spell, <effect>"
    line, or None."""
    m = re.fullmatch(rf"Whenever (you cast|a player casts) an? {_QUALITY} spell, (.*)", line)
    if m is None:
        return None
    from conformance.reference.common_triggers import _self_body

    body = _self_body(m[3])
    who = "you" if m[1] == "you cast" else "any"
    return Triggered(f"{CAST_QUALITY}:{who}:{m[2]}", parse_effects(body[:1].upper() + body[1:]),
                     "cast_trigger")
