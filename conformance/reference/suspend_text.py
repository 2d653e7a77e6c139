"""The oracle text of suspend's spells that suspend themselves (702.62): "Exile CARDNAME with
three time counters on it." (Arc Blade, Cyclical Evolution, Festering March, ...), and of the
effects that cast a spell from a hand without paying its mana cost ("You may cast a spell with
mana value 3 or less from your hand without paying its mana cost.": the Expertise cycle), for the
template interpreter (:mod:`conformance.reference.effect_text`); the effects' rules are in
:mod:`conformance.reference.suspend` and :mod:`conformance.reference.cascade`. Also Stifle's
"Counter target activated or triggered ability." (the suspend rulings on a countered suspend trigger are tested with it)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import Effect, TargetSlot

_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclass(frozen=True, slots=True)
class ExileSelfWithTimeCounters(Effect):
    """"Exile CARDNAME with N time counters on it.": the resolving spell is exiled (instead of
    going to its owner's graveyard) with N time counters; with suspend it is then suspended
    (702.62b)."""

    n: int


EFFECT_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(rf"Exile {SELF} with (a|one|two|three|four|five) time counters? on it\. ?"),
     lambda g: ExileSelfWithTimeCounters(_NUMBERS[g[1]])),
]
"""(sentence, builder) pairs."""


_TYPE_WORDS = {"a spell": (), "an instant or sorcery spell": ("Instant", "Sorcery"),
               "an instant spell": ("Instant",), "a sorcery spell": ("Sorcery",),
               "a creature spell": ("Creature",), "an artifact spell": ("Artifact",)}


@dataclass(frozen=True, slots=True)
class CastFromHandFree(Effect):
    """"You may cast a spell [with mana value N or less] from your hand without paying its mana
    cost." (the Expertise cycle, Omnispell Adept): as it resolves, its controller may cast a card
    from their hand of one of ``types`` (any nonland card when empty) with mana value at most
    ``max_mana_value`` (None: any), without paying its mana cost (X is 0, 107.3b)."""

    types: tuple[str, ...]
    max_mana_value: int | None
    x_bound: bool = False
    """"with mana value X or less": the bound is the resolving spell's X (Electrodominance)."""


EFFECT_TEMPLATES.append(
    (re.compile(r"You may cast (a spell|an instant or sorcery spell|an instant spell|a sorcery "
                r"spell|a creature spell|an artifact spell)(?: with mana value (\d+|X) or less)? "
                r"from your hand without paying its mana cost\. ?"),
     lambda g: CastFromHandFree(_TYPE_WORDS[g[1]],
                                int(g[2]) if g[2] and g[2] != "X" else None, g[2] == "X")))


@dataclass(frozen=True, slots=True)
class CounterAbility(Effect):
    """"Counter target activated or triggered ability." (Stifle; rules 701.5a, 115.1d: an
    ability on the stack is the target, named in a case as ``{source, ability}``)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("ability"),)


EFFECT_TEMPLATES.append(
    (re.compile(r"Counter target activated or triggered ability\. ?"),
     lambda g: CounterAbility()))



@dataclass(frozen=True, slots=True)
class CreaturesCantBeBlocked(Effect):
    """"Creatures can't be blocked this turn." (Veiling Oddity): no creature can be blocked
    until the cleanup step (509.1b); its rules are in
    :mod:`conformance.reference.block_restrictions`."""


@dataclass(frozen=True, slots=True)
class CreaturesCantAttackYou(Effect):
    """"Until your next turn, creatures can't attack you." (Chronomantic Escape): the
    controller can't be attacked until their next turn begins (508.1c)."""


EFFECT_TEMPLATES += [
    (re.compile(r"Until your next turn, creatures can't attack you\. ?"),
     lambda g: CreaturesCantAttackYou()),
    (re.compile(r"Creatures can't be blocked this turn\. ?"), lambda g: CreaturesCantBeBlocked()),
]


@dataclass(frozen=True, slots=True)
class CreatureCardsReturnForCreatures(Effect):
    """"Each player exiles all creature cards from their graveyard, then sacrifices all
    creatures they control, then puts all cards they exiled this way onto the battlefield."
    (Living End; 701.17a, 110.2): its rules are in
    :mod:`conformance.reference.suspend_spells`."""


EFFECT_TEMPLATES.append(
    (re.compile(r"Each player exiles all creature cards from their graveyard, then sacrifices "
                r"all creatures they control, then puts all cards they exiled this way onto the "
                r"battlefield\. ?"),
     lambda g: CreatureCardsReturnForCreatures()))


@dataclass(frozen=True, slots=True)
class PutPermanentCardsInTurns(Effect):
    """"Starting with you, each player may put an artifact, creature, enchantment, or land card
    from their hand onto the battlefield. Repeat this process until no one puts a card onto the
    battlefield." (Hypergenesis): its rules are in :mod:`conformance.reference.suspend_spells`."""


@dataclass(frozen=True, slots=True)
class SearchSameNamesAsTapped(Effect):
    """"For each tapped nonland permanent target opponent controls, search that player's library
    for a card with the same name as that permanent. Put those cards onto the battlefield under
    your control, then that player shuffles." (Dichotomancy)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),)


@dataclass(frozen=True, slots=True)
class KeepAsManyAsTheFewest(Effect):
    """"Each player chooses a number of lands they control equal to the number of lands
    controlled by the player who controls the fewest, then sacrifices the rest. Players
    sacrifice creatures and discard cards the same way." (Restore Balance)."""


EFFECT_TEMPLATES += [
    (re.compile(r"Starting with you, each player may put an artifact, creature, enchantment, or "
                r"land card from their hand onto the battlefield\. Repeat this process until no "
                r"one puts a card onto the battlefield\. ?"),
     lambda g: PutPermanentCardsInTurns()),
    (re.compile(r"For each tapped nonland permanent target opponent controls, search that "
                r"player's library for a card with the same name as that permanent\. Put those "
                r"cards onto the battlefield under your control, then that player shuffles\. ?"),
     lambda g: SearchSameNamesAsTapped()),
    (re.compile(r"Each player chooses a number of lands they control equal to the number of "
                r"lands controlled by the player who controls the fewest, then sacrifices the "
                r"rest\. Players sacrifice creatures and discard cards the same way\. ?"),
     lambda g: KeepAsManyAsTheFewest()),
]


@dataclass(frozen=True, slots=True)
class SacrificeHalfPermanents(Effect):
    """"Target player sacrifices half the permanents they control, rounded down." (Curse of
    the Cabal; 701.17a: that player chooses them, a ``cards`` choice)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


EFFECT_TEMPLATES.append(
    (re.compile(r"Target player sacrifices half the permanents they control, rounded down\. ?"),
     lambda g: SacrificeHalfPermanents()))
