"""The oracle text of costs other than mana (rules 118.8, 602.2b), for the template interpreter
(:mod:`conformance.reference.oracle`): "sacrifice a creature", "discard a card", "exile two cards
from your graveyard", "tap an untapped creature you control"."""

from __future__ import annotations

import re

from conformance.reference.abilities import CostPart

_COUNTS = {"a": 1, "an": 1, "two": 2, "three": 3}

_COST_PART = re.compile(r"(sacrifice|discard|exile|tap) (a|an|two|three) (untapped )?"
                        r"(creature|artifact|land|card)s?( you control| from your graveyard)?",
                        re.I)


def cost_part(phrase: str) -> CostPart | None:
    """An additional cost other than mana (rule 118.8), or None: "sacrifice a creature",
    "discard a card", "exile two cards from your graveyard", "tap an untapped creature you
    control"."""
    m = _COST_PART.fullmatch(phrase)
    if not m:
        return None
    kind, what, where = m[1].lower(), m[4], m[5]
    ok = {"sacrifice": what != "card" and not m[3] and not where,
          "discard": what == "card" and not m[3] and not where,
          "exile": what == "card" and not m[3] and where == " from your graveyard",
          "tap": what in ("creature", "artifact") and bool(m[3]) and where == " you control"}
    return CostPart(kind, _COUNTS[m[2].lower()], what) if ok[kind] else None


def extra_cost_line(line: str, other_part: str) -> bool:
    """Whether ``line`` is an activated ability whose costs include one of :func:`cost_part`'s
    (602.2b), its other costs each matching the regular expression ``other_part``."""
    head, sep, _ = line.partition(": ")
    parts = head.split(", ")
    return bool(sep) and any(cost_part(p) for p in parts) and all(
        cost_part(p) or re.fullmatch(other_part, p) for p in parts)
