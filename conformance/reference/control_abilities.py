"""Effect building blocks that change control (613.1b), tap with "doesn't untap" (502.3) or
add card types (613.1d): "gain control of target <permanent> [for as long as CARDNAME remains on
the battlefield]. [Untap it.]", "[you may] exchange control of two target creatures" (701.10),
"tap all nonland permanents target opponent controls. They don't untap during their
controller's next untap step", "tap target <permanent>. It doesn't untap during its
controller's untap step for as long as you control CARDNAME", "each tapped creature deals
damage to itself equal to its power", and "put N +1/+1 counters on up to one target creature.
That creature becomes an artifact in addition to its other types". Plain data, built by
:mod:`conformance.reference.oracle_chapters`; their rules are in
:mod:`conformance.reference.control_effects` (with :mod:`conformance.reference.control_rules`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from conformance.reference.effect_blocks import Effect, TargetSlot

if TYPE_CHECKING:
    from conformance.reference.objects import Ref


@dataclass(frozen=True, slots=True)
class GainControl(Effect):
    """"Gain control of target <kind>" (until the game ends, 611.2a) or "... for as long as
    CARDNAME remains on the battlefield" (``while_source``, 611.2b); ``untap``: "Untap it.\""""

    kind: str
    while_source: bool = False
    untap: bool = False

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class ExchangeControl(Effect):
    """"[You may] exchange control of two target <kind>s" (701.10a-b): all or nothing; with
    ``may`` a ``may`` choice as it resolves (608.2d), the targets chosen as it is put on the
    stack all the same."""

    kind: str
    may: bool = False
    share_type: bool = False
    """"... that share a card type": checked as targets are chosen and as it resolves."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind, 2, 2),)


@dataclass(frozen=True, slots=True)
class TapAllNoUntapNext(Effect):
    """"Tap all nonland permanents target opponent controls. They don't untap during their
    controller's next untap step.\""""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("opponent"),)


@dataclass(frozen=True, slots=True)
class TapNoUntapWhileYouControl(Effect):
    """"Tap target <kind>. It doesn't untap during its controller's untap step for as long as
    you control CARDNAME.\""""

    kind: str

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class TappedCreaturesDamageThemselves(Effect):
    """"Each tapped creature deals damage to itself equal to its power.\""""


@dataclass(frozen=True, slots=True)
class CountersAndBecomesType(Effect):
    """"Put N <counter> counter(s) on up to one target creature. That creature becomes an
    <type> in addition to its other types." (layer 4, until the game ends: 611.2a)."""

    n: int
    counter: str
    add: tuple[str, ...]

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature", 0, 1),)


# --- the continuous effects they start (conformance.reference.control_rules) ------------


@dataclass(frozen=True, slots=True)
class ControlEffect:
    """``player`` controls ``target`` (layer 2), from ``timestamp``, for ``duration``."""

    timestamp: int
    target: Ref
    player: str
    duration: str
    """game | turn | source | you_control_source"""
    source: Ref | None = None


@dataclass(frozen=True, slots=True)
class NoUntap:
    """``target`` doesn't untap during its controller's untap step: the ``next`` one only, or
    while ``player`` controls ``source`` (``next`` False)."""

    target: Ref
    next: bool
    player: str
    source: Ref | None = None


@dataclass(frozen=True, slots=True)
class TypeEffect:
    """``target`` has the card types ``add`` in addition to its other types (layer 4), until
    the end of the turn when ``until_end_of_turn``."""

    timestamp: int
    target: Ref
    add: tuple[str, ...]
    until_end_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class AnimateYourArtifacts(Effect):
    """"Artifacts you control become artifact creatures with base power and toughness N/M until
    end of turn" (layer 4 and layer 7b; the artifacts are those you control as it resolves,
    611.2c)."""

    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class Animation:
    """``targets`` are also <types> (and <subtypes>, in addition to their others) with base
    power and toughness ``base`` (layers 4, 7b), the ``colors`` given (layer 5; None: their
    own) and the ``keywords`` (layer 6)."""

    timestamp: int
    targets: frozenset[Ref]
    types: tuple[str, ...]
    base: tuple[int, int]
    until_end_of_turn: bool = True
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    keywords: tuple[str, ...] = ()
