"""Effect building blocks of the Saga-chapter and Eldrazi templates
(:mod:`conformance.reference.oracle_sagas`, :mod:`conformance.reference.oracle_eldrazi`):
counters on each creature of a group, ingest's exile (702.115) and a processor's "put a
card an opponent owns from exile into that player's graveyard. If you do, ...". Plain data; their
rules are in :mod:`conformance.reference.template_effects`."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, SpellText, TargetSlot, TokenDef


@dataclass(frozen=True, slots=True)
class CountersOnEach(Effect):
    """"Put a +1/+1 counter on each creature you control" / "on each <Subtype> you control"
    (``subtype`` empty: every creature); ``other``: "each other creature you control"."""

    n: int
    counter: str
    subtype: str = ""
    other: bool = False


@dataclass(frozen=True, slots=True)
class IngestExile(Effect):
    """Ingest's effect (702.115a): the damaged player exiles the top card of their library
    (``player`` is bound when the ability triggers)."""

    player: str | None = None


@dataclass(frozen=True, slots=True)
class ProcessExiled(Effect):
    """"You may put a card an opponent owns from exile into that player's graveyard. If you do,
    <effects>" (the processors of Battle for Zendikar): the effects happen only if a card was
    put; their targets are the ability's (chosen as it is put on the stack, 603.3d)."""

    effects: SpellText

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return tuple(s for e in self.effects for s in e.slots)


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    """"<Who> discards N cards" (701.8): each such player chooses ``n`` cards of their hand
    (all of them when they have ``n`` or fewer). ``who``: you | each | opponents | player |
    opponent (a target) | damaged (the player a source dealt combat damage to, bound in
    ``player`` when the ability triggers)."""

    n: int
    who: str
    player: str | None = None

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.who),) if self.who in ("player", "opponent") else ()


@dataclass(frozen=True, slots=True)
class SacrificeEach(Effect):
    """"<Who> sacrifices a creature [or planeswalker]" / "... two creatures" (701.17a): each such
    player chooses ``n`` permanents of those ``types`` (``|``-separated) they control (all of
    them when they control ``n`` or fewer). ``who``: each | opponents | player | opponent (a
    target)."""

    types: str
    who: str
    n: int = 1

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.who),) if self.who in ("player", "opponent") else ()


@dataclass(frozen=True, slots=True)
class ReturnLandsEach(Effect):
    """"Each player returns N land cards from their graveyard to the battlefield": each player
    chooses ``n`` land cards of their graveyard (all when they have ``n`` or fewer)."""

    n: int


@dataclass(frozen=True, slots=True)
class UntapSelf(Effect):
    """"Untap CARDNAME" (the source of the ability)."""


BOUND_TO_DAMAGED_PLAYER = (IngestExile, Discard)
"""Effects of a "deals combat damage to a player" trigger that act on that player."""


@dataclass(frozen=True, slots=True)
class GainLifePerCard(Effect):
    """"You gain N life for each card in your graveyard"."""

    n: int


@dataclass(frozen=True, slots=True)
class CreateTokens(Effect):
    """"Create N [tapped] <token>s" with a count over eight or tapped tokens, and "If CARDNAME
    was cast from a graveyard, create M of those tokens instead" (``from_graveyard``: M)."""

    count: int
    token: TokenDef
    tapped: bool = False
    from_graveyard: int | None = None


@dataclass(frozen=True, slots=True)
class HalfLifeToken(Effect):
    """"Create an X/X <token>, where X is half your life total, rounded up. It deals X damage
    to you." (``token``: its colors, types and keywords; power and toughness are X)."""

    token: TokenDef


@dataclass(frozen=True, slots=True)
class DamageAll(Effect):
    """"CARDNAME deals N (or X: ``amount`` None) damage to each creature [with flying] [and
    each player]"."""

    amount: int | None
    flying_only: bool = False
    players: bool = False


@dataclass(frozen=True, slots=True)
class ReturnAll(Effect):
    """"Return all artifacts / all tapped creatures to their owners' hands" (``types``: a card
    type; ``tapped``: only tapped ones)."""

    types: str
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class AddMana(Effect):
    """"Add {R}{R}." as the effect of a spell or of an ability that is not a mana ability (it
    resolves on the stack, 605.1): the mana goes into its controller's pool (106.4)."""

    mana: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SacrificeThen(Effect):
    """"Sacrifice a <Subtype or type>. If you do, <effects>" (701.17a, 608.2c): its controller
    chooses one they control; the effects happen only if one was sacrificed."""

    what: str
    effects: SpellText


@dataclass(frozen=True, slots=True)
class LoseLifeYou(Effect):
    """"You lose N life" (119.3)."""

    n: int


@dataclass(frozen=True, slots=True)
class ThenItsPlayer(Effect):
    """"<effect on target X>. Its controller / Its owner / That creature's controller <does
    something>": ``first`` acts on the target, then the target's controller or owner (as it
    last was: looked up before ``first``) ``does`` (``lose_life`` | ``gain_life`` | ``draw`` |
    ``damage`` from the source | ``create`` ``token``) ``n``. Nothing happens to a player whose
    target became illegal (608.2b). With ``equal_to`` (``power`` | ``power+toughness``) the life
    lost or gained is that of the target as it last was before ``first`` (608.2h), 0 if
    negative (107.1b)."""

    first: Effect
    whose: str
    """controller | owner"""
    does: str
    n: int
    token: TokenDef | None = None
    equal_to: str = ""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return self.first.slots
