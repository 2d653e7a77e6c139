""""Sacrifice CARDNAME unless you pay {cost}." (118.12: an "unless" cost; its player chooses
as the effect happens whether to pay, 608.2d): the oracle template and the effect, whose rule
is :mod:`conformance.reference.unless_pay_effects` — a ``may`` choice of the ability's
controller, asked only when their mana pool can pay the cost (as "counter target spell unless
its controller pays {N}"); unless they pay, they sacrifice the source (701.17a)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect


@dataclass(frozen=True, slots=True)
class SacrificeUnlessPays(Effect):
    """"Sacrifice CARDNAME unless you pay ``cost``"."""

    cost: str


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"Sacrifice {SELF} unless you pay ((?:\{{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG])\}})+)"
                r"\. ?"), lambda g: SacrificeUnlessPays(g[1])),
]
"""(pattern, builder) pairs."""
