"""Oracle templates of monstrosity and of the designations' triggers:

* "Monstrosity N." (701.31a, 701.37a in later rules): "If this permanent isn't monstrous, put N
  +1/+1 counters on it and it becomes monstrous" — :class:`BecomeMonstrous`, the effect of an
  activated ability ("{5}{G}{G}: Monstrosity 3."); its rule in
  :mod:`conformance.reference.monstrosity`;
* "When CARDNAME becomes monstrous, <effects>" (:data:`BECOMES_MONSTROUS`) and "Whenever a
  creature you control becomes renowned, <effects>" (:data:`BECOMES_RENOWNED_YOURS`, 702.112b):
  triggered abilities :mod:`conformance.reference.common_triggers` reads with its other forms.

Text only (no rules), so that the text modules may import it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect

BECOMES_MONSTROUS = "becomes_monstrous"
"""``Triggered.event`` of "When CARDNAME becomes monstrous, ..." (it triggers as the
monstrosity ability resolves with the permanent on the battlefield)."""
BECOMES_RENOWNED_YOURS = "becomes_renowned_yours"
"""``Triggered.event`` of "Whenever a creature you control becomes renowned, ..."."""


@dataclass(frozen=True, slots=True)
class BecomeMonstrous(Effect):
    """"Monstrosity N": if the source isn't monstrous, N +1/+1 counters on it and it becomes
    monstrous (701.31a-b)."""

    n: int


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"Monstrosity (\d+)\. ?"), lambda m: BecomeMonstrous(int(m[1]))),
]
"""(pattern, builder) pairs of :mod:`conformance.reference.effect_text`."""

TRIGGER_FORMS = (
    (re.compile(rf"When {SELF} becomes monstrous, (.*)"), BECOMES_MONSTROUS, "becomes_monstrous",
     True),
    (re.compile(r"Whenever a creature you control becomes renowned, (.*)"),
     BECOMES_RENOWNED_YOURS, "becomes_renowned", False),
)
"""(pattern, event, name, self-referential) forms of
:func:`conformance.reference.common_triggers.trigger_line`."""
