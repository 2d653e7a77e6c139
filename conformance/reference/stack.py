"""Priority and the stack (rules 117, 405, 608): who may act, passing priority, resolving the top
object (a spell or ability whose targets are all illegal does not resolve, 608.2b; a permanent spell
enters the battlefield, 608.3)."""

from __future__ import annotations

from typing import Any

from conformance.reference.objects import (
    NO_PRIORITY_STEPS,
    PERMANENT_TYPES,
    PLAYERS,
    Flow,
    Obj,
    StackAbility,
    other,
    refuse,
)
from conformance.reference.turn import TurnStructure


class PriorityAndStack(TurnStructure):
    """Priority and resolving."""

    def _require_priority(self, player: Any) -> None:
        if player not in PLAYERS:
            raise refuse("illegal_action", f"unknown player {player!r}")
        if self.step in NO_PRIORITY_STEPS:
            raise refuse("illegal_action", f"no player gets priority in the {self.step} step")
        if self.priority != player:
            raise refuse("illegal_action", f"{player} does not have priority "
                                           f"({self.priority} has)")

    def pass_priority(self, a: dict[str, Any]) -> Flow:
        """One priority pass (rule 117.3d): two in succession resolve the top object, or end the
        step when the stack is empty (117.4)."""
        player = a.get("player")
        self._require_priority(player)
        assert isinstance(player, str)
        self.passes += 1
        if self.passes < 2:
            self.priority = other(player)
            if self.checks_before_priority():
                yield from self._put_triggers()  # 117.5, before that player receives priority
            return
        if self.stack:
            yield from self._resolve_top()
        else:
            yield from self._advance(None, False)

    def checks_before_priority(self) -> bool:
        """Hook: each time a player would receive priority, state-based actions are performed
        and waiting triggered abilities are put on the stack first (117.5)."""
        return True

    def priority_after_resolution(self) -> str:
        """Hook: after a spell or ability resolves, the active player receives priority
        (117.3b)."""
        return self.active

    def fizzles(self, legal: list[bool]) -> bool:
        """Hook: a spell or ability whose targets (``legal``: one flag per target) are all
        illegal as it tries to resolve doesn't resolve (608.2b); one legal target is enough to
        resolve."""
        return bool(legal) and not any(legal)

    def ability_resolves(self, ab: StackAbility) -> bool:
        """Hook: once on the stack, a triggered ability is independent of what made it trigger
        and resolves even if that spell has been countered (113.7a, 608.2)."""
        return True

    def _resolve_top(self) -> Flow:
        item = self.stack[-1]
        if isinstance(item, StackAbility):
            self.stack.pop()
            if self.ability_resolves(item) and not self._ability_fizzles(item):
                yield from self._run_effects(item.effects, item.targets, item.controller,
                                             item.source, None, item)
                self._emit("resolved", object=item.id, source=item.source, ability=item.name)
        else:
            yield from self._resolve_spell(item)
        self.priority = self.priority_after_resolution()
        self.passes = 0
        yield from self._put_triggers()

    def _ability_fizzles(self, ab: StackAbility) -> bool:
        """Whether an activated or triggered ability with targets, all of them illegal as it
        tries to resolve, doesn't resolve (608.2b: abilities as spells; it just leaves the
        stack, with no `resolved` and no `countered` event)."""
        slots = tuple(s for e in ab.effects for s in e.slots)
        if len(ab.targets) != len(slots):
            return False  # no targets were chosen for its slots (an ability put without them)
        flat = [(slot, r) for slot, refs in zip(slots, ab.targets, strict=True) for r in refs]
        return self.fizzles([self._slot_legal(r, s, ab.controller, None, ab.source)
                             for s, r in flat])

    def counters_if(self, condition: str, player: str) -> int:
        """The counters of "enters the battlefield with a counter on it if <condition>"
        (``condition``: "<name>:<counters>", e.g. "raid:1") for a permanent ``player``
        controls; the rule module of the condition overrides it (none here)."""
        return 0

    def _resolve_spell(self, obj: Obj) -> Flow:
        spell = obj.spell
        assert spell is not None
        effects = self._spell_text(spell.face, spell.modes, spell.alternative)
        slots = tuple(s for e in effects for s in e.slots)
        flat = [(slot, r) for slot, refs in zip(slots, spell.targets, strict=True) for r in refs]
        if self.fizzles([self._slot_legal(r, s, obj.controller, obj.id) for s, r in flat]):
            # it doesn't resolve and is not countered (608.2b): no `resolved`, no `countered`
            self._leave_stack(obj, "graveyard")
            return
        if self.crime_timing == "resolution" and not obj.is_copy:
            self.commit_crimes(obj.controller, spell.targets, obj.id)
        yield from self._run_effects(effects, spell.targets, obj.controller, obj.id, obj, None)
        self._emit("resolved", object=obj.id, card=obj.card_name, copy=obj.is_copy)
        if PERMANENT_TYPES & set(spell.face.types):
            controller = obj.controller
            host = spell.targets[0][0] if spell.face.text.enchant is not None else None
            card = obj.card
            self._move(obj, "battlefield", controller=controller,  # the face cast (712)
                       face=card.faces.index(spell.face) if card and card.is_mdfc else None)
            obj.attached_to = host  # rule 303.4f
            for counter, n in spell.face.text.enters_with:  # 614.1c, X from the spell
                amount = (spell.x if n is None else n if isinstance(n, int)
                          else self.times_kicked(spell) if n == "kicked"  # "for each time"
                          else self.counters_if(n, controller))  # "... if you attacked"
                if amount:
                    self._add_counters(obj, counter, amount)
            if "Saga" in spell.face.subtypes:
                self._add_counters(obj, "lore", 1)  # rule 715.3a
        elif obj.zone == "stack":
            self._leave_stack(obj, "graveyard")
