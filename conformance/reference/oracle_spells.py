"""Effect templates of flashback, cycling and Saga cards, used by
:mod:`conformance.reference.effect_text` after its own: life for each card in your graveyard, tokens
created tapped, in numbers over four or more when cast from a graveyard, an X/X token of half
your life, damage to each creature (X, with flying, and each player), "Destroy all artifacts,
creatures, and enchantments", "Return all <type>s to their owners' hands", predefined tokens
(Treasure, Food, Gold, Clue: 111.10) and investigate (701.36). Their rules:
:mod:`conformance.reference.template_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference import abilities_more as more
from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import CreateToken, TapTarget, TokenDef
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_more import kind
from conformance.reference.template_abilities import (
    AddMana,
    CreateTokens,
    DamageAll,
    GainLifePerCard,
    HalfLifeToken,
    LoseLifeYou,
    ReturnAll,
    SacrificeThen,
    ThenItsPlayer,
)

_COUNT = {w: i for i, w in enumerate(
    "zero a two three four five six seven eight nine ten eleven twelve thirteen".split())}
_COUNT["an"] = 1
_COLOR = r"(colorless|(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?)"


def _tokens(g: re.Match[str]) -> CreateTokens:
    from conformance.reference.effect_text import _token  # the token grammar of the base templates

    made = _token("a", g[3], g[4], g[5], g[6].strip(), g[7], False)
    return CreateTokens(_COUNT[g[1]], made.token, tapped=bool(g[2]),
                        from_graveyard=_COUNT[g[8]] if g[8] else None)


def _half_life(g: re.Match[str]) -> HalfLifeToken:
    from conformance.reference.effect_text import _token

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


def _artifact_token(subtype: str, ability: str) -> TokenDef:
    """A predefined colorless artifact token (111.10): its subtype and its ability's text."""
    from conformance.reference.effect_text import _activated

    return TokenDef(name=f"{subtype} Token", power=None, toughness=None, colors=(),
                    subtypes=(subtype,), types=("Artifact",),
                    activated=(_activated(ability.replace("this artifact", SELF)),))


_PREDEFINED = {
    "Treasure": "{T}, Sacrifice this artifact: Add one mana of any color.",  # 111.10a
    "Food": "{2}, {T}, Sacrifice this artifact: You gain 3 life.",  # 111.10b
    "Gold": "Sacrifice this artifact: Add one mana of any color.",  # 111.10c
    "Clue": "{2}, Sacrifice this artifact: Draw a card.",  # 111.10f, investigate (701.36a)
}


def predefined(subtype: str, n: int) -> CreateToken:
    """Create ``n`` predefined ``subtype`` tokens."""
    return CreateToken(n, _artifact_token(subtype, _PREDEFINED[subtype]))


EFFECT_TEMPLATES += [
    (re.compile(r"Create (a|two|three) (Treasure|Food|Gold|Clue) tokens?\. ?"),
     lambda g: predefined(g[2], _COUNT[g[1]])),
    (re.compile(r"Investigate( twice)?\. ?"), lambda g: predefined("Clue", 2 if g[1] else 1)),
]


def _sacrifice_then(g: re.Match[str]) -> SacrificeThen:
    from conformance.reference.effect_text import parse_effects

    effects = parse_effects(g[2][:1].upper() + g[2][1:])
    if any(e.slots for e in effects):
        raise OracleTemplateError(f"'if you do' effect with targets: {g[2]!r}")
    return SacrificeThen(g[1].capitalize() if g[1].islower() else g[1], effects)


EFFECT_TEMPLATES += [
    (re.compile(r"Add ((?:\{[WUBRGC]\})+)\. ?"),
     lambda g: AddMana(tuple(re.findall(r"[WUBRGC]", g[1])))),
    (re.compile(r"Sacrifice an? ([A-Z][a-z]+|creature|artifact|land)\. If you do, ([^.]*\.) ?"),
     _sacrifice_then),
]


def _then_its_player(g: re.Match[str]) -> ThenItsPlayer:
    """The first sentence (one effect on one target), then what its controller or owner does
    (groups: 1 the sentence, 2 controller | owner, 3 what they do; or 4 "CARDNAME deals N
    damage to" that creature's controller)."""
    from conformance.reference.effect_text import parse_effects

    first = parse_effects(g[1])
    if len(first) != 1 or len(first[0].slots) != 1:
        raise OracleTemplateError(f"'its controller' after more than one target: {g[1]!r}")
    whose = "owner" if g[2] == "owner" else "controller"
    does = g[3] or g[4]
    m = re.fullmatch(r"(loses|gains) (\d+) life", does)
    if m:
        return ThenItsPlayer(first[0], whose, "lose_life" if m[1] == "loses" else "gain_life",
                             int(m[2]))
    m = re.fullmatch(r"(loses|gains) life equal to its power( plus its toughness)?", does)
    if m:  # Swords to Plowshares, Phthisis
        return ThenItsPlayer(first[0], whose, "lose_life" if m[1] == "loses" else "gain_life",
                             0, equal_to="power+toughness" if m[2] else "power")
    if does == "draws a card":
        return ThenItsPlayer(first[0], whose, "draw", 1)
    m = re.fullmatch(r"(mills|discards) (a|one|two|three|four|five) cards?", does)
    if m:  # 701.13, 701.8: that player mills / chooses and discards
        return ThenItsPlayer(first[0], whose, "mill" if m[1] == "mills" else "discard",
                             _COUNT[m[2]])
    m = re.fullmatch(rf"{SELF} deals (\d+) damage to", does)
    if m:
        return ThenItsPlayer(first[0], whose, "damage", int(m[1]))
    m = re.fullmatch(r"creates (.*)", does)
    if m:
        made = parse_effects(f"Create {m[1]}.")
        if len(made) == 1 and isinstance(made[0], CreateToken):
            return ThenItsPlayer(first[0], whose, "create", made[0].count, made[0].token)
    raise OracleTemplateError(f"'its {whose}' effect not understood: {does!r}")


_TARGETED = (r"((?:Destroy|Exile|Return|Counter|Put (?:a|two) [+-]1/[+-]1 counters? on) target "
             r"[^.]+\.(?: It can't be regenerated\.)?)")

FIRST_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"{_TARGETED} (?:(?:Its|That (?:creature|permanent|spell)'s) (controller|owner) "
                r"(loses \d+ life|gains \d+ life|(?:loses|gains) life equal to its power"
                r"(?: plus its toughness)?|draws a card|creates [^.]+?|mills \w+ cards?|"
                r"discards (?:a|one|two) cards?)|"
                rf"({SELF} deals \d+ damage to) (?:that (?:creature|permanent|land|artifact)'s|its) "
                r"controller)\. ?"),
     _then_its_player),
    (re.compile(r"Destroy target ([^.]+?)\. It can't be regenerated\. ?"),
     lambda g: more.DestroyNoRegeneration(kind(g[1]))),
]
"""Tried before the base templates (which would read the first sentence alone)."""


EFFECT_TEMPLATES += [
    (re.compile(r"You lose (\d+) life\. ?"), lambda g: LoseLifeYou(int(g[1]))),
    (re.compile(r"(Tap|Untap) target ([^.]+?)\. ?"),
     lambda g: TapTarget(kind(g[2]), untap=g[1] == "Untap")),
]

EFFECT_TEMPLATES += [
    (re.compile(r"Return target card from your graveyard to your hand\. ?"),
     lambda g: more.ReturnFromGraveyard("gy:any:you", "hand")),
]
