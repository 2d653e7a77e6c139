"""Renown N (702.112a): "When this creature deals combat damage to a player, if it isn't
renowned, put N +1/+1 counters on it and it becomes renowned." Renowned is a designation of the
permanent (702.112b), kept until it leaves the battlefield (a new object, 400.7). The "if" is an
intervening "if" (603.4): the ability doesn't trigger for a renowned creature, and does nothing
if the creature became renowned meanwhile."""

from __future__ import annotations

from typing import Any

from conformance.reference.combat_keywords import RENOWN, BecomeRenowned
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.exalted import Exalted
from conformance.reference.objects import PendingTrigger, Ref


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

    def _detect_combat_damage_triggers(self, event: dict[str, Any]) -> None:
        super()._detect_combat_damage_triggers(event)
        src = self.objects.get(event["source"])
        if src is None or (src.ref in self.renowned and self.renown_checks_renowned()):
            return
        text = self.abilities(src)
        for t in text.triggered if text is not None else ():
            if t.event == RENOWN:
                self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                             t.effects))


@effect(BecomeRenowned)
def _become_renowned(r: Effects, eff: BecomeRenowned, ctx: EffectContext) -> None:
    assert isinstance(r, Renown)
    ob = r.objects.get(ctx.source)
    if ob is None or ob.zone != "battlefield" or (ob.ref in r.renowned
                                                   and r.renown_checks_renowned()):
        return
    r._add_counters(ob, "+1/+1", eff.n)
    r.renowned.add(ob.ref)
