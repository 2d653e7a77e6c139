"""Effects on every player's hand, and counts of what a target player controls: "Each player
discards their hand, then draws seven cards." (701.8, 121.2), "Each player shuffles their hand
and graveyard into their library, then draws seven cards." (701.20), "You gain N life for each
creature target player controls.", "Tap all non<color> creatures.", "Destroy all <quality>
creatures." and "CARDNAME deals N damage to each attacking / blocking creature.". The effect
blocks and their
templates (:data:`TEMPLATES`, tried after the base templates); the rules are in
:mod:`conformance.reference.effects_wheels`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot
from conformance.reference.mana import COLOR_WORDS


@dataclass(frozen=True, slots=True)
class EachPlayerWheel(Effect):
    """Each player, in APNAP order, discards their hand (or with ``shuffle`` shuffles hand and
    graveyard into their library); then each draws ``n`` cards."""

    n: int
    shuffle: bool = False


@dataclass(frozen=True, slots=True)
class GainLifePerCreatureOf(Effect):
    """"You gain N life for each creature target player controls" (counted as it resolves)."""

    n: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


@dataclass(frozen=True, slots=True)
class TapAllCreatures(Effect):
    """"Tap all [non<color>] creatures" (``not_color``: the color excluded, or "")."""

    not_color: str = ""


@dataclass(frozen=True, slots=True)
class CreaturesWith(Effect):
    """"Destroy all <quality> creatures" (``damage`` None, 701.7: all at once) or "CARDNAME
    deals N damage to each <quality> creature" (120.3); ``quality``: tapped | untapped |
    nontoken | attacking | blocking | attacking_or_blocking | color=<C> | noncolor=<C>."""

    quality: str
    damage: int | None = None


_QUALITY = {"tapped": "tapped", "untapped": "untapped", "nontoken": "nontoken",
            "attacking": "attacking", "blocking": "blocking",
            "attacking or blocking": "attacking_or_blocking",
            **{c: f"color={s}" for c, s in (("white", "W"), ("blue", "U"), ("black", "B"),
                                              ("red", "R"), ("green", "G"))},
            **{f"non{c}": f"noncolor={s}" for c, s in (("white", "W"), ("blue", "U"),
                                                        ("black", "B"), ("red", "R"),
                                                        ("green", "G"))}}
_QUALITY_RX = "|".join(sorted(_QUALITY, key=len, reverse=True))

_NUMBER = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}

TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Each player (discards their hand|shuffles their hand and graveyard into their "
                r"library), then draws (three|four|five|six|seven) cards\. ?"),
     lambda g: EachPlayerWheel(_NUMBER[g[2]], shuffle=g[1].startswith("shuffles"))),
    (re.compile(r"You gain (\d+) life for each creature target player controls\. ?"),
     lambda g: GainLifePerCreatureOf(int(g[1]))),
    (re.compile(r"Tap all (?:non(white|blue|black|red|green) )?creatures\. ?"),
     lambda g: TapAllCreatures(COLOR_WORDS[g[1]] if g[1] else "")),
    (re.compile(rf"Destroy all ({_QUALITY_RX}) creatures\. ?"),
     lambda g: CreaturesWith(_QUALITY[g[1]])),
    (re.compile(rf"CARDNAME deals (\d+) damage to each ({_QUALITY_RX}) creature\. ?"),
     lambda g: CreaturesWith(_QUALITY[g[2]], int(g[1]))),
]
"""(pattern, builder) pairs, tried after the base templates."""
