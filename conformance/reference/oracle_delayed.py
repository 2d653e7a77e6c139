"""Templates of tokens that last until the next end step (603.7: a delayed triggered ability a
resolving spell or ability creates): "Create a 3/1 black and red Vampire creature token with
trample, lifelink, and haste. Sacrifice it at the beginning of the next end step." (Hungry for
More), "... Exile them at the beginning of the next end step.". Registered in
:mod:`conformance.reference.effect_text`; the rules: :mod:`conformance.reference.delayed_triggers`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.effect_blocks import CreateToken, Effect
from conformance.reference.errors import OracleTemplateError


@dataclass(frozen=True, slots=True)
class TokensUntilEndStep(Effect):
    """``create``, then a delayed trigger at the beginning of the next end step that sacrifices
    or exiles (``action``) the tokens created (each only if it is still that permanent)."""

    create: CreateToken
    action: str


def _tokens_then(g: re.Match[str]) -> TokensUntilEndStep:
    from conformance.reference.effect_text import parse_effects  # the whole grammar (no cycle)

    created = parse_effects(g[1])
    if len(created) != 1 or not isinstance(created[0], CreateToken):
        raise OracleTemplateError(f"not one token creation before 'at the beginning of the next "
                                  f"end step': {g[1]!r}")
    plural = created[0].count > 1
    if plural != (g[3] in ("them", "those tokens")):
        raise OracleTemplateError(f"'{g[3]}' does not refer to the tokens of {g[1]!r}")
    return TokensUntilEndStep(created[0], g[2].lower())


FIRST: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect]]] = [
    (re.compile(r"([Cc]reate [^.\"]*? creature tokens?[^.\"]*\.) (Sacrifice|Exile) (it|them|that "
                r"token|those tokens) at the beginning of the next end step\. ?"), _tokens_then),
]
"""Tried before the base templates."""
