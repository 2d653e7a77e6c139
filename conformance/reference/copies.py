"""Copies of spells (rule 707.10): created on the stack, not cast, with the original's choices
(X, modes, division, targets), controlled by who copies them; new targets may be chosen."""

from __future__ import annotations

from conformance.reference.fuse import half_fields
from conformance.reference.objects import (
    Choice,
    Flow,
    Obj,
    SpellSnapshot,
    SpellState,
    refuse,
)
from conformance.reference.triggers import TriggeredAbilities


class Copies(TriggeredAbilities):
    """Copying spells."""

    def copy_x(self, info: SpellSnapshot) -> int | None:
        """Hook: a copy has the original's value of X (rule 707.10)."""
        return info.x

    def copy_modes(self, info: SpellSnapshot) -> tuple[int, ...]:
        """Hook: a copy has the original's modes (rule 707.10)."""
        return info.modes

    def copy_division(self, info: SpellSnapshot) -> tuple[int, ...] | None:
        """Hook: a copy divides damage as the original did (rule 707.10)."""
        return info.division

    def copy_controller(self, info: SpellSnapshot, copier: str) -> str:
        """Hook: the player who copies a spell controls the copy (rule 707.10)."""
        return copier

    def copy_is_cast(self) -> bool:
        """Hook: a copy is created on the stack, not cast (rule 707.10)."""
        return False

    def place_copy(self, copy: Obj, original_id: str) -> None:
        """Hook: a copy is put onto the stack on top (it resolves first)."""
        self.stack.append(copy)

    def after_copy_targets(self, copy: Obj, changed: bool) -> None:
        """Hook: choosing new targets for a copy is not casting it: no crime (ruling)."""

    def copy_kicked(self, info: SpellSnapshot) -> int:
        """Hook: a copy of a kicked spell is kicked alike (707.10: it copies the choices made
        when casting it, the kicker cost paid among them)."""
        return info.kicked

    def copyable(self, info: SpellSnapshot) -> bool:
        """Hook: any spell can be copied, with targets or without (707.10)."""
        return True

    def _copy_spell(self, info: SpellSnapshot, copier: str, source: str,
                    may_choose_new_targets: bool) -> Flow:
        if not self.copyable(info):
            return
        controller = self.copy_controller(info, copier)
        copy = Obj(id=self._new_id("copy"), owner=controller, controller=controller,
                   zone="stack", card=info.card, is_copy=True, timestamp=next(self._clock))
        modes = self.copy_modes(info)
        effects = self._spell_text(info.face, modes, info.alternative)
        slots = tuple(s for e in effects for s in e.slots)
        targets = [list(t) for t in info.targets]
        if len(targets) != len(slots):  # the modes changed under a broken rule: no targets
            targets = [[] for _ in slots]
        copy.spell = SpellState(face=info.face, targets=targets, x=self.copy_x(info),
                                modes=modes, division=self.copy_division(info),
                                kicked=self.copy_kicked(info), alternative=info.alternative)
        self.objects[copy.id] = copy
        self._emit("copy_created", object=copy.id, of=info.obj_id, card=info.card.name,
                   controller=controller)
        changed = False
        if may_choose_new_targets and any(targets):
            answer = yield Choice("new_targets", {"copy": copy.id, "of": info.obj_id,
                                                  "targets": [r.id for t in targets for r in t]})
            if "source" in answer and answer["source"] != info.obj_id:
                raise refuse("unused_answer", f"new_targets: the engine waits for the targets "
                                              f"of a copy of {info.obj_id}, not of "
                                              f"{answer['source']}")
            new = answer.get("targets")
            if new is not None:
                flat = [r for t in targets for r in t]
                if not isinstance(new, list) or len(new) != len(flat):
                    raise refuse("illegal_action", f"new targets: give {len(flat)} targets "
                                                   "(the number can't change)")
                refs = [r if r.id == tid else self._ref_of(tid)
                        for r, tid in zip(flat, new, strict=True)]
                grouped, pos = [], 0
                for t in targets:
                    grouped.append(refs[pos:pos + len(t)])
                    pos += len(t)
                self._check_targets(slots, grouped, controller, copy.id, targets)
                changed = grouped != targets
                copy.spell.targets = grouped
        self.place_copy(copy, info.obj_id)
        self._emit("put_on_stack", object=copy.id, source=source, card=info.card.name)
        if self.copy_is_cast():
            self._emit("cast", player=controller, object=copy.id, card=info.card.name,
                       copy=True, **half_fields(info.card, info.face))
            self.commit_crimes(controller, copy.spell.targets, copy.id)
        self.after_copy_targets(copy, changed)
