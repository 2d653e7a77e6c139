"""Effect templates first needed by the Adventures of adventurer cards (rule 716; any card with
the same words gets them too), used by :mod:`conformance.reference.effect_text`: :data:`FIRST`
before its own templates (sentence pairs a base template would cut after the first sentence).
Their effects exist already (:mod:`conformance.reference.abilities_split`,
:mod:`conformance.reference.effect_blocks`) or are in
:mod:`conformance.reference.adventure_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference import abilities_split as s
from conformance.reference.effect_blocks import CounterSpell, Effect
from conformance.reference.oracle_counted import Count, count_of


@dataclass(frozen=True, slots=True)
class DestroyAllNonSubtype(Effect):
    """"Destroy all non-<subtype> creatures" (Cast Off: "Destroy all non-Giant creatures"; rule
    701.7): every creature without that creature type, all at once (its handler:
    :mod:`conformance.reference.adventure_effects`)."""

    subtype: str


@dataclass(frozen=True, slots=True)
class CountedDrain(Effect):
    """"You gain X life and each opponent loses X life, where X is the number of <count>"
    (Curry Favor), X counted as it resolves (608.2h)."""

    count: Count


Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]

FIRST: list[tuple[re.Pattern[str], Builder]] = [
    # On Alert: the pump and the untap of one target, in either order the same result
    (re.compile(r"Target creature gets ([+-]\d+)/([+-]\d+) until end of turn\. Untap it\. ?"),
     lambda g: s.UntapAndPump(int(g[1]), int(g[2]))),
    # Mesmeric Glare: a spell of any type with a mana value bound
    (re.compile(r"Counter target spell with mana value (\d+) or less\. ?"),
     lambda g: CounterSpell(f"spell:any:mv<={int(g[1])}")),
    # Cast Off: a one-word creature type excluded
    (re.compile(r"Destroy all non-([A-Z][a-z]+) creatures\. ?"),
     lambda g: DestroyAllNonSubtype(g[1])),
    # Curry Favor
    (re.compile(r"You gain X life and each opponent loses X life, where X is the number of "
                r"([^.]+?)\. ?"),
     lambda g: CountedDrain(count_of(g[1]))),
]
"""Tried before the base templates."""
