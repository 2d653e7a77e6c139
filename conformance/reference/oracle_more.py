"""More effect templates for :mod:`conformance.reference.effect_text` (tried after its own, in
order): targets written as filters ("target creature you don't control", "target instant
card from your graveyard", :func:`conformance.reference.target_kinds.parse_kind`), mass
effects, graveyards and libraries. Each template is a regular expression matched at the start
of the remaining text and a builder of effects; a builder raises
:class:`~conformance.reference.errors.OracleTemplateError` for words it does not understand."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from conformance.reference import abilities_more as m
from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import (
    CopyTargetSpell,
    CounterSpell,
    CreateDelayedCopyTrigger,
    DamageEach,
    DamageTargets,
    DestroyTarget,
    Draw,
    Effect,
    ExileTarget,
    GainLife,
    PumpTarget,
    PutCounters,
    ReturnToHand,
    Surveil,
    TargetSlot,
)
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mana import COLOR_WORDS
from conformance.reference.target_kinds import parse_kind

_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8}
_COUNT_RX = "(a|an|one|two|three|four|five|six|seven|eight|X)"


def kind(words: str) -> str:
    """The target kind of ``target <words>``; an error for words no kind reads."""
    k = parse_kind(words)
    if k is None:
        raise OracleTemplateError(f"target not understood: {words!r}")
    return k


def _n(word: str) -> int | None:
    return None if word == "X" else _COUNT.get(word) or int(word)


_DESTROY_ALL = {"lands": "Land", "creatures": "Creature", "artifacts": "Artifact",
                "enchantments": "Enchantment", "nonartifact creatures": "Creature|nonArtifact",
                "nonland permanents": "Artifact|Creature|Enchantment|Planeswalker|Battle|nonLand"}

Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]

TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"Destroy target ([^.]+?)\. It can't be regenerated\. ?"),
     lambda g: m.DestroyNoRegeneration(kind(g[1]))),
    (re.compile(r"Destroy all Auras and Equipment\. ?"),
     lambda g: m.DestroyAllSubtypes(("Aura", "Equipment"))),
    (re.compile(r"Copy target instant or sorcery spell, then return it to its owner's hand\. "
                r"You may choose new targets for the copy\. ?"),
     lambda g: m.CopyThenReturn()),
    (re.compile(r"Until end of turn, whenever you cast an instant or sorcery spell, copy it\. "
                r"You may choose new targets for the copy\. ?"),
     lambda g: CreateDelayedCopyTrigger(1, whole_turn=True)),
    (re.compile(r"Destroy target ([^.]+?) and target ([^.]+?)\. ?"),
     lambda g: (DestroyTarget(kind(g[1])), DestroyTarget(kind(g[2])))),
    (re.compile(r"Destroy target ([^.]+?)\. ?"), lambda g: DestroyTarget(kind(g[1]))),
    (re.compile(r"Return target ([^.]+?) card(?: with mana value (\d+) or less)? from your "
                r"graveyard to (your hand|the battlefield)\. ?"),
     lambda g: m.ReturnFromGraveyard(
         kind(f"{g[1]} card" + (f" with mana value {g[2]} or less" if g[2] else "")
              + " from your graveyard"), "hand" if g[3] == "your hand" else "battlefield")),
    (re.compile(r"Put target (land|creature|artifact|enchantment) card from a graveyard onto the "
                r"battlefield under your control\. ?"),
     lambda g: m.ReturnFromGraveyard(f"gy:{g[1].capitalize()}", "battlefield", under_you=True)),
    (re.compile(r"Return target ([^.]+?) to its owner's hand\. ?"),
     lambda g: ReturnToHand(kind(g[1]))),
    (re.compile(r"Exile target ([^.]+?)\. ?"), lambda g: ExileTarget(kind(g[1]))),
    (re.compile(r"Counter target ([^.]+? spell)\. ?"), lambda g: CounterSpell(kind(g[1]))),
    (re.compile(r"Copy target ([^.]+? spell[^.]*)\. You may choose new targets for the "
                r"copy\. ?"),
     lambda g: CopyTargetSpell(kind=kind(g[1]))),
    (re.compile(r"Destroy all (lands|creatures|artifacts|enchantments|nonartifact creatures|"
                r"nonland permanents)"
                r"(?: with power (\d+) or greater)?\. ?"),
     lambda g: m.DestroyAll(_DESTROY_ALL[g[1]], int(g[2]) if g[2] else None)),
    (re.compile(rf"{SELF} deals (\d+|X) damage to each creature (with|without) flying\. ?"),
     lambda g: m.DamageEachCreature(_n(g[1]), g[2] == "with")),
    (re.compile(rf"(Mill|Each player mills|Each opponent mills|Target player mills) "
                rf"{_COUNT_RX} cards?\. ?"),
     lambda g: m.Mill(_n(g[2]) or 0, {"Mill": "you", "Each player mills": "each",
                                      "Each opponent mills": "opponents"}.get(g[1], "target"))),
    (re.compile(r"(Each player|Each opponent|Target player) mills half their library, rounded "
                r"up\. ?"),
     lambda g: m.Mill(0, {"Each player": "each", "Each opponent": "opponents"}.get(g[1], "target"),
                      half=True)),
    (re.compile(r"Discard your hand\. ?"), lambda g: m.DiscardHand()),
    (re.compile(r"Look at target player's hand\. ?"), lambda g: m.LookAtHand()),
    (re.compile(r"Exile all opponents' graveyards\. ?"), lambda g: m.ExileGraveyards("opponents")),
    (re.compile(r"Exile target opponent's graveyard\. ?"), lambda g: m.ExileGraveyards("target")),
    (re.compile(r"Return all creature cards with power (\d+) or less from your graveyard to "
                r"your hand\. ?"),
     lambda g: m.ReturnAllFromGraveyard("Creature", int(g[1]), "hand")),
    (re.compile(r"Put target ([^.]+?) on (top|the bottom) of its owner's library\. ?"),
     lambda g: m.PutOnLibrary(kind(g[1]), g[2] == "top")),
    (re.compile(rf"Target player draws {_COUNT_RX} cards?\. ?"),
     lambda g: m.TargetPlayerDraws(_n(g[1]))),
    (re.compile(r"Target (player|opponent) loses (\d+) life and you gain (\d+) life\. ?"),
     lambda g: m.DrainTarget(int(g[2]), g[1]) if g[2] == g[3] else _no(g[0])),
    (re.compile(r"Each opponent loses X life\. ?"), lambda g: m.LoseLifeEachOpponentX()),
    (re.compile(rf"{SELF} deals (\d+) damage to each opponent and you gain (\d+) life\. ?"),
     lambda g: (DamageEach(int(g[1]), "opponent"), GainLife(int(g[2])))),
    (re.compile(r"Put (a|an|two|three) ([+-]1/[+-]1) counters? on (up to one )?target "
                r"([^.]+?)\. ?"),
     lambda g: PutCounters(_COUNT[g[1]], g[2], True, kind(g[4]), bool(g[3]))),
    (re.compile(rf"{SELF} deals (\d+|X) damage to target ([^.]+?)\. ?"),
     lambda g: DamageTargets((_n(g[1]),), (TargetSlot(kind(g[2])),))),
    (re.compile(r"Double your life total\. ?"), lambda g: m.DoubleLife()),
    (re.compile(r"Target opponent loses half their life, rounded up\. ?"),
     lambda g: m.LoseHalfLife()),
    (re.compile(r"Target creature gets \+X/\+0 until end of turn, where X is its power\. ?"),
     lambda g: m.PumpTargetByPower()),
    (re.compile(r"Draw a card for each creature you control with power (\d+) or greater\. ?"),
     lambda g: m.CountYourCreatures("draw", int(g[1]))),
    (re.compile(r"Creatures target player controls get ([+-]\d+)/([+-]\d+) until end of turn\. ?"),
     lambda g: m.PumpTargetPlayersCreatures(int(g[1]), int(g[2]))),
    (re.compile(r"(Create (?:a|an|two|three) [^.]*? creature tokens?[^.]*?), then you gain 1 life "
                r"for each creature you control\. ?"),
     lambda g: (*_parse_one(g[1] + "."), m.CountYourCreatures("life"))),
    (re.compile(rf"Surveil (\d+), then draw {_COUNT_RX} cards?\. ?"),
     lambda g: (Surveil(int(g[1])), Draw(_n(g[2]) or 0))),
]

_DEVOTION = r"your devotion to (white|blue|black|red|green)"


def _sign(s: str) -> int:
    return {"+X": 1, "-X": -1, "+0": 0, "-0": 0}[s]


def _devotion_tokens(g: re.Match[str]) -> Effect:
    from conformance.reference.effect_text import _token  # the token grammar of the base templates

    made = _token("a", g[1], g[2], g[3], g[4].strip(), g[5], False)
    return m.Devotion("tokens", COLOR_WORDS[g[6]], token=made.token)


def _scion(g: re.Match[str]) -> Effect:
    """Eldrazi Scion and Spawn tokens: "It has 'Sacrifice this creature: Add {C}.'" (a mana
    ability, 605.1a)."""
    from conformance.reference.effect_text import _token

    return _token(g[1], g[2], g[3], "colorless", f"Eldrazi {g[4]}", f'"{g[5]}"')


def _kw(text: str | None) -> tuple[str, ...]:
    from conformance.reference.effect_text import _keywords  # the keyword list grammar

    return _keywords(text)


FIRST: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"Put (a|an|two|three) \+1/\+1 counters? on target ([^.]+?)\. (?:It|That "
                r"creature) gains ([a-z, ]+) until end of turn\. ?"),
     lambda g: m.CountersThenPump(_COUNT[g[1]], kind(g[2]), _kw(g[3]))),
    (re.compile(r"[Cc]reate (a|an|two|three|four) (\d+)/(\d+) colorless Eldrazi (Scion|Spawn) "
                r"creature tokens?\. (?:It has|They have) \"(Sacrifice CARDNAME: Add \{C\}\.)\" ?"),
     lambda g: _scion(g)),
]
"""Templates tried before the base ones (a longer sentence pair the base templates would cut
after its first sentence)."""

TEMPLATES += [
    (re.compile(r"Target ([^.]+?) gets ([+-]\d+)/([+-]\d+)(?: and gains ([a-z, ]+))? until end "
                r"of turn\. ?"),
     lambda g: PumpTarget(int(g[2]), int(g[3]), _kw(g[4]), kind(g[1]))),
    (re.compile(r"Target ([^.]+?) gains ([a-z, ]+) until end of turn\. ?"),
     lambda g: PumpTarget(0, 0, _kw(g[2]), kind(g[1]))),

    (re.compile(rf"Each opponent loses X life, where X is {_DEVOTION}\. You gain life equal to "
                r"the life lost this way\. ?"),
     lambda g: m.Devotion("drain", COLOR_WORDS[g[1]])),
    (re.compile(rf"You gain life equal to {_DEVOTION}\. ?"),
     lambda g: m.Devotion("gain_life", COLOR_WORDS[g[1]])),
    (re.compile(rf"{SELF} deals damage to each opponent equal to {_DEVOTION}\. ?"),
     lambda g: m.Devotion("damage_opponents", COLOR_WORDS[g[1]])),
    (re.compile(r"Create a number of (\d+)/(\d+) (white|blue|black|red|green) ((?:[A-Z][a-z]+ )+)"
                rf"creature tokens(?: with ([a-z ]+))? equal to {_DEVOTION}\. ?"),
     _devotion_tokens),
    (re.compile(rf"Put a number of \+1/\+1 counters on (?:it|{SELF}) equal to {_DEVOTION}\. ?"),
     lambda g: m.Devotion("counters_self", COLOR_WORDS[g[1]])),
    (re.compile(r"Target (creature(?: you control| an opponent controls)?) gets ([+-]X)/([+-][0X]) "
                rf"until end of turn, where X is {_DEVOTION}\. ?"),
     lambda g: m.Devotion("pump_target", COLOR_WORDS[g[4]], kind=kind(g[1]), power=_sign(g[2]),
                          toughness=_sign(g[3]))),
    (re.compile(rf"Creatures you control get \+X/\+X until end of turn, where X is {_DEVOTION}"
                r"\. ?"),
     lambda g: m.Devotion("pump_yours", COLOR_WORDS[g[1]])),
    (re.compile(rf"You draw X cards and you lose X life, where X is {_DEVOTION}\. ?"),
     lambda g: m.Devotion("draw_lose", COLOR_WORDS[g[1]])),
]
"""(pattern, builder) pairs, in the order they are tried."""


def _parse_one(sentence: str) -> tuple[Effect, ...]:
    from conformance.reference.effect_text import parse_effects

    return parse_effects(sentence)


def _no(text: str) -> Any:
    raise OracleTemplateError(f"no template for {text!r}")
