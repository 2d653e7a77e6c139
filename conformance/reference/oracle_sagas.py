"""Effect templates common in Saga chapters (and elsewhere), used by
:mod:`conformance.reference.effect_text` after its own: discarding (701.8) and sacrificing (701.17) by each player or a target
player, looting ("Draw N cards, then discard M cards"), "Each player returns N land cards from
their graveyard to the battlefield", "Untap CARDNAME", "Creatures you control /
<Subtype>s you control gain <keywords> until end of turn", "Put a +1/+1 counter on each
[other] creature / <Subtype> you control" (optionally followed by "Those creatures gain
<keywords> until end of turn"). Their rules: :mod:`conformance.reference.template_effects`."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference.abilities_more import ExileGraveyards, ReturnFromGraveyard
from conformance.reference.effect_blocks import Draw, Effect, May, PumpGroup
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_chapters import FIRST as CHAPTER_FIRST
from conformance.reference.oracle_chapters import TEMPLATES as CHAPTER_TEMPLATES
from conformance.reference.template_abilities import (
    CountersOnEach,
    Discard,
    ReturnLandsEach,
    SacrificeEach,
    UntapSelf,
)

_KEYWORD_LIST = r"([a-z ,]+?)"
_COUNT = {"a": 1, "an": 1, "two": 2, "three": 3}
_N = "(a|two|three)"
_WHO = {"Each player": "each", "Each opponent": "opponents", "Target player": "player",
        "Target opponent": "opponent", "Discard": "you"}
_SACRIFICED = {"creature": "Creature", "creature or planeswalker": "Creature|Planeswalker",
               "artifact": "Artifact", "land": "Land", "enchantment": "Enchantment"}


def _keywords(text: str) -> tuple[str, ...]:
    from conformance.reference.effect_text import _keywords as read  # the base keyword grammar

    words = read(text)
    if not words:
        raise OracleTemplateError(f"keywords not understood: {text!r}")
    return words


def _subtype(words: str) -> str:
    """"creature" -> "" (every creature); "Elf" -> "Elf"."""
    return "" if words == "creature" else words


def _counters_on_each(g: re.Match[str]) -> tuple[Effect, ...]:
    out: list[Effect] = [CountersOnEach(_COUNT[g[1]], g[2], _subtype(g[4]), bool(g[3]))]
    if g[5]:  # "Those creatures gain K until end of turn": the ones that got the counters
        if g[3]:
            raise OracleTemplateError("'Those creatures' after 'each other creature'")
        out.append(PumpGroup(g[4] if g[4] != "creature" else "", 0, 0, "you",
                             _keywords(g[5])))
    return tuple(out)


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(rf"Creatures you control gain {_KEYWORD_LIST} until end of turn\. ?"),
     lambda g: PumpGroup("", 0, 0, "you", _keywords(g[1]))),
    (re.compile(rf"(?!Creature)([A-Z][a-z]+)s you control gain {_KEYWORD_LIST} until end of "
                r"turn\. ?"),
     lambda g: PumpGroup(g[1], 0, 0, "you", _keywords(g[2]))),
    (re.compile(r"Put (a|two|three) ([+-]1/[+-]1) counters? on each (other )?(creature|"
                r"[A-Z][a-z]+) you control\.(?: Those creatures gain "
                rf"{_KEYWORD_LIST} until end of turn\.)? ?"),
     _counters_on_each),
    (re.compile(rf"(Each player|Each opponent|Target player|Target opponent) discards {_N} "
                r"cards?\. ?"),
     lambda g: Discard(_COUNT[g[2]], _WHO[g[1]])),
    (re.compile(rf"Discard {_N} cards?\. ?"), lambda g: Discard(_COUNT[g[1]], "you")),
    (re.compile(rf"Draw {_N} cards?, then discard {_N} cards?\. ?"),
     lambda g: (Draw(_COUNT[g[1]]), Discard(_COUNT[g[2]], "you"))),
    (re.compile(r"(Each player|Each opponent|Target player|Target opponent) sacrifices an? "
                r"(creature or planeswalker|creature|artifact|land|enchantment)\. ?"),
     lambda g: SacrificeEach(_SACRIFICED[g[2]], _WHO[g[1]])),
    (re.compile(r"(Each player|Each opponent|Target player|Target opponent) sacrifices "
                r"(two|three) (creatures|artifacts|lands|enchantments)\. ?"),
     lambda g: SacrificeEach(_SACRIFICED[g[3][:-1]], _WHO[g[1]], _COUNT[g[2]])),
    (re.compile(r"Each player returns (two|three) land cards from their graveyard to the "
                r"battlefield\. ?"),
     lambda g: ReturnLandsEach(_COUNT[g[1]])),
    (re.compile(r"Untap CARDNAME\. ?"), lambda g: UntapSelf()),
    (re.compile(r"Put target creature or planeswalker card from a graveyard onto the "
                r"battlefield under your control\. ?"),
     lambda g: ReturnFromGraveyard("gy:Creature|Planeswalker", "battlefield", under_you=True)),
]

EFFECT_TEMPLATES.extend(CHAPTER_TEMPLATES)  # fight, conditions, counts: oracle_chapters

FIRST_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Exile target opponent's graveyard\. ?"),  # before "Exile target <permanent>"
     lambda g: ExileGraveyards("target")),
    (re.compile(r"You may draw a card\. If you do, discard a card\. ?"),
     lambda g: May((Draw(1), Discard(1, "you")))),
    *CHAPTER_FIRST,  # "... That creature becomes an artifact ...": oracle_chapters
]
"""Tried before the base templates (whose "You may draw a card." would stop short)."""
"""(pattern, builder) pairs, in the order they are tried."""
