"""Mutants of morph and face-down spells and permanents (702.37, 708; the rules:
:mod:`conformance.reference.morph`): each breaks one rule the morph rulings state, and the
cases mined from those rulings kill it (``rulings mutants``). Turning a permanent face up
triggering its enters abilities (708.8, the hook ``turning_face_up_triggers_enters``) has no
mutant yet: no morph card the reference engine builds has an enters trigger, so no case could
kill it."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference.cards import Face
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import Chars, Obj


class MorphCastPaysManaCost(ReferenceEngine):
    """Casting a card face down with morph costs its mana cost, not {3}."""

    MUTANT = "morph_cast_pays_mana_cost"
    RULE = "702.37a"

    def alternative_cost(self, face: Face, name: str) -> str | None:
        if name == "morph" and "morph" in dict(face.text.alternatives):
            return face.mana_cost
        return super().alternative_cost(face, name)


class FaceDownSpellHasManaValue(ReferenceEngine):
    """A face-down spell has the mana value of its face-up card."""

    MUTANT = "face_down_spell_has_mana_value"
    RULE = "702.37c"

    def face_down_characteristics(self, obj: Obj) -> Chars | None:
        chars = super().face_down_characteristics(obj)
        if chars is None or obj.zone != "stack":
            return chars
        card = obj.card
        return replace(chars, mana_value=card.faces[0].mana_value) if card else chars


class TurnedFaceUpIsNewObject(ReferenceEngine):
    """A permanent turned face up is a new object: its counters and damage are gone, and what
    targeted it or was attached to it no longer finds it."""

    MUTANT = "face_up_is_new_object"
    RULE = "708.8"

    def turned_face_up_is_same_object(self) -> bool:
        return False


class FaceDownSpellTurnedFaceUp(ReferenceEngine):
    """A face-down spell on the stack can be turned face up like a face-down permanent."""

    MUTANT = "face_down_spell_turned_face_up"
    RULE = "702.37e"

    def can_turn_face_up(self, obj: Obj) -> bool:
        return obj.face_down and obj.zone in ("battlefield", "stack")


MORPH_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (MorphCastPaysManaCost, FaceDownSpellHasManaValue,
                                TurnedFaceUpIsNewObject, FaceDownSpellTurnedFaceUp)
}
"""Mutant name -> engine class."""
