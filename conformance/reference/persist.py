"""Persist (702.79a) and undying (702.93a), a part of :class:`~conformance.reference.rules.Rules`:

* persist: "When this permanent is put into a graveyard from the battlefield, if it had no -1/-1
  counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on
  it.";
* undying: the same with +1/+1 counters.

Both are leaves-the-battlefield abilities: they trigger for a permanent put into a graveyard
(not only a creature), and their intervening "if" (603.4) looks back at the permanent as it last
existed on the battlefield (603.10a): its counters then, before 704.5q or the move to the
graveyard took any away. The ability returns the card it became in the graveyard (400.7d) if it
is still there as the ability resolves; a token, gone from the graveyard (704.5d, 111.8), is not
returned. The returned permanent is a new object (400.7): only the one counter the ability gives.

:data:`PERSIST_HOOKS` are the hooks this module adds to :data:`conformance.reference.rules.HOOKS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.reference.common_triggers import DAMAGES_OPPONENT
from conformance.reference.effect_blocks import Effect
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.objects import Obj, PendingTrigger
from conformance.reference.trigger_events import TriggerEvents

RETURNING: dict[str, str] = {"persist": "-1/-1", "undying": "+1/+1"}
"""Keyword -> the kind of counter it looks for and returns the card with (702.79a, 702.93a)."""

PERSIST_HOOKS: dict[str, str] = {
    "persist_counters_seen": "702.79a, 702.93a, 603.10a: persist and undying look back at the "
                             "counters the permanent had on the battlefield",
    "returned_counters": "702.79a, 702.93a, 400.7: the returned permanent is a new object with "
                         "only the counter the ability gives",
    "persisted_card_found": "702.79a, 400.7d: persist and undying return only the card still "
                            "in the graveyard",
    "apnap_order": "603.3b, 101.4: the active player puts their triggers on the stack first",
}
"""The hooks of :class:`PersistUndying`."""


@dataclass(frozen=True, slots=True)
class ReturnWithCounter(Effect):
    """Return the card the permanent ``card`` became (zone-change count ``zcc``) from its
    owner's graveyard to the battlefield under its owner's control with one ``counter``
    counter on it; ``before``: the counters the permanent had on the battlefield."""

    card: str
    zcc: int
    counter: str
    before: tuple[tuple[str, int], ...] = ()


class PersistUndying(TriggerEvents):
    """Persist and undying (702.79a, 702.93a); and "Whenever CARDNAME deals damage to an
    opponent" (the ability Snake Umbra grants: any damage its source deals to an opponent of
    its controller, 603.2)."""

    def _after_event(self, event: dict[str, Any]) -> None:
        super()._after_event(event)
        if event["type"] != "damage" or event["target"] not in self.players:
            return
        src = self.objects.get(event["source"])
        if src is None or src.zone != "battlefield" or event["target"] == src.controller:
            return
        text = self.abilities(src)
        for t in text.triggered if text is not None else ():
            if t.event == DAMAGES_OPPONENT:
                self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                             t.effects))

    def persist_counters_seen(self, obj: Obj) -> dict[str, int]:
        """Hook: the counters persist and undying see on ``obj`` as it leaves the battlefield:
        those it had as it last existed there (603.10a, last known information)."""
        return dict(obj.counters)

    def returned_counters(self, counter: str, before: dict[str, int]) -> dict[str, int]:
        """Hook: the counters the returned permanent enters with: only the ability's one
        ``counter`` (``before``: the counters the old permanent had; a new object, 400.7)."""
        return {counter: 1}

    def persisted_card_found(self, obj: Obj, zcc: int) -> bool:
        """Hook: whether ``obj`` is the card the permanent became in its owner's graveyard
        (zone-change count ``zcc``), still there: only then is it returned (400.7d)."""
        return obj.zcc == zcc and obj.zone == "graveyard"

    def _dies_triggers(self, obj: Obj, to: str) -> list[PendingTrigger]:
        found = super()._dies_triggers(obj, to)
        if to != "graveyard":
            return found
        seen = self.persist_counters_seen(obj)
        keywords = self.chars(obj).keywords
        for keyword, counter in RETURNING.items():
            if keyword in keywords and not seen.get(counter, 0):  # 603.4, 603.10a
                found.append(PendingTrigger(
                    obj.controller, obj.id, obj.card_name, keyword,
                    (ReturnWithCounter(obj.id, obj.zcc + 1, counter,
                                       tuple(sorted(obj.counters.items()))),)))
        return found


@effect(ReturnWithCounter)
def _return_with_counter(r: Effects, eff: ReturnWithCounter, ctx: EffectContext) -> None:
    """The card returns if it is still the object it became in the graveyard (400.7d) and may
    come back (a token can't, 111.8); it enters with its counters (614.1c)."""
    assert isinstance(r, PersistUndying)
    obj = r.objects.get(eff.card)
    if obj is None or not r.persisted_card_found(obj, eff.zcc) \
            or not r.left_token_may_return(obj):
        return
    r._move(obj, "battlefield", controller=obj.owner)
    for counter, n in r.returned_counters(eff.counter, dict(eff.before)).items():
        r._add_counters(obj, counter, n)
