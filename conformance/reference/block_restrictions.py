"""Blocking restrictions from resolved spells and abilities: "Target creature can't block this
turn" and "Target creature can't be blocked this turn" (509.1a-b: a declaration of blockers
that breaks a restriction is illegal), effects that end in the cleanup step (514.2) and apply
to that object only (a new object after a zone change is not affected, 400.7); "Creatures can't
be blocked this turn." (Veiling Oddity: every creature, those that enter later too, 611.2c
applies only to effects that change characteristics); and an attack restriction, "Until your
next turn, creatures can't attack you." (Chronomantic Escape; 508.1c, it ends as that player's
next turn begins, 611.2b); a part of :class:`~conformance.reference.rules.Rules`."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from conformance.reference.casting import Casting
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Answer, Choice, Obj, Ref, other, refuse
from conformance.reference.suspend_text import CreaturesCantAttackYou, CreaturesCantBeBlocked


class BlockRestrictions(Casting):
    """Blocking restrictions until end of turn."""

    def _reset(self) -> None:
        super()._reset()
        self.cant_block: set[Ref] = set()
        """Objects that can't block this turn."""
        self.cant_be_blocked: set[Ref] = set()
        """Objects that can't be blocked this turn."""
        self.all_unblockable = False
        """"Creatures can't be blocked this turn" resolved this turn."""
        self.cant_be_attacked: set[str] = set()
        """Players creatures can't attack until their next turn."""
        self.no_blocks_turn: int | None = None
        """The turn in which "Creatures can't block this turn" applies (to every creature)."""

    def restrictions_apply(self) -> bool:
        """Hook: "can't block this turn" and "can't be blocked this turn" restrict the
        declaration of blockers (509.1a-b)."""
        return True

    def _may_block(self, blocker: Obj, attacker: Obj) -> bool:
        if self.restrictions_apply() and (blocker.ref in self.cant_block
                                          or attacker.ref in self.cant_be_blocked
                                          or self.all_unblockable
                                          or self.no_blocks_turn == self.turn):
            return False
        return super()._may_block(blocker, attacker)

    def declare_attackers(self, a: dict[str, Any]) -> Generator[Choice, Answer, None]:
        """With the base declaration: no creature attacks a player creatures can't attack
        (508.1c)."""
        chosen = a.get("attackers")
        if self.restrictions_apply() and isinstance(chosen, dict):
            for oid, target in chosen.items():
                if target in self.cant_be_attacked:
                    raise refuse("illegal_action", f"{oid} cannot attack {target}: creatures "
                                                   f"can't attack {target} (rule 508.1c)")
        yield from super().declare_attackers(a)

    def _enter_step(self, name: str, new_turn: bool) -> None:
        if new_turn:  # "until your next turn" ends as that turn begins (611.2b)
            self.cant_be_attacked.discard(other(self.active))
        super()._enter_step(name, new_turn)
        if name == "cleanup":  # "this turn" ends (514.2)
            self.cant_block = set()
            self.cant_be_blocked = set()
            self.all_unblockable = False


@effect(CreaturesCantBeBlocked)
def _creatures_cant_be_blocked(r: Effects, eff: CreaturesCantBeBlocked,
                               ctx: EffectContext) -> None:
    assert isinstance(r, BlockRestrictions)
    r.all_unblockable = True


@effect(CreaturesCantAttackYou)
def _creatures_cant_attack_you(r: Effects, eff: CreaturesCantAttackYou,
                               ctx: EffectContext) -> None:
    assert isinstance(r, BlockRestrictions)
    r.cant_be_attacked.add(ctx.controller)
