"""Renown N (702.112a): "When this creature deals combat damage to a player, if it isn't
renowned, put N +1/+1 counters on it and it becomes renowned." Renowned is a designation of the
permanent (702.112b), kept until it leaves the battlefield (a new object, 400.7); becoming
renowned triggers "whenever a creature you control becomes renowned". The "if" is an
intervening "if" (603.4): the ability doesn't trigger for a renowned creature, and does nothing
if the creature became renowned meanwhile."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conformance.reference.combat_keywords import RENOWN, BecomeRenowned
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.exalted import Exalted
from conformance.reference.monstrous_text import BECOMES_RENOWNED_YOURS
from conformance.reference.objects import Obj, PendingTrigger, Ref


class Renown(Exalted):
    """Renown's trigger and the renowned designation (a part of the rules)."""

    def _reset(self) -> None:
        super()._reset()
        self.renowned: set[Ref] = set()
        """The renowned permanents, as the objects they are (702.112b)."""

    def renown_checks_renowned(self) -> bool:
        """Hook: renown's intervening "if it isn't renowned" is checked as it would trigger and
        as it resolves (603.4)."""
        return True

    def renown_triggers_on(self, event: dict[str, Any]) -> bool:
        """Hook: renown triggers on combat damage its creature deals to a player, never on
        damage to a creature or a planeswalker, nor on noncombat damage (702.112a)."""
        return bool(event.get("combat")) and event["target"] in self.players

    def renown_needs_battlefield(self) -> bool:
        """Hook: a renown ability whose creature has left the battlefield does nothing: the card
        is a new object (400.7) that never becomes renowned (702.112b), so "whenever a creature
        becomes renowned" doesn't trigger."""
        return True

    def _after_event(self, event: dict[str, Any]) -> None:
        super()._after_event(event)
        if event["type"] != "damage" or not self.renown_triggers_on(event):
            return
        src = self.objects.get(event["source"])
        if src is None or src.zone != "battlefield" or (src.ref in self.renowned
                                                         and self.renown_checks_renowned()):
            return
        text = self.abilities(src)
        for t in text.triggered if text is not None else ():
            if t.event == RENOWN:
                self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                             t.effects))

    def _becomes_renowned(self, obj: Obj) -> None:
        """``obj`` became renowned: "Whenever a creature you control becomes renowned"
        abilities of its controller's permanents trigger."""
        for oid in list(self.battlefield):
            perm = self.objects[oid]
            text = self.abilities(perm)
            for t in text.triggered if text is not None and perm.controller == obj.controller \
                    else ():
                if t.event == BECOMES_RENOWNED_YOURS:
                    self._trigger(PendingTrigger(perm.controller, perm.id, perm.card_name,
                                                 t.name, t.effects))


def counters_and_designation(r: Effects, ob: Obj, n: int, designated: set[Ref],
                             needs_battlefield: bool, checks_designated: bool,
                             becomes: Callable[[Obj], None]) -> None:
    """Renown N and monstrosity N (702.112a, 701.31a): unless the permanent already has the
    designation (``designated``; ``checks_designated``: the rule looks), it gets N +1/+1 counters
    and the designation, and "whenever it becomes ..." abilities trigger (``becomes``). A
    permanent no longer on the battlefield gets nothing (``needs_battlefield``: the rule)."""
    if ob.zone != "battlefield":
        if not needs_battlefield:
            becomes(ob)
        return
    if ob.ref in designated and checks_designated:
        return
    r._add_counters(ob, "+1/+1", n)
    designated.add(ob.ref)
    becomes(ob)


@effect(BecomeRenowned)
def _become_renowned(r: Effects, eff: BecomeRenowned, ctx: EffectContext) -> None:
    assert isinstance(r, Renown)
    ob = r.objects.get(ctx.source)
    if ob is not None:
        counters_and_designation(r, ob, eff.n, r.renowned, r.renown_needs_battlefield(),
                                 r.renown_checks_renowned(), r._becomes_renowned)
