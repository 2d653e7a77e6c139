"""Rules first needed by Saga chapters' effects (and any card's): fight (701.12), conditions
of an effect checked as it resolves (608.2c), and the last known information of a permanent's
counters (608.2h). :class:`ChapterRules` extends
:class:`~conformance.reference.control_rules.ControlRules` (control, untap, added types);
:class:`~conformance.reference.rules.Rules` extends it. Its hooks are :data:`CHAPTER_HOOKS`
(part of :data:`conformance.reference.rules.HOOKS`); the effects that use them are in
:mod:`conformance.reference.chapter_effects`."""

from __future__ import annotations

from conformance.reference.chapter_abilities import IfYouControl
from conformance.reference.control_rules import CONTROL_HOOKS, ControlRules
from conformance.reference.objects import Obj, PendingTrigger
from conformance.reference.target_kinds import kind_legal

CHAPTER_HOOKS: dict[str, str] = {
    "fight_pairs": "701.12a: in a fight each creature deals damage equal to its power to the other",
    "resolution_condition_met": "608.2c: an effect's condition is checked as it resolves",
    "intervening_if_on_trigger": "603.4: an intervening 'if' is checked as the event occurs",
    **CONTROL_HOOKS,
}
"""The hooks of :class:`ChapterRules`: name -> the rule it decides."""


class ChapterRules(ControlRules):
    """Fight, resolution-time conditions and last known counters."""

    def _reset(self) -> None:
        super()._reset()
        self.last_counters: dict[str, tuple[int, dict[str, int]]] = {}
        """Object id -> (its zone-change count, its counters) as it last left the battlefield."""

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True) -> None:
        if obj.zone == "battlefield":  # last known information (608.2h)
            self.last_counters[obj.id] = (obj.zcc, dict(obj.counters))
        super()._move(obj, to, controller=controller, top=top)

    def counters_on_source(self, source: str, counter: str, zcc: int | None = None) -> int:
        """The ``counter`` counters on the permanent ``source`` now, or as it last existed on
        the battlefield when it has left it (608.2h)."""
        obj = self.objects.get(source)
        if obj is not None and obj.zone == "battlefield" and (zcc is None or obj.zcc == zcc):
            return obj.counters.get(counter, 0)
        last = self.last_counters.get(source)
        return last[1].get(counter, 0) if last is not None else 0

    def controls_kind(self, player: str, kind: str) -> bool:
        """Whether ``player`` controls a permanent of the ``perm:`` filter ``kind``."""
        return any(self.objects[oid].controller == player
                   and kind_legal(self, kind, self.objects[oid], self.chars(self.objects[oid]),
                                  player)
                   for oid in self.battlefield)

    def _trigger(self, t: PendingTrigger) -> None:
        """A triggered ability (not a chapter: "I — If ..." is an effect's condition) whose
        effect starts "if you control ..." has an intervening "if" clause (603.4): it triggers
        only if the condition holds as the event occurs (and is checked again on resolution)."""
        first = t.effects[0] if t.effects else None
        if (not t.chapter and isinstance(first, IfYouControl) and self.intervening_if_on_trigger()
                and not self.controls_kind(t.controller, first.kind)):
            return
        super()._trigger(t)

    def intervening_if_on_trigger(self) -> bool:
        """Hook: a triggered ability with an intervening "if" clause does not trigger when its
        condition is false as the trigger event occurs (603.4)."""
        return True

    def fight_pairs(self, first: Obj, second: Obj) -> list[tuple[Obj, Obj]]:
        """Hook: the damage of a fight, as (source, creature dealt damage) pairs: each creature
        deals damage equal to its power to the other (701.12a)."""
        return [(first, second), (second, first)]

    def resolution_condition_met(self, met: bool) -> bool:
        """Hook: whether an effect's condition ("if you control a creature with power 4 or
        greater, ...") holds, as checked when the effect resolves (608.2c)."""
        return met
