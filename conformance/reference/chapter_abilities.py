"""Effect building blocks first needed by Saga chapters (and reusable by any card): fight
(701.12), gaining life by the greatest power, "if you control a <permanent>, <effects>"
(checked as it resolves, 608.2c; an intervening "if" on a trigger, 603.4), exiling the greatest
power among a target opponent's creatures, a pump counting the source's counters, exiling graveyard
cards for life, searching for a named card or a type, tokens for a land difference, reveal-and-
choose discards, "you may return/exile/put a <type> card from your graveyard [; if you do ...]",
returning all cards of a type, "gain X and scry X", delayed triggers lasting "this turn" (603.7),
damage bonuses (614.1a), attack requirements (508.1d), reflexive triggers (603.12), effects
lasting "until your next turn", granted activated abilities, kept mana, cost increases (601.2f),
looking at and revealing cards, and copying tokens. Plain data, built by
:mod:`conformance.reference.oracle_chapters`; their rules are in
:mod:`conformance.reference.chapter_effects` and :mod:`conformance.reference.chapter_rules`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from conformance.reference.abilities import Activated
from conformance.reference.effect_blocks import Effect, SpellText, TargetSlot, TokenDef

if TYPE_CHECKING:
    from conformance.reference.objects import Ref


@dataclass(frozen=True, slots=True)
class Fight(Effect):
    """"Target <first> fights [up to one] target <second>" (701.12a): each deals damage equal
    to its power to the other; ``first`` and ``second`` are target kinds."""

    first: str
    second: str
    up_to: bool = False
    another: bool = False
    """"fights another target <second>": the second target differs from the first."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.first),
                TargetSlot(self.second, 0 if self.up_to else 1, another=self.another))


@dataclass(frozen=True, slots=True)
class GainLifeGreatestPower(Effect):
    """"You gain life equal to the greatest power among creatures you control" (0 without
    creatures; a negative power counts as 0, 107.1b)."""


@dataclass(frozen=True, slots=True)
class IfYouControl(Effect):
    """"If you control a <kind>, <effects>": the condition is checked as the effect resolves
    (608.2c; not an intervening "if", which follows a trigger condition, 603.4). ``kind`` is a
    ``perm:`` filter of :mod:`conformance.reference.target_kinds`; ``none``: "If you control no
    <kind>s, ..." (the condition holds when the player controls none)."""

    kind: str
    effects: SpellText
    none: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.effects for s in e.slots)


@dataclass(frozen=True, slots=True)
class ExileGreatestPower(Effect):
    """"Exile a creature with the greatest power among creatures target opponent controls":
    the controller of the ability chooses among tied creatures (a ``cards`` choice from the
    battlefield); nothing is targeted but the opponent."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),)


@dataclass(frozen=True, slots=True)
class PumpTargetByCounters(Effect):
    """"Until end of turn, target creature gains <keywords> and gets +X/+0, where X is the
    number of <counter> counters on CARDNAME": X is counted as the effect resolves (608.2h),
    from the source's last known information if it has left the battlefield (608.2h)."""

    counter: str
    keywords: tuple[str, ...]
    power: bool = True
    toughness: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class ExileGraveyardCardsGainLife(Effect):
    """"Exile up to N target cards from graveyards. For each creature card exiled this way,
    you gain M life." (only cards exiled count: an illegal target is not exiled, 608.2b)."""

    n: int
    life: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("gy:any", 0, self.n),)


@dataclass(frozen=True, slots=True)
class SearchNamedOrType(Effect):
    """"Search your library for a card named <name> or a[n] <Type> card, reveal it, put it
    into your hand, then shuffle" (701.19): a search for cards with a stated quality, which may
    find nothing (701.19b). ``type_word``: a card type or subtype."""

    name: str
    type_word: str


@dataclass(frozen=True, slots=True)
class TokensForLandDifference(Effect):
    """"Choose target opponent. If they control fewer lands than you, create a number of
    <token>s equal to the difference.\""""

    token: TokenDef

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),)


@dataclass(frozen=True, slots=True)
class RevealChooseDiscard(Effect):
    """"Target opponent reveals their hand. You choose a <quality> card from it. That player
    discards that card." (701.8a: here the ability's controller chooses): the candidates are
    the cards of none of the ``excluded`` card types ("a noncreature, nonland card") with a mana
    value of at least ``min_mana_value`` ("a card from it with mana value 3 or greater")."""

    excluded: tuple[str, ...]
    min_mana_value: int = 0

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),)


@dataclass(frozen=True, slots=True)
class MayMoveCardThen(Effect):
    """"[Then] you may <return|exile|put> a <types> card from your graveyard [to your hand /
    onto the battlefield]. [If you do, <effects>]": a ``may`` choice, then a ``cards`` choice
    when two or more cards qualify; the effects happen only if a card was moved (608.2c).
    ``types``: ``|``-separated card types or subtypes; ``to``: hand | exile | battlefield."""

    types: str
    to: str
    effects: SpellText = ()


@dataclass(frozen=True, slots=True)
class ReturnAllCardsFromGraveyard(Effect):
    """"Return all <type> cards from your graveyard to the battlefield [, then shuffle your
    graveyard into your library]" (``shuffle``)."""

    types: str
    shuffle: bool = False


