"""Adventurer cards (rule 716; layout ``adventure`` in the card data): a creature card whose
inset Adventure (its second face, an instant or sorcery with the spell type Adventure) gives
alternative characteristics it may be cast with.

* 716.3: its player casts it normally (no ``half``, or the creature face's name) or as an
  Adventure (``half``: the Adventure's name; :meth:`AdventurerCards._chosen_face`);
* 716.3a: only the Adventure's characteristics decide whether casting it as an Adventure is
  legal (its type's timing, its mana cost: the ``legality_face`` hook gives the face cast);
* 716.3b: on the stack as an Adventure it has only the Adventure's characteristics (the
  ``stack_characteristics`` hook, :mod:`conformance.reference.continuous_effects`);
* 716.3d: an Adventure spell that resolves is exiled instead of going to its owner's
  graveyard (:meth:`AdventurerCards.adventure_exit_zone`), and while that card stays exiled its
  controller may cast it, not as an Adventure (:meth:`AdventurerCards.adventure_cast_permitted`);
  an Adventure spell that leaves the stack any other way (countered, 701.5a; all its targets
  illegal, 608.2b) goes where it would;
* 716.4: in every other zone it has only its normal (creature) characteristics
  (:meth:`AdventurerCards.adventurer_face`).
"""

from __future__ import annotations

from typing import Any

from conformance.reference.cards import CardDef, Face
from conformance.reference.casting import Casting
from conformance.reference.continuous_effects import Chars, _face_chars
from conformance.reference.objects import Flow, Obj, Ref, refuse

ADVENTURE_HOOKS: dict[str, str] = {
    "adventure_exit_zone": "716.3d: an Adventure spell that resolves is exiled; one that leaves "
                           "the stack otherwise goes where it would",
    "adventure_cast_permitted": "716.3d: a card exiled by its own Adventure's resolution may be "
                                "cast from exile (not as an Adventure) while it stays there",
    "adventurer_face": "716.4: off the stack an adventurer card has only its normal "
                       "characteristics",
    "adventure_copy_ceases_to_exist": "707.10a, 716.3c-d: a copy of an Adventure spell is no "
                                      "card: it is not exiled with a permission to cast it",
}
"""The hooks of this module: name -> the rule each decides."""


def is_adventure_face(card: CardDef | None, face: Face | None) -> bool:
    """Whether ``face`` is the Adventure of adventurer card ``card``."""
    return (card is not None and card.is_adventure and face is not None
            and face is not card.faces[0])


class AdventurerCards(Casting):
    """Casting an adventurer card as an Adventure and from exile afterwards (716.3-716.4)."""

    def _reset(self) -> None:
        super()._reset()
        self.on_adventure: set[Ref] = set()
        """The cards (as they are in exile) that their own Adventure's resolution exiled."""
        self._adventure_casting: Ref | None = None
        self._resolving_from: tuple[str, int] | None = None

    # --- hooks ------------------------------------------------------------------------------

    def adventure_exit_zone(self, obj: Obj, resolved: bool, to: str) -> str:
        """Hook (716.3d): where an Adventure spell that leaves the stack goes: exile when it
        resolved, else ``to`` (a graveyard, countered or all its targets illegal)."""
        return "exile" if resolved else to

    def adventure_cast_permitted(self, obj: Obj) -> bool:
        """Hook (716.3d): whether an adventurer card in exile may be cast (normally): only the
        card its own Adventure's resolution exiled, while it stays exiled."""
        return obj.ref in self.on_adventure

    def adventurer_face(self, card: CardDef) -> Face:
        """Hook (716.4): the face whose characteristics an adventurer card has off the stack
        (and on the stack when not cast as an Adventure): its normal, creature face."""
        return card.faces[0]

    # --- the rules --------------------------------------------------------------------------

    def _base(self, obj: Obj) -> Chars:
        card = obj.card
        if (card is not None and card.is_adventure and obj.token is None
                and not (obj.zone == "stack" and obj.spell is not None)):
            face = self.adventurer_face(card)
            if face is not card.faces[0]:
                return _face_chars(face)
        return super()._base(obj)

    @staticmethod
    def _chosen_face(card: CardDef, half: Any, *, land: bool) -> Face:
        """An adventurer card is cast as its creature (no ``half``, or the creature's name) or
        as its Adventure (``half``: the Adventure's name; 716.3)."""
        if not card.is_adventure or land:
            return Casting._chosen_face(card, half, land=land)
        if not half:
            return card.faces[0]
        face = card.face_named(half)
        if face is None:
            raise refuse("illegal_action", f"{card.name} has no face {half!r}")
        return face

    def may_cast_face_from(self, face: Face, zone: str) -> bool:
        """716.3d: the card its Adventure exiled may be cast from exile, as its creature."""
        if zone == "exile" and self._adventure_casting is not None:
            obj = self.objects.get(self._adventure_casting.id)
            card = obj.card if obj is not None else None
            if card is not None and face is card.faces[0]:
                return True
        return super().may_cast_face_from(face, zone)

    def _cast_normally_from_exile(self, obj: Obj) -> bool:
        return self._adventure_casting == obj.ref or super()._cast_normally_from_exile(obj)

    def _cast(self, player: str, obj: Obj, a: dict[str, Any], resolving: bool) -> Flow:
        card = obj.card
        permitted = (card is not None and card.is_adventure and obj.zone == "exile"
                     and self.adventure_cast_permitted(obj))
        self._adventure_casting = obj.ref if permitted else None
        try:
            yield from super()._cast(player, obj, a, resolving)
        finally:
            self._adventure_casting = None

    def _resolve_spell(self, obj: Obj) -> Flow:
        self._resolving_from = (obj.id, len(self.events))
        try:
            yield from super()._resolve_spell(obj)
        finally:
            self._resolving_from = None

    def _resolved_now(self, obj: Obj) -> bool:
        """Whether ``obj`` has just resolved (its ``resolved`` event since it began to)."""
        if self._resolving_from is None or self._resolving_from[0] != obj.id:
            return False
        return any(e["type"] == "resolved" and e.get("object") == obj.id
                   for e in self.events[self._resolving_from[1]:])

    def stack_exit_zone(self, obj: Obj, to: str) -> str:
        """Hook (extended): an Adventure spell (not a copy) leaves the stack to
        :meth:`adventure_exit_zone`'s zone (716.3d)."""
        to = super().stack_exit_zone(obj, to)
        spell = obj.spell
        if spell is not None and not obj.is_copy and is_adventure_face(obj.card, spell.face):
            return self.adventure_exit_zone(obj, self._resolved_now(obj), to)
        return to

    def adventure_copy_ceases_to_exist(self, obj: Obj) -> bool:
        """Hook: a resolved copy of an Adventure spell ceases to exist like any copy of a spell
        (707.10a); only the card an Adventure exiled may be cast from exile (716.3d)."""
        return True

    def _leave_stack(self, obj: Obj, to: str) -> None:
        if (obj.is_copy and obj.spell is not None and is_adventure_face(obj.card, obj.spell.face)
                and self._resolved_now(obj) and not self.adventure_copy_ceases_to_exist(obj)):
            obj.is_copy = False  # kept as a card in exile (a broken rule: mutants only)
            super()._leave_stack(obj, to)
            self.on_adventure.add(obj.ref)
            return
        adventure = (obj.spell is not None and not obj.is_copy
                     and is_adventure_face(obj.card, obj.spell.face) and self._resolved_now(obj))
        super()._leave_stack(obj, to)
        if adventure and obj.zone == "exile":  # 716.3d: "that player may cast it"
            self.on_adventure.add(obj.ref)
