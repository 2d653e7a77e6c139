"""Effect templates of flashback, cycling and Saga cards, used by
:mod:`conformance.reference.oracle` after its own: life for each card in your graveyard, tokens
created tapped, in numbers over four or more when cast from a graveyard, an X/X token of half
your life, damage to each creature (X, with flying, and each player), "Destroy all artifacts,
creatures, and enchantments", "Return all <type>s to their owners' hands". Their rules:
:mod:`conformance.reference.template_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference import abilities_more as more
from conformance.reference.abilities import SELF
from conformance.reference.template_abilities import (
    CreateTokens,
    DamageAll,
    GainLifePerCard,
    HalfLifeToken,
    ReturnAll,
)

_COUNT = {w: i for i, w in enumerate(
    "zero a two three four five six seven eight nine ten eleven twelve thirteen".split())}
_COUNT["an"] = 1
_COLOR = r"(colorless|(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?)"


def _tokens(g: re.Match[str]) -> CreateTokens:
    from conformance.reference.oracle import _token  # the token grammar of the base templates

    made = _token("a", g[3], g[4], g[5], g[6].strip(), g[7], False)
    return CreateTokens(_COUNT[g[1]], made.token, tapped=bool(g[2]),
                        from_graveyard=_COUNT[g[8]] if g[8] else None)


def _half_life(g: re.Match[str]) -> HalfLifeToken:
    from conformance.reference.oracle import _token

    return HalfLifeToken(_token("a", "0", "0", g[1], g[2].strip(), g[3], False).token)


_RETURN_ALL = {"artifacts": ("Artifact", False), "creatures": ("Creature", False),
               "tapped creatures": ("Creature", True), "enchantments": ("Enchantment", False),
               "lands": ("Land", False)}
_WORDS = "|".join(_COUNT)

EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"You gain (\d+) life for each card in your graveyard\. ?"),
     lambda g: GainLifePerCard(int(g[1]))),
    (re.compile(rf"Create ({_WORDS})( tapped)? (\d+)/(\d+) {_COLOR} ((?:[A-Z][a-z]+ )+)"
                r"creature tokens?(?: with ([a-z ,]+))?\.(?: If CARDNAME was cast from a "
                rf"graveyard, create ({_WORDS}) of those tokens instead\.)? ?"),
     _tokens),
    (re.compile(rf"Create an X/X {_COLOR} ((?:[A-Z][a-z]+ )+)creature token(?: with "
                r"([a-z ,]+))?, where X is half your life total, rounded up\. It deals X damage "
                r"to you\. ?"),
     _half_life),
    (re.compile(r"Destroy all artifacts, creatures, and enchantments\. ?"),
     lambda g: more.DestroyAll("Artifact|Creature|Enchantment")),
    (re.compile(rf"{SELF} deals (\d+|X) damage to each creature( with flying)?( and each "
                r"player)?\. ?"),
     lambda g: DamageAll(None if g[1] == "X" else int(g[1]), bool(g[2]), bool(g[3]))),
    (re.compile(r"Return all (artifacts|creatures|tapped creatures|enchantments|lands) to "
                r"their owners' hands\. ?"),
     lambda g: ReturnAll(*_RETURN_ALL[g[1]])),
]
"""(pattern, builder) pairs, in the order they are tried."""