@dataclass(frozen=True, slots=True)
class GainLifeAndScryByCount(Effect):
    """"You gain X life and scry X, where X is the number of <Subtype>s you control" (X counted
    as the effect resolves)."""

    subtype: str


@dataclass(frozen=True, slots=True)
class CreateTurnTrigger(Effect):
    """"Whenever a[n] <Subtype> [you control] attacks this turn, <effects>" (``event``
    ``attacks``) / "Whenever you cast a spell [with mana value N or greater] this turn,
    <effects>" (``cast``) / "Whenever a <type> [or <type>] enters the battlefield under your
    control this turn, <effects>" (``enters``, ``types``): a delayed triggered ability created
    as the effect resolves (603.7a)
    that triggers each time its event occurs until the turn ends (603.7b); the targets of
    ``effects`` are chosen as each trigger is put on the stack."""

    event: str
    effects: SpellText
    subtype: str = ""
    yours: bool = False
    min_mana_value: int | None = None
    types: tuple[str, ...] = ()


@dataclass
class TurnTrigger:
    """A delayed triggered ability of :class:`CreateTurnTrigger`, for ``turn``."""

    controller: str
    source: str
    source_name: str
    turn: int
    effect: CreateTurnTrigger


@dataclass(frozen=True, slots=True)
class DamageBonusThisTurn(Effect):
    """"If a <color> source you control would deal damage to a permanent or player this turn,
    it deals that much damage plus N to that permanent or player instead" (a replacement
    effect, 614.1a, for the rest of the turn)."""

    color: str
    bonus: int


@dataclass(frozen=True, slots=True)
class AttackRequirementUntilYourNextTurn(Effect):
    """"Until your next turn, creatures your opponents control attack each combat if able" (a
    requirement on declaring attackers, 508.1d; it changes no characteristic, so it applies to
    every creature those players control while it lasts, 611.2c)."""


@dataclass(frozen=True, slots=True)
class SacrificeReflexive(Effect):
    """"You may sacrifice a <type>. When you do, <effects>": a ``may`` choice, the permanent
    sacrificed (a ``cards`` choice among two or more), then a reflexive triggered ability
    (603.12) whose targets are chosen as it is put on the stack."""

    types: str
    effects: SpellText


@dataclass(frozen=True, slots=True)
class ReturnWithCounterGains(Effect):
    """"Return target <kind> card from your graveyard to the battlefield. Put a <counter>
    counter on it. It gains <keywords> until your next turn." (the card returned is a new object,
    400.7; the ability lasts until its controller's next turn begins, 611.2a)."""

    kind: str
    counter: str
    keywords: tuple[str, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class ReturnCardsToHand(Effect):
    """"Return up to N target <kind> cards from your graveyard to your hand" (each target still
    legal is returned, 608.2b)."""

    kind: str
    n: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 0, self.n),)


@dataclass(frozen=True, slots=True)
class ShuffleChosenFromEachGraveyard(Effect):
    """"Choose N cards in each graveyard. Their owners shuffle those cards into their
    libraries.": a ``cards`` choice of the ability's controller for each graveyard holding more
    than N cards (APNAP order, 101.4), then the cards move together."""

    n: int


@dataclass(frozen=True, slots=True)
class GrantActivatedUntilNextTurn(Effect):
    """"Until your next turn, creatures you control gain "<activated ability>"" (layer 6; the
    creatures are those you control as it resolves, 611.2c; it ends as your next turn begins,
    611.2a)."""

    ability: Activated


@dataclass(frozen=True)
class Granted:
    """An activated ability ``ability`` granted to the ``affected`` permanents."""

    timestamp: int
    affected: frozenset[Ref]
    ability: Activated


@dataclass(frozen=True, slots=True)
class AddManaPerSubtype(Effect):
    """"Add {C} for each <Subtype> you control. Until end of turn, you don't lose this mana as
    steps and phases end." (``kept``: the mana stays in the pool until the turn ends, an
    exception to 500.4)."""

    color: str
    subtype: str
    kept: bool = False


@dataclass(frozen=True, slots=True)
class OpponentsSpellsCostMore(Effect):
    """"Noncreature spells your opponents cast cost {N} more to cast until your next turn" (a
    cost increase, 601.2f)."""

    generic: int
    noncreature: bool = True


@dataclass(frozen=True, slots=True)
class ReturnWithCounterByType(Effect):
    """"Return target creature or planeswalker card from your graveyard to the battlefield. Put
    a +1/+1 counter or a loyalty counter on it.": a +1/+1 counter on a creature, a loyalty
    counter on a planeswalker (the returned card is a new object, 400.7)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class LookRevealToHand(Effect):
    """"Look at the top N cards of your library. You may reveal a <type> card from among them
    and put it into your hand. Put the rest on the bottom of your library in a random order.":
    a ``cards`` choice of none or one of the <type> cards looked at (none offered: no choice);
    the rest go to the bottom (their random order is not observable)."""

    n: int
    types: str


@dataclass(frozen=True, slots=True)
class CopyTokensWithDifferentNames(Effect):
    """"Choose any number of artifact tokens and/or creature tokens you control with different
    names. For each of them, create a token that's a copy of it." (a ``cards`` choice from the
    battlefield; a copy of a token copies its original characteristics, not its counters,
    707.2, 111.1)."""
