"""Oracle templates of the Eldrazi cards (Battle for Zendikar, Oath of the Gatewatch), used by
:mod:`conformance.reference.effect_text`: Eldrazi Scion and Spawn tokens with their quoted mana
ability ('Create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this creature:
Add {C}."'), ingest (702.115), processors ("You may put a card an opponent owns from exile into
that player's graveyard. If you do, ...") and "Whenever you cast a colorless spell, ..."."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference.abilities import SELF, Triggered
from conformance.reference.effect_blocks import Effect, SpellText
from conformance.reference.template_abilities import Discard, IngestExile, ProcessExiled

Parse = Callable[[str], SpellText]


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _token_with_ability(g: re.Match[str]) -> tuple[Effect, ...]:
    """A token sentence followed by "It has"/"They have" a quoted ability: the token grammar of
    :mod:`conformance.reference.effect_text` reads it as a token "with" that ability."""
    from conformance.reference.effect_text import parse_effects

    return parse_effects(f"{g[1]} with {g[2]}")


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"([Cc]reate (?:a|an|two|three|four) \d+/\d+ [a-z ]+? (?:[A-Z][a-z]+ )+"
                r"(?:artifact )?creature tokens?)\. (?:It has|They have) (\"[^\"]+\")\.? ?"),
     _token_with_ability),
]
"""Effect templates tried before the base ones (the base token template would stop at the
token's sentence and leave "It has ..." unread)."""


def ability_line(line: str, parse: Parse) -> Triggered | None:
    """A whole line that is an Eldrazi triggered ability, or None: "Ingest" (702.115a: "Whenever
    this creature deals combat damage to a player, that player exiles the top card of their
    library"), a processor's "When CARDNAME enters the battlefield, you may put a card ..." and
    "Whenever you cast a colorless spell, ..."."""
    if line == "Ingest":
        return Triggered("combat_damage_player", (IngestExile(),), "ingest")
    if line == f"Whenever {SELF} deals combat damage to a player, that player discards a card.":
        return Triggered("combat_damage_player", (Discard(1, "damaged"),), "combat_damage")
    m = re.fullmatch(rf"When {SELF} enters the battlefield, you may put a card an opponent owns "
                     r"from exile into that player's graveyard\. If you do, (.*)", line)
    if m:
        return Triggered("enters", (ProcessExiled(parse(_capital(m[1]))),), "enters")
    m = re.fullmatch(r"Whenever you cast a colorless spell, (.*)", line)
    if m:
        return Triggered("cast_colorless", parse(_capital(m[1])), "cast_colorless")
    return None
