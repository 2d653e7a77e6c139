"""Effects of the halves of split and aftermath cards (and of any card whose text reads the
same): fights and "deals damage equal to its power" (701.12, 120.3), amounts counted as the
spell resolves (creatures you control, lands you control, cards in a hand, counters removed),
untapping, a player drawing and losing life, shuffling graveyards into libraries. Their
templates: :mod:`conformance.reference.oracle_split`; their rules:
:mod:`conformance.reference.effects_split`."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, TargetSlot


@dataclass(frozen=True, slots=True)
class GainLifePerCreature(Effect):
    """"You gain N life for each creature you control" (counted as it resolves)."""

    n: int


@dataclass(frozen=True, slots=True)
class UntapYourCreatures(Effect):
    """"Untap each creature you control" / "Untap all creatures you control"."""


@dataclass(frozen=True, slots=True)
class PlayerDrawsAndLoses(Effect):
    """"Target player draws N cards and loses M life"."""

    draw: int
    lose: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


@dataclass(frozen=True, slots=True)
class DamageByHandSize(Effect):
    """"CARDNAME deals damage to target player equal to the number of cards in that player's
    hand"."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("player"),)


@dataclass(frozen=True, slots=True)
class DamageByLands(Effect):
    """"CARDNAME deals damage to target <kind> equal to the number of lands you control" (or
    of the permanents of type ``counted`` you control: "deals damage equal to the number of
    creatures you control to target <kind>")."""

    kind: str
    counted: str = "Land"

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class Bite(Effect):
    """"Target <yours> deals damage equal to its power to <target>" (one-sided: only the
    first creature deals damage; none if it is an illegal target as the spell resolves)."""

    yours: str
    theirs: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.yours), TargetSlot(self.theirs))


@dataclass(frozen=True, slots=True)
class UntapAndPump(Effect):
    """"Untap target creature. It gets +N/+M [and gains <keywords>] until end of turn"."""

    power: int
    toughness: int
    keywords: tuple[str, ...] = ()

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class RemoveCountersDraw(Effect):
    """"Remove all <counter> counters from target <kind>. Draw that many cards"."""

    counter: str
    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class ShuffleGraveyards(Effect):
    """"Each player shuffles their graveyard into their library" (701.20)."""
