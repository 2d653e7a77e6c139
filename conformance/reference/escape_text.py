"""The oracle template of escape (702.138c) for the template interpreter
(:mod:`conformance.reference.oracle`); its rules are in :mod:`conformance.reference.escape`."""

from __future__ import annotations

import re

from conformance.reference.abilities import SELF

_COUNT = {"a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def escapes_with_line(line: str) -> tuple[str, str] | None:
    """"CARDNAME escapes with N +1/+1 counters on it." (702.138c) as an ``enters_with`` item
    (counter, ``escape:N``), or None for any other line."""
    m = re.fullmatch(rf"{SELF} escapes with (a|an|two|three|four|five|six) ([+-]1/[+-]1) "
                     r"counters? on it\.", line)
    return (m[2], f"escape:{_COUNT[m[1]]}") if m else None
