"""Mutants of the escape families (:mod:`conformance.mining.families.escape`): each breaks one
point of escape (702.138) through one hook of :data:`conformance.reference.rules.HOOKS`;
:mod:`conformance.reference.mutants` registers :data:`ESCAPE_MUTANTS` in ``MUTANTS``."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference.cards import CardDef, Face, mana_value_of
from conformance.reference.cost_mutants import EscapedSpellExiled
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Chars, Obj, SpellState


class EscapeIgnoresTiming(ReferenceEngine):
    """A card with escape may be cast from a graveyard at any time, whatever its type (breaks
    702.138a with 307.1: escape's permission doesn't change when the card may be cast)."""

    MUTANT = "escape_ignores_timing"
    RULE = "702.138a"

    def timing_permits(self, face: Face, player: str, zone: str) -> bool:
        return (zone == "graveyard" and face.text.escape is not None) or super().timing_permits(
            face, player, zone)


class EscapeManaValueFromCost(ReferenceEngine):
    """A spell cast with escape has the mana value of the escape cost paid (breaks 202.3 with
    118.9c: an alternative cost doesn't change a spell's mana value)."""

    MUTANT = "escape_mana_value_from_cost"
    RULE = "118.9c"

    def stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        c = super().stack_characteristics(card, spell)
        if spell.alternative == "escape" and spell.face.text.escape:
            return replace(c, mana_value=mana_value_of(spell.face.text.escape[0], 0))
        return c


class EscapedCardExiled(EscapedSpellExiled):
    """An escaped card is exiled whenever it leaves the stack or the battlefield, as if escape
    were flashback (breaks 702.138a: an escaped instant or sorcery goes to its owner's graveyard
    as it resolves; an escaped permanent that dies goes to the graveyard, and may escape
    again)."""

    MUTANT = "escaped_card_exiled"
    RULE = "702.138a"

    def escaped_leaves_to(self, obj: Obj, to: str) -> str:
        return "exile"


class EscapingCardPaysItself(ReferenceEngine):
    """A card cast with escape is still in the graveyard while its cost is paid, and may be one
    of the cards its escape cost exiles (breaks 601.2a: it moves to the stack first)."""

    MUTANT = "escaping_card_pays_itself"
    RULE = "601.2a"

    def escaping_card_in_graveyard(self) -> bool:
        return True


ESCAPE_MUTANTS: dict[str, type[ReferenceEngine]] = {
    m.MUTANT: m for m in (EscapeIgnoresTiming, EscapeManaValueFromCost, EscapedCardExiled,
                          EscapingCardPaysItself)
}
"""The escape families' mutants by name."""
