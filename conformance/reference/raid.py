"""Raid (an ability word, 207.2c): "Raid — When CARDNAME enters the battlefield, if you attacked
this turn, <effects>", an enters-the-battlefield ability (603.6a) with an intervening "if"
(603.4), and "Raid — CARDNAME enters the battlefield with a +1/+1 counter on it if you attacked
this turn" (a replacement effect, 614.1c), both looking at the whole turn: its controller attacked this turn when they declared at
least one creature as an attacker (508.1) earlier in the turn, whatever happened to that
creature since and however many attacked. A part of
:class:`~conformance.reference.rules.Rules`.

:data:`~conformance.reference.common_triggers.RAID_ENTERS` is the ``Triggered.event`` a form of
:mod:`conformance.reference.common_triggers` reads; :data:`RAID_HOOKS` are the hooks this module
adds to :data:`conformance.reference.rules.HOOKS`.
"""

from __future__ import annotations

from conformance.reference.common_triggers import RAID_ENTERS
from conformance.reference.objects import Obj, PendingTrigger
from conformance.reference.trigger_events import TriggerEvents

RAID_HOOKS: dict[str, str] = {
    "raid_times": "207.2c, 603.4: a raid ability applies once if its controller attacked with "
                  "a creature this turn",
}
"""The hooks of :class:`RaidTriggers`."""


class RaidTriggers(TriggerEvents):
    """"When CARDNAME enters the battlefield, if you attacked this turn" (raid)."""

    def _reset(self) -> None:
        super()._reset()
        self.attacked_with: list[tuple[int, str, Obj, int]] = []
        """(turn, player, creature, its zone-change count then) of each creature declared as
        an attacker (508.1), in declaration order."""

    def raid_times(self, player: str) -> int:
        """Hook: how many times a raid ability of ``player``'s entering permanent applies
        (triggers, or puts its counters): once when ``player`` attacked with a creature this
        turn (the creature need not still be on the battlefield), else never (207.2c,
        603.4)."""
        return int(any(turn == self.turn and who == player
                       for turn, who, _obj, _zcc in self.attacked_with))

    def counters_if(self, condition: str, player: str) -> int:
        name, _, n = condition.partition(":")
        if name != "raid":
            return super().counters_if(condition, player)
        return int(n) * self.raid_times(player)

    def _detect_attack_triggers(self, attackers: list[Obj]) -> None:
        super()._detect_attack_triggers(attackers)
        self.attacked_with.extend((self.turn, obj.controller, obj, obj.zcc) for obj in attackers)

    def detect_enters_triggers(self, obj: Obj) -> None:
        super().detect_enters_triggers(obj)
        text = self.abilities(obj)
        raids = [t for t in (text.triggered if text is not None else ()) if t.event == RAID_ENTERS]
        for t in raids:
            for _ in range(self.raid_times(obj.controller)):
                self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                             t.effects))
