"""Oracle-text templates of mass and self effects the other modules do not read, and their rules
(registered in :data:`conformance.reference.effects.EFFECTS` by
:mod:`conformance.reference.targeted_effects`, which imports this module):

* "Destroy all creatures and planeswalkers." (701.7, all at once);
* "Create N P/T <color> <Type> enchantment creature token(s) [with <keywords>]." (111.1);
* "CARDNAME deals N damage to each creature your opponents control." (120.3);
* "CARDNAME gains <keywords> until end of turn. Tap it." (the source taps, 701.26a);
* "Target creature gets +X/+X until end of turn, where X is the number of creature cards in your
  graveyard." (X counted as the effect resolves, 608.2h).

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
    """"CARDNAME deals N damage to each creature your opponents control"."""

    amount: int


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


_COLOR = (r"(colorless|(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?)")
FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], object]]] = [
    (re.compile(r"Destroy all creatures and planeswalkers\. ?"),
     lambda g: _destroy_all("Creature|Planeswalker")),
    (re.compile(rf"[Cc]reate (a|an|two|three|four) (\d+)/(\d+) {_COLOR} ((?:[A-Z][a-z]+ )+)"
                r"enchantment creature tokens?(?: with ([a-z ,]+))?\. ?"),
     _enchantment_tokens),
    (re.compile(rf"{SELF} deals (\d+) damage to each creature your opponents control\. ?"),
     lambda g: DamageOpponentsCreatures(int(g[1]))),
    (re.compile(rf"({SELF} gains [a-z, ]+ until end of turn\.) Tap it\. ?"),
     lambda g: _self_then_tap(g[1])),
    (re.compile(r"Target ([^.]+?) gets ([+-]X)/([+-][0X]) until end of turn, where X is the "
                r"number of creature cards in your graveyard\. ?"),
     lambda g: PumpByGraveyardCreatures(kind(g[1]), _sign(g[2]), _sign(g[3]))),
]
"""(pattern, builder) pairs, tried before the base templates."""


def _destroy_all(types: str) -> Effect:
    from conformance.reference.abilities_more import DestroyAll

    return DestroyAll(types)
