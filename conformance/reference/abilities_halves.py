"""More effects first needed by split and aftermath halves and Saga chapters (any card with the
same words gets them too): damage to each creature but a subtype and each planeswalker, each
player sacrificing one permanent of each of several types (701.17a), putting a spell or a
permanent into its owner's library N-th from the top, opponents choosing permanents whose
control you gain (613.1b), looking at the top card and maybe putting it onto the battlefield, and
putting a card from a graveyard onto the battlefield under your control, creatures gaining a
quoted triggered ability until end of turn. Plain data; their
templates: :mod:`conformance.reference.oracle_halves`; their rules:
:mod:`conformance.reference.effects_halves`."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.abilities import Activated, Triggered
from conformance.reference.effect_blocks import Effect, TargetSlot


@dataclass(frozen=True, slots=True)
class DamageEachExcept(Effect):
    """"CARDNAME deals N damage to each non-<Subtype> creature and each planeswalker" (120.3;
    ``excluded``: the creature subtype left out, "" for none)."""

    amount: int
    excluded: str
    planeswalkers: bool = True


@dataclass(frozen=True, slots=True)
class SacrificeOneOfEach(Effect):
    """"Each player sacrifices an artifact, a creature, an enchantment, a land, and a
    planeswalker" (701.17a): each player in APNAP order chooses a permanent they control for
    each listed type, a permanent counting for one type only, as many as can be chosen (the
    Release ruling); then all are sacrificed at once."""

    types: tuple[str, ...]
    who: str = "each"


@dataclass(frozen=True, slots=True)
class PutIntoLibrary(Effect):
    """"Put target <kind> into its owner's library <depth>-th from the top" (a spell so put is
    removed from the stack, not countered: the Commit ruling)."""

    kind: str
    depth: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class OpponentsChooseYouControl(Effect):
    """"Each opponent chooses a <type> they control. You gain control of those <type>s" (no
    target; the choices in APNAP order, then control changes for all at once; it lasts
    indefinitely, 611.2a)."""

    types: str


@dataclass(frozen=True, slots=True)
class LookTopMayPut(Effect):
    """"Look at the top card of your library. You may put it onto the battlefield if it's a
    <type> card. If you don't, put it into your hand." (a ``may`` choice only when it is one)."""

    types: str


@dataclass(frozen=True, slots=True)
class PutFromGraveyardUnderYou(Effect):
    """"Put a <type> card from a graveyard onto the battlefield under your control. [It gains
    <keywords> until end of turn.]" (no target: the card is chosen as it resolves, among every
    graveyard, or ``yours`` only)."""

    types: str
    keywords: tuple[str, ...] = ()
    yours: bool = False


@dataclass(frozen=True, slots=True)
class GroupGains(Effect):
    """"Until end of turn, creatures you control gain <keywords> and "<ability>"" / "Until end
    of turn, <Subtype>s you control gain "<ability>"": the creatures (of ``subtype``) you
    control as it resolves (611.2c) gain them (layer 6)."""

    keywords: tuple[str, ...]
    subtype: str = ""
    triggered: tuple[Triggered, ...] = ()
    activated: tuple[Activated, ...] = ()


@dataclass(frozen=True, slots=True)
class SacrificeAnotherOrDamage(Effect):
    """"Sacrifice another creature. If you can't, CARDNAME deals N damage to you." (the
    controller chooses among the creatures they control other than the source; 701.17a)."""

    damage: int


@dataclass(frozen=True, slots=True)
class DiscardAnyDraw(Effect):
    """"Discard any number of cards, then draw that many cards" (a ``cards`` choice of any
    number, 701.8)."""


@dataclass(frozen=True, slots=True)
class NoUntapNext(Effect):
    """"Up to N target <kind>s don't untap during their controller's next untap step"
    (502.3)."""

    kind: str
    n: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 0, self.n),)


@dataclass(frozen=True, slots=True)
class LosesAllBecomes(Effect):
    """"Until end of turn, target creature loses all abilities and becomes a <color> <Subtype>
    with base power and toughness N/M": layer 4 (its only creature type, its other card types
    kept), 5 (its only color), 6 (no abilities) and 7b (the base), as of its timestamp."""

    color: str
    subtype: str
    power: int
    toughness: int

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class PumpByCount(Effect):
    """"Until end of turn, target creature gains <keywords> and gets +X/+X, where X is the
    number of <type>s you control" (X counted as it resolves)."""

    counted: str
    keywords: tuple[str, ...] = ()

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class CountersOnTargets(Effect):
    """"Put a <counter> counter on each of up to N target <kind>s" / "Exile any number of
    target <kind>s" (``counter`` empty): each legal target on its own (608.2b)."""

    kind: str
    n: int
    counter: str = ""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 0, self.n),)


KEYWORD_COUNTERS = frozenset({"flying", "first strike", "double strike", "deathtouch",
                              "hexproof", "indestructible", "lifelink", "menace", "reach",
                              "trample", "vigilance"})
"""Counters that are keyword abilities: the permanent has the keyword while it has one (122.1b)."""


@dataclass(frozen=True, slots=True)
class RedirectToChosen(Effect):
    """"Choose a creature you control. Until your next turn, all damage that would be dealt to
    creatures you control is dealt to that creature instead." (a redirection, 614.1a: the
    chosen creature is no target)."""


@dataclass(frozen=True, slots=True)
class ReturnWithCounter(Effect):
    """"Return target <type> card from your graveyard to the battlefield with a <counter>
    counter on it. [That creature is a <Subtypes> in addition to its other types.]" (614.1c:
    it enters with the counter; the types last indefinitely, 611.2a)."""

    kind: str
    counter: str
    subtypes: tuple[str, ...] = ()

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)
