"""The rules of :mod:`conformance.reference.oracle_delayed`: tokens sacrificed or exiled at the
beginning of the next end step (603.7: a delayed triggered ability; its controller is the
controller of the spell or ability that created it, 603.7d); a part of
:class:`~conformance.reference.rules.Rules`."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.reference.casting import Casting
from conformance.reference.effect_blocks import CreateToken, Effect
from conformance.reference.effects import EFFECTS, EffectContext, Effects, effect
from conformance.reference.objects import PendingTrigger, Ref
from conformance.reference.oracle_delayed import TokensUntilEndStep


@dataclass(frozen=True, slots=True)
class AtEndStep(Effect):
    """The delayed trigger's effect: ``action`` (sacrifice | exile) each of ``objects``."""

    objects: tuple[Ref, ...]
    action: str


@dataclass(frozen=True)
class EndStepAction:
    """A delayed trigger waiting for the next end step."""

    controller: str
    source: str
    source_name: str
    objects: tuple[Ref, ...]
    action: str
    turn: int
    """The turn it was created in, and whether during an end step (then it waits for the next
    turn's end step)."""
    in_end_step: bool


class DelayedTriggers(Casting):
    """Delayed "at the beginning of the next end step" triggers of tokens."""

    def _reset(self) -> None:
        super()._reset()
        self.end_step_actions: list[EndStepAction] = []

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name != "end":
            return
        due = [a for a in self.end_step_actions if a.turn < self.turn or not a.in_end_step]
        self.end_step_actions = [a for a in self.end_step_actions if a not in due]
        for a in due:
            self._trigger(PendingTrigger(a.controller, a.source, a.source_name,
                                         f"end_step_{a.action}", (AtEndStep(a.objects,
                                                                            a.action),)))


@effect(TokensUntilEndStep)
def _tokens_until_end_step(r: Effects, eff: TokensUntilEndStep, ctx: EffectContext) -> None:
    before = set(r.battlefield)
    EFFECTS[CreateToken](r, eff.create, ctx)
    made = tuple(r.objects[oid].ref for oid in r.battlefield if oid not in before)
    assert isinstance(r, DelayedTriggers)
    src = r.objects.get(ctx.source)
    r.end_step_actions.append(EndStepAction(
        ctx.controller, ctx.source, src.card_name if src is not None else ctx.source, made,
        eff.action, r.turn, r.step == "end"))


@effect(AtEndStep)
def _at_end_step(r: Effects, eff: AtEndStep, ctx: EffectContext) -> None:
    """Each token still on the battlefield as that object (400.7) is sacrificed or exiled."""
    for ref in eff.objects:
        ob = r.objects.get(ref.id)
        if ob is None or ob.zcc != ref.zcc or ob.zone != "battlefield":
            continue
        if eff.action == "sacrifice":
            r._emit("sacrificed", object=ob.id, card=ob.card_name)
            r._move(ob, "graveyard")
        else:
            r._move(ob, "exile")

