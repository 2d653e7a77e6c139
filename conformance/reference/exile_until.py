"""The return of what "Exile target <kind> until CARDNAME leaves the battlefield" exiled
(:mod:`conformance.reference.exile_until_text`): as soon as the source leaves the battlefield,
each card it exiled that is still in exile returns to the battlefield under its owner's control
(610.3a: not a triggered ability); a token can't return (111.8, hook
``left_token_may_return``)."""

from __future__ import annotations

from conformance.reference.casting import Casting
from conformance.reference.objects import Obj, Ref


class ExileUntil(Casting):
    """Links from a source to what it exiled until it leaves the battlefield."""

    def _reset(self) -> None:
        super()._reset()
        self.exiled_until: list[tuple[Ref, Ref]] = []
        """(source, exiled object), each as the object it was (400.7)."""

    def exile_until_leaves(self, source: Obj, target: Obj) -> None:
        """Exile ``target`` until ``source`` (on the battlefield) leaves the battlefield."""
        self._move(target, "exile")
        self.exiled_until.append((source.ref, target.ref))

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True,
              face: int | None = None) -> None:
        before, frm = obj.ref, obj.zone
        super()._move(obj, to, controller=controller, top=top, face=face)
        if frm != "battlefield" or not self.exiled_until:
            return
        back = [ex for src, ex in self.exiled_until if src == before]
        self.exiled_until = [(s, e) for s, e in self.exiled_until if s != before]
        for ref in back:
            card = self.objects.get(ref.id)
            if card is not None and card.ref == ref and card.zone == "exile" \
                    and self.left_token_may_return(card):
                self._move(card, "battlefield", controller=card.owner)
