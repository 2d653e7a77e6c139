"""More effect templates of split cards' halves (issue 14; any card with the same words gets
them too), tried with :mod:`conformance.reference.oracle_halves`' before the base templates.
Their effects: :mod:`conformance.reference.abilities_halves_more` (and a few existing ones);
their rules: :mod:`conformance.reference.effects_halves_more`."""

from __future__ import annotations

import re
from collections.abc import Callable

from conformance.reference import abilities_halves_more as m
from conformance.reference.abilities import SELF
from conformance.reference.abilities_halves import PutFromGraveyardUnderYou
from conformance.reference.abilities_more import ReturnFromGraveyard
from conformance.reference.chapter_abilities import ReturnCardsToHand
from conformance.reference.control_abilities import GainControl
from conformance.reference.effect_blocks import (
    CounterSpell,
    DamageTargets,
    Effect,
    SpellText,
    Surveil,
    TargetSlot,
)
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_more import kind
from conformance.reference.target_kinds import TYPE_WORDS

Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]

_TYPE_RX = "artifact|creature|enchantment|land|planeswalker"
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_WHOSE = {"a": [], "your": ["you"], "an opponent's": ["opp"]}


def _effects(sentence: str) -> SpellText:
    from conformance.reference.effect_text import parse_effects  # it imports this module

    return parse_effects(sentence[:1].upper() + sentence[1:])


def _types(words: str) -> tuple[str, ...]:
    """"artifact, creature, and enchantment" / "creature or enchantment" -> card types."""
    parts = [w for w in re.split(r",? and |,? or |, ", words) if w]
    if any(p not in TYPE_WORDS for p in parts) or len(set(parts)) != len(parts):
        raise OracleTemplateError(f"card types not understood: {words!r}")
    return tuple(TYPE_WORDS[p] for p in parts)


def _graveyard_kind(types: str, whose: str) -> str:
    return ":".join(["gy", "|".join(_types(types)), *_WHOSE[whose]])


def _x_tokens(g: re.Match[str]) -> m.CreateXTokens:
    from conformance.reference.effect_text import _token  # the token grammar

    return m.CreateXTokens(_token("a", g[1], g[2], g[3], g[4].strip(), g[5]).token)


def _may_counters(g: re.Match[str]) -> tuple[Effect, ...]:
    first: Effect = m.MayCountersOnYours(_COUNT[g[1]], g[2], TYPE_WORDS[g[3]])
    return (first, *_effects(g[4])) if g[4] else (first,)


