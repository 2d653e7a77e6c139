""""Prevent all combat damage that would be dealt to and dealt by <a creature> this turn" (615,
a prevention effect on one creature: Maze of Ith, Ith, High Arcanist, Foxfire, Urborg Phantom,
Soratami Cloud Chariot): the oracle templates (tried before the base ones) and the rule.

* "... dealt to and dealt by target creature [you control] this turn." — one target;
* "<sentence with one target creature>. Prevent all combat damage that would be dealt to and
  dealt by that creature / it this turn." — the same creature (it is no new target, 115.1);
* "... dealt to and dealt by CARDNAME this turn." — the source.

The creature is kept as the object it was (its zone-change count, 400.7): a creature that leaves
the battlefield and returns is a new object the effect does not see."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_more import kind
from conformance.reference.same_target import ThenSameTarget

_PREVENT = "Prevent all combat damage that would be dealt to and dealt by"


@dataclass(frozen=True, slots=True)
class PreventCombatDamageToAndBy(Effect):
    """All combat damage dealt to and dealt by one creature this turn is prevented: the
    target of kind ``kind``, or the source itself when ``kind`` is empty."""

    kind: str = ""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),) if self.kind else ()


def _then_that(g: re.Match[str]) -> ThenSameTarget:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    first = parse_effects(g[1])
    if sum(len(e.slots) for e in first) != 1:
        raise OracleTemplateError(f"'that creature' after other than one target: {g[1]!r}")
    return ThenSameTarget(first, (PreventCombatDamageToAndBy("creature"),))


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"([^.]*\btarget [^.]*creature\b[^.]*\.) {_PREVENT} (?:that creature|it) "
                r"this turn\. ?"), _then_that),
    (re.compile(rf"{_PREVENT} (target [^.]*?creature[^.]*?) this turn\. ?"),
     lambda g: PreventCombatDamageToAndBy(kind(g[1][len("target "):]))),
    (re.compile(rf"{_PREVENT} {SELF} this turn\. ?"), lambda g: PreventCombatDamageToAndBy()),
]
"""(pattern, builder) pairs, tried before the base templates."""
