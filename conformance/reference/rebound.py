"""Rebound (702.88a), read by :mod:`conformance.reference.rebound_text`: "If this spell was cast
from your hand, instead of putting it into your graveyard as it resolves, exile it and, at the
beginning of your next upkeep, you may cast this card from exile without paying its mana cost."

* Only a spell cast from its owner's hand (not a copy, which is not cast; not a card cast from a
  library, a graveyard or exile) that resolves is exiled: a spell countered, or whose targets are
  all illegal as it tries to resolve, goes to its owner's graveyard (608.2b, 701.5a).
* The delayed triggered ability (603.7) is named ``rebound``, its source the exiled card; it
  triggers at the beginning of its controller's next upkeep (a later turn). As it resolves its
  controller answers a ``may`` (``source``: the card, ``ability: rebound``); accepted, the card
  is cast without paying its mana cost (702.88b, 118.9), ignoring its type's timing (608.2g),
  its targets a ``targets`` choice naming the card. Declined, the card stays exiled, for good.
  Cast this way (from exile), it goes to its owner's graveyard as it resolves.
"""

from __future__ import annotations

from conformance.reference.casting import Casting
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Flow, Obj, PendingTrigger
from conformance.reference.rebound_text import REBOUND, ReboundCast

REBOUND_HOOKS: dict[str, str] = {
    "rebound_applies": "702.88a: rebound applies to a spell cast from its owner's hand, not "
                       "to a copy",
    "rebound_needs_resolution": "702.88a, 608.2b: rebound exiles a spell only as it resolves",
    "rebound_cast_ignores_timing": "608.2g, 702.88a: the rebound cast ignores the card type's "
                                   "timing",
    "rebound_declined": "702.88a: a card not cast by its rebound trigger stays exiled for good",
}
"""The hooks of :class:`Rebound`."""


class Rebound(Casting):
    """Rebound: exiled as it resolves, cast again at its controller's next upkeep."""

    def _reset(self) -> None:
        super()._reset()
        self.rebound_waiting: list[tuple[str, str, str, int, int]] = []
        """(controller, card id, card name, its zone-change count in exile, turn exiled) of each
        rebound delayed trigger waiting for its controller's next upkeep."""
        self._rebound_resolving: tuple[str, int] | None = None
        """(spell id, index of the event log when it began resolving)."""

    # --- hooks --------------------------------------------------------------------------------

    def rebound_applies(self, obj: Obj) -> bool:
        """Hook: whether spell ``obj`` with rebound is exiled by it: only a spell cast from its
        owner's hand (702.88a); a copy is not cast (707.10)."""
        spell = obj.spell
        return spell is not None and not obj.is_copy and spell.cast_from == "hand"

    def rebound_needs_resolution(self) -> bool:
        """Hook: rebound exiles the spell only "as it resolves": a spell countered or whose
        targets are all illegal goes to its owner's graveyard (608.2b, 701.5a)."""
        return True

    def rebound_cast_ignores_timing(self) -> bool:
        """Hook: the card is cast as the delayed trigger resolves, whatever its type's timing
        (608.2g)."""
        return True

    def rebound_declined(self, controller: str, ob: Obj) -> None:
        """Hook: what happens when the controller does not cast the card: nothing, it stays
        exiled and rebound never triggers for it again (702.88a: "your next upkeep")."""

    # --- exiling it ---------------------------------------------------------------------------

    def _resolve_spell(self, obj: Obj) -> Flow:
        self._rebound_resolving = (obj.id, len(self.events))
        try:
            yield from super()._resolve_spell(obj)
        finally:
            self._rebound_resolving = None

    def _resolved_now(self, obj: Obj) -> bool:
        if self._rebound_resolving is None or self._rebound_resolving[0] != obj.id:
            return False
        return any(e.get("type") == "resolved" and e.get("object") == obj.id
                   for e in self.events[self._rebound_resolving[1]:])

    def _leave_stack(self, obj: Obj, to: str) -> None:
        spell = obj.spell
        if (to != "graveyard" or spell is None or REBOUND not in spell.face.text.keywords
                or not self.rebound_applies(obj)
                or (self.rebound_needs_resolution() and not self._resolved_now(obj))):
            super()._leave_stack(obj, to)
            return
        controller = obj.controller
        if obj.is_copy:
            super()._leave_stack(obj, to)
        else:
            self._move(obj, "exile")
        self.rebound_waiting.append((controller, obj.id, obj.card_name, obj.zcc, self.turn))

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name != "upkeep":
            return
        due = [w for w in self.rebound_waiting if w[0] == self.active and w[4] < self.turn]
        self.rebound_waiting = [w for w in self.rebound_waiting if w not in due]
        for controller, oid, card, zcc, _turn in due:
            self._trigger(PendingTrigger(controller, oid, card, REBOUND, (ReboundCast(zcc),)))


@effect(ReboundCast)
def _rebound_cast(r: Effects, eff: ReboundCast, ctx: EffectContext) -> Flow:
    """Its controller may cast the card from exile without paying its mana cost."""
    from conformance.reference.cascade import Cascade

    ob = r.objects.get(ctx.source)
    if ob is None or ob.zone != "exile" or ob.zcc != eff.zcc or ob.card is None:
        return
    assert isinstance(r, Cascade) and isinstance(r, Rebound)
    yield from r._may(ctx.controller, ob.id, REBOUND)
    face = ob.card.faces[0]
    if not r.accepted:
        r.rebound_declined(ctx.controller, ob)
        return
    if not r.rebound_cast_ignores_timing() and not r.timing_permits(face, ctx.controller,
                                                                    "exile"):
        return  # it can't be cast: it stays exiled
    yield from r._cast_free(ctx.controller, ob)
