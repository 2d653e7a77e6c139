"""Suspend (rule 702.62), read from a card's line "Suspend N—{cost}" (``FaceText.suspend``).

"Suspend N—[cost]" is three abilities (702.62a):

* the ``suspend`` action (a special action, 116.2f): if its owner could begin to cast the card
  from their hand (its type's timing, flash), they pay [cost] and exile it face up with N time
  counters on it; no spell is cast, nothing uses the stack, the player keeps priority;
* ``suspend_upkeep``: at the beginning of its owner's upkeep, if the card is suspended (in exile,
  with suspend and a time counter, 702.62b), remove a time counter from it;
* ``suspend_cast``: when the last time counter is removed from it — whatever removed it — if it
  is still exiled, its owner casts it without paying its mana cost if able (as the trigger
  resolves: targets are chosen then, a ``targets`` choice naming the card as ``source``; X is 0);
  if they can't (no legal target), it stays exiled. A creature spell cast this way gains haste.

Also rule 118.6: a card with no mana cost can't be cast by paying it (only for an alternative
cost, or without paying its mana cost, as suspend does).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from conformance.errors import EngineReportedError
from conformance.reference.actions import action
from conformance.reference.cards import Face
from conformance.reference.costs import SpellCost
from conformance.reference.countered_abilities import CounteredAbilities
from conformance.reference.effect_blocks import Effect
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.mana import ManaSymbolError, cost_symbols
from conformance.reference.objects import Answer, Choice, Flow, Obj, PendingTrigger, Ref, refuse
from conformance.reference.suspend_text import ExileSelfWithTimeCounters

if TYPE_CHECKING:
    from conformance.reference.rules import Rules


@dataclass(frozen=True, slots=True)
class SuspendRemoveCounter(Effect):
    """Suspend's upkeep trigger (702.62a): remove a time counter from the card (``zcc``: the
    card as it was exiled) if it is still suspended."""

    zcc: int


@dataclass(frozen=True, slots=True)
class SuspendCast(Effect):
    """Suspend's last-counter trigger (702.62a): cast the card (``zcc``) without paying its mana
    cost if able, if it is still exiled."""

    zcc: int


def suspend_of(obj: Obj) -> tuple[int, str] | None:
    """(N, cost) of the card's "Suspend N—{cost}", or None (one-face cards only)."""
    card = obj.card
    if card is None or len(card.faces) != 1:
        return None
    return card.faces[0].text.suspend


