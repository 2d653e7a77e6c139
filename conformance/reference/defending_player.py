"""Effects on "defending player" (rule 506.2: in a two-player game, the nonactive player during
combat), the effects of the "Whenever CARDNAME attacks and isn't blocked" triggers of
:mod:`conformance.reference.common_triggers` (509.1i: they trigger as blockers are declared, for
each attacking creature no creature blocks):

* "Defending player gets a poison counter." / "gets N poison counters." (122.1);
* "Defending player discards a card." / "discards N cards." (701.8, the player choosing);
* "Defending player loses 1 life for each card in their graveyard.";
* "You may sacrifice it. If you do, <effects without targets>." (the source, 701.17a);
* "Defending player loses N life."; "CARDNAME / It assigns no combat damage this turn [and
  <effect>]." (510.1a: it deals none in this turn's combat damage steps);
* "You may have it deal N damage / damage equal to its power to target creature. If you do,
  CARDNAME assigns no combat damage this turn." (its power as the ability resolves; if it has
  left the battlefield, its card's printed power: the engine keeps no last known power).

Plain data and templates; their rules are in :mod:`conformance.reference.defending_effects`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, SpellText, TargetSlot
from conformance.reference.errors import OracleTemplateError


@dataclass(frozen=True, slots=True)
class DefendingPoison(Effect):
    """"Defending player gets N poison counter(s)"."""

    n: int


@dataclass(frozen=True, slots=True)
class DefendingDiscards(Effect):
    """"Defending player discards N card(s)" (they choose which, 701.8b)."""

    n: int


@dataclass(frozen=True, slots=True)
class DefendingLosesPerGraveyardCard(Effect):
    """"Defending player loses N life for each card in their graveyard"."""

    n: int


@dataclass(frozen=True, slots=True)
class MaySacrificeSelfThen(Effect):
    """"You may sacrifice it. If you do, <effects>": a ``may`` choice, asked while the source is
    on the battlefield under its controller's control; the effects happen only if it was
    sacrificed."""

    effects: SpellText


def _may_sacrifice(g: re.Match[str]) -> Effect:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    effects = parse_effects(g[1][:1].upper() + g[1][1:])
    if not isinstance(effects, tuple) or any(e.slots for e in effects):
        raise OracleTemplateError(f"'if you do' effects with targets: {g[0]!r}")
    return MaySacrificeSelfThen(effects)


@dataclass(frozen=True, slots=True)
class DefendingLosesLife(Effect):
    """"Defending player loses N life"."""

    n: int


@dataclass(frozen=True, slots=True)
class NoCombatDamageSelf(Effect):
    """"CARDNAME assigns no combat damage this turn" (the source)."""


@dataclass(frozen=True, slots=True)
class MayHaveItDeal(Effect):
    """"You may have it deal N damage (``amount``; None: damage equal to its power) to target
    creature. If you do, CARDNAME assigns no combat damage this turn."."""

    amount: int | None

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot("creature"),)


def _no_damage_and(g: re.Match[str]) -> Effect | tuple[Effect, ...]:
    if not g[1]:
        return NoCombatDamageSelf()
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    rest = parse_effects(g[1][:1].upper() + g[1][1:] + ".")
    if not isinstance(rest, tuple) or any(e.slots for e in rest):
        raise OracleTemplateError(f"'assigns no combat damage and' with targets: {g[0]!r}")
    return (NoCombatDamageSelf(), *rest)


_N = {"a": 1, "one": 1, "two": 2, "three": 3}
_N_RX = r"(a|one|two|three)"

TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect | tuple[Effect, ...]]]] = [
    (re.compile(rf"Defending player gets {_N_RX} poison counters?\. ?"),
     lambda g: DefendingPoison(_N[g[1]])),
    (re.compile(rf"Defending player discards {_N_RX} cards?\. ?"),
     lambda g: DefendingDiscards(_N[g[1]])),
    (re.compile(r"Defending player loses (\d+) life for each card in their graveyard\. ?"),
     lambda g: DefendingLosesPerGraveyardCard(int(g[1]))),
    (re.compile(r"Defending player loses (\d+) life\. ?"),
     lambda g: DefendingLosesLife(int(g[1]))),
    (re.compile(r"(?:It|CARDNAME) assigns no combat damage this turn(?: and ([^.]+))?\. ?"),
     _no_damage_and),
    (re.compile(r"You may have it deal (?:(\d+) damage|damage equal to its power) to target "
                r"creature\. If you do, CARDNAME assigns no combat damage this turn\. ?"),
     lambda g: MayHaveItDeal(int(g[1]) if g[1] else None)),
    (re.compile(r"You may sacrifice (?:it|CARDNAME)\. If you do, ([^.]+\.) ?"), _may_sacrifice),
]
"""(pattern, builder) pairs, tried before the base templates."""
