"""Unearth (702.84a), read by :mod:`conformance.reference.unearth_text`: "[Cost]: Return this
card from your graveyard to the battlefield. It gains haste. Exile it at the beginning of the next
end step. If it would leave the battlefield, exile it instead of putting it anywhere else.
Activate only as a sorcery."

* The ability is activated from its owner's graveyard (the card's owner, at sorcery speed); it
  is put on the stack (an ``act`` item named ``activated_<index>``, like every activated
  ability) and the card stays in the graveyard: activating it is not casting the card.
* As it resolves, the card returns only if it is still the card that was in the graveyard (400.7:
  a card exiled meanwhile is a new object, and the ability does nothing).
* The returned permanent has haste; a delayed triggered ability named ``unearth`` (its source the
  permanent) exiles it at the beginning of the next end step (603.7), and while it is on the
  battlefield a replacement effect (614.1) exiles it instead of putting it into any other zone.
  Neither is an ability of the permanent: it keeps both if it loses all its abilities. The delayed
  trigger uses the stack and can be countered (Stifle); the replacement still applies then.
"""

from __future__ import annotations

from typing import Any

from conformance.reference.abilities import Activated
from conformance.reference.casting import Casting
from conformance.reference.costs import ABILITY_COST_KEYS
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.mana import cost_symbols
from conformance.reference.objects import Flow, Obj, PendingTrigger, Ref, StackAbility, refuse
from conformance.reference.unearth_text import UnearthExile, UnearthReturn, is_unearth

UNEARTH_HOOKS: dict[str, str] = {
    "unearth_is_cast": "702.84a: activating unearth is not casting the card",
    "unearth_finds": "702.84a, 400.7: unearth returns only the card still in the graveyard",
    "unearth_replaces": "702.84a, 614.1: an unearthed permanent is exiled instead of leaving "
                        "for another zone",
    "unearth_applies": "702.84a: unearth's exile effects are not abilities of the permanent",
    "unearth_exile_uses_stack": "702.84a, 603.7: unearth's end step exile is a delayed "
                                "triggered ability",
}
"""The hooks of :class:`Unearth`."""


class Unearth(Casting):
    """Unearth: the ability from a graveyard, its delayed trigger and its replacement effect."""

    def _reset(self) -> None:
        super()._reset()
        self.unearthed: set[Ref] = set()
        """Each permanent (as an object) returned to the battlefield by unearth."""
        self.unearth_exiles: list[tuple[str, Ref]] = []
        """(controller, permanent) of the unearth delayed triggers waiting for an end step."""

    # --- hooks --------------------------------------------------------------------------------

    def unearth_is_cast(self) -> bool:
        """Hook: activating unearth casts the card (False: it is an activated ability, the card
        stays in the graveyard and no spell is cast, 702.84a)."""
        return False

    def unearth_finds(self, ob: Obj, zcc: int) -> bool:
        """Hook: whether the unearth ability of card ``ob`` (activated while it was the object
        ``zcc`` in the graveyard) returns it: only if it is still that card in the graveyard
        (400.7)."""
        return ob.zone == "graveyard" and ob.zcc == zcc

    def unearth_replaces(self, obj: Obj) -> bool:
        """Hook: an unearthed permanent that would leave the battlefield for a zone other than
        exile is exiled instead (702.84a, 614.1)."""
        return True

    def unearth_applies(self, obj: Obj) -> bool:
        """Hook: whether unearth's exile effects (the delayed trigger and the replacement) apply
        to unearthed ``obj``: always, they are not abilities of the permanent (it keeps them
        when it loses all its abilities)."""
        return True

    def unearth_exile_uses_stack(self) -> bool:
        """Hook: the end step exile is a delayed triggered ability, put on the stack (603.7)
        where it can be countered (False: the permanent is exiled at once)."""
        return True

    # --- the activated ability ---------------------------------------------------------------

    def activate(self, a: dict[str, Any]) -> Flow:
        """With the base activation: an unearth ability is activated from its owner's
        graveyard."""
        oid, idx = a.get("object"), a.get("ability", 0)
        ob = self.objects.get(oid) if isinstance(oid, str) else None
        text = self.abilities(ob) if ob is not None else None
        abilities = text.activated if text is not None else ()
        if not (isinstance(idx, int) and 0 <= idx < len(abilities) and is_unearth(abilities[idx])):
            return super().activate(a)
        assert ob is not None
        return self._activate_unearth(a, ob, idx, abilities[idx])

    def _activate_unearth(self, a: dict[str, Any], ob: Obj, idx: int, ab: Activated) -> Flow:
        player = a.get("player")
        if ob.zone != "graveyard" or ob.owner != player:
            raise refuse("illegal_action", f"{ob.id}'s unearth is activated only from its "
                                           f"owner's graveyard (rule 702.84a)")
        assert isinstance(player, str)
        self._require_priority(player)
        if not self._sorcery_timing(player):
            raise refuse("illegal_action", "unearth only as a sorcery (rule 702.84a)")
        if a.get("targets"):
            raise refuse("illegal_action", "unearth has no targets")
        costs = self._costs_mapping(a.get("costs"), ABILITY_COST_KEYS)
        objects = self._cost_objects(player, costs, ab.extra_costs, None)
        self._pay_planned(player, self._plan_total(player, cost_symbols(ab.cost, 0), objects,
                                                   ab.cost or "the cost"), objects)
        item = StackAbility(self._new_id("act"), ob.id, ob.card_name, player, f"activated_{idx}",
                            (UnearthReturn(ob.zcc),), [])
        self.stack.append(item)
        self._emit("put_on_stack", object=item.id, source=ob.id, ability=item.name)
        if self.unearth_is_cast():
            self._emit("cast", player=player, object=ob.id, card=ob.card_name, copy=False)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

    # --- the delayed trigger and the replacement -------------------------------------------

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True,
              face: int | None = None) -> None:
        if obj.zone == "battlefield" and to not in ("battlefield", "exile") \
                and obj.ref in self.unearthed and self.unearth_applies(obj) \
                and self.unearth_replaces(obj):
            to = "exile"
        super()._move(obj, to, controller=controller, top=top, face=face)

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name != "end":
            return
        due, self.unearth_exiles = self.unearth_exiles, []
        for controller, ref in due:
            ob = self.objects[ref.id]
            if ob.zcc != ref.zcc or ob.zone != "battlefield" or not self.unearth_applies(ob):
                continue
            if self.unearth_exile_uses_stack():
                self._trigger(PendingTrigger(controller, ob.id, ob.card_name, "unearth",
                                             (UnearthExile(ref.zcc),)))
            else:
                self._move(ob, "exile")


@effect(UnearthReturn)
def _unearth_return(r: Effects, eff: UnearthReturn, ctx: EffectContext) -> None:
    """Return the card to the battlefield with haste; its exile effects start to apply."""
    ob = r.objects.get(ctx.source)
    assert isinstance(r, Unearth)
    if ob is None or not r.unearth_finds(ob, eff.zcc):
        return  # removed from the graveyard meanwhile: the ability does nothing
    r._move(ob, "battlefield", controller=ctx.controller)
    ob.setup_keywords = (*ob.setup_keywords, "haste")  # "It gains haste."
    r.unearthed.add(ob.ref)
    r.unearth_exiles.append((ctx.controller, ob.ref))


@effect(UnearthExile)
def _unearth_exile(r: Effects, eff: UnearthExile, ctx: EffectContext) -> None:
    ob = r.objects.get(ctx.source)
    if ob is not None and ob.zcc == eff.zcc and ob.zone == "battlefield":
        r._move(ob, "exile")
