"""Effect templates first needed by split and aftermath halves and Saga chapters (issue #14;
any card with the same words gets them too), tried before the base templates of
:mod:`conformance.reference.effect_text` (several read two sentences). Their effects:
:mod:`conformance.reference.abilities_halves`; their rules:
:mod:`conformance.reference.effects_halves`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from conformance.reference import abilities_halves as h
from conformance.reference.abilities import SELF, FaceText, Triggered
from conformance.reference.chapter_abilities import CreateTurnTrigger
from conformance.reference.effect_blocks import CreateToken, DestroyTarget, Effect, SpellText
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mana import COLOR_WORDS
from conformance.reference.oracle_halves_more import FIRST as HALVES_MORE
from conformance.reference.oracle_more import kind
from conformance.reference.oracle_strive import ANY_NUMBER, EachTarget
from conformance.reference.target_kinds import TYPE_WORDS
from conformance.reference.threaten import TapUpTo

Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]

_PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker")
_TYPE_RX = "|".join(_PERMANENT_TYPES)
_PLURAL = {f"{t}s": t for t in _PERMANENT_TYPES}
_DEPTH = {"second": 2, "third": 3, "two": 2, "three": 3}
_PLURAL_TYPES = {"permanents": "any", **{f"{t}s": TYPE_WORDS[t] for t in _PERMANENT_TYPES}}
_WHOSE = {"your opponents control": "an opponent controls", "you don't control":
          "you don't control", "you control": "you control"}


def _kw(text: str | None) -> tuple[str, ...]:
    from conformance.reference.effect_text import _keywords  # the keyword list grammar

    return _keywords(text)


def _spell_or(words: str) -> str:
    """The kind of ``target <words>``, where "spell or <permanent words>" is either a spell
    on the stack or such a permanent."""
    if words == "spell":
        return "spell:any"
    if words.startswith("spell or "):
        other = kind(words.removeprefix("spell or "))
        if not other.startswith("perm:"):
            raise OracleTemplateError(f"target not understood: {words!r}")
        return f"spell:any+{other}"
    return kind(words)


def _one_of_each(g: re.Match[str]) -> h.SacrificeOneOfEach:
    items = [w for w in re.split(r",? and |, ", g[2]) if w]
    types: list[str] = []
    for item in items:
        m = re.fullmatch(rf"an? ({_TYPE_RX})", item)
        if not m or TYPE_WORDS[m[1]] in types:
            raise OracleTemplateError(f"sacrifice list not understood: {g[2]!r}")
        types.append(TYPE_WORDS[m[1]])
    if len(types) < 2:
        raise OracleTemplateError("one type: SacrificeEach's")
    return h.SacrificeOneOfEach(tuple(types), "each" if g[1] == "Each player" else "opponents")


def _quoted(text: str) -> FaceText:
    """A quoted triggered or activated ability (113.1a), read as a face's line; nothing else
    allowed."""
    from conformance.reference.oracle import parse_face  # the line grammar (it imports this)

    face = parse_face(text, ())
    if len(face.triggered) + len(face.activated) != 1 or face != FaceText(
            triggered=face.triggered, activated=face.activated):
        raise OracleTemplateError(f"quoted ability not understood: {text!r}")
    return face


def _quoted_trigger(text: str) -> Triggered:
    face = _quoted(text)
    if not face.triggered:
        raise OracleTemplateError(f"quoted triggered ability not understood: {text!r}")
    return face.triggered[0]


def _group_gains(keywords: str | None, subtype: str, quoted: str) -> h.GroupGains:
    face = _quoted(quoted)
    return h.GroupGains(_kw(keywords), subtype, face.triggered, face.activated)


def _token_with_trigger(g: re.Match[str]) -> CreateToken:
    """"Create a N/M <colors> <Subtypes> creature token with <keywords>, and "<triggered
    ability>"" (the token's own ability: CARDNAME in the quote is the token)."""
    from conformance.reference.effect_text import _token  # the token grammar

    made = _token(g[1], g[2], g[3], g[4], g[5].strip(), g[6])
    return replace(made, token=replace(made.token, triggered=(_quoted_trigger(g[7]),)))


def _effects(sentence: str) -> SpellText:
    from conformance.reference.effect_text import parse_effects  # it imports this module

    return parse_effects(sentence[:1].upper() + sentence[1:])


def _return_with_counter(g: re.Match[str]) -> h.ReturnWithCounter:
    if g[2] not in h.KEYWORD_COUNTERS and g[2] not in ("+1/+1", "-1/-1"):
        raise OracleTemplateError(f"counter not understood: {g[2]!r}")
    return h.ReturnWithCounter(f"gy:{TYPE_WORDS[g[1]]}:you", g[2],
                               tuple(g[3].split()) if g[3] else ())


def _opponents_choose(g: re.Match[str]) -> h.OpponentsChooseYouControl:
    if _PLURAL.get(g[2]) != g[1]:
        raise OracleTemplateError(f"'{g[1]}' then 'those {g[2]}'")
    return h.OpponentsChooseYouControl(TYPE_WORDS[g[1]])


FIRST: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(rf"{SELF} deals (\d+) damage to each (?:non-([A-Z][a-z]+) )?creature and each "
                r"planeswalker\. ?"),
     lambda g: h.DamageEachExcept(int(g[1]), g[2] or "")),
    (re.compile(r"(Each player|Each opponent) sacrifices ((?:an? [a-z]+(?:,? and |, ))+an? "
                r"[a-z]+)\. ?"),
     _one_of_each),
    (re.compile(r"Put target ([^.]+?) into its owner's library (second|third) from the "
                r"top\. ?"),
     lambda g: h.PutIntoLibrary(_spell_or(g[1]), _DEPTH[g[2]])),
    (re.compile(rf"Each opponent chooses an? ({_TYPE_RX}) they control\. You gain control of "
                r"those ([a-z]+)\. ?"),
     _opponents_choose),
    (re.compile(r"Look at the top card of your library\. You may put it onto the battlefield "
                rf"if it's an? ({_TYPE_RX}) card\. If you don't, put it into your hand\. ?"),
     lambda g: h.LookTopMayPut(TYPE_WORDS[g[1]])),
    (re.compile(rf"Put an? ({_TYPE_RX}) card from (a|your) graveyard onto the battlefield under "
                r"your control\.(?: It gains ([a-z ,]+) until end of turn\.)? ?"),
     lambda g: h.PutFromGraveyardUnderYou(TYPE_WORDS[g[1]], _kw(g[3]), g[2] == "your")),
    (re.compile(rf"Sacrifice (?:another creature|a creature other than {SELF})\. If you can't, "
                rf"(?:it|{SELF}) deals (\d+) damage to you\. ?"),
     lambda g: h.SacrificeAnotherOrDamage(int(g[1]))),
    (re.compile(r"[Cc]reate (a|an|two|three) (\d+)/(\d+) ((?:white|blue|black|red|green)(?: and "
                r"(?:white|blue|black|red|green))?) ((?:[A-Z][a-z]+ )+)creature tokens? with "
                r'([a-z ,]+?),? and "([^"]+)"\.? ?'),
     _token_with_trigger),
    (re.compile(r"Return any number of target (permanents|creatures|artifacts|enchantments|"
                r"lands) you own to your hand\. ?"),
     lambda g: EachTarget("bounce", f"perm:{_PLURAL_TYPES[g[1]]}:own")),
    (re.compile(r"Discard any number of cards, then draw that many cards\. ?"),
     lambda g: h.DiscardAnyDraw()),
    (re.compile(r"Up to (two|three) target (lands|creatures|artifacts|permanents) don't untap "
                r"during their controller's next untap step\. ?"),
     lambda g: h.NoUntapNext(f"perm:{_PLURAL_TYPES[g[2]]}", _DEPTH[g[1]])),
    (re.compile(r"Until end of turn, target creature loses all abilities and becomes an? "
                r"(white|blue|black|red|green) ([A-Z][a-z]+) with base power and toughness "
                r"(\d+)/(\d+)\. ?"),
     lambda g: h.LosesAllBecomes(COLOR_WORDS[g[1]], g[2], int(g[3]), int(g[4]))),
    (re.compile(r"Whenever a creature enters the battlefield this turn, ([a-z][^.]*\.) ?"),
     lambda g: CreateTurnTrigger("enters", _effects(g[1]))),
    (re.compile(r"Until end of turn, target creature gains ([a-z ,]+?) and gets \+X/\+X, where X "
                rf"is the number of ({_TYPE_RX})s you control\. ?"),
     lambda g: h.PumpByCount(TYPE_WORDS[g[2]], _kw(g[1]))),
    (re.compile(r"Tap up to (two|three) target ([a-z]+)s (your opponents control|you don't "
                r"control|you control)\. ?"),
     lambda g: TapUpTo(kind(f"{g[2]} {_WHOSE[g[3]]}"), _DEPTH[g[1]])),
    (re.compile(r"Put an? ([+-]1/[+-]1) counter on each of up to (two|three) target "
                rf"({_TYPE_RX})s\. ?"),
     lambda g: h.CountersOnTargets(kind(g[3]), _DEPTH[g[2]], g[1])),
    (re.compile(rf"Exile any number of target ({_TYPE_RX})s that have (?:an? )?([+-]1/[+-]1) "
                r"counters? on them\. ?"),
     lambda g: h.CountersOnTargets(f"{kind(g[1])}:counter={g[2]}", ANY_NUMBER)),
    (re.compile(r"Choose a creature you control\. Until your next turn, all damage that would be "
                r"dealt to creatures you control is dealt to that creature instead\. ?"),
     lambda g: h.RedirectToChosen()),
    (re.compile(rf"Return target ({_TYPE_RX}) card from your graveyard to the battlefield with "
                r"an? ([a-z ]+?|[+-]1/[+-]1) counter on it\.(?: That creature is an? "
                r"((?:[A-Z][a-z]+ )*[A-Z][a-z]+) in addition to its other types\.)? ?"),
     _return_with_counter),
    (re.compile(r'Until end of turn, creatures you control gain ([a-z ,]+?),? and "([^"]+)"\.? ?'),
     lambda g: _group_gains(g[1], "", g[2])),
    (re.compile(r'Until end of turn, (?!Creature)([A-Z][a-z]+)s you control gain "([^"]+)"\.? ?'),
     lambda g: _group_gains(None, g[1], g[2])),
    (re.compile(rf"Destroy target creature with power less than {SELF}'s power\. ?"),
     lambda g: DestroyTarget("perm:Creature:pow<source")),
]
FIRST += HALVES_MORE  # oracle_halves_more
"""(pattern, builder) pairs, tried before the base templates, in order."""
