"""Mutants of modal double-faced cards (rule 712; the rules: ``legality_face`` in
:mod:`conformance.reference.casting`, ``mdfc_mana_value`` in
:mod:`conformance.reference.continuous_effects`, ``enters_face`` in
:mod:`conformance.reference.zones`): each breaks one point the recurring modal double-faced card
rulings state, and the cases mined from those rulings (``conformance/mining/families/mdfc.py``)
kill it (``rulings mutants``)."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference.cards import CardDef, Face
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Obj


class MdfcLegalityFromFrontFace(ReferenceEngine):
    """Whether playing a face of a modal double-faced card is legal is decided by its front
    face (the card's characteristics in a hand), not by the face played: its land back face
    cannot be played as a land when its front face is a spell."""

    MUTANT = "mdfc_legality_from_front_face"
    RULE = "712.8"

    def legality_face(self, card: CardDef, face: Face) -> Face:
        return card.faces[0] if card.is_mdfc else super().legality_face(card, face)


class MdfcLegalityFromBothFaces(ReferenceEngine):
    """Whether playing a face of a modal double-faced card is legal is decided by both faces'
    card types combined (as a split card's are off the stack, 709.4): a spell face of a card
    whose other face is a land cannot be cast ("lands are played, not cast")."""

    MUTANT = "mdfc_legality_from_both_faces"
    RULE = "712.8"

    def legality_face(self, card: CardDef, face: Face) -> Face:
        if not card.is_mdfc:
            return super().legality_face(card, face)
        types = tuple(dict.fromkeys(t for f in card.faces for t in f.types))
        return replace(face, types=types)


class MdfcManaValueFromBackFace(ReferenceEngine):
    """A modal double-faced card in a hand, a graveyard, a library or exile has its back face's
    mana value, not its front face's."""

    MUTANT = "mdfc_mana_value_from_back_face"
    RULE = "712.8"

    def mdfc_mana_value(self, card: CardDef) -> int:
        return card.faces[-1].mana_value


class MdfcEntersBackFaceUp(ReferenceEngine):
    """A modal double-faced card an effect puts onto the battlefield enters with its back face
    up."""

    MUTANT = "mdfc_enters_back_face_up"
    RULE = "712.8"

    def enters_face(self, obj: Obj) -> int:
        card = obj.card
        return len(card.faces) - 1 if card is not None and card.is_mdfc else 0


MDFC_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (MdfcLegalityFromFrontFace, MdfcLegalityFromBothFaces,
                                MdfcManaValueFromBackFace, MdfcEntersBackFaceUp)
}
"""Mutant name -> engine class (added to :data:`conformance.reference.mutants.MUTANTS`)."""
