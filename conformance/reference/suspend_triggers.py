"""The triggered abilities a suspended card has in exile (702.62b, 113.6), read by
:mod:`conformance.reference.oracle_suspended`: "Whenever an opponent casts a spell, if CARDNAME
is suspended, ..." and "Whenever a card is put into an opponent's graveyard from anywhere, if
CARDNAME is suspended, ...".

A suspended card has no controller: such an ability is controlled by the card's owner (603.3a).
It triggers only while the card is suspended (the intervening "if", 603.4) and does nothing when,
as it resolves, the card is no longer the suspended card that triggered it. A time counter it
removes may be the last one: suspend's cast trigger then triggers ("it doesn't matter why the
last time counter was removed", :mod:`conformance.reference.suspend`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.reference import suspend_spells  # noqa: F401  (the handlers of suspend's spells)
from conformance.reference.abilities import Activated
from conformance.reference.common_effects import ask_may
from conformance.reference.costs import ABILITY_COST_KEYS
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.mana import cost_symbols
from conformance.reference.objects import (
    Choice,
    Flow,
    Obj,
    PendingTrigger,
    StackAbility,
    refuse,
)
from conformance.reference.oracle_suspended import (
    LAST_TIME_COUNTER,
    OPPONENT_CASTS_WHILE_SUSPENDED,
    OPPONENT_GRAVEYARD_WHILE_SUSPENDED,
    UPKEEP_WHILE_SUSPENDED,
    SuspendedSacrificeForCounters,
    SuspendedTimeCounter,
)
from conformance.reference.suspend import Suspend


class SuspendTriggers(Suspend):
    """Suspend, with the triggered abilities that function while a card is suspended."""

    def suspended_abilities_trigger(self) -> bool:
        """Hook: a suspended card's "if CARDNAME is suspended" abilities trigger from exile
        (113.6, 702.62b)."""
        return True

    def _suspended_triggers(self, event: str, player: str, *, opponents: bool = True) -> None:
        """Trigger ``event`` abilities of every suspended card whose owner is an opponent of
        ``player`` (who cast the spell, or whose graveyard the card went to), or of every
        suspended card (``opponents`` false: ``player`` is the player whose upkeep it is)."""
        if not self.suspended_abilities_trigger():
            return
        for (owner, zone), ids in list(self.zones.items()):
            if zone != "exile" or (opponents and owner == player):
                continue
            for oid in list(ids):
                ob = self.objects[oid]
                text = self.abilities(ob)
                if text is None or not self.suspended(ob):  # the intervening "if" (603.4)
                    continue
                for t in text.triggered:
                    if t.event == event:
                        effects = tuple(replace(e, zcc=ob.zcc, player=player)
                                        if isinstance(e, SuspendedTimeCounter
                                                      | SuspendedSacrificeForCounters) else e
                                        for e in t.effects)
                        self._trigger(PendingTrigger(ob.owner, ob.id, ob.card_name, t.name,
                                                     effects))

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name == "upkeep":  # "At the beginning of each player's upkeep" (503.1a)
            self._suspended_triggers(UPKEEP_WHILE_SUSPENDED, self.active, opponents=False)

    def _detect_cast_triggers(self, event: dict[str, Any]) -> None:
        super()._detect_cast_triggers(event)
        self._suspended_triggers(OPPONENT_CASTS_WHILE_SUSPENDED, event["player"])

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True,
              face: int | None = None) -> None:
        frm = obj.zone
        super()._move(obj, to, controller=controller, top=top, face=face)
        if obj.zone == "graveyard" and frm != "graveyard" and obj.token is None \
                and obj.card is not None:  # a card, from anywhere
            self._suspended_triggers(OPPONENT_GRAVEYARD_WHILE_SUSPENDED, obj.owner)


    def _remove_counters(self, obj: Obj, counter: str, n: int) -> None:
        """With the base removal (and suspend's cast trigger): "When the last time counter is
        removed from CARDNAME while it's exiled, ..." triggers, whatever removed it."""
        before = obj.counters.get(counter, 0)
        super()._remove_counters(obj, counter, n)
        if counter != "time" or not before or obj.counters.get(counter) \
                or obj.zone != "exile" or not self.suspended_abilities_trigger():
            return
        text = self.abilities(obj)
        for t in text.triggered if text is not None else ():
            if t.event == LAST_TIME_COUNTER:
                self._trigger(PendingTrigger(obj.owner, obj.id, obj.card_name, t.name,
                                             t.effects))

    def activate(self, a: dict[str, Any]) -> Flow:
        """With the base activation: an ability that says "Activate only if CARDNAME is
        suspended" is activated from exile, by the card's owner, only while it is suspended
        (602.5a, 702.62b)."""
        oid, idx = a.get("object"), a.get("ability", 0)
        ob = self.objects.get(oid) if isinstance(oid, str) else None
        text = self.abilities(ob) if ob is not None else None
        abilities = text.activated if text is not None else ()
        if not (isinstance(idx, int) and 0 <= idx < len(abilities)
                and abilities[idx].while_suspended):
            return super().activate(a)
        assert ob is not None
        player = a.get("player")
        if ob.owner != player or not self.suspended(ob):
            raise refuse("illegal_action", f"{oid}'s ability {idx} is activated only while "
                                           f"{player}'s card is suspended (702.62b)")
        return self._activate_suspended(player, ob, idx, abilities[idx], a)

    def _activate_suspended(self, player: str, ob: Obj, idx: int, ab: Activated,
                            a: dict[str, Any]) -> Flow:
        self._require_priority(player)
        costs = self._costs_mapping(a.get("costs"), ABILITY_COST_KEYS)
        objects = self._cost_objects(player, costs, ab.extra_costs, None)
        symbols = cost_symbols(ab.cost, 0)
        self._pay_planned(player, self._plan_total(player, symbols, objects,
                                                   ab.cost or "the cost"), objects)
        effects = tuple(replace(e, zcc=ob.zcc) if isinstance(e, SuspendedTimeCounter) else e
                        for e in ab.effects)
        item = StackAbility(self._new_id("act"), ob.id, ob.card_name, player,
                            f"activated_{idx}", effects, [])
        self.stack.append(item)
        self._emit("put_on_stack", object=item.id, source=ob.id, ability=item.name)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()


@effect(SuspendedTimeCounter)
def _suspended_time_counter(r: Effects, eff: SuspendedTimeCounter, ctx: EffectContext) -> Flow:
    """Remove or put a time counter on the source, if it is still the suspended card that
    triggered (603.4); "you may" / "that player may": a ``may`` choice of that player."""
    assert isinstance(r, Suspend)
    ob = r.objects.get(ctx.source)
    if ob is None or ob.zcc != eff.zcc or not r.suspended(ob):
        return
    if eff.chooser is not None:
        chooser = ctx.controller if eff.chooser == "you" else eff.player
        assert chooser is not None
        if not (yield from ask_may(r, ctx, chooser)):
            return
    if eff.delta < 0:
        r._remove_counters(ob, "time", -eff.delta)
    else:
        r._add_counters(ob, "time", eff.delta)


@effect(SuspendedSacrificeForCounters)
def _sacrifice_for_counters(r: Effects, eff: SuspendedSacrificeForCounters,
                            ctx: EffectContext) -> Flow:
    """The player may sacrifice a permanent (a ``may`` choice, then a ``cards`` choice of which
    when they control several); if they do, N time counters go on the still suspended card."""
    from conformance.reference.effects_library import _chosen

    assert isinstance(r, Suspend) and eff.player is not None
    ob = r.objects.get(ctx.source)
    if ob is None or ob.zcc != eff.zcc or not r.suspended(ob):
        return
    mine = [oid for oid in r.battlefield if r.objects[oid].controller == eff.player]
    if not mine or not (yield from ask_may(r, ctx, eff.player)):
        return
    chosen = mine
    if len(mine) > 1:
        answer = yield Choice("cards", {"player": eff.player, "purpose": "sacrifice",
                                        "from": "battlefield", "cards": mine, "n": 1})
        chosen = _chosen(answer, mine, "sacrifice (701.17a)", 1, 1)
    r._sacrifice(r.objects[chosen[0]])
    r._add_counters(ob, "time", eff.n)  # "If the player does"
