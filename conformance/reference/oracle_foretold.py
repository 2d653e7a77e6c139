"""Foretold spells' conditional effects: "If CARDNAME was foretold, <effects>." (702.143: a card
with foretell, exiled face down by the special action, may be cast from exile for its foretell
cost; "if this spell was foretold" asks whether it was). The effects, without targets of their
own, happen only if the spell was cast for its foretell cost. :data:`FIRST` is tried before the
base templates; the rule is in :mod:`conformance.reference.kicked_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, SpellText
from conformance.reference.errors import OracleTemplateError


@dataclass(frozen=True, slots=True)
class IfForetold(Effect):
    """"If this spell was foretold, <effects>": ``effects`` happen only for a foretold spell."""

    effects: SpellText


def _if_foretold(g: re.Match[str]) -> IfForetold:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    sentence = g[1][:1].upper() + g[1][1:]
    effects = parse_effects(sentence)
    if any(e.slots for e in effects):
        raise OracleTemplateError(f"foretold effect with targets: {sentence!r}")
    return IfForetold(effects)


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"If {SELF} was foretold, ([^.]*\.) ?"), _if_foretold),
]
"""(pattern, builder) pairs, tried before the base templates."""
