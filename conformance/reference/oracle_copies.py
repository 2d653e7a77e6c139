"""Templates and effects of the copy-a-spell texts beyond the plain one (rule 707.10): a copy
whose color is changed ("Copy target instant or sorcery spell, except that the copy is red":
707.9b, the exception is part of the copy's copiable values) and a spell copied twice when the
copying spell was cast from a graveyard ("If CARDNAME was cast from a graveyard, copy that
spell twice instead": Increasing Vengeance with flashback). Used by
:mod:`conformance.reference.oracle` before its own templates; their rules:
:mod:`conformance.reference.effects_copies`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from conformance.reference.abilities import SELF
from conformance.reference.effect_blocks import (
    CopyTargetSpell,
    CopyTriggeringSpell,
    CreateDelayedCopyTrigger,
    Effect,
    May,
    TargetSlot,
)
from conformance.reference.mana import COLOR_WORDS
from conformance.reference.oracle_more import kind
from conformance.reference.same_target import ThenSameTarget


@dataclass(frozen=True, slots=True)
class CopySpellVariant(Effect):
    """"Copy target <kind>[, except that the copy is <color>]. [If CARDNAME was cast from a
    graveyard, copy that spell twice instead.] You may choose new targets for the cop(y|ies)"."""

    kind: str = "instant_or_sorcery_spell"
    color: str | None = None
    """The copy's only color (707.9b), or None: the original's."""
    twice_from_graveyard: bool = False
    """Copied twice when the copying spell was cast from a graveyard (flashback, 702.34)."""

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


@dataclass(frozen=True, slots=True)
class ChooseNewTargets(Effect):
    """"You may choose new targets for target <kind> spell" (115.7d: the spell's controller's
    targets may change to legal ones, or stay, even illegal)."""

    kind: str = "spell"

    @property
    def slots(self) -> tuple[TargetSlot, ...]:
        return (TargetSlot(self.kind),)


def _retarget_then_copy(g: re.Match[str]) -> ThenSameTarget:
    """"You may choose new targets for target <kind> spell. Then copy that spell. ...": the
    copy is of the same (still legal) target."""
    k = kind(g[1])
    return ThenSameTarget((ChooseNewTargets(k),), (CopyTargetSpell(kind=k),))


Builder = Callable[[re.Match[str]], "Effect | tuple[Effect, ...]"]

FIRST: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"Copy target ([^.,]+? spell[^.,]*), except that the copy is "
                r"(white|blue|black|red|green)\. You may choose new targets for the copy\. ?"),
     lambda g: CopySpellVariant(kind(g[1]), color=COLOR_WORDS[g[2]])),
    (re.compile(rf"Copy target ([^.,]+? spell[^.,]*)\. If {SELF} was cast from a graveyard, "
                r"copy that spell twice instead\. You may choose new targets for the "
                r"copies\. ?"),
     lambda g: CopySpellVariant(kind(g[1]), twice_from_graveyard=True)),
    (re.compile(r"When you cast your next instant or sorcery spell( with mana value (\d+) or "
                r"less)? this turn, copy that spell\. You may choose new targets for the "
                r"copy\. ?"),  # the delayed trigger of "When you next cast ..., copy it"
     lambda g: CreateDelayedCopyTrigger(1, max_mana_value=int(g[2]) if g[2] else None)),
    (re.compile(r"Until end of turn, whenever a player casts an instant or sorcery spell, that "
                r"player copies it and may choose new targets for the copy\. ?"),  # Bonus Round
     lambda g: CreateDelayedCopyTrigger(1, whole_turn=True, any_player=True)),
    (re.compile(r"You may choose new targets for target ([^.,]*?spell)\. Then copy that spell\. "
                r"You may choose new targets for the copy\. ?"), _retarget_then_copy),
    (re.compile(r"You may choose new targets for target ([^.,]*?spell)\. ?"),
     lambda g: ChooseNewTargets("spell" if g[1] == "spell" else kind(g[1]))),
    (re.compile(r"(You may copy|Copy) that spell\. You may choose new targets for the copy\. ?"),
     # a cast trigger's effect ("Whenever you cast ..., you may copy that spell"): the
     # triggering spell (a triggered ability without one refuses it as it resolves)
     lambda g: May((CopyTriggeringSpell(1),)) if g[1] == "You may copy" else
     CopyTriggeringSpell(1)),
]
"""Tried before the base templates (whose plain copy template would refuse these words)."""
