"""More effects of split cards' halves (issue 14; any card with the same words gets them too):
a target player gaining X life, returning up to N target cards, destroying each permanent of
some types with mana value X, a "may" of counters on a creature you choose, creatures that can't
block this turn, lands you control becoming creatures, returning a creature card and losing life
equal to its mana value, sacrificing the creature with the greatest power and gaining life equal
to it, damage to a permanent and its controller, damage then a discard by the same player, and
bouncing the creatures in combat with a target creature. Plain data; their templates:
:mod:`conformance.reference.oracle_halves_more`; their rules:
:mod:`conformance.reference.effects_halves_more`."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot, TokenDef


@dataclass(frozen=True, slots=True)
class TargetPlayerGainsLife(Effect):
    """"Target player gains N life" (``n`` None: X)."""

    n: int | None

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


@dataclass(frozen=True, slots=True)
class DestroyEachWithManaValueX(Effect):
    """"Destroy each artifact, creature, and enchantment with mana value X" (all at once,
    701.7)."""

    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MayCountersOnYours(Effect):
    """"You may put N <counter> counters on a <type> you control" (no target: a ``may``, then
    the permanent chosen as it resolves)."""

    n: int
    counter: str
    types: str


@dataclass(frozen=True, slots=True)
class CreaturesCantBlock(Effect):
    """"Creatures can't block this turn" (every creature, those that enter later too: it
    changes no characteristic, 611.2c)."""


@dataclass(frozen=True, slots=True)
class YourPermanentsBecome(Effect):
    """"All lands you control become N/M creatures until end of turn. They're still lands."
    (those you control as it resolves, 611.2c; layers 4 and 7b)."""

    types: str
    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class ReturnThenLoseLife(Effect):
    """"Return target <kind> card from your graveyard to the battlefield. You lose life equal
    to its mana value." (the card's mana value in the graveyard)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class SacrificeGreatestPower(Effect):
    """"Target player sacrifices a creature with the greatest power among creatures they
    control. You gain life equal to its power." (a choice among tied creatures; the power as
    it last existed on the battlefield, 608.2h)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


@dataclass(frozen=True, slots=True)
class DamageAndController(Effect):
    """"CARDNAME deals N damage to target <kind> and M damage to that permanent's controller"."""

    kind: str
    amount: int
    to_controller: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class DamageThenDiscard(Effect):
    """"CARDNAME deals N damage to target <player|opponent>. That player discards M cards.\""""

    who: str
    amount: int
    discards: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.who),)


@dataclass(frozen=True, slots=True)
class BounceCombatPartners(Effect):
    """"Return all creatures blocking or blocked by target creature to their owner's hand"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class UnpreventableDoubled(Effect):
    """"Damage can't be prevented this turn. If a source you control would deal damage this
    turn, it deals double that damage instead." (614.16, 614.1a; for the rest of the turn)."""


@dataclass(frozen=True, slots=True)
class SearchEither(Effect):
    """"Search your library for a [basic] <Subtype> or <Subtype> card" / "... for a
    multicolored card", "reveal it, put it into your hand, then shuffle" (701.19: a search for
    a stated quality may find nothing)."""

    subtypes: tuple[str, ...] = ()
    basic: bool = False
    multicolored: bool = False


@dataclass(frozen=True, slots=True)
class CreateXTokens(Effect):
    """"Create X N/M <color> <Subtype> creature tokens" (X: the spell's)."""

    token: TokenDef


@dataclass(frozen=True, slots=True)
class SacrificeThenDamageByManaValue(Effect):
    """"Target player sacrifices a[n] <types>. CARDNAME deals damage to that player equal to
    that permanent's mana value." (its mana value as it last existed, 608.2h)."""

    types: tuple[str, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


@dataclass(frozen=True, slots=True)
class AttackersPumpPerOther(Effect):
    """"Attacking creatures you control get +N/+M until end of turn for each other attacking
    creature" (the creatures and the count fixed as it resolves, 611.2c, 608.2h)."""

    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class ExileThenCounters(Effect):
    """"Exile target creature card from a graveyard. Put X +1/+1 counters on target creature,
    where X is the power of the card you exiled." (X 0 when no card was exiled)."""

    card_kind: str
    counter: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.card_kind), TargetSlot("creature"))


@dataclass(frozen=True, slots=True)
class OpponentsReturnHighest(Effect):
    """"Each opponent returns a nonland permanent they control with the highest mana value
    among permanents they control to its owner's hand, then discards a card." (each chooses
    among the tied ones)."""


@dataclass(frozen=True, slots=True)
class SearchOpponentExile(Effect):
    """"Search target opponent's library for a card and exile it. You gain life equal to its
    mana value. Then that player shuffles." (no stated quality: a card is found if there is
    one, 701.19b)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),)


@dataclass(frozen=True, slots=True)
class SwitchPowerToughness(Effect):
    """"Switch the power and toughness of each of up to N target creatures until end of turn"
    (layer 7d, 613.4d)."""

    n: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature", 0, self.n),)


@dataclass(frozen=True, slots=True)
class SearchOneOfEach(Effect):
    """"Search your library for an instant card and/or a sorcery card, reveal them, put them
    into your hand, then shuffle" (at most one card of each type; a stated quality: it may
    find none, 701.19b)."""

    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CounterActivatedAbility(Effect):
    """"Counter target activated ability." (701.5a; mana abilities never use the stack, so
    they can't be targeted)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("activated_ability"),)


@dataclass(frozen=True, slots=True)
class ExileReturnNextEndStep(Effect):
    """"Exile target <kind>. Return that card to the battlefield under its owner's control at
    the beginning of the next end step." (a delayed triggered ability, 603.7)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class ReturnExiledCard(Effect):
    """The delayed trigger of :class:`ExileReturnNextEndStep`: the card (``zcc``: as it was
    exiled) onto the battlefield under its owner's control, if it is still in exile (400.7)."""

    card: str
    zcc: int
