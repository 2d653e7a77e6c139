"""Effects on "defending player" (rule 506.2: in a two-player game, the nonactive player during
combat), the effects of the "Whenever CARDNAME attacks and isn't blocked" triggers of
:mod:`conformance.reference.common_triggers` (509.1i: they trigger as blockers are declared, for
each attacking creature no creature blocks):

* "Defending player gets a poison counter." / "gets N poison counters." (122.1);
* "Defending player discards a card." / "discards N cards." (701.8, the player choosing);
* "Defending player loses 1 life for each card in their graveyard."

Plain data and templates; their rules are in :mod:`conformance.reference.defending_effects`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import Effect


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


_N = {"a": 1, "one": 1, "two": 2, "three": 3}
_N_RX = r"(a|one|two|three)"

TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(rf"Defending player gets {_N_RX} poison counters?\. ?"),
     lambda g: DefendingPoison(_N[g[1]])),
    (re.compile(rf"Defending player discards {_N_RX} cards?\. ?"),
     lambda g: DefendingDiscards(_N[g[1]])),
    (re.compile(r"Defending player loses (\d+) life for each card in their graveyard\. ?"),
     lambda g: DefendingLosesPerGraveyardCard(int(g[1]))),
]
"""(pattern, builder) pairs, tried before the base templates."""
