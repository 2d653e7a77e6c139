"""Strive (ability word, rule 207.2c) and "any number of target <kind>" effects: "Strive — This
spell costs {2}{W} more to cast for each target beyond the first." (a cost increase, 601.2f,
read into ``FaceText.strive`` by :mod:`conformance.reference.cost_text`), "Any number of target
creatures each get +1/+1 and gain flying until end of turn.", "Any number of target creatures
each gain double strike until end of turn.", "Destroy any number of target artifacts and/or
enchantments.", "Return any number of target enchantments to their owners' hands."

Each target is affected on its own: an illegal one is not (608.2b)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot

ANY_NUMBER = 99
"""The most targets an "any number of target ..." slot takes (more than any game here has)."""


@dataclass(frozen=True, slots=True)
class EachTarget(Effect):
    """One effect on each of any number of targets of ``kind``: ``pump`` (+``power``/
    +``toughness`` and ``keywords`` until end of turn), ``destroy`` or ``bounce`` (to its
    owner's hand)."""

    what: str
    kind: str
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 0, ANY_NUMBER),)


def _keywords(text: str | None) -> tuple[str, ...]:
    from conformance.reference.effect_text import _keywords as read  # the base keyword grammar

    return read(text)


TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Any number of target creatures each get ([+-]\d+)/([+-]\d+)(?: and gain "
                r"([a-z ,]+?))? until end of turn\. ?"),
     lambda g: EachTarget("pump", "creature", int(g[1]), int(g[2]), _keywords(g[3]))),
    (re.compile(r"Any number of target creatures each gain ([a-z ,]+?) until end of turn\. ?"),
     lambda g: EachTarget("pump", "creature", keywords=_keywords(g[1]))),
    (re.compile(r"Destroy any number of target artifacts and/or enchantments\. ?"),
     lambda g: EachTarget("destroy", "artifact_or_enchantment")),
    (re.compile(r"Return any number of target (creature|artifact|enchantment)s to their "
                r"owners' hands\. ?"),
     lambda g: EachTarget("bounce", g[1])),
]
"""(pattern, builder) pairs, tried after the base templates."""
