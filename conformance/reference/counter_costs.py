"""Counters of a named kind on a permanent itself, as an activated ability's cost and as an
effect: "Remove three quest counters from CARDNAME and sacrifice it: Draw two cards." (602.2b:
the counters are removed, then it is sacrificed, as the cost is paid; without enough of them the
ability can't be activated) and "[You may] put a quest counter on CARDNAME." (the Zendikar
Expeditions)."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference.abilities import SELF, Activated
from conformance.reference.effect_blocks import May, PutCounters, SpellText

_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_KIND = r"(quest|charge|time|fade|age|verse|level|loyalty|ice|night|page|lore)"
_LINE = re.compile(rf"Remove (a|one|two|three|four|five|six) {_KIND} counters? from {SELF}"
                   r"( and sacrifice it)?: (.*)")


def counter_cost_line(line: str, parse_effects: Callable[[str], SpellText]) -> Activated | None:
    """The activated ability of ``line`` when its cost is removing counters from the permanent
    itself [and sacrificing it], or None."""
    m = _LINE.fullmatch(line)
    if m is None:
        return None
    return Activated(effects=parse_effects(m[4]), tap=False, sacrifice_self=bool(m[3]),
                     remove_counters=(m[2], _NUMBERS[m[1]]))


TEMPLATES = [
    (re.compile(rf"(You may p|P)ut (a|one|two|three) {_KIND} counters? on {SELF}\. ?"),
     lambda g: (May((PutCounters(_NUMBERS[g[2]], g[3], False),)) if g[1] == "You may p"
                else PutCounters(_NUMBERS[g[2]], g[3], False))),
]
"""(pattern, builder) pairs."""
