"""Exert (rule 701.39): :class:`Exert`, a part of :class:`~conformance.reference.rules.Rules`.

To exert a permanent is to choose that it won't untap during its controller's next untap step
(701.39a). "You may exert CARDNAME as it attacks" (:mod:`conformance.reference.exert_text`) is
that choice made as the creature is declared as an attacker (508.1): the ``exert`` list of the
``declare_attackers`` action. Only a creature an ability lets its controller exert may be
exerted. The exert lasts until the next untap step of the player who exerted it: it keeps the
creature tapped then if it is tapped and that player controls it, and ends with that step even
if the creature was untapped (vigilance). Exerting triggers the creature's reflexive "When you
do, ..." (603.12) and every "Whenever you exert a creature, ..." of that player; they go on the
stack as the active player gets priority in the declare attackers step (before blockers). A
creature whose reflexive ability would have no legal target may still be exerted (603.3d: the
ability is then removed from the stack).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.reference.control_rules import ControlRules
from conformance.reference.exert_text import EXERT_COST, EXERT_SELF, EXERTED
from conformance.reference.objects import Flow, Obj, PendingTrigger, Ref, refuse

EXERT_HOOKS: dict[str, str] = {
    "may_exert": "701.39 (rulings): a creature is exerted only when an effect allows it",
    "exert_holds": "701.39a: an exerted creature doesn't untap during the next untap step of "
                   "the player who exerted it",
    "exert_ends": "701.39a (rulings): the exert ends with that untap step, even if the "
                  "creature was untapped then",
    "exert_reflexive_triggers": "603.12, 701.39: 'When you do' triggers as the creature is "
                                "exerted, before blockers are declared",
    "exert_needs_target": "603.3d (rulings): a creature may be exerted though its exert "
                          "trigger has no legal target",
    "exerted_triggers_for": "701.39 (rulings): 'Whenever you exert a creature' triggers for "
                            "any creature you exert",
    "may_exert_again": "701.39a (rulings): a creature exerted this turn may be exerted again "
                       "to pay a cost",
}
"""The hooks of :class:`Exert`."""


@dataclass(frozen=True, slots=True)
class Exerted:
    """``target`` was exerted by ``player``: it doesn't untap during ``player``'s next untap
    step (701.39a)."""

    target: Ref
    player: str


class Exert(ControlRules):
    """Exerting attackers and what it does."""

    def _reset(self) -> None:
        super()._reset()
        self.exerted: list[Exerted] = []
        self._exerting: list[Obj] = []

    # --- hooks -----------------------------------------------------------------------------

    def may_exert(self, obj: Obj) -> bool:
        """Hook: whether ``obj`` may be exerted as it attacks: only if one of its abilities
        lets its controller exert it ("You may exert CARDNAME as it attacks")."""
        return any(t.event == EXERT_SELF for t in self._exert_abilities(obj))

    def exert_holds(self, ex: Exerted, obj: Obj, active: str) -> bool:
        """Hook: whether the exert ``ex`` keeps the tapped ``obj`` tapped during ``active``'s
        untap step: only the next untap step of the player who exerted it (701.39a)."""
        return ex.player == active

    def exert_ends(self, ex: Exerted, held: bool, active: str) -> bool:
        """Hook: whether the exert ``ex`` ends with ``active``'s untap step (``held``: it kept
        the creature tapped): with the exerting player's next untap step, whether or not it
        kept the creature tapped (an exerted creature with vigilance was untapped then)."""
        return ex.player == active

    def exert_reflexive_triggers(self, obj: Obj) -> bool:
        """Hook: whether exerting ``obj`` triggers its "When you do, ..." (603.12)."""
        return True

    def exert_needs_target(self, obj: Obj) -> bool:
        """Hook: whether a creature may be exerted only when its exert trigger has a legal
        target: no (it is exerted; the trigger is removed from the stack, 603.3d)."""
        return False

    def exerted_triggers_for(self, source: Obj, exerted: Obj) -> bool:
        """Hook: whether ``source``'s "Whenever you exert a creature" triggers for
        ``exerted``: for any creature its controller exerts, itself included."""
        return True

    def may_exert_again(self, obj: Obj) -> bool:
        """Hook: whether a creature already exerted (its exert not yet over) may be exerted
        again to pay a cost: yes; exerting it twice keeps it tapped during one untap step
        only, the next one of the player who exerted it."""
        return True

    # --- rules -----------------------------------------------------------------------------

    def activate(self, a: dict[str, Any]) -> Flow:
        """An activated ability whose costs include "Exert CARDNAME" (602.2b): the creature
        is exerted as the cost is paid."""
        obj = self._get(a.get("object")) if isinstance(a.get("object"), str) else None
        text = self.abilities(obj) if obj is not None and obj.zone == "battlefield" else None
        idx = a.get("ability", 0)
        abilities = text.activated if text is not None else ()
        exerting = obj is not None and isinstance(idx, int) and 0 <= idx < len(abilities) \
            and any(p.kind == EXERT_COST for p in abilities[idx].extra_costs)
        if exerting and obj is not None and not self.may_exert_again(obj) and any(
                ex.target == obj.ref for ex in self.exerted):
            raise refuse("illegal_action", f"{obj.id} is exerted already")
        yield from super().activate(a)
        if exerting and obj is not None:
            self._exert(obj)
            yield from self._put_triggers()

    def _exert(self, obj: Obj) -> None:
        """``obj`` is exerted: its exert starts, its "Whenever you exert a creature" abilities
        and those of its controller's other permanents trigger."""
        self.exerted.append(Exerted(obj.ref, obj.controller))
        for oid in list(self.battlefield):
            src = self.objects[oid]
            if src.controller != obj.controller or not self.exerted_triggers_for(src, obj):
                continue
            for t in self._exert_abilities(src):
                if t.event == EXERTED:
                    self._trigger(PendingTrigger(src.controller, src.id, src.card_name,
                                                 t.name, t.effects))

    def _exert_abilities(self, obj: Obj) -> tuple[Any, ...]:
        text = self.abilities(obj)
        return tuple(text.triggered) if text is not None else ()

    def declare_attackers(self, a: dict[str, Any]) -> Flow:
        chosen, exert = a.get("attackers"), a.get("exert") or []
        if not isinstance(exert, list) or len(set(map(str, exert))) != len(exert):
            raise refuse("illegal_action", "exert: a list of distinct attacker ids")
        objs: list[Obj] = []
        for oid in exert:
            if not isinstance(chosen, dict) or oid not in chosen:
                raise refuse("illegal_action", f"exert: {oid} is not declared as an attacker "
                                               "(a creature is exerted as it attacks)")
            obj = self._get(oid)
            if not self.may_exert(obj):
                raise refuse("illegal_action", f"exert: nothing lets {oid} be exerted")
            if self.exert_needs_target(obj) and not self._exert_targets_exist(obj):
                raise refuse("illegal_action", f"exert: {oid}'s trigger has no legal target")
            objs.append(obj)
        self._exerting = objs
        try:
            yield from super().declare_attackers(a)
        finally:
            self._exerting = []

    def _exert_targets_exist(self, obj: Obj) -> bool:
        """Whether each exert trigger of ``obj`` (its own "When you do" and "Whenever you exert
        a creature") with targets has legal targets now."""
        for t in self._exert_abilities(obj):
            slots = tuple(s for e in t.effects for s in e.slots)
            if t.event in (EXERT_SELF, EXERTED) and slots and not self._targets_exist(
                    slots, obj.controller, obj.id):
                return False
        return True

    def _detect_attack_triggers(self, attackers: list[Obj]) -> None:
        super()._detect_attack_triggers(attackers)
        for obj in self._exerting:  # exerted as declared (701.39a)
            for t in self._exert_abilities(obj):
                if t.event == EXERT_SELF and t.effects and self.exert_reflexive_triggers(obj):
                    self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                                 t.effects))
            self._exert(obj)

    def _enter_step(self, name: str, new_turn: bool) -> None:
        if name != "untap" or not self.exerted:
            super()._enter_step(name, new_turn)
            return
        active = self._next_active() if new_turn else self.active
        held: list[tuple[Exerted, Obj]] = []
        for ex in self.exerted:
            ob = self.objects.get(ex.target.id)
            if (ob is not None and ob.zcc == ex.target.zcc and ob.zone == "battlefield"
                    and ob.tapped and ob.controller == active
                    and self.exert_holds(ex, ob, active)):
                held.append((ex, ob))
        super()._enter_step(name, new_turn)
        for _ex, ob in held:
            ob.tapped = True
        kept = {ex for ex, _ob in held}
        self.exerted = [ex for ex in self.exerted
                        if not self.exert_ends(ex, ex in kept, active)]
