"""Abilities on the stack as targets, and countering them (rules 115.1d, 701.5a): Stifle's
"Counter target activated or triggered ability." (:class:`CounterAbility`, read by the template
of :mod:`conformance.reference.suspend_text`).

A case names a triggered ability on the stack as a target the way it names a pending trigger:
``{source, ability}``, the ``source`` and ``ability`` of its ``triggered`` event (the topmost
such ability on the stack). A countered ability leaves the stack without resolving: its effect
doesn't happen (701.5a), and a ``countered`` event names it.
"""

from __future__ import annotations

from typing import Any

from conformance.reference.abilities_halves_more import CounterActivatedAbility
from conformance.reference.alt_costs import AlternativeCosts
from conformance.reference.effect_blocks import TargetSlot
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Ref, StackAbility, refuse
from conformance.reference.suspend_text import CounterAbility

ABILITY_ZCC = -1
"""The ``zcc`` of a :class:`Ref` naming an ability on the stack (its ``id`` is the ability's)."""


class CounteredAbilities(AlternativeCosts):
    """Abilities on the stack as targets, and countering them."""

    def ability_counterable(self, ab: StackAbility) -> bool:
        """Hook: a spell that counters an ability removes it from the stack (701.5a)."""
        return True

    def ability_countered(self, ab: StackAbility) -> None:
        """Hook: what happens as ``ab`` is countered: nothing, its effect doesn't happen."""

    def _stack_ability(self, ref: Ref) -> StackAbility | None:
        if ref.zcc != ABILITY_ZCC:
            return None
        return next((i for i in self.stack if isinstance(i, StackAbility) and i.id == ref.id),
                    None)

    def _ref_of(self, tid: Any) -> Ref:
        if isinstance(tid, dict):  # {source, ability}: a triggered ability on the stack
            for item in reversed(self.stack):
                if (isinstance(item, StackAbility) and item.source == tid.get("source")
                        and item.name == tid.get("ability")):
                    return Ref(item.id, ABILITY_ZCC)
            raise refuse("illegal_action", f"no ability {tid.get('ability')} of "
                                           f"{tid.get('source')} on the stack")
        return super()._ref_of(tid)

    def _slot_legal(self, ref: Ref, slot: TargetSlot, controller: str,
                    exclude: str | None = None, source: str | None = None) -> bool:
        if slot.kind in ("ability", "activated_ability") or ref.zcc == ABILITY_ZCC:
            ab = self._stack_ability(ref)  # activated ones: put on the stack as "act" items
            return ab is not None and (slot.kind == "ability" or (
                slot.kind == "activated_ability" and ab.id.startswith("act")))
        return super()._slot_legal(ref, slot, controller, exclude, source)


def _counter_ability(r: Effects, eff: CounterAbility | CounterActivatedAbility,
                     ctx: EffectContext) -> None:
    ref = ctx.first()
    assert isinstance(r, CounteredAbilities)
    ab = r._stack_ability(ref) if ref is not None else None
    if ab is None or not r.ability_counterable(ab):
        return
    r.stack.remove(ab)
    r._emit("countered", object=ab.id, source=ab.source, ability=ab.name, by=ctx.source)
    r.ability_countered(ab)


effect(CounterAbility)(_counter_ability)
effect(CounterActivatedAbility)(_counter_ability)  # "Counter target activated ability."
