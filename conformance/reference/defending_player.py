"""Effects on "defending player" (rule 506.2: in a two-player game, the nonactive player during
combat), the effects of the "Whenever CARDNAME attacks and isn't blocked" triggers of
:mod:`conformance.reference.common_triggers` (509.1i: they trigger as blockers are declared, for
each attacking creature no creature blocks):

* "Defending player gets a poison counter." / "gets N poison counters." (122.1);
* "Defending player discards a card." / "discards N cards." (701.8, the player choosing);
* "Defending player loses 1 life for each card in their graveyard.";
* "You may sacrifice it. If you do, <effects without targets>." (the source, 701.17a).

Plain data and templates; their rules are in :mod:`conformance.reference.defending_effects`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect, SpellText
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


_N = {"a": 1, "one": 1, "two": 2, "three": 3}
_N_RX = r"(a|one|two|three)"

TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(rf"Defending player gets {_N_RX} poison counters?\. ?"),
     lambda g: DefendingPoison(_N[g[1]])),
    (re.compile(rf"Defending player discards {_N_RX} cards?\. ?"),
     lambda g: DefendingDiscards(_N[g[1]])),
    (re.compile(r"Defending player loses (\d+) life for each card in their graveyard\. ?"),
     lambda g: DefendingLosesPerGraveyardCard(int(g[1]))),
    (re.compile(r"You may sacrifice (?:it|CARDNAME)\. If you do, ([^.]+\.) ?"), _may_sacrifice),
]
"""(pattern, builder) pairs, tried before the base templates."""
