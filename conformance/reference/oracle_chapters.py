"""Oracle-text templates of :mod:`conformance.reference.chapter_abilities` and
:mod:`conformance.reference.control_abilities` (first needed by Saga chapters, reusable by any
card), tried by :mod:`conformance.reference.oracle` with those of
:mod:`conformance.reference.oracle_sagas`: :data:`TEMPLATES` after the base templates,
:data:`FIRST` before them (where a base template would match a shorter sentence). Each pattern
reads one sentence shape ("Target creature you control fights up to one target creature you
don't control.", "Gain control of target creature for as long as CARDNAME remains on the
battlefield.", ...); anything else stays a refusal with its reason."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference import chapter_abilities as ch
from conformance.reference import control_abilities as ca
from conformance.reference.effect_blocks import CreateToken, Draw, Effect, ExileTarget
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mana import COLOR_WORDS
from conformance.reference.target_kinds import parse_kind
from conformance.reference.template_abilities import LoseLifeYou

_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7}


def _kind(words: str) -> str:
    kind = parse_kind(words)
    if kind is None:
        raise OracleTemplateError(f"target not understood: {words!r}")
    return kind


def _effects(text: str) -> tuple[Effect, ...]:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    return parse_effects(text)


def _keywords(text: str) -> tuple[str, ...]:
    from conformance.reference.effect_text import _keywords as read  # the base keyword grammar

    return read(text)


def _if_you_control(g: re.Match[str]) -> Effect:
    kind = _kind(g[1])
    if not kind.startswith("perm:"):
        raise OracleTemplateError(f"condition not understood: {g[1]!r}")
    return ch.IfYouControl(kind, _effects(g[2][:1].upper() + g[2][1:]))


def _if_you_control_none(g: re.Match[str]) -> Effect:
    eff = _if_you_control(g)
    assert isinstance(eff, ch.IfYouControl)
    return ch.IfYouControl(eff.kind, eff.effects, none=True)


def _land_difference(g: re.Match[str]) -> Effect:
    made = _effects(f"Create a {g[1]} creature token{g[2] or ''}.")
    if len(made) != 1 or not isinstance(made[0], CreateToken):
        raise OracleTemplateError(f"token not understood: {g[1]!r}")
    return ch.TokensForLandDifference(made[0].token)


TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Target (creature(?: you control)?) fights (up to one )?target (creature "
                r"(?:you don't control|an opponent controls))\. ?"),
     lambda g: ch.Fight(_kind(g[1]), _kind(g[3]), up_to=bool(g[2]))),
    (re.compile(r"You gain life equal to the greatest power among creatures you control\. ?"),
     lambda g: ch.GainLifeGreatestPower()),
    (re.compile(r"If you control an? ([a-z][a-z0-9 ]+?), ([a-z][^.]*\.) ?"), _if_you_control),
    (re.compile(r"If you control no ([a-z][a-z0-9 ]+?)s, ([a-z][^.]*\.) ?"),
     _if_you_control_none),
    (re.compile(r"Exile a creature with the greatest power among creatures target opponent "
                r"controls\. ?"),
     lambda g: ch.ExileGreatestPower()),
    (re.compile(r"Until end of turn, target creature gains ([a-z ,]+?) and gets \+X/\+0, where "
                r"X is the number of ([a-z]+) counters on CARDNAME\. ?"),
     lambda g: ch.PumpTargetByCounters(g[2], _keywords(g[1]))),
    (re.compile(r"Exile up to (one|two|three|four) target cards from graveyards\. For each "
                r"creature card exiled this way, you gain (\d+) life\. ?"),
     lambda g: ch.ExileGraveyardCardsGainLife(_COUNT[g[1]], int(g[2]))),
    (re.compile(r"Search your library for a card named ([A-Z][^,.]*?(?:, [A-Z][^,.]*?)?) or an? "
                r"([A-Z][a-z]+|artifact|creature|enchantment|land|instant|sorcery) card, "
                r"reveal it, put it into your hand, then shuffle\. ?"),
     lambda g: ch.SearchNamedOrType(g[1], g[2].capitalize())),
    (re.compile(r"Choose target opponent\. If they control fewer lands than you, create a "
                r"number of ((?:\d+/\d+) [a-z ]+?(?: [A-Z][a-z]+)+) creature tokens( with "
                r"[a-z ,]+)? equal to the difference\. ?"),
     _land_difference),
]
"""(pattern, builder) pairs, in the order they are tried."""

_TYPES = {"creature": "Creature", "enchantment": "Enchantment", "land": "Land",
          "artifact": "Artifact", "planeswalker": "Planeswalker", "instant": "Instant",
          "sorcery": "Sorcery"}


def _types(words: str) -> str:
    """"creature or enchantment" -> "Creature|Enchantment"."""
    parts = re.split(r", or |, | or ", words)
    if any(p not in _TYPES for p in parts):
        raise OracleTemplateError(f"card types not understood: {words!r}")
    return "|".join(_TYPES[p] for p in parts)


def _mill_then_return(g: re.Match[str]) -> tuple[Effect, ...]:
    return (*_effects(f"Mill {g[1]} cards."), ch.MayMoveCardThen(_types(g[2]), "hand"))


def _may_exile_then(g: re.Match[str]) -> Effect:
    then = _effects(g[2][:1].upper() + g[2][1:])
    if any(e.slots for e in then):
        raise OracleTemplateError(f"'if you do' effect with targets: {g[2]!r}")
    return ch.MayMoveCardThen(_types(g[1]), "exile", then)


TEMPLATES += [
    (re.compile(r"Target opponent reveals their hand\. You choose a noncreature, nonland card "
                r"from it\. That player discards that card\. ?"),
     lambda g: ch.RevealChooseDiscard(("Creature", "Land"))),
    (re.compile(r"Target opponent reveals their hand\. You choose a card from it with mana value "
                r"(\d+) or greater\. That player discards that card\. ?"),
     lambda g: ch.RevealChooseDiscard((), min_mana_value=int(g[1]))),
    (re.compile(r"Mill (two|three|four) cards, then you may return an? ([a-z ,]+?) card from "
                r"your graveyard to your hand\. ?"),
     _mill_then_return),
    (re.compile(r"(?:Then y|Y)ou may exile an? ([a-z ,]+?) card from your graveyard\. If you "
                r"do, ([a-z][^.]*\.) ?"),
     _may_exile_then),
    (re.compile(r"Return all (land|creature|artifact|enchantment) cards from your graveyard to "
                r"the battlefield(, then shuffle your graveyard into your library)?\. ?"),
     lambda g: ch.ReturnAllCardsFromGraveyard(_types(g[1]), shuffle=bool(g[2]))),
    (re.compile(r"You gain X life and scry X, where X is the number of ([A-Z][a-z]+)s you "
                r"control\. ?"),
     lambda g: ch.GainLifeAndScryByCount(g[1])),
]


TEMPLATES += [
    (re.compile(r"Gain control of target ((?:creature|permanent|artifact)(?: an opponent "
                r"controls| you don't control)?)( for as long as CARDNAME remains on the "
                r"battlefield)?\.( Untap it\.)? ?"),
     lambda g: ca.GainControl(_kind(g[1]), while_source=bool(g[2]), untap=bool(g[3]))),
    (re.compile(r"(You may e|E)xchange control of two target creatures\. ?"),
     lambda g: ca.ExchangeControl("creature", may=g[1] == "You may e")),
    (re.compile(r"(You may e|E)xchange control of two target nonbasic, noncreature permanents "
                r"that share a card type\. ?"),
     lambda g: ca.ExchangeControl("perm:noncreature:nonbasic:share_type",
                                  may=g[1] == "You may e", share_type=True)),
    (re.compile(r"Tap all nonland permanents target opponent controls\. They don't untap "
                r"during their controller's next untap step\. ?"),
     lambda g: ca.TapAllNoUntapNext()),
    (re.compile(r"Tap target (creature(?: an opponent controls| you don't control)?)\. It "
                r"doesn't untap during its controller's untap step for as long as you control "
                r"CARDNAME\. ?"),
     lambda g: ca.TapNoUntapWhileYouControl(_kind(g[1]))),
    (re.compile(r"Each tapped creature deals damage to itself equal to its power\. ?"),
     lambda g: ca.TappedCreaturesDamageThemselves()),
]

FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Put (a|two|three) (\+1/\+1) counters? on up to one target creature\. That "
                r"creature becomes an? (artifact|enchantment) in addition to its other "
                r"types\. ?"),
     lambda g: ca.CountersAndBecomesType(_COUNT[g[1]], g[2], (_TYPES[g[3]],))),
]
"""Tried before the base templates (whose "Put a +1/+1 counter on up to one target creature."
would stop short)."""


def _turn_trigger(event: str, rest: str, **kw: object) -> Effect:
    effects = _effects(rest[:1].upper() + rest[1:])
    return ch.CreateTurnTrigger(event, effects, **kw)  # type: ignore[arg-type]


TEMPLATES += [
    (re.compile(r"Whenever an? ([A-Z][a-z]+)( you control)? attacks this turn, ([a-z].*)$"),
     lambda g: _turn_trigger("attacks", g[3], subtype=g[1], yours=bool(g[2]))),
    (re.compile(r"Whenever an? ((?:creature|enchantment|artifact|land)(?: or (?:creature|"
                r"enchantment|artifact|land))?) enters the battlefield under your control this "
                r"turn, ((?![^.]*\b(?:it|that creature|that permanent)\b)[a-z].*)$"),
     lambda g: _turn_trigger("enters", g[2], types=tuple(t.title() for t in g[1].split(" or ")),
                             yours=True)),
    (re.compile(r"Whenever you cast a spell(?: with mana value (\d+) or greater)? this turn, "
                r"([a-z].*)$"),
     lambda g: _turn_trigger("cast", g[2], min_mana_value=int(g[1]) if g[1] else None)),
    (re.compile(r"You may put an? ([A-Z][a-z]+(?: or [A-Z][a-z]+)*) card from your graveyard "
                r"onto the battlefield\. ?"),
     lambda g: ch.MayMoveCardThen(g[1].replace(" or ", "|"), "battlefield")),
]


TEMPLATES.append(
    (re.compile(r"If an? (white|blue|black|red|green) source you control would deal damage to a "
                r"permanent or player this turn, it deals that much damage plus (\d+) to that "
                r"permanent or player instead\. ?"),
     lambda g: ch.DamageBonusThisTurn(COLOR_WORDS[g[1]], int(g[2]))))

TEMPLATES.append(
    (re.compile(r"Until your next turn, creatures your opponents control attack each combat if "
                r"able\. ?"),
     lambda g: ch.AttackRequirementUntilYourNextTurn()))


def _sacrifice_reflexive(g: re.Match[str]) -> Effect:
    return ch.SacrificeReflexive(_types(g[1]), _effects(g[2][:1].upper() + g[2][1:]))


TEMPLATES.append(
    (re.compile(r"You may sacrifice an? (creature|artifact|enchantment|land)\. When you do, "
                r"([^.]*\.) ?"),
     _sacrifice_reflexive))
FIRST.append(
    (re.compile(r"Return target (creature) card from your graveyard to the battlefield\. Put a "
                r"(\+1/\+1) counter on it\. It gains ([a-z ,]+?) until your next turn\. ?"),
     lambda g: ch.ReturnWithCounterGains(f"gy:{_TYPES[g[1]]}:you", g[2], _keywords(g[3]))))

_PERMANENT_TYPES = "Artifact|Creature|Enchantment|Land|Planeswalker"

TEMPLATES += [
    (re.compile(r"Return up to (two|three) target snow permanent cards from your graveyard to "
                r"your hand\. ?"),
     lambda g: ch.ReturnCardsToHand(f"gy:{_PERMANENT_TYPES}:you:snow", _COUNT[g[1]])),
    (re.compile(r"Choose (two|three|four) cards in each graveyard\. Their owners shuffle those "
                r"cards into their libraries\. ?"),
     lambda g: ch.ShuffleChosenFromEachGraveyard(_COUNT[g[1]])),
]


def _granted(text: str) -> Effect:
    from conformance.reference.effect_text import _activated  # the activated-ability grammar

    return ch.GrantActivatedUntilNextTurn(_activated(text))


TEMPLATES.append(
    (re.compile(r"Until your next turn, creatures you control gain \"([^\"]+)\"\.? ?"),
     lambda g: _granted(g[1])))

TEMPLATES += [
    (re.compile(r"You draw a card and you lose (\d+) life\. ?"),
     lambda g: (Draw(1), LoseLifeYou(int(g[1])))),
    # only with the "you don't lose this mana" clause: "{T}: Add {B} for each Swamp you
    # control" is a mana ability (605.1a), which the activated-ability grammar owns
    (re.compile(r"Add \{([WUBRG])\} for each ([A-Z][a-z]+) you control\. Until end of turn, you "
                r"don't lose this mana as steps and phases end\. ?"),
     lambda g: ch.AddManaPerSubtype(g[1], g[2], kept=True)),
]

FIRST.append(  # before "Exile target <kind>", which does not read the mana value
    (re.compile(r"Exile target (permanent|creature|artifact|enchantment) an opponent controls "
                r"with mana value (\d+) or greater\. ?"),
     lambda g: ExileTarget(f"perm:{'any' if g[1] == 'permanent' else _TYPES[g[1]]}:opp:"
                           f"mv>={g[2]}")))
TEMPLATES += [
    (re.compile(r"Noncreature spells your opponents cast cost \{(\d+)\} more to cast until your "
                r"next turn\. ?"),
     lambda g: ch.OpponentsSpellsCostMore(int(g[1]))),
]
FIRST.append(
    (re.compile(r"Return target creature or planeswalker card from your graveyard to the "
                r"battlefield\. Put a \+1/\+1 counter or a loyalty counter on it\. ?"),
     lambda g: ch.ReturnWithCounterByType("gy:Creature|Planeswalker:you")))

TEMPLATES += [
    (re.compile(r"Look at the top (three|four|five|six|seven) cards of your library\. You may "
                r"reveal an? (artifact|creature|land|instant or sorcery) card from among them and "
                r"put it into your hand\. Put the rest on the bottom of your library in a random "
                r"order\. ?"),
     lambda g: ch.LookRevealToHand(_COUNT[g[1]], "|".join(_TYPES[t] for t in
                                                          g[2].split(" or ")))),
    (re.compile(r"Artifacts you control become artifact creatures with base power and toughness "
                r"(\d+)/(\d+) until end of turn\. ?"),
     lambda g: ca.AnimateYourArtifacts(int(g[1]), int(g[2]))),
]

TEMPLATES.append(
    (re.compile(r"Choose any number of artifact tokens and/or creature tokens you control with "
                r"different names\. For each of them, create a token that's a copy of it\. ?"),
     lambda g: ch.CopyTokensWithDifferentNames()))
