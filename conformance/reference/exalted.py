"""Exalted (702.83a): "Whenever a creature you control attacks alone, that creature gets +1/+1
until end of turn." A creature attacks alone when it is the only creature declared as an
attacker (506.5); each instance of exalted among the permanents its controller controls
triggers (702.83b), each bound to that creature (:class:`~conformance.reference.combat_keywords
.ExaltedPump`)."""

from __future__ import annotations

from dataclasses import replace

from conformance.reference.combat_keywords import EXALTED, ExaltedPump
from conformance.reference.objects import Obj, PendingTrigger
from conformance.reference.trigger_events import TriggerEvents


class Exalted(TriggerEvents):
    """Exalted's trigger (a part of the rules)."""

    def attacks_alone(self, attackers: list[Obj]) -> bool:
        """Hook: a creature attacks alone when it is the only creature declared as an attacker
        (506.5)."""
        return len(attackers) == 1

    def _detect_attack_triggers(self, attackers: list[Obj]) -> None:
        super()._detect_attack_triggers(attackers)
        if not attackers or not self.attacks_alone(attackers):
            return
        alone = attackers[0]
        for src, t in self._triggered_abilities(alone.controller):
            if t.event == EXALTED:
                effects = tuple(replace(e, attacker=alone.id, zcc=alone.zcc)
                                if isinstance(e, ExaltedPump) else e for e in t.effects)
                self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                             effects))
