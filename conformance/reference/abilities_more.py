"""More effect building blocks (see :mod:`conformance.reference.abilities`): mass effects
("Destroy all ...", "deals N damage to each creature with flying"), graveyards and libraries
(mill, return a card from a graveyard, exile graveyards), and a few player effects. Built by
:mod:`conformance.reference.oracle_more`; their rules are in
:mod:`conformance.reference.effects_more`."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot, TokenDef


@dataclass(frozen=True, slots=True)
class DestroyAll(Effect):
    """"Destroy all <filter>" (rule 701.7): every permanent whose card types include one of
    ``types`` (``|``-separated; a leading ``non`` type excludes it), with power at least
    ``min_power`` when set."""

    types: str
    min_power: int | None = None


@dataclass(frozen=True, slots=True)
class DamageEachCreature(Effect):
    """"deals N damage to each creature with flying / without flying" (``amount`` None: X)."""

    amount: int | None
    flying: bool


@dataclass(frozen=True, slots=True)
class Mill(Effect):
    """"Mill N cards" (rule 701.13: the top N cards of the library into the graveyard);
    ``who``: you | each (each player) | opponents (each opponent) | target (target player).
    ``half``: "mills half their library, rounded up" (N counted for each player as it
    mills)."""

    n: int
    who: str
    half: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),) if self.who == "target" else ()


@dataclass(frozen=True, slots=True)
class DiscardHand(Effect):
    """"Discard your hand" (rule 701.8)."""


@dataclass(frozen=True, slots=True)
class ExileGraveyards(Effect):
    """"Exile all opponents' graveyards" (``opponents``) / "Exile target opponent's graveyard"
    (``target``)."""

    who: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),) if self.who == "target" else ()


@dataclass(frozen=True, slots=True)
class ReturnFromGraveyard(Effect):
    """"Return target <kind> card from your graveyard to your hand / to the battlefield"."""

    kind: str
    to: str
    """hand | battlefield"""
    under_you: bool = False
    """"onto the battlefield under your control" (else under its owner's, rule 110.2)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class ReturnAllFromGraveyard(Effect):
    """"Return all creature cards with power N or less from your graveyard to your hand"."""

    types: str
    max_power: int | None
    to: str


@dataclass(frozen=True, slots=True)
class PutOnLibrary(Effect):
    """"Put target <kind> on top of its owner's library" (``top``) / "on the bottom"."""

    kind: str
    top: bool

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class TargetPlayerDraws(Effect):
    """"Target player draws N cards" (``n`` None: X)."""

    n: int | None

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


@dataclass(frozen=True, slots=True)
class DrainTarget(Effect):
    """"Target player/opponent loses N life and you gain N life"."""

    n: int
    who: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.who),)


@dataclass(frozen=True, slots=True)
class LoseLifeEachOpponentX(Effect):
    """"Each opponent loses X life" (X of the spell)."""


@dataclass(frozen=True, slots=True)
class DestroyAllSubtypes(Effect):
    """"Destroy all Auras and Equipment": every permanent with one of ``subtypes``."""

    subtypes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DestroyNoRegeneration(Effect):
    """"Destroy target <kind>. It can't be regenerated." (rule 701.15c: no regeneration
    shield replaces this destruction)."""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class CopyThenReturn(Effect):
    """"Copy target instant or sorcery spell, then return it to its owner's hand. You may
    choose new targets for the copy." (the original leaves the stack; a copy of a spell
    returned to a hand ceases to exist, rule 707.10a)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("instant_or_sorcery_spell"),)


@dataclass(frozen=True, slots=True)
class Devotion(Effect):
    """An effect whose number is "your devotion to <color>" (rule 700.5: the mana symbols of
    that color among the mana costs of permanents you control, counted as it resolves).

    ``what``: drain ("each opponent loses X life ... You gain life equal to the life lost this
    way") | gain_life | damage_opponents | tokens (``token``) | counters_self (+1/+1 counters on
    the source) | pump_target (``kind``; ``power``/``toughness`` are the signs -1, 0, +1 of X)
    | pump_yours ("Creatures you control get +X/+X") | draw_lose ("You draw X cards and you
    lose X life")."""

    what: str
    color: str
    token: TokenDef | None = None
    kind: str | None = None
    power: int = 1
    toughness: int = 1

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),) if self.kind else ()


@dataclass(frozen=True, slots=True)
class CountersThenPump(Effect):
    """"Put N +1/+1 counters on target <kind>. It / That creature gains K until end of turn"
    (both on the one target)."""

    n: int
    kind: str
    keywords: tuple[str, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class DoubleLife(Effect):
    """"Double your life total" (you gain life equal to your life total, rule 119.5)."""


@dataclass(frozen=True, slots=True)
class LoseHalfLife(Effect):
    """"Target opponent loses half their life, rounded up" (rule 107.1a)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),)


@dataclass(frozen=True, slots=True)
class PumpTargetByPower(Effect):
    """"Target creature gets +X/+0 until end of turn, where X is its power" (X fixed as it
    resolves, rule 608.2h)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class CountYourCreatures(Effect):
    """"Draw a card for each creature you control with power N or greater" (``what`` draw) /
    "you gain 1 life for each creature you control" (``what`` life), counted as it resolves."""

    what: str
    min_power: int | None = None


@dataclass(frozen=True, slots=True)
class PumpTargetPlayersCreatures(Effect):
    """"Creatures target player controls get +N/+M until end of turn" (the set locked in,
    611.2c)."""

    power: int
    toughness: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


@dataclass(frozen=True, slots=True)
class LookAtHand(Effect):
    """"Look at target player's hand." (a look at hidden information: it changes nothing in the
    game, which a case observes whole; the target is chosen and checked like any other)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)