FIRST: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"Target player gains (\d+|X) life\. ?"),
     lambda g: m.TargetPlayerGainsLife(None if g[1] == "X" else int(g[1]))),
    (re.compile(r"Gain control of target ([^.]+? with [^.]+?)\.(?! Untap| It| That) ?"),
     lambda g: GainControl(kind(g[1]))),  # words no kind reads give way
    (re.compile(rf"Surveil (\d+), then return an? ({_TYPE_RX}) card from your graveyard to the "
                r"battlefield\. ?"),
     lambda g: (Surveil(int(g[1])), PutFromGraveyardUnderYou(TYPE_WORDS[g[2]], yours=True))),
    (re.compile(rf"Put target ((?:{_TYPE_RX})(?: or (?:{_TYPE_RX}))?) card from (a|your|an "
                r"opponent's) graveyard onto the battlefield under your control\. ?"),
     lambda g: ReturnFromGraveyard(_graveyard_kind(g[1], g[2]), "battlefield", under_you=True)),
    (re.compile(rf"Destroy each ((?:(?:{_TYPE_RX}),? (?:and )?)+(?:{_TYPE_RX})) with mana value "
                r"X\. ?"),
     lambda g: m.DestroyEachWithManaValueX(_types(g[1]))),
    (re.compile(rf"Return up to (one|two|three) target ({_TYPE_RX}) cards? from your graveyard "
                r"to your hand\. ?"),
     lambda g: ReturnCardsToHand(_graveyard_kind(g[2], "your"), _COUNT[g[1]])),
    (re.compile(rf"You may put (a|two|three) ([+-]1/[+-]1) counters? on an? ({_TYPE_RX}) you "
                r"control\.(?: Then ([a-z][^.]*\.))? ?"),
     _may_counters),
    (re.compile(r"Creatures can't block this turn\. ?"), lambda g: m.CreaturesCantBlock()),
    (re.compile(r"All (lands|artifacts) you control become (\d+)/(\d+) creatures until end of "
                r"turn\. They're still \1\. ?"),
     lambda g: m.YourPermanentsBecome(TYPE_WORDS[g[1][:-1]], int(g[2]), int(g[3]))),
    (re.compile(rf"Return target ({_TYPE_RX}) card from your graveyard to the battlefield\. You "
                r"lose life equal to its mana value\. ?"),
     lambda g: m.ReturnThenLoseLife(_graveyard_kind(g[1], "your"))),
    (re.compile(r"Target player sacrifices a creature with the greatest power among creatures "
                r"they control\. You gain life equal to its power\. ?"),
     lambda g: m.SacrificeGreatestPower()),
    (re.compile(rf"{SELF} deals (\d+) damage to target ([^.]+?) and (\d+) damage to that "
                r"permanent's controller\. ?"),
     lambda g: m.DamageAndController(kind(g[2]), int(g[1]), int(g[3]))),
    (re.compile(rf"{SELF} deals (\d+) damage to target (player|opponent)\. That player discards "
                r"(a|two|three) cards?\. ?"),
     lambda g: m.DamageThenDiscard(g[2], int(g[1]), _COUNT[g[3]])),
    (re.compile(r"Return all creatures blocking or blocked by target creature to their "
                r"owners?'s? hands?\. ?"),
     lambda g: m.BounceCombatPartners()),
    (re.compile(r"Damage can't be prevented this turn\. If a source you control would deal "
                r"damage this turn, it deals double that damage instead\. ?"),
     lambda g: m.UnpreventableDoubled()),
    (re.compile(rf"{SELF} deals (\d+) damage to target ([^.]+?) and (\d+) damage to target "
                r"([^.]+?)\. ?"),
     lambda g: DamageTargets((int(g[1]), int(g[3])),
                             (TargetSlot(kind(g[2])), TargetSlot(kind(g[4]))))),
    (re.compile(r"Search your library for an? (basic )?([A-Z][a-z]+) or ([A-Z][a-z]+) card, "
                r"reveal it, put it into your hand, then shuffle\. ?"),
     lambda g: m.SearchEither((g[2], g[3]), basic=bool(g[1]))),
    (re.compile(r"Search your library for a multicolored card, reveal it, put it into your "
                r"hand, then shuffle\. ?"),
     lambda g: m.SearchEither(multicolored=True)),
    (re.compile(r"Create X (\d+)/(\d+) ((?:white|blue|black|red|green)(?: and (?:white|blue|"
                r"black|red|green))?) ((?:[A-Z][a-z]+ )+)creature tokens(?: with ([a-z ,]+))?\. ?"),
     _x_tokens),
    (re.compile(rf"Target player sacrifices an? ((?:{_TYPE_RX})(?: or (?:{_TYPE_RX}))?)\. {SELF} "
                r"deals damage to that player equal to that permanent's mana value\. ?"),
     lambda g: m.SacrificeThenDamageByManaValue(_types(g[1]))),
    (re.compile(r"Attacking creatures you control get \+(\d+)/\+(\d+) until end of turn for "
                r"each other attacking creature\. ?"),
     lambda g: m.AttackersPumpPerOther(int(g[1]), int(g[2]))),
    (re.compile(r"Exile target creature card from a graveyard\. Put X (\+1/\+1) counters on "
                r"target creature, where X is the power of the card you exiled\. ?"),
     lambda g: m.ExileThenCounters("gy:Creature", g[1])),
    (re.compile(r"Each opponent returns a nonland permanent they control with the highest mana "
                r"value among permanents they control to its owner's hand, then discards a "
                r"card\. ?"),
     lambda g: m.OpponentsReturnHighest()),
    (re.compile(r"Search target opponent's library for a card and exile it\. You gain life "
                r"equal to its mana value\. Then that player shuffles\. ?"),
     lambda g: m.SearchOpponentExile()),
    (re.compile(r"Switch the power and toughness of each of up to (one|two|three) target "
                r"creatures? until end of turn\. ?"),
     lambda g: m.SwitchPowerToughness(_COUNT[g[1]])),
    (re.compile(r"Search your library for an? (instant|sorcery|creature|artifact|enchantment) "
                r"card and/or an? (instant|sorcery|creature|artifact|enchantment) card, reveal "
                r"them, put them into your hand, then shuffle\. ?"),
     lambda g: m.SearchOneOfEach(_types(f"{g[1]} or {g[2]}"))),
    (re.compile(r"Counter target activated ability\. ?"), lambda g: m.CounterActivatedAbility()),
    (re.compile(r"Exile target ([^.]+?)\. Return that card to the battlefield under its owner's "
                r"control at the beginning of the next end step\. ?"),
     lambda g: m.ExileReturnNextEndStep(kind(g[1]))),
    (re.compile(r"Counter target multicolored spell\. ?"),
     lambda g: CounterSpell("spell:any:multicolored")),
]
"""(pattern, builder) pairs, tried before the base templates, in order."""
