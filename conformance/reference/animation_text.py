"""The oracle text of permanents that turn themselves into creatures — manlands ("CARDNAME
becomes a 2/1 blue Faerie creature with flying until end of turn. It's still a land."),
animated artifacts ("CARDNAME becomes a 2/2 Golem artifact creature until end of turn.") and
enchantments ("... creature in addition to its other types until end of turn") — for the template
interpreter (:mod:`conformance.reference.effect_text`). The effect is :class:`AnimateSelf`; its
rules are in :mod:`conformance.reference.control_effects` (the animation itself:
:class:`~conformance.reference.control_abilities.Animation`, layers 4, 5, 6 and 7b)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import KEYWORDS, SELF
from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mana import COLOR_WORDS


@dataclass(frozen=True, slots=True)
class AnimateSelf(Effect):
    """"CARDNAME becomes a N/M [colors] [subtypes] [artifact] creature [with K] ...": the source
    of the ability is also a creature (and an artifact when so said) of those subtypes with
    base power and toughness N/M, those colors (None: its own) and keywords, keeping its other
    types (205.1b: "It's still a land", "artifact creature", "in addition to its other types"),
    until end of turn or, without a stated duration, indefinitely (611.2a)."""

    power: int
    toughness: int
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...] | None
    keywords: tuple[str, ...]
    until_end_of_turn: bool
    unblockable: bool = False
    """"... and can't be blocked this turn" (Creeping Tar Pit, the Keyrunes; 509.1b)."""


_ANIMATE = re.compile(
    rf"(?P<pre>Until end of turn, )?{SELF} becomes an? (?P<p>\d+)/(?P<t>\d+) "
    r"(?P<colors>(?:(?:white|blue|black|red|green|colorless)(?:,? and |, | ))*)"
    r"(?P<subtypes>(?:[A-Z][a-z]+ )*)(?P<artifact>artifact )?creature"
    r"(?P<still1> that's still a land)?(?: with (?P<kw>[a-z ,]+?))?"
    r"(?P<addition> in addition to its other types)?(?P<post> until end of turn)?"
    r"(?P<unblockable> and can't be blocked this turn)?\."
    r"(?P<still2> It's still a land\.)? ?")


def _keywords(text: str | None) -> tuple[str, ...]:
    words = tuple(w for w in re.split(r",? and |, ", text or "") if w)
    for w in words:
        if w not in KEYWORDS:
            raise OracleTemplateError(f"keyword not implemented: {w!r}")
    return words


def _animate(m: re.Match[str]) -> AnimateSelf:
    if m["pre"] and m["post"]:
        raise OracleTemplateError("'until end of turn' said twice")
    if not (m["artifact"] or m["addition"] or m["still1"] or m["still2"]):
        raise OracleTemplateError("an animation that does not keep the permanent's types")
    words = [w for w in re.split(r",? and |, | ", m["colors"].strip()) if w]
    colors = None if not words else tuple(
        c for c in "WUBRG" if c in {COLOR_WORDS[w] for w in words if w in COLOR_WORDS})
    return AnimateSelf(int(m["p"]), int(m["t"]),
                       ("Artifact", "Creature") if m["artifact"] else ("Creature",),
                       tuple(m["subtypes"].split()), colors, _keywords(m["kw"]),
                       until_end_of_turn=bool(m["pre"] or m["post"]),
                       unblockable=bool(m["unblockable"]))


@dataclass(frozen=True, slots=True)
class AnimateTarget(Effect):
    """"Target land becomes a 3/3 creature until end of turn. It's still a land." (and "Until
    end of turn, target Forest becomes ...", "... that's still a land"): the target land is
    also a creature as :class:`AnimateSelf` says (205.1b: it keeps its types); ``kind`` is the
    target's kind (a land, a snow land, a land of a basic land type)."""

    kind: str
    animation: AnimateSelf

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


_LAND_KINDS = {"land": "land", "snow land": "perm:Land:snow",
               **{t: f"perm:Land:sub={t}" for t in ("Plains", "Island", "Swamp", "Mountain",
                                                   "Forest")}}
_ANIMATE_TARGET = re.compile(
    r"(?P<pre>Until end of turn, )?(?:T|t)arget (?P<kind>land|snow land|Plains|Island|Swamp|"
    r"Mountain|Forest) becomes an? " + _ANIMATE.pattern.split(" becomes an? ", 1)[1])


def _animate_target(m: re.Match[str]) -> AnimateTarget:
    if not (m["still1"] or m["still2"]):
        raise OracleTemplateError("a land animation that does not say it is still a land")
    return AnimateTarget(_LAND_KINDS[m["kind"]], _animate(m))


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (_ANIMATE, _animate),
    (_ANIMATE_TARGET, _animate_target),
]
"""(sentence, builder) pairs."""
