"""The oracle templates of transforming double-faced cards (rules 712, 701.28) and of daybound
and nightbound (702.145), apart from their rules (:mod:`conformance.reference.transform`) so that
the interpreter can build them without importing the rules:

* "Transform CARDNAME." — an effect: the source transforms if it is still the permanent it was
  (701.28a, 701.28f);
* "Exile this Saga, then return it to the battlefield transformed under your control." — a
  Saga's last chapter (the transform sagas): the card is exiled and returned back face up
  (712.10a), a new object (400.7);
* "At the beginning of each upkeep, if no spells were cast last turn, transform CARDNAME." and
  "At the beginning of each upkeep, if a player cast two or more spells last turn, transform
  CARDNAME." — the werewolves' triggered abilities, each with an intervening "if" (603.4)
  about the whole previous turn;
* "Daybound" and "Nightbound" — keywords (:data:`DAY_NIGHT_KEYWORDS`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF, Triggered
from conformance.reference.effect_blocks import Effect, SpellText

DAY_NIGHT_KEYWORDS = frozenset({"daybound", "nightbound"})
"""Daybound (front faces) and nightbound (back faces), rule 702.145."""
NO_SPELLS_LAST_TURN = "upkeep_no_spells_last_turn"
"""``Triggered.event`` of "At the beginning of each upkeep, if no spells were cast last turn,
..."."""
TWO_SPELLS_LAST_TURN = "upkeep_two_spells_last_turn"
"""``Triggered.event`` of "At the beginning of each upkeep, if a player cast two or more spells
last turn, ..."."""
WEREWOLF_EVENTS = (NO_SPELLS_LAST_TURN, TWO_SPELLS_LAST_TURN)


@dataclass(frozen=True, slots=True)
class TransformSelf(Effect):
    """"Transform CARDNAME." (701.28a): the source, if it is still on the battlefield as the
    object it was when the ability was put onto the stack and has not transformed since
    (701.28f)."""


@dataclass(frozen=True, slots=True)
class ExileReturnTransformed(Effect):
    """"Exile this Saga, then return it to the battlefield transformed under your control."
    (712.10a): the source is exiled, then the card returns with its back face up."""


@dataclass(frozen=True, slots=True)
class OwnersGainControl(Effect):
    """"Each player gains control of all permanents they own." (a control-changing effect,
    layer 2, 613.1b, for the rest of the game; the permanents affected are those on the
    battlefield as it resolves, 611.2c): a transforming Saga's chapter (The Fall of Lord
    Konda)."""


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(rf"Transform {SELF}\. ?"), lambda m: TransformSelf()),
    (re.compile(r"Exile this Saga, then return it to the battlefield transformed under your "
                r"control\. ?"), lambda m: ExileReturnTransformed()),
    (re.compile(r"Each player gains control of all permanents they own\. ?"),
     lambda m: OwnersGainControl()),
]
"""Tried before the base templates."""

_WEREWOLF = re.compile(rf"At the beginning of each upkeep, if (no spells were cast|a player "
                       rf"cast two or more spells) last turn, transform {SELF}\.")


def transform_trigger_line(line: str,
                           parse_effects: Callable[[str], SpellText]) -> Triggered | None:
    """The werewolves' "At the beginning of each upkeep, if ... last turn, transform CARDNAME."
    (an intervening "if", 603.4), or None."""
    m = _WEREWOLF.fullmatch(line)
    if m is None:
        return None
    event = NO_SPELLS_LAST_TURN if m[1].startswith("no") else TWO_SPELLS_LAST_TURN
    return Triggered(event, (TransformSelf(),), "each_upkeep")
