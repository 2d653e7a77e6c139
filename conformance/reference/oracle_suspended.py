"""Oracle templates of the abilities a suspended card has in exile (702.62b; rule 113.6: an
ability that says it works while its object is suspended functions in exile), for the template
interpreter (:mod:`conformance.reference.oracle`); their rules are in
:mod:`conformance.reference.suspend_triggers`.

* "Whenever an opponent casts a spell, if CARDNAME is suspended, remove a time counter from it."
  (Deep-Sea Kraken);
* "Whenever an opponent casts a spell, if CARDNAME is suspended, that player may put a time
  counter on CARDNAME." (Pardic Dragon);
* "Whenever a card is put into an opponent's graveyard from anywhere, if CARDNAME is suspended,
  you may remove a time counter from CARDNAME." (Nihilith);
* "At the beginning of each player's upkeep, if CARDNAME is suspended, that player may sacrifice
  a permanent. If the player does, put two time counters on CARDNAME." (Curse of the Cabal);
* "When the last time counter is removed from CARDNAME while it's exiled, ..." (Riftmarked
  Knight, Veiling Oddity): it triggers beside suspend's own cast trigger (702.62a), whatever
  removed the counter;
* "[Cost]: Remove a time counter from CARDNAME. Activate only if CARDNAME is suspended."
  (Greater Gargadon: "Sacrifice an artifact, creature, or land"), an activated ability of the
  suspended card in exile (602.5a).

Each triggered one has an intervening "if" (603.4): it triggers only while the card is
suspended, and does nothing if the card is no longer suspended as it resolves.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF, Activated, Triggered
from conformance.reference.cost_text import cost_part
from conformance.reference.effect_blocks import Effect, SpellText

OPPONENT_CASTS_WHILE_SUSPENDED = "opponent_casts_while_suspended"
"""Event: an opponent of the suspended card's owner casts a spell (601.2i)."""
OPPONENT_GRAVEYARD_WHILE_SUSPENDED = "opponent_graveyard_while_suspended"
"""Event: a card is put into a graveyard of an opponent of the suspended card's owner."""
UPKEEP_WHILE_SUSPENDED = "each_upkeep_while_suspended"
"""Event: the beginning of each player's upkeep (503.1a), while the card is suspended."""
SUSPENDED_EVENTS = frozenset({OPPONENT_CASTS_WHILE_SUSPENDED, OPPONENT_GRAVEYARD_WHILE_SUSPENDED,
                              UPKEEP_WHILE_SUSPENDED})
"""The events of the abilities that trigger only while their card is suspended."""
LAST_TIME_COUNTER = "last_time_counter_removed"
"""Event: the last time counter is removed from the card while it is exiled."""


@dataclass(frozen=True, slots=True)
class SuspendedTimeCounter(Effect):
    """Remove (``delta`` -1) or put (+1) a time counter on the suspended card that is the
    ability's source, if it is still suspended (603.4). ``chooser``: None (it happens), "you"
    (the ability's controller may) or "that player" (the triggering player may: ``player``,
    bound as it triggers). ``zcc``: the card as it was when the ability triggered."""

    delta: int
    chooser: str | None = None
    zcc: int = -1
    player: str | None = None


@dataclass(frozen=True, slots=True)
class SuspendedSacrificeForCounters(Effect):
    """"that player may sacrifice a permanent. If the player does, put N time counters on
    CARDNAME.": ``player`` (bound as it triggers: the player whose upkeep it is) may sacrifice a
    permanent; if they do, N time counters go on the source, if it is still the suspended card
    (``zcc``) that triggered (603.4)."""

    n: int
    zcc: int = -1
    player: str | None = None


_COUNT = {"a": 1, "two": 2, "three": 3}

_IT = rf"(?:it|{SELF})"

_LINES: list[tuple[re.Pattern[str], str, SuspendedTimeCounter]] = [
    (re.compile(rf"Whenever an opponent casts a spell, if {SELF} is suspended, remove a time "
                rf"counter from {_IT}\."),
     OPPONENT_CASTS_WHILE_SUSPENDED, SuspendedTimeCounter(-1)),
    (re.compile(rf"Whenever an opponent casts a spell, if {SELF} is suspended, you may remove a "
                rf"time counter from {_IT}\."),
     OPPONENT_CASTS_WHILE_SUSPENDED, SuspendedTimeCounter(-1, "you")),
    (re.compile(rf"Whenever an opponent casts a spell, if {SELF} is suspended, that player may "
                rf"put a time counter on {_IT}\."),
     OPPONENT_CASTS_WHILE_SUSPENDED, SuspendedTimeCounter(1, "that player")),
    (re.compile(rf"Whenever a card is put into an opponent's graveyard from anywhere, if {SELF} "
                rf"is suspended, (you may )?remove a time counter from {_IT}\."),
     OPPONENT_GRAVEYARD_WHILE_SUSPENDED, SuspendedTimeCounter(-1)),
]


_ACTIVATED = re.compile(rf"(.+?): Remove a time counter from {SELF}\. Activate only if {SELF} "
                        r"is suspended\.")


_LAST = re.compile(rf"When the last time counter is removed from {SELF} while it's exiled, (.*)")


def suspended_line(line: str, parse: Callable[[str], SpellText]
                   ) -> Triggered | Activated | None:
    """The triggered or activated ability of a suspended card ``line`` is, or None (``parse``:
    the effect interpreter)."""
    m = re.fullmatch(rf"At the beginning of each player's upkeep, if {SELF} is suspended, that "
                     r"player may sacrifice a permanent\. If the player does, put (a|two|three) "
                     rf"time counters? on {SELF}\.", line)
    if m:
        return Triggered(UPKEEP_WHILE_SUSPENDED, (SuspendedSacrificeForCounters(_COUNT[m[1]]),),
                         UPKEEP_WHILE_SUSPENDED)
    m = _LAST.fullmatch(line)
    if m:
        return Triggered(LAST_TIME_COUNTER, parse(m[1][:1].upper() + m[1][1:]),
                         LAST_TIME_COUNTER)
    m = _ACTIVATED.fullmatch(line)
    if m:
        part = cost_part(m[1])
        mana = re.fullmatch(r"(?:\{(?:\d+|[WUBRGC])\})+", m[1])
        if part is None and mana is None:
            return None
        return Activated(effects=(SuspendedTimeCounter(-1),), tap=False, cost=m[1] if mana else None,
                         extra_costs=(part,) if part else (), while_suspended=True)
    for rx, event, eff in _LINES:
        m = rx.fullmatch(line)
        if m:
            if m.groups() and m[1]:  # "you may remove"
                eff = SuspendedTimeCounter(eff.delta, "you")
            return Triggered(event, (eff,), event)
    return None