class Suspend(CounteredAbilities):
    """Suspend: the special action and its two triggered abilities."""

    def _reset(self) -> None:
        super()._reset()
        self.suspend_casting: Ref | None = None
        """The exiled card its suspend trigger is casting right now."""
        self.suspend_spells: set[Ref] = set()
        """The spells (on the stack) cast by their suspend trigger."""
        self.suspend_removing = False
        """True while suspend's own upkeep trigger removes a time counter."""
        self.suspend_targets: dict[str, list[str]] = {}
        """Targets fixed as a card was exiled (only :meth:`suspend_targets_at_exile`)."""

    # --- hooks ----------------------------------------------------------------------------

    def suspend_permitted(self, face: Face, player: str) -> bool:
        """Hook: a card is suspended only when its owner could begin to cast it from their hand
        (116.2f, 702.62a, 702.62c): its type's timing, or flash."""
        return self.timing_permits(face, player, "hand")

    def suspend_is_cast(self) -> bool:
        """Hook: exiling a card with suspend is a special action, not casting it (116.2f)."""
        return False

    def last_counter_triggers(self, by_suspend: bool) -> bool:
        """Hook: the cast trigger triggers when the last time counter is removed, whatever
        removed it (``by_suspend``: suspend's own upkeep trigger did) (702.62a)."""
        return True

    def suspend_casts(self) -> bool:
        """Hook: the cast trigger casts the card as it resolves, if able (702.62a)."""
        return True

    def suspend_cast_cost(self, face: Face) -> str | None:
        """Hook: the mana a card cast by its suspend trigger costs: none, it is cast without
        paying its mana cost (702.62a, 702.62d)."""
        return None

    def suspend_grants_haste(self) -> bool:
        """Hook: a creature spell cast by its suspend trigger gains haste (702.62a)."""
        return True

    def suspend_cast_ignores_timing(self) -> bool:
        """Hook: the cast trigger casts the card whatever its type's timing (608.2g, the
        suspend rulings: "Timing permissions based on the card's type are ignored")."""
        return True

    def no_mana_cost_castable(self) -> bool:
        """Hook: a card with no mana cost can't be cast by paying it (118.6)."""
        return False

    def suspend_unable(self, ob: Obj) -> None:
        """Hook: a card its suspend trigger can't cast stays exiled (the suspend rulings)."""

    def suspend_exiles_face_down(self) -> bool:
        """Hook: a card exiled with suspend is exiled face up (702.62a; the suspend rulings)."""
        return False

    def suspend_targets_at_exile(self) -> bool:
        """Hook: a suspended spell's targets are chosen as it is cast, not as it is exiled
        (601.2c, the suspend rulings)."""
        return False

    # --- the special action ---------------------------------------------------------------

    def suspend(self, a: dict[str, Any]) -> Flow:
        """Suspend a card (116.2f, 702.62a): pay its suspend cost and exile it from its
        owner's hand face up with N time counters; the player keeps priority."""
        player = a.get("player")
        obj = self._get(a.get("object"))
        self._require_priority(player)
        assert isinstance(player, str)
        found = suspend_of(obj)
        if found is None or obj.owner != player or obj.zone != "hand":
            raise refuse("illegal_action", f"{obj.id} is not a card with suspend in "
                                           f"{player}'s hand")
        assert obj.card is not None
        face = obj.card.faces[0]
        if not self.suspend_permitted(face, player):
            raise refuse("illegal_action", f"{face.name} is suspended only when {player} could "
                                           "begin to cast it (rules 116.2f, 702.62a)")
        n, cost = found
        if not self._pay(player, cost, 0):
            raise refuse("illegal_action", f"cannot pay {cost} to suspend {obj.id}")
        if self.suspend_targets_at_exile():
            self.suspend_targets[obj.id] = self._first_targets(face, player, obj.id)
        self._move(obj, "exile")
        obj.face_down = self.suspend_exiles_face_down()
        self._add_counters(obj, "time", n)
        if self.suspend_is_cast():
            self._emit("cast", player=player, object=obj.id, card=obj.card_name, half=None,
                       copy=False)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

    def _first_targets(self, face: Face, player: str, source: str) -> list[str]:
        """The first legal candidate of each target slot (the opponent first, then p1, then
        objects in setup order): targets as if chosen when the card was exiled."""
        out: list[str] = []
        candidates = ["p2", "p1", *self.objects]
        for slot in (s for e in self._spell_text(face, (), None) for s in e.slots):
            for cand in candidates:
                if cand in out:
                    continue
                try:
                    self._choose_targets((slot,), [cand], player, source)
                except EngineReportedError:
                    continue
                out.append(cand)
                break
        return out

    # --- the triggered abilities ----------------------------------------------------------

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name != "upkeep":
            return
        for oid in list(self.zones[(self.active, "exile")]):
            ob = self.objects[oid]
            if self.suspended(ob):  # "if this card is suspended" (603.4)
                self._trigger(PendingTrigger(ob.owner, ob.id, ob.card_name, "suspend_upkeep",
                                             (SuspendRemoveCounter(ob.zcc),)))

    def suspended(self, ob: Obj) -> bool:
        """In exile, with suspend and a time counter on it (702.62b)."""
        return ob.zone == "exile" and suspend_of(ob) is not None \
            and ob.counters.get("time", 0) > 0

    def _remove_counters(self, obj: Obj, counter: str, n: int) -> None:
        before = obj.counters.get(counter, 0)
        super()._remove_counters(obj, counter, n)
        if (counter == "time" and before and not obj.counters.get(counter)
                and obj.zone == "exile" and suspend_of(obj) is not None
                and self.last_counter_triggers(self.suspend_removing)):
            self._trigger(PendingTrigger(obj.owner, obj.id, obj.card_name, "suspend_cast",
                                         (SuspendCast(obj.zcc),)))

    def _suspend_cast(self, ob: Obj) -> Flow:
        """Cast the exiled card without paying its mana cost if able (702.62a): not when a
        target it needs has no legal candidate (it stays exiled)."""
        if not self.suspend_casts():
            return
        assert ob.card is not None
        face = ob.card.faces[0]
        if "Land" in face.types:
            return  # a land is played, not cast; it stays exiled (not modelled further)
        if face.text.additional_costs:
            raise refuse("unsupported", f"{face.name}'s additional costs when cast by suspend")
        if not self.suspend_cast_ignores_timing() and not self.timing_permits(face, ob.owner,
                                                                               "exile"):
            self.suspend_unable(ob)
            return
        slots = tuple(s for e in self._spell_text(face, (), None) for s in e.slots)
        if slots and not self._targets_exist(slots, ob.owner, ob.id):
            self.suspend_unable(ob)  # it can't be cast: it stays exiled (the suspend rulings)
            return
        a: dict[str, Any] = {"player": ob.owner, "object": ob.id}  # X is 0 (107.3b: _cast)
        preset = self.suspend_targets.pop(ob.id, None)
        self.suspend_casting = ob.ref
        try:
            yield from _answering_targets(self._cast(ob.owner, ob, a, resolving=True), preset)
        finally:
            self.suspend_casting = None
        if ob.zone == "stack":
            self.suspend_spells.add(ob.ref)

    def _casting_free(self, obj: Obj) -> bool:
        return self.suspend_casting == obj.ref or super()._casting_free(obj)

    def _spell_cost(self, player: str, obj: Obj, face: Face, costs: Any, x: int) -> SpellCost:
        if self.suspend_casting == obj.ref:  # without paying its mana cost (702.62d)
            try:
                symbols = cost_symbols(self.suspend_cast_cost(face), x)
            except ManaSymbolError as exc:
                raise refuse("unsupported", str(exc)) from exc
            objects = self._cost_objects(player, {}, face.text.additional_costs, obj)
            return SpellCost(symbols, False, 0, None, objects)
        if face.mana_cost is None and not (isinstance(costs, dict) and costs.get("alternative")) \
                and obj.zone == "hand" and not self.no_mana_cost_castable():
            raise refuse("illegal_action", f"{face.name} has no mana cost: it can't be cast by "
                                           "paying it (rule 118.6)")
        return super()._spell_cost(player, obj, face, costs, x)

    def _resolve_spell(self, obj: Obj) -> Flow:
        by_suspend = obj.ref in self.suspend_spells
        self.suspend_spells.discard(obj.ref)
        creature = "Creature" in self.chars(obj).types
        yield from super()._resolve_spell(obj)
        if by_suspend and creature and obj.zone == "battlefield" and self.suspend_grants_haste():
            obj.setup_keywords = (*obj.setup_keywords, "haste")  # until control is lost


