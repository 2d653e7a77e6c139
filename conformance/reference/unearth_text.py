"""The oracle template of unearth (702.84a) for the template interpreter
(:mod:`conformance.reference.oracle`): "Unearth {cost}" is an activated ability of the card in its
owner's graveyard, "[Cost]: Return this card from your graveyard to the battlefield. It gains
haste. Exile it at the beginning of the next end step. If it would leave the battlefield, exile it
instead of putting it anywhere else. Activate only as a sorcery." Its rules are in
:mod:`conformance.reference.unearth`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from conformance.reference.abilities import Activated
from conformance.reference.effect_blocks import Effect


@dataclass(frozen=True, slots=True)
class UnearthReturn(Effect):
    """The unearth ability's effect: return the card (``zcc``: the card as it was in the
    graveyard when the ability was activated) to the battlefield, with haste, exiled at the
    beginning of the next end step or if it would leave the battlefield."""

    zcc: int = -1


@dataclass(frozen=True, slots=True)
class UnearthExile(Effect):
    """The unearth delayed trigger's effect: exile the permanent (``zcc``: the object that
    returned) if it is still on the battlefield."""

    zcc: int


def unearth_line(line: str) -> Activated | None:
    """"Unearth {cost}" (mana only) as its activated ability, or None for any other line."""
    m = re.fullmatch(r"Unearth ((?:\{(?:\d+|[WUBRGC])\})+)", line)
    if not m:
        return None
    return Activated(effects=(UnearthReturn(),), tap=False, sorcery_speed=True, cost=m[1])


def is_unearth(ab: Activated) -> bool:
    """Whether ``ab`` is an unearth ability."""
    return len(ab.effects) == 1 and isinstance(ab.effects[0], UnearthReturn)
