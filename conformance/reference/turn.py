"""Turn structure (rules 500-514, 103.7a): steps and phases, the steps that are skipped,
turn-based actions (untap, draw, lore counters, combat damage, cleanup) and advancing."""

from __future__ import annotations

from typing import Any

from conformance.reference.combat import Combat
from conformance.reference.objects import (
    NO_PRIORITY_STEPS,
    STEPS,
    Flow,
    Obj,
    other,
    refuse,
)


class TurnStructure(Combat):
    """Steps, phases and turns."""

    def saga_gets_turn_counter(self, obj: Obj) -> bool:
        """Hook: rule 714.3b as of 2025: only a Saga with one or more chapter abilities."""
        return self.final_chapter(obj) > 0

    def skips_first_draw(self) -> bool:
        """Hook: in a two-player game the starting player skips the draw step of their first
        turn, turn 1 of the game (rule 103.7a)."""
        return self.turn == 1

    def _next_step(self) -> tuple[str, bool]:
        """The step after the current one and whether it starts a new turn (508.8, 510.4)."""
        i = STEPS.index(self.step)
        while True:
            i += 1
            if i == len(STEPS):
                return "untap", True
            name = STEPS[i]
            no_attackers = not any(self.objects[x].attacking for x in self.battlefield)
            if name in ("declare_blockers", "first_strike_damage", "combat_damage") \
                    and no_attackers:
                continue
            if name == "first_strike_damage" and not self.fs_step:
                continue
            if name == "draw" and self.skips_first_draw():
                continue
            return name, False

    def mana_empties(self) -> bool:
        """Hook (500.4): unused mana empties from each player's pool at the end of each step
        and phase."""
        return True

    def _leave_step(self) -> None:
        if self.mana_empties():
            for pl in self.players.values():
                pl.pool.empty()  # rule 500.4
        if self.step == "declare_blockers":
            self.fs_step = self.first_strike_step_happens()
        if self.step == "end_of_combat":
            for oid in self.battlefield:
                ob = self.objects[oid]
                ob.attacking = ob.blocking = None
                ob.blocked = False
            self.fs_step = False
            self.fs_began = set()
            self.damage_orders = {}

    def _enter_step(self, name: str, new_turn: bool) -> None:
        if new_turn:
            self.turn += 1
            self.active = other(self.active)
        self.step = name
        self._emit("step", name=name, turn=self.turn)
        if name == "untap":
            for oid in self.battlefield:
                ob = self.objects[oid]
                if ob.controller == self.active:
                    ob.tapped = False
                    ob.summoning_sick = False
        elif name == "draw":
            self._draw(self.active)
        elif name == "precombat_main":
            for oid in list(self.battlefield):
                ob = self.objects[oid]
                if (ob.controller == self.active and "Saga" in self.chars(ob).subtypes
                        and self.saga_gets_turn_counter(ob)):
                    self._add_counters(ob, "lore", 1)
        elif name == "cleanup":
            for oid in self.battlefield:
                self.objects[oid].damage = 0
                self.objects[oid].regeneration = 0  # shields last until end of turn (701.15)
            self.effects = [e for e in self.effects if not e.until_end_of_turn]
            self.delayed = [d for d in self.delayed if d.turn > self.turn]
            self.requirements = []

    def _advance(self, to: str | None, next_turn: bool) -> Flow:
        """Step forward to ``to`` (or to the next step that gives priority when ``to`` is None),
        running turn-based actions, state-based actions and triggers on the way."""
        start = self.turn
        for _ in range(4 * len(STEPS)):
            self._leave_step()
            name, new_turn = self._next_step()
            if new_turn and to is not None and not next_turn:
                raise refuse("illegal_action", f"no {to} step left in turn {self.turn}")
            self._enter_step(name, new_turn)
            if name in ("first_strike_damage", "combat_damage"):  # may ask how damage is divided
                yield from self._combat_damage(first=name == "first_strike_damage")
            arrived = (name == to and (self.turn > start or not next_turn)) if to else (
                name not in NO_PRIORITY_STEPS)
            if name not in NO_PRIORITY_STEPS or arrived:
                yield from self._put_triggers()
            if arrived:
                self.priority = self.active
                self.passes = 0
                return
            if self.stack:
                raise refuse("illegal_action", f"advance stopped: the stack is not empty in the "
                                               f"{name} step of turn {self.turn}")
        raise refuse("illegal_action", f"step {to} not reached")

    def advance(self, a: dict[str, Any]) -> Flow:
        """The ``advance`` action: go to a step (of the next turn with ``next_turn``), with an empty
        stack."""
        to = a.get("to")
        if to not in STEPS:
            raise refuse("illegal_action", f"unknown step {to!r}")
        if self.stack:
            raise refuse("illegal_action", "advance needs an empty stack")
        yield from self._advance(to, bool(a.get("next_turn", False)))
