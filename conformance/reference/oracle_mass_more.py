"""Oracle-text templates of mass and self effects the other modules do not read, and their rules
(registered in :data:`conformance.reference.effects.EFFECTS` by
:mod:`conformance.reference.targeted_effects`, which imports this module):

* "Destroy all creatures and planeswalkers." (701.7, all at once);
* "Create N P/T <color> <Type> enchantment creature token(s) [with <keywords>]." (111.1);
* "CARDNAME deals N damage to each creature your opponents control." (120.3);
* "CARDNAME gains <keywords> until end of turn. Tap it." (the source taps, 701.26a);
* "Target creature gets +X/+X until end of turn, where X is the number of creature cards in your
  graveyard." (X counted as the effect resolves, 608.2h);
* "CARDNAME deals N damage to each creature with flying your opponents control / each <Subtype>
  creature", "Any number of target creatures can't block this turn.", "Until end of turn,
  target creature gets +N/+N and another target creature gets -N/-N.", "CARDNAME deals N damage
  to any target and M damage to you.", "Exile CARDNAME and target <kind>.", "Destroy all
  creatures with power greater than target creature's power." and (after the other templates)
  "You gain N life for each <permanent you control>".

:data:`FIRST` goes before the base templates (which would read a shorter sentence alone).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import CreateToken, Effect, TargetSlot
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_more import kind


@dataclass(frozen=True, slots=True)
class DamageOpponentsCreatures(Effect):
    """"CARDNAME deals N damage to each creature your opponents control" (or each permanent of
    the ``perm:`` kind ``kind``: "each creature with flying your opponents control", "each
    Human creature")."""

    amount: int
    kind: str = "perm:Creature:opp"


@dataclass(frozen=True, slots=True)
class ExileSelf(Effect):
    """"Exile CARDNAME" (with "and target <kind>"): the source, if on the battlefield."""


@dataclass(frozen=True, slots=True)
class DestroyPowerGreater(Effect):
    """"Destroy all creatures with power greater than target creature's power" (its power as
    the spell resolves, 608.2h; the target itself is not destroyed by this, 701.7)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


@dataclass(frozen=True, slots=True)
class GainLifePerCount(Effect):
    """"You gain N life for each <permanent of the ``perm:`` kind ``kind``>" (counted as it
    resolves, 608.2h)."""

    n: int
    kind: str


@dataclass(frozen=True, slots=True)
class TapSelf(Effect):
    """"Tap it." after an effect on CARDNAME: the source, if it is on the battlefield."""


@dataclass(frozen=True, slots=True)
class PumpByGraveyardCreatures(Effect):
    """"Target <kind> gets +X/+X until end of turn, where X is the number of creature cards in
    your graveyard" (``power``/``toughness``: the signs of X)."""

    kind: str
    power: int = 1
    toughness: int = 1

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


def _enchantment_tokens(g: re.Match[str]) -> CreateToken:
    from conformance.reference.effect_text import _token  # the token grammar of the base ones

    made = _token(g[1], g[2], g[3], g[4], g[5].strip(), g[6])
    return replace(made, token=replace(made.token, types=("Enchantment", "Creature")))


def _self_then_tap(text: str) -> tuple[Effect, ...]:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    first = parse_effects(text)
    if any(e.slots for e in first) or type(first[0]).__name__ != "PumpSelf":
        raise OracleTemplateError(f"'Tap it.' after other than an effect on CARDNAME: {text!r}")
    return (*first, TapSelf())


def _sign(s: str) -> int:
    return {"+X": 1, "-X": -1, "+0": 0, "-0": 0}[s]


def _each(words: str) -> str:
    if m := re.fullmatch(r"([A-Z][a-z]+) creature", words):
        return f"perm:Creature:sub={m[1]}"
    return kind(words.replace(" your opponents control", " an opponent controls"))


def _counted_kind(words: str) -> str:
    k = kind(words)
    if not k.startswith("perm:"):
        raise OracleTemplateError(f"what is counted is not understood: {words!r}")
    return k


def _up_to_each(what: str) -> Effect:
    from conformance.reference.oracle_strive import ANY_NUMBER
    from conformance.reference.oracle_targeted_more import UpToEach

    return UpToEach(what, "perm:Creature", ANY_NUMBER)


def _pump_and_another(g: re.Match[str]) -> tuple[Effect, ...]:
    from conformance.reference.effect_blocks import PumpTarget
    from conformance.reference.oracle_targeted import AnotherTarget

    first = PumpTarget(int(g[2]), int(g[3]), (), kind(g[1]))
    second = PumpTarget(int(g[5]), int(g[6]), (), kind(g[4]))
    return first, AnotherTarget((second,), after_targets=True)


def _damage_and_you(g: re.Match[str]) -> tuple[Effect, ...]:
    from conformance.reference.effect_blocks import DamageEach, DamageTargets

    return DamageTargets((int(g[1]),), (TargetSlot("any"),)), DamageEach(int(g[2]), "you")


def _exile_target(k: str) -> Effect:
    from conformance.reference.effect_blocks import ExileTarget

    return ExileTarget(k)


_COLOR = (r"(colorless|(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?)")
FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Destroy all creatures and planeswalkers\. ?"),
     lambda g: _destroy_all("Creature|Planeswalker")),
    (re.compile(rf"[Cc]reate (a|an|two|three|four) (\d+)/(\d+) {_COLOR} ((?:[A-Z][a-z]+ )+)"
                r"enchantment creature tokens?(?: with ([a-z ,]+))?\. ?"),
     _enchantment_tokens),
    (re.compile(rf"{SELF} deals (\d+) damage to each creature your opponents control\. ?"),
     lambda g: DamageOpponentsCreatures(int(g[1]))),
    (re.compile(rf"{SELF} deals (\d+) damage to each (creature with flying your opponents "
                r"control|[A-Z][a-z]+ creature)\. ?"),
     lambda g: DamageOpponentsCreatures(int(g[1]), _each(g[2]))),
    (re.compile(r"Any number of target creatures can't block this turn\. ?"),
     lambda g: _up_to_each("cant_block")),
    (re.compile(r"Until end of turn, target ([^.]+?) gets ([+-]\d+)/([+-]\d+) and another target "
                r"([^.]+?) gets ([+-]\d+)/([+-]\d+)\. ?"),
     _pump_and_another),
    (re.compile(rf"{SELF} deals (\d+) damage to any target and (\d+) damage to you\. ?"),
     _damage_and_you),
    (re.compile(rf"Exile {SELF} and target ([^.]+?)\. ?"),
     lambda g: (ExileSelf(), _exile_target(kind(g[1])))),
    (re.compile(r"Destroy all creatures with power greater than target creature's power\. ?"),
     lambda g: DestroyPowerGreater()),
    (re.compile(rf"({SELF} gains [a-z, ]+ until end of turn\.) Tap it\. ?"),
     lambda g: _self_then_tap(g[1])),
    (re.compile(r"Target ([^.]+?) gets ([+-]X)/([+-][0X]) until end of turn, where X is the "
                r"number of creature cards in your graveyard\. ?"),
     lambda g: PumpByGraveyardCreatures(kind(g[1]), _sign(g[2]), _sign(g[3]))),
]
"""(pattern, builder) pairs, tried before the base templates."""

LATE: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"You gain (\d+) life for each ([^.]+?)\. ?"),
     lambda g: GainLifePerCount(int(g[1]), _counted_kind(g[2]))),
]
"""(pattern, builder) pairs, tried after the other templates."""


def _destroy_all(types: str) -> Effect:
    from conformance.reference.abilities_more import DestroyAll

    return DestroyAll(types)
