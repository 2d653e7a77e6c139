""""When you cycle CARDNAME, <effects>" (rule 702.29c): a triggered ability of the card that
triggers when its owner cycles it (activates its cycling ability from their hand, 702.29a), so
it goes on the stack above the cycling ability; the two are separate abilities (603.2, 113.7a:
the one resolves or is countered independently of the other). "When you cycle CARDNAME or it
dies, <effects>" also triggers when the creature dies (700.4, looking back, 603.10a). A part of
:class:`~conformance.reference.rules.Rules`; :data:`~conformance.reference.common_triggers.CYCLED`
is the ``Triggered.event`` a form of :mod:`conformance.reference.common_triggers` reads.
"""

from __future__ import annotations

from typing import Any

from conformance.reference.common_triggers import CYCLED_OR_DIES
from conformance.reference.objects import Obj, PendingTrigger
from conformance.reference.trigger_events import TriggerEvents


class CycleTriggers(TriggerEvents):
    """"When you cycle CARDNAME" (702.29c)."""

    def _after_event(self, event: dict[str, Any]) -> None:
        super()._after_event(event)
        if event["type"] != "put_on_stack" or event.get("ability") != "cycling":
            return
        card = self.objects.get(event["source"])
        if card is None or card.card is None or len(card.card.faces) != 1:
            return
        # the cycled card's own "... or it dies" ability ("When you cycle CARDNAME, ..." alone
        # triggers in Casting._cycle, under the hook cycle_triggers)
        for t in card.card.faces[0].text.triggered:
            if t.event == CYCLED_OR_DIES and self.cycle_triggers():
                self._trigger(PendingTrigger(card.owner, card.id, card.card_name, t.name,
                                             t.effects))

    def _dies_triggers(self, obj: Obj, to: str) -> list[PendingTrigger]:
        """With the other leaves-the-battlefield abilities: "... or it dies" of a creature put
        into a graveyard from the battlefield, looking back at it (700.4, 603.10a)."""
        found = super()._dies_triggers(obj, to)
        if to != "graveyard" or "Creature" not in self.chars(obj).types \
                or not self.dies_triggers_look_back():
            return found
        text = self.abilities(obj)
        return found + [PendingTrigger(obj.controller, obj.id, obj.card_name, t.name, t.effects)
                        for t in (text.triggered if text is not None else ())
                        if t.event == CYCLED_OR_DIES]
