"""Effects that choose cards a player looks at in a library or a hand, and their oracle-text
templates (tried by :mod:`conformance.reference.effect_text` after its own and those of
:mod:`conformance.reference.oracle_more`): scry (rule 701.18), searching a library (701.19),
discarding (701.8), and "look at the top N cards ... put one of them into your hand".

Each asks its player for a protocol-2 ``cards`` choice as it resolves (SPEC.md, "choose
(protocol 2)"); their rules are in :mod:`conformance.reference.effects_library`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from conformance.reference.effect_blocks import Draw, Effect, May, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mana import COLOR_WORDS

if TYPE_CHECKING:
    from conformance.reference.objects import Chars

_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7}
_COUNT_RX = "(a|an|one|two|three|four|five|six|seven)"
_CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker",
               "Sorcery")
_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                              "Battle"})


@dataclass(frozen=True, slots=True)
class CardFilter:
    """What a searched card must be: all of ``types`` and ``subtypes``, ``basic`` when set, one
    of ``any_of`` (types or subtypes: "an Island or Swamp card"), a permanent card, legendary,
    of each of ``colors``, with mana value / power at most ``max_mana_value`` / ``max_power``.
    An empty filter ("search your library for a card") states no quality (rule 701.19b)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    basic: bool = False
    any_of: tuple[str, ...] = ()
    permanent: bool = False
    legendary: bool = False
    colors: tuple[str, ...] = ()
    max_mana_value: int | None = None
    max_power: int | None = None

    @property
    def has_quality(self) -> bool:
        """Whether the search is for cards with a stated quality (rule 701.19b)."""
        return bool(self.types or self.subtypes or self.basic or self.any_of or self.permanent
                    or self.legendary or self.colors or self.max_mana_value is not None
                    or self.max_power is not None)

    def matches(self, c: Chars) -> bool:
        """Whether a card with the characteristics ``c`` is one the search may find."""
        return (set(self.types) <= set(c.types) and set(self.subtypes) <= set(c.subtypes)
                and (not self.basic or "Basic" in c.supertypes)
                and (not self.any_of or bool(set(self.any_of) & {*c.types, *c.subtypes}))
                and (not self.permanent or bool(_PERMANENT_TYPES & set(c.types)))
                and (not self.legendary or "Legendary" in c.supertypes)
                and set(self.colors) <= set(c.colors)
                and (self.max_mana_value is None or c.mana_value <= self.max_mana_value)
                and (self.max_power is None or (c.power is not None
                                                and c.power <= self.max_power)))


@dataclass(frozen=True, slots=True)
class Scry(Effect):
    """"Scry N" (rule 701.18a)."""

    n: int


@dataclass(frozen=True, slots=True)
class SearchLibrary(Effect):
    """"Search your library for <count> <filter> card(s), put it/them <destination>, then
    shuffle" (rule 701.19); ``up_to``: "up to N"; ``to``: hand | battlefield | top ("then
    shuffle and put that card on top": the top of the library, after the shuffle); ``whose``:
    you | target_opponent ("Search target opponent's library for a creature card and put that
    card onto the battlefield under your control. Then that player shuffles.")."""

    n: int
    filter: CardFilter
    to: str
    tapped: bool = False
    up_to: bool = False
    whose: str = "you"

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),) if self.whose == "target_opponent" else ()


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    """"<who> discard(s) N cards" (rule 701.8), the discarding player choosing (701.8b);
    ``who``: you | target_player | target_opponent | each_opponent | each_player."""

    n: int
    who: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        if self.who == "target_player":
            return (TargetSlot("player"),)
        if self.who == "target_opponent":
            return (TargetSlot("opponent"),)
        return ()


@dataclass(frozen=True, slots=True)
class LookPutOneInHand(Effect):
    """"Look at the top N cards of your library. Put one of them into your hand and the rest
    on the bottom of your library in any order / into your graveyard" (``rest``: bottom |
    graveyard)."""

    n: int
    rest: str


