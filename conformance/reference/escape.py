"""Escape (702.138): what an escaped permanent is, and "[This permanent] escapes with [counters]".

Casting a card with escape from its owner's graveyard for its escape cost is an alternative cost
(702.138a; :mod:`conformance.reference.costs`: ``costs.alternative: escape`` with the ``exile``
of its "Exile N other cards from your graveyard"). This module adds:

* 702.138b: a permanent "escaped" if the spell that became it as it resolved was cast with its
  escape ability (:meth:`EscapeRules.escaped`);
* 702.138c: "CARDNAME escapes with a +1/+1 counter on it" (also "two", "three", ...) means "If
  this permanent escaped, it enters the battlefield with those counters" (a replacement effect,
  614.1c), read by :func:`~conformance.reference.escape_text.escapes_with_line` into ``FaceText.enters_with`` as the condition
  ``escape:N`` (:meth:`~conformance.reference.stack.PriorityAndStack.counters_if`).

Nothing exiles an escaped card when it leaves the stack or the battlefield: escape says nothing
of the kind (unlike flashback, 702.34a), so a resolved escaped instant or sorcery goes to its
owner's graveyard and an escaped permanent that dies is put into its owner's graveyard, from
which it may escape again.
"""

from __future__ import annotations

from typing import Any

from conformance.reference.abilities import CostPart
from conformance.reference.casting import Casting
from conformance.reference.objects import Flow, Obj, Ref

ESCAPE_HOOKS: dict[str, str] = {
    "escaped": "702.138b: a permanent escaped if the spell it was was cast with escape",
    "escaped_leaves_to": "702.138a: an escaped permanent leaves the battlefield as any other",
    "escaping_card_in_graveyard": "601.2a: a card cast with escape is on the stack before its "
                                  "cost is paid",
}
"""The hooks of :class:`EscapeRules`."""


class EscapeRules(Casting):
    """Escaped permanents (702.138b) and "escapes with" counters (702.138c)."""

    def _reset(self) -> None:
        super()._reset()
        self.escaped_permanents: set[Ref] = set()
        """Each permanent (as an object) that was an escaped spell as it resolved."""
        self._resolving_escaped = False

    def escaped(self, obj: Obj) -> bool:
        """Hook: whether permanent ``obj`` escaped: the spell that became it as it resolved was
        cast from a graveyard with its escape ability (702.138b)."""
        return obj.ref in self.escaped_permanents

    def escaping_card_in_graveyard(self) -> bool:
        """Hook: whether a card being cast with escape is still in its owner's graveyard while
        the escape cost's "Exile N other cards from your graveyard" is paid: no, it moved to the
        stack first (601.2a; the escape rulings), so it can't be exiled to pay for itself."""
        return False

    def _cost_objects(self, player: str, costs: dict[str, Any], required: tuple[CostPart, ...],
                      paying_for: Obj | None) -> list[tuple[str, Obj]]:
        if paying_for is not None and paying_for.zone == "graveyard" \
                and any(p.kind == "exile" for p in required) \
                and self.escaping_card_in_graveyard():
            paying_for = None  # it may pay its own escape cost, as if still in the graveyard
        return super()._cost_objects(player, costs, required, paying_for)

    def escaped_leaves_to(self, obj: Obj, to: str) -> str:
        """Hook: the zone an escaped permanent ``obj`` leaving the battlefield for ``to`` goes
        to: ``to`` itself (escape, unlike flashback or unearth, exiles nothing: an escaped
        creature that dies goes to its owner's graveyard, 702.138a)."""
        return to

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True,
              face: int | None = None) -> None:
        if obj.zone == "battlefield" and to != "battlefield" and self.escaped(obj):
            to = self.escaped_leaves_to(obj, to)
        super()._move(obj, to, controller=controller, top=top, face=face)

    def _resolve_spell(self, obj: Obj) -> Flow:
        spell = obj.spell
        escaping = spell is not None and spell.alternative == "escape"
        if escaping:
            self.escaped_permanents.add(Ref(obj.id, obj.zcc + 1))  # the permanent it becomes
        self._resolving_escaped = escaping
        try:
            yield from super()._resolve_spell(obj)
        finally:
            self._resolving_escaped = False

    def counters_if(self, condition: str, player: str) -> int:
        name, _, n = condition.partition(":")
        if name != "escape":
            return super().counters_if(condition, player)
        return int(n) if self._resolving_escaped else 0
