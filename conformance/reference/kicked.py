"""Kicked permanents (rule 702.33d): a permanent spell whose kicker cost was paid becomes a
kicked permanent; "if it was kicked" on a permanent asks that (and nothing else: a permanent
put onto the battlefield without being cast was never kicked, the Zendikar Rising rulings).

Read from the cards' lines (:mod:`conformance.reference.oracle`):

* "If CARDNAME was kicked, it enters the battlefield with N <counter> counters on it"
  (``FaceText.kicked_counters``, a replacement effect, 614.1c);
* "When CARDNAME enters the battlefield, if it was kicked, <effects>" (a triggered ability with
  an intervening "if", 603.4: event ``enters_kicked``).
"""

from __future__ import annotations

from typing import Any

from conformance.reference.cards import Face
from conformance.reference.casting import Casting
from conformance.reference.common_triggers import ENTERS_KICKED
from conformance.reference.costs import SpellCost
from conformance.reference.effect_blocks import TargetSlot
from conformance.reference.objects import Flow, Obj, PendingTrigger, Ref, refuse


class KickedPermanents(Casting):
    """Which permanents were kicked spells, and what that changes as they enter."""

    def _reset(self) -> None:
        super()._reset()
        self.entered_kicked: dict[Ref, int] = {}
        """Each permanent that entered as a resolving spell, with the times it was kicked."""

    # --- hooks ----------------------------------------------------------------------------

    def permanent_kicked(self, obj: Obj) -> int:
        """Hook: how many times the permanent ``obj`` was kicked as it enters: the times its
        kicker cost was paid when it was cast (702.33d), none when it was put onto the
        battlefield without being cast."""
        return self.entered_kicked.get(obj.ref, 0)

    def kicking_requires_targets(self, face: Face) -> tuple[TargetSlot, ...]:
        """Hook: the targets a spell must be able to choose to be kicked: none for a permanent
        spell, whose "if it was kicked" enters ability chooses its targets only as it is put on
        the stack (603.3d; the Zendikar Rising rulings: "you can kick a permanent spell even
        if you won't be able to choose targets for an enters-the-battlefield ability")."""
        return ()

    # --- rules ----------------------------------------------------------------------------

    def _spell_cost(self, player: str, obj: Obj, face: Face, costs: Any, x: int) -> SpellCost:
        total = super()._spell_cost(player, obj, face, costs, x)
        slots = self.kicking_requires_targets(face) if total.kicked else ()
        if slots and not self._targets_exist(slots, player, obj.id):
            raise refuse("illegal_action", f"{face.name} can't be kicked without its targets")
        return total

    def _resolve_spell(self, obj: Obj) -> Flow:
        spell = obj.spell
        if spell is not None and spell.kicked:
            self.entered_kicked[Ref(obj.id, obj.zcc + 1)] = self.times_kicked(spell)
        yield from super()._resolve_spell(obj)

    def detect_enters_triggers(self, obj: Obj) -> None:
        """With the kicked counters (614.1c) and the "if it was kicked" enters triggers."""
        text = self.abilities(obj)
        kicked = self.permanent_kicked(obj) if text is not None else 0
        if kicked and text is not None:
            for counter, n in text.kicked_counters:
                self._add_counters(obj, counter, n)
        super().detect_enters_triggers(obj)
        for t in text.triggered if text is not None and kicked else ():
            if t.event == ENTERS_KICKED:
                self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                             t.effects))
