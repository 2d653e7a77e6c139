"""Blocking restrictions from resolved spells and abilities: "Target creature can't block this
turn" and "Target creature can't be blocked this turn" (509.1a-b: a declaration of blockers
that breaks a restriction is illegal), effects that end in the cleanup step (514.2) and apply
to that object only (a new object after a zone change is not affected, 400.7); a part of
:class:`~conformance.reference.rules.Rules`."""

from __future__ import annotations

from conformance.reference.casting import Casting
from conformance.reference.objects import Obj, Ref


class BlockRestrictions(Casting):
    """Blocking restrictions until end of turn."""

    def _reset(self) -> None:
        super()._reset()
        self.cant_block: set[Ref] = set()
        """Objects that can't block this turn."""
        self.cant_be_blocked: set[Ref] = set()
        """Objects that can't be blocked this turn."""
        self.no_blocks_turn: int | None = None
        """The turn in which "Creatures can't block this turn" applies (to every creature)."""

    def restrictions_apply(self) -> bool:
        """Hook: "can't block this turn" and "can't be blocked this turn" restrict the
        declaration of blockers (509.1a-b)."""
        return True

    def _may_block(self, blocker: Obj, attacker: Obj) -> bool:
        if self.restrictions_apply() and (blocker.ref in self.cant_block
                                          or attacker.ref in self.cant_be_blocked
                                          or self.no_blocks_turn == self.turn):
            return False
        return super()._may_block(blocker, attacker)

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name == "cleanup":  # "this turn" ends (514.2)
            self.cant_block = set()
            self.cant_be_blocked = set()
