"""Morph (702.37) and face-down spells and permanents (708), read from a card's line
"Morph {cost}" (``FaceText.alternatives["morph"]``: the cost that turns it face up).

* Casting face down: ``costs: {alternative: morph}`` on a ``cast`` from the hand: the card is
  turned face down before it is put on the stack (708.4) and {3} is paid rather than its mana
  cost (702.37a, c); the spell is a 2/2 creature with no name, text, subtypes or mana cost
  (mana value 0, the ``face_down_characteristics`` hook); it resolves into a face-down
  permanent with those characteristics, turned face down before it enters, so its enters
  abilities do not trigger (708.3).
* Turning face up: the ``turn_face_up`` action (a special action, 116.2b, 702.37e): any time
  its controller has priority, they pay the morph cost and turn the permanent face up; it does
  not use the stack, the player keeps priority, and it is the same permanent (708.8: counters,
  damage, Auras and targets stay); its enters abilities do not trigger (708.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from conformance.reference.actions import action
from conformance.reference.alt_costs import AlternativeCosts
from conformance.reference.cards import Face
from conformance.reference.costs import SpellCost
from conformance.reference.objects import Flow, Obj, PendingTrigger, refuse

if TYPE_CHECKING:
    from conformance.reference.rules import Rules

MORPH_CAST_COST = "{3}"
"""What casting a card with morph face down costs (702.37a)."""


def morph_cost(obj: Obj) -> str | None:
    """The morph cost of ``obj``'s card ("Morph {cost}"), or None."""
    card = obj.card
    if card is None or len(card.faces) != 1:
        return None
    return dict(card.faces[0].text.alternatives).get("morph")


class Morph(AlternativeCosts):
    """Casting a card with morph face down and turning it face up."""

    def _reset(self) -> None:
        super()._reset()
        self._casting_face_down: str | None = None
        """The card being cast face down (turned face down as it moves to the stack, 708.4)."""

    # --- hooks ----------------------------------------------------------------------------

    def turning_face_up_triggers_enters(self) -> bool:
        """Hook (708.8): a permanent turned face up has not entered the battlefield, so its
        enters abilities do not trigger."""
        return False

    def turned_face_up_is_same_object(self) -> bool:
        """Hook (708.8): a permanent turned face up is the same permanent: effects applied to
        it, its counters and damage stay, and what targets it or is attached to it still does
        (False: a new object, 400.7)."""
        return True

    def can_turn_face_up(self, obj: Obj) -> bool:
        """Hook (702.37e, 708.7): only a face-down permanent is turned face up this way; a
        face-down spell cannot be."""
        return obj.face_down and obj.zone == "battlefield"

    # --- casting face down ------------------------------------------------------------------

    def alternative_cost(self, face: Face, name: str) -> str | None:
        """Morph's alternative cost is {3}, not the morph cost (702.37a)."""
        if name == "morph":
            return MORPH_CAST_COST if "morph" in dict(face.text.alternatives) else None
        return super().alternative_cost(face, name)

    def _spell_cost(self, player: str, obj: Obj, face: Face, costs: Any, x: int) -> SpellCost:
        total = super()._spell_cost(player, obj, face, costs, x)
        self._casting_face_down = obj.id if total.alternative == "morph" else None
        return total

    def _moves_face_down(self, obj: Obj, frm: str, to: str) -> bool:
        if to == "stack" and self._casting_face_down == obj.id:
            self._casting_face_down = None
            return True  # 708.4: turned face down before it is put on the stack
        # 708.3: the spell's permanent is turned face down before it enters
        return (frm == "stack" and to == "battlefield" and obj.spell is not None
                and obj.spell.alternative == "morph")

    # --- turning face up --------------------------------------------------------------------

    def turn_face_up(self, a: dict[str, Any]) -> Flow:
        """Turn a face-down permanent with morph face up (116.2b, 702.37e): its controller,
        with priority, pays its morph cost; the player keeps priority."""
        player = a.get("player")
        obj = self._get(a.get("object"))
        self._require_priority(player)
        assert isinstance(player, str)
        cost = morph_cost(obj)
        if not self.can_turn_face_up(obj) or obj.controller != player:
            raise refuse("illegal_action", f"{obj.id} is not a face-down permanent {player} "
                                           "controls")
        if cost is None:
            raise refuse("illegal_action", f"{obj.id} has no morph cost (rule 702.37e)")
        if not self._pay(player, cost, 0):
            raise refuse("illegal_action", f"cannot pay {cost} to turn {obj.id} face up")
        self._turn_face_up(obj)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

    def _turn_face_up(self, obj: Obj) -> None:
        """The permanent is turned face up: the same object (708.8)."""
        obj.face_down = False
        self._statics_cache = None
        if not self.turned_face_up_is_same_object():
            obj.zcc += 1
            obj.counters = {}
            obj.damage = 0
        if self.turning_face_up_triggers_enters():
            self.detect_enters_triggers(obj)
        if self.turned_face_up_triggers():
            text = self.abilities(obj)
            for t in text.triggered if text is not None else ():
                if t.event == "turned_face_up":  # "When CARDNAME is turned face up, ..."
                    self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name,
                                                 t.name, t.effects))

    def turned_face_up_triggers(self) -> bool:
        """Hook (708.8, 603.2): "when CARDNAME is turned face up" abilities trigger as the
        permanent is turned face up (they are the face-up card's: they trigger once it is)."""
        return True


@action("turn_face_up")
def _turn_face_up_action(rules: Rules, a: dict[str, Any]) -> Flow:
    """Turn a face-down permanent face up (116.2b, 702.37e; protocol 2)."""
    return rules.turn_face_up(a)