def _answering_targets(flow: Flow, preset: list[str] | None) -> Flow:
    """Run ``flow``, answering its ``targets`` choice with ``preset`` when one is given."""
    if preset is None:
        yield from flow
        return
    answer: Answer | None = None
    try:
        choice: Choice = next(flow)
        while True:
            if choice.kind == "targets":
                choice = flow.send({"targets": preset})
            else:
                answer = yield choice
                choice = flow.send(answer)
    except StopIteration:
        return


@action("suspend")
def _suspend_action(rules: Rules, a: dict[str, Any]) -> Flow:
    """Suspend a card (116.2f; protocol 2)."""
    return rules.suspend(a)


def _live(r: Effects, oid: str, zcc: int, zone: str) -> Obj | None:
    ob = r.objects.get(oid)
    return ob if ob is not None and ob.zcc == zcc and ob.zone == zone else None


@effect(SuspendRemoveCounter)
def _remove_time_counter(r: Effects, eff: SuspendRemoveCounter, ctx: EffectContext) -> None:
    ob = _live(r, ctx.source, eff.zcc, "exile")
    assert isinstance(r, Suspend)
    if ob is None or not r.suspended(ob):  # the intervening "if" again (603.4)
        return
    r.suspend_removing = True
    try:
        r._remove_counters(ob, "time", 1)
    finally:
        r.suspend_removing = False


@effect(SuspendCast)
def _cast_suspended(r: Effects, eff: SuspendCast, ctx: EffectContext) -> Generator[
        Choice, Answer, None]:
    ob = _live(r, ctx.source, eff.zcc, "exile")
    if ob is None:  # "if it's exiled"
        return
    assert isinstance(r, Suspend)
    yield from r._suspend_cast(ob)


@effect(ExileSelfWithTimeCounters)
def _exile_self(r: Effects, eff: ExileSelfWithTimeCounters, ctx: EffectContext) -> None:
    """The resolving spell (a card, not a copy) is exiled with N time counters (702.62b: with
    suspend it is suspended); it no longer goes to its owner's graveyard (608.2n)."""
    ob = r.objects.get(ctx.source)
    if ob is None or ob.zone != "stack" or ob.is_copy or ob.card is None:
        return
    r._move(ob, "exile")
    r._add_counters(ob, "time", eff.n)
