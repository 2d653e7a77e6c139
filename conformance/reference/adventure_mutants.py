"""Mutants of adventurer cards (rule 716; the rules: :mod:`conformance.reference.adventurers`):
each breaks one point the recurring adventurer-card rulings state, and the cases mined from
those rulings (``conformance/mining/families/adventure.py``) kill it (``rulings mutants``)."""

from __future__ import annotations

from typing import cast

from conformance.reference.adventurers import is_adventure_face
from conformance.reference.cards import CardDef, Face
from conformance.reference.continuous_effects import Chars, _face_chars
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj, SpellState


class AdventureResolvesToGraveyard(ReferenceEngine):
    """An Adventure spell that resolves goes to its owner's graveyard like any instant or
    sorcery, not into exile (breaks 716.3d)."""

    MUTANT = "adventure_resolves_to_graveyard"
    RULE = "716.3d"

    def adventure_exit_zone(self, obj: Obj, resolved: bool, to: str) -> str:
        return to


class AdventureExiledWhenCountered(ReferenceEngine):
    """An Adventure spell is exiled whenever it leaves the stack, countered or with all its
    targets illegal too, and may then be cast as its creature (breaks 716.3d: only one that
    resolves is exiled)."""

    MUTANT = "adventure_exiled_when_countered"
    RULE = "716.3d"

    def adventure_exit_zone(self, obj: Obj, resolved: bool, to: str) -> str:
        return "exile"


class AdventureNotCastFromExile(ReferenceEngine):
    """The card its Adventure exiled may not be cast from exile (breaks 716.3d)."""

    MUTANT = "adventure_not_cast_from_exile"
    RULE = "716.3d"

    def adventure_cast_permitted(self, obj: Obj) -> bool:
        return False


class ExiledAdventurerCastable(ReferenceEngine):
    """Any adventurer card in exile may be cast as its creature, however it got there (breaks
    716.3d: only the card its own Adventure's resolution exiled)."""

    MUTANT = "exiled_adventurer_castable"
    RULE = "716.3d"

    def adventure_cast_permitted(self, obj: Obj) -> bool:
        return True


class AdventureSpellHasNormalCharacteristics(ReferenceEngine):
    """A spell cast as an Adventure has the card's normal (creature) characteristics on the
    stack: its name, mana value, types and power (breaks 716.3b)."""

    MUTANT = "adventure_spell_has_normal_characteristics"
    RULE = "716.3b"

    def stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        if is_adventure_face(card, spell.face):
            return _face_chars(card.faces[0])
        return cast(Chars, super().stack_characteristics(card, spell))


class AdventurerHasAdventureCharacteristics(ReferenceEngine):
    """Off the stack an adventurer card has its Adventure's characteristics (an instant or
    sorcery card), not its normal ones (breaks 716.4)."""

    MUTANT = "adventurer_has_adventure_characteristics"
    RULE = "716.4"

    def adventurer_face(self, card: CardDef) -> Face:
        return card.faces[-1]


class AdventureLegalityFromCreature(ReferenceEngine):
    """Whether casting an adventurer card as an Adventure is legal is decided by its normal
    (creature) characteristics: an instant Adventure is cast only at sorcery speed (breaks
    716.3a)."""

    MUTANT = "adventure_legality_from_creature"
    RULE = "716.3a"

    def legality_face(self, card: CardDef, face: Face) -> Face:
        if is_adventure_face(card, face):
            return card.faces[0]
        return super().legality_face(card, face)


class ExileCastIgnoresTiming(ReferenceEngine):
    """A card cast from exile by a permission (an adventurer card its Adventure exiled, a
    foretold card) may be cast any time its player has priority, whatever its type (breaks
    716.3d's ruling and 307.1: the permission does not change the timing)."""

    MUTANT = "exile_cast_ignores_timing"
    RULE = "307.1"

    def timing_permits(self, face: Face, player: str, zone: str) -> bool:
        return zone == "exile" or super().timing_permits(face, player, zone)


class AdventureCopyExiledAsCard(ReferenceEngine):
    """A copy of an Adventure spell is exiled as it resolves and stays there as a card its
    controller may cast as the creature (breaks the rulings of 716.3c-d and 707.10a: the copy
    ceases to exist)."""

    MUTANT = "adventure_copy_exiled_as_card"
    RULE = "707.10a"

    def adventure_copy_ceases_to_exist(self, obj: Obj) -> bool:
        return False


ADVENTURE_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (AdventureResolvesToGraveyard, AdventureExiledWhenCountered,
                                AdventureNotCastFromExile, ExiledAdventurerCastable,
                                AdventureSpellHasNormalCharacteristics,
                                AdventurerHasAdventureCharacteristics,
                                AdventureLegalityFromCreature, AdventureCopyExiledAsCard,
                                ExileCastIgnoresTiming)
}
"""Mutant name -> engine class (added to :data:`conformance.reference.mutants.MUTANTS`)."""