def card_filter(words: str | None, limit: str | None = None) -> CardFilter:
    """The filter of "a <words> card [with mana value / power N or less]" ("basic land",
    "creature", "Forest", "Aura", "Mercenary permanent", "legendary", "blue instant", "Island or
    Swamp"); an error for words it does not read."""
    if not words:
        return CardFilter(max_mana_value=_limit(limit, "mana value"),
                          max_power=_limit(limit, "power"))
    if re.search(r",? or |, ", words):  # "Plains, Island, Swamp, Mountain, or Forest"
        alternatives = tuple(a for a in re.split(r",? or |, ", words) if a)
        if not all(re.fullmatch(r"[A-Z][a-z]+", a) or a in {t.lower() for t in _CARD_TYPES}
                   for a in alternatives):
            raise OracleTemplateError(f"search filter not understood: {words!r}")
        return CardFilter(any_of=tuple(a.capitalize() for a in alternatives),
                          max_mana_value=_limit(limit, "mana value"),
                          max_power=_limit(limit, "power"))
    types: list[str] = []
    subtypes: list[str] = []
    colors: list[str] = []
    basic = permanent = legendary = False
    for w in words.split():
        if w == "basic":
            basic = True
        elif w == "permanent":
            permanent = True
        elif w == "legendary":
            legendary = True
        elif w in COLOR_WORDS:
            colors.append(COLOR_WORDS[w])
        elif w.capitalize() in _CARD_TYPES and w.islower():
            types.append(w.capitalize())
        elif re.fullmatch(r"[A-Z][a-z]+", w) and w not in ("Legendary", "Snow"):
            subtypes.append(w)
        else:
            raise OracleTemplateError(f"search filter not understood: {words!r}")
    return CardFilter(tuple(types), tuple(subtypes), basic, permanent=permanent,
                      legendary=legendary, colors=tuple(colors),
                      max_mana_value=_limit(limit, "mana value"), max_power=_limit(limit, "power"))


def _limit(limit: str | None, what: str) -> int | None:
    """N of "with <what> N or less" in ``limit`` (mana value or power), or None."""
    if not limit:
        return None
    m = re.fullmatch(r" with (mana value|power) (\d+) or less", limit)
    if m is None:
        raise OracleTemplateError(f"search filter not understood: {limit!r}")
    return int(m[2]) if m[1] == what else None


def _n(word: str) -> int:
    return _COUNT[word.lower()]


def _search(g: re.Match[str]) -> Effect:
    count = g[2]
    up_to = count.startswith("up to ")
    n = _n(count.removeprefix("up to "))
    plural = bool(g[4])
    if plural != (n > 1):
        raise OracleTemplateError(f"search count not understood: {g[0]!r}")
    where = g[6] or g[7] or g[8]
    to = {"into your hand": "hand", "on top": "top"}.get(where, "battlefield")
    search = SearchLibrary(n, card_filter(g[3], g["limit"]), to,
                           tapped=where.endswith("tapped"), up_to=up_to)
    return May((search,)) if g[1] == "You may s" else search


_WHO = {"Target player discards": "target_player", "Target opponent discards": "target_opponent",
        "Each opponent discards": "each_opponent", "Each player discards": "each_player",
        "Discard": "you"}
_THEM = r"(?:it|them|that card|those cards)"

Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]

TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"Scry (\d+)\. ?"), lambda g: Scry(int(g[1]))),
    (re.compile(rf"Scry (\d+), then draw {_COUNT_RX} cards?\. ?"),
     lambda g: (Scry(int(g[1])), Draw(_n(g[2])))),
    (re.compile(r"(You may s|S)earch your library for (a|an|up to (?:one|two|three)) "
                r"(?:([a-zA-Z ,]+?) )?card(s?)(?P<limit> with (?:mana value|power) \d+ or less)?"
                rf"(?:, (?:reveal {_THEM}, )?put {_THEM} (into your hand|onto the battlefield"
                rf"(?: tapped)?), then shuffle| and put {_THEM} (onto the battlefield)\. Then "
                rf"shuffle|, reveal {_THEM}, then shuffle and put (?:{_THEM}|the card) (on top))"
                r"\. ?"),
     _search),
    (re.compile(r"Search target opponent's library for (a|an) ([a-zA-Z ]+?) card and put that "
                r"card onto the battlefield under your control\. Then that player shuffles\. ?"),
     lambda g: SearchLibrary(1, card_filter(g[2]), "battlefield", whose="target_opponent")),
    (re.compile(r"(Target player discards|Target opponent discards|Each opponent discards|"
                rf"Each player discards|Discard) {_COUNT_RX} cards?\. ?"),
     lambda g: Discard(_n(g[2]), _WHO[g[1]])),
    (re.compile(rf"Draw {_COUNT_RX} cards?, then discard {_COUNT_RX} cards?\. ?"),
     lambda g: (Draw(_n(g[1])), Discard(_n(g[2]), "you"))),
    (re.compile(rf"Look at the top {_COUNT_RX} cards of your library\. Put one of "
                r"(?:them|those cards) into your hand and the (?:rest|other) (on the bottom of "
                r"your library(?: in any order)?|into your graveyard)\. ?"),
     lambda g: LookPutOneInHand(_n(g[1]), "graveyard" if "graveyard" in g[2] else "bottom")),
]
"""(pattern, builder) pairs, in the order they are tried."""
