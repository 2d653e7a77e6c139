"""Effect templates first needed by the halves of split and aftermath cards (any card with the
same words gets them too), used by :mod:`conformance.reference.oracle`: :data:`FIRST` before
its own templates (sentence pairs a base template would cut after the first sentence),
:data:`TEMPLATES` after them. Their effects: :mod:`conformance.reference.abilities_split`."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference import abilities_split as s
from conformance.reference.abilities import SELF
from conformance.reference.chapter_abilities import Fight
from conformance.reference.effect_blocks import Draw, Effect
from conformance.reference.oracle_library import Discard
from conformance.reference.oracle_more import kind

_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_COUNT_RX = "(a|an|one|two|three|four)"

Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]


def _kw(text: str | None) -> tuple[str, ...]:
    from conformance.reference.effect_text import _keywords  # the keyword list grammar

    return _keywords(text)


def _any(words: str) -> str:
    """``any target`` or ``target <words>``."""
    return "any" if words == "any target" else kind(words.removeprefix("target "))


FIRST: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"Untap target creature\. It gets ([+-]\d+)/([+-]\d+)(?: and gains ([a-z, ]+))? "
                r"until end of turn\. ?"),
     lambda g: s.UntapAndPump(int(g[1]), int(g[2]), _kw(g[3]))),
    (re.compile(r"Remove all (\+1/\+1) counters from target ([^.]+?)\. Draw that many "
                r"cards\. ?"),
     lambda g: s.RemoveCountersDraw(g[1], kind(g[2]))),
]
"""Tried before the base templates."""

TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"You gain (\d+) life for each creature you control\. ?"),
     lambda g: s.GainLifePerCreature(int(g[1]))),
    (re.compile(r"Untap (?:each|all) creatures? you control\. ?"),
     lambda g: s.UntapYourCreatures()),
    (re.compile(rf"Target player draws {_COUNT_RX} cards? and loses (\d+) life\. ?"),
     lambda g: s.PlayerDrawsAndLoses(_COUNT[g[1]], int(g[2]))),
    (re.compile(rf"{SELF} deals damage to target player equal to the number of cards in that "
                r"player's hand\. ?"),
     lambda g: s.DamageByHandSize()),
    (re.compile(rf"{SELF} deals damage to target ([^.]+?) equal to the number of lands you "
                r"control\. ?"),
     lambda g: s.DamageByLands(kind(g[1]))),
    (re.compile(rf"{SELF} deals damage equal to the number of (lands|creatures) you control to "
                r"target ([^.]+?)\. ?"),
     lambda g: s.DamageByLands(kind(g[2]), "Land" if g[1] == "lands" else "Creature")),
    (re.compile(r"Target ([^.]+?) fights target ([^.]+?)\. ?"),
     lambda g: Fight(kind(g[1]), kind(g[2]))),  # the one fight effect (701.12)
    (re.compile(r"Target ([^.]+?) deals damage equal to its power to (any target|target "
                r"[^.]+?)\. ?"),
     lambda g: s.Bite(kind(g[1]), _any(g[2]))),
    (re.compile(rf"Discard {_COUNT_RX} cards?, then draw {_COUNT_RX} cards?\. ?"),
     lambda g: (Discard(_COUNT[g[1]], "you"), Draw(_COUNT[g[2]]))),
    (re.compile(r"Each player shuffles their graveyard into their library\. ?"),
     lambda g: s.ShuffleGraveyards()),
]
"""(pattern, builder) pairs, tried after the base templates, in order."""
