"""Monstrosity (701.31 in the shipped rules, 701.37 in later ones): "Monstrosity N" means "If
this permanent isn't monstrous, put N +1/+1 counters on it and it becomes monstrous" (701.31a).
Monstrous is a designation of the permanent, kept until it leaves the battlefield, neither an
ability nor a copiable value (701.31b). "When CARDNAME becomes monstrous, ..." triggers as the
ability resolves, only if the permanent is then on the battlefield and not yet monstrous (it
can't become monstrous otherwise). A part of :class:`~conformance.reference.rules.Rules`."""

from __future__ import annotations

from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.monstrous_text import BECOMES_MONSTROUS, BecomeMonstrous
from conformance.reference.objects import Obj, PendingTrigger, Ref
from conformance.reference.renown import counters_and_designation
from conformance.reference.trigger_events import TriggerEvents

MONSTROSITY_HOOKS: dict[str, str] = {
    "monstrosity_checks_monstrous": "701.31a-b: monstrosity does nothing to a permanent that is "
                                    "already monstrous",
    "monstrous_needs_battlefield": "701.31a-b: only a permanent on the battlefield becomes "
                                   "monstrous (and triggers 'when it becomes monstrous')",
}
"""The hooks of :class:`Monstrosity`."""


class Monstrosity(TriggerEvents):
    """The monstrous designation and monstrosity's effect (a part of the rules)."""

    def _reset(self) -> None:
        super()._reset()
        self.monstrous: set[Ref] = set()
        """The monstrous permanents, as the objects they are (701.31b)."""

    def monstrosity_checks_monstrous(self) -> bool:
        """Hook: "if this permanent isn't monstrous": a monstrous permanent gets no counters and
        doesn't become monstrous again (701.31a-b)."""
        return True

    def monstrous_needs_battlefield(self) -> bool:
        """Hook: a monstrosity ability whose source has left the battlefield does nothing: the
        card is a new object (400.7), which never becomes monstrous, so "when it becomes
        monstrous" doesn't trigger."""
        return True

    def _becomes_monstrous(self, obj: Obj) -> None:
        """``obj`` became monstrous: its "When CARDNAME becomes monstrous" abilities trigger."""
        text = self.abilities(obj)
        for t in text.triggered if text is not None else ():
            if t.event == BECOMES_MONSTROUS:
                self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                             t.effects))


@effect(BecomeMonstrous)
def _monstrosity(r: Effects, eff: BecomeMonstrous, ctx: EffectContext) -> None:
    assert isinstance(r, Monstrosity)
    ob = r.objects.get(ctx.source)
    if ob is not None:
        counters_and_designation(r, ob, eff.n, r.monstrous, r.monstrous_needs_battlefield(),
                                 r.monstrosity_checks_monstrous(), r._becomes_monstrous)
