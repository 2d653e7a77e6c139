"""Rules first needed by Saga chapters' effects (and any card's): fight (701.12), conditions
of an effect checked as it resolves (608.2c), and the last known information of a permanent's
counters (608.2h). :class:`ChapterRules` extends
:class:`~conformance.reference.control_rules.ControlRules` (control, untap, added types);
:class:`~conformance.reference.rules.Rules` extends it. Its hooks are :data:`CHAPTER_HOOKS`
(part of :data:`conformance.reference.rules.HOOKS`); the effects that use them are in
:mod:`conformance.reference.chapter_effects`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.reference.abilities import FaceText
from conformance.reference.abilities_halves_more import ReturnExiledCard
from conformance.reference.cards import Face
from conformance.reference.chapter_abilities import (
    DamageBonusThisTurn,
    Granted,
    IfYouControl,
    OpponentsSpellsCostMore,
    TurnTrigger,
)
from conformance.reference.control_rules import CONTROL_HOOKS, ControlRules
from conformance.reference.costs import SpellCost
from conformance.reference.effect_blocks import TargetSlot
from conformance.reference.mana import cost_symbols
from conformance.reference.objects import (
    Chars,
    ContinuousEffect,
    Flow,
    Obj,
    PendingTrigger,
    Ref,
    refuse,
)
from conformance.reference.target_kinds import kind_legal

CHAPTER_HOOKS: dict[str, str] = {
    "fight_pairs": "701.12a: in a fight each creature deals damage equal to its power to the other",
    "fight_target_legal": "701.12b, 608.2b: a fight or bite one of whose targets is illegal "
                          "deals no damage",
    "resolution_condition_met": "608.2c: an effect's condition is checked as it resolves",
    "intervening_if_on_trigger": "603.4: an intervening 'if' is checked as the event occurs",
    "turn_trigger_repeats": "603.7b: a delayed trigger lasting 'this turn' triggers each time",
    "attack_requirements_apply": "508.1d: attackers are declared obeying every requirement",
    "reflexive_triggers": "603.12: a reflexive trigger triggers only if the action was done",
    "until_your_next_turn_ends": "611.2a: 'until your next turn' ends as that turn begins",
    **CONTROL_HOOKS,
}
"""The hooks of :class:`ChapterRules`: name -> the rule it decides."""


class ChapterRules(ControlRules):
    """Fight, resolution-time conditions and last known counters."""

    def _reset(self) -> None:
        super()._reset()
        self.last_counters: dict[str, tuple[int, dict[str, int]]] = {}
        """Object id -> (its zone-change count, its counters) as it last left the battlefield."""
        self.turn_triggers: list[TurnTrigger] = []
        """Delayed triggered abilities lasting "this turn" (603.7a-b)."""
        self.damage_bonuses: list[tuple[str, int, DamageBonusThisTurn]] = []
        """(controller, turn, effect): "... deals that much damage plus N instead" (614.1a)."""
        self.attack_requirements: list[tuple[str, int]] = []
        """(controller, turn): "until your next turn, creatures your opponents control attack
        each combat if able"."""
        self.next_turn_effects: list[tuple[str, int, ContinuousEffect | Granted]] = []
        """(controller, turn, effect): effects lasting "until your next turn"."""
        self.granted: list[Granted] = []
        """Activated abilities granted to permanents (layer 6)."""
        self.kept_mana: list[list[Any]] = []
        """[player, turn, color, n]: mana that stays in the pool as steps end this turn."""
        self.cost_increases: list[tuple[str, int, OpponentsSpellsCostMore]] = []
        """(controller, turn, effect): "spells your opponents cast cost {N} more until your next
        turn"."""
        self.attacks_seen: int | None = None
        """The turn whose declared attackers have been looked at by :attr:`turn_triggers`."""

    def _damage(self, source: str, target: Ref, amount: int, combat: bool = False) -> None:
        """Damage, increased first by the replacement effects of :attr:`damage_bonuses` that
        apply to its source this turn (614.1a)."""
        if self.redirects and target.zcc is not None:
            target = self._redirected(target)
        src = self.objects.get(source)
        bonus = doubled = 0
        if amount > 0 and src is not None and self.damage_bonuses:
            colors = self.chars(src).colors
            for controller, turn, eff in self.damage_bonuses:
                if turn == self.turn and src.controller == controller and eff.color in colors:
                    bonus += eff.bonus
        if amount > 0 and src is not None and self.damage_doubled:
            doubled = sum(1 for controller, turn in self.damage_doubled
                          if turn == self.turn and src.controller == controller)
        if bonus and doubled:  # the affected player or controller orders them (616.1)
            raise refuse("unsupported", "damage both increased and doubled: their order is a "
                                        "choice (616.1) not modelled")
        amount = (amount + bonus) * 2 ** doubled
        if amount > 0 and self.damage_shields and self.damage_unpreventable != self.turn:
            amount = self._shield(source, target, amount, combat, bool(bonus or doubled))
        super()._damage(source, target, amount, combat)

    def _redirected(self, target: Ref) -> Ref:
        """Damage to a creature its controller controls is dealt to the creature chosen for a
        redirection of theirs instead, while that one is on the battlefield (614.1a); two
        redirections or a prevention shield with it: their order is a choice (616.1),
        refused."""
        self.redirects = [r for r in self.redirects
                          if not self.until_your_next_turn_ends(r[0], r[1])]
        hit = self.objects.get(target.id)
        if hit is None or hit.zone != "battlefield" or "Creature" not in self.chars(hit).types:
            return target
        to = [r[2] for r in self.redirects if r[0] == hit.controller and r[2] != target
              and (ob := self.objects.get(r[2].id)) is not None and ob.zcc == r[2].zcc
              and ob.zone == "battlefield"]
        if not to:
            return target
        if len(to) > 1 or any(s[1] == target and s[0] == self.turn for s in self.damage_shields):
            raise refuse("unsupported", "a redirection with another replacement effect: their "
                                        "order is a choice (616.1)")
        return to[0]

    def _shield(self, source: str, target: Ref, amount: int, combat: bool, replaced: bool
                ) -> int:
        """The damage left once the prevention shields of ``target`` this turn are used up
        (615.7); when another replacement or prevention effect applies too, their order is the
        affected player's choice (616.1), not modelled: refused."""
        self.damage_shields = [s for s in self.damage_shields if s[0] == self.turn and s[2]]
        mine = [s for s in self.damage_shields if s[1] == target]
        if not mine:
            return amount
        if replaced or (combat and self.combat_damage_prevented == self.turn) or (
                target.zcc is not None and self.damage_prevented_by_protection(target, source)):
            raise refuse("unsupported", "a prevention shield with another replacement or "
                                        "prevention effect: their order is a choice (616.1)")
        for shield in mine:
            cut = min(shield[2], amount)
            shield[2] -= cut
            amount -= cut
        return amount

    def _spell_cost(self, player: str, obj: Obj, face: Face, costs: Any, x: int) -> SpellCost:
        """The total cost with the cost increases of :attr:`cost_increases` added (601.2f)."""
        cost = super()._spell_cost(player, obj, face, costs, x)
        live = [(c, t, e) for c, t, e in self.cost_increases
                if not self.until_your_next_turn_ends(c, t)]
        self.cost_increases = live
        for controller, _turn, eff in live:
            if controller != player and not (eff.noncreature and "Creature" in face.types):
                cost = replace(cost, mana=cost.mana + cost_symbols(f"{{{eff.generic}}}", 0))
        return cost

    def _choose_targets(self, slots: tuple[TargetSlot, ...], ids: list[Any], controller: str,
                        exclude: str | None, source: str | None = None) -> list[list[Ref]]:
        """Targets, and the targets of one "target ... that share a card type" slot sharing
        one (601.2c)."""
        out = super()._choose_targets(slots, ids, controller, exclude, source)
        for slot, refs in zip(slots, out, strict=True):
            if "share_type" in slot.kind.split(":") and len(refs) > 1:
                shared = set.intersection(*(set(self.chars(self.objects[r.id]).types)
                                            for r in refs))
                if not shared:
                    raise refuse("illegal_action", "the targets share no card type")
        return out

    def reflexive_triggers(self, done: bool) -> bool:
        """Hook: a reflexive triggered ability ("When you do, ...") triggers only if the action
        it refers to was performed (603.12)."""
        return done

    def until_your_next_turn(self, controller: str, eff: ContinuousEffect | Granted) -> None:
        """Start ``eff``, lasting until ``controller``'s next turn begins."""
        if isinstance(eff, Granted):
            self.granted.append(eff)
        else:
            self.effects.append(eff)
        self.next_turn_effects.append((controller, self.turn, eff))

    def chars(self, obj: Obj) -> Chars:
        """Characteristics with the activated abilities granted to ``obj`` (layer 6, in
        timestamp order after its own; an object that lost all its abilities keeps none)."""
        c = super().chars(obj)
        if not self.granted or c.text is None:
            return c
        extra = tuple(g.ability for g in sorted(self.granted, key=lambda g: g.timestamp)
                      if obj.ref in g.affected)
        if not extra:
            return c
        text = c.text if c.text is not None else FaceText()
        return replace(c, text=replace(text, activated=text.activated + extra))

    def until_your_next_turn_ends(self, controller: str, created: int) -> bool:
        """Hook: an effect lasting "until your next turn" ends as its controller's next turn
        begins (611.2a), not at the end of the turn it was created in."""
        return self.active == controller and self.turn > created

    def _leave_step(self) -> None:
        """Mana its player doesn't lose "until end of turn" stays as a step ends (as much of
        it as is left: the player spends the other mana first), until the cleanup step."""
        keep: list[tuple[str, str, int]] = []
        if self.step != "cleanup":
            for entry in self.kept_mana:
                player, turn, color, n = entry
                if turn == self.turn:
                    entry[3] = min(n, self.players[player].pool.current()[color])
                    keep.append((player, color, entry[3]))
        self.kept_mana = [e for e in self.kept_mana if e[1] == self.turn and e[3] > 0
                          and self.step != "cleanup"]
        super()._leave_step()
        if self.mana_empties():
            for player, color, n in keep:
                if n:
                    self.players[player].pool.add(color, n)

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        if name == "end" and self.end_step_returns:  # "at the beginning of the next end step"
            due = [e for e in self.end_step_returns if e[3] != -self.turn]
            self.end_step_returns = [e for e in self.end_step_returns if e not in due]
            for controller, source, source_name, _turn, card, zcc in due:
                self._trigger(PendingTrigger(controller, source, source_name, "delayed_return",
                                             (ReturnExiledCard(card, zcc),)))
        if name == "untap" and self.next_turn_effects:  # a turn begins
            ended = [e for c, t, e in self.next_turn_effects
                     if self.until_your_next_turn_ends(c, t)]
            self.effects = [e for e in self.effects if all(e is not x for x in ended)]
            self.granted = [g for g in self.granted if all(g is not x for x in ended)]
            self.next_turn_effects = [(c, t, e) for c, t, e in self.next_turn_effects
                                      if all(e is not x for x in ended)]

    def attack_requirements_apply(self) -> bool:
        """Hook: the attacking player must declare attackers so that the requirements on
        attacking are obeyed as far as possible (508.1d): a creature that must attack "each
        combat if able" and can attack does."""
        return True

    def declare_attackers(self, a: dict[str, Any]) -> Flow:
        """Refuses (``illegal_action``) a declaration leaving out a creature that an effect
        requires to attack and that is able to (508.1d)."""
        player, chosen = a.get("player"), a.get("attackers")
        live = [(c, t) for c, t in self.attack_requirements
                if not (self.active == c and self.turn > t)]  # until c's next turn (611.2)
        self.attack_requirements = live
        if (isinstance(chosen, dict) and self.attack_requirements_apply()
                and any(c != player for c, _ in live)):
            for oid in self.battlefield:
                ob = self.objects[oid]
                if (ob.controller == player and oid not in chosen
                        and "Creature" in self.chars(ob).types and self.may_attack(ob)):
                    raise refuse("illegal_action", f"{oid} attacks each combat if able "
                                                   "(508.1d)")
        yield from super().declare_attackers(a)

    def turn_trigger_repeats(self) -> bool:
        """Hook: a delayed triggered ability with a stated duration ("whenever ... this turn")
        triggers each time its event occurs during that turn, not only once (603.7b)."""
        return True

    def _fire(self, t: TurnTrigger) -> None:
        if not self.turn_trigger_repeats():
            self.turn_triggers.remove(t)
        self._trigger(PendingTrigger(t.controller, t.source, t.source_name, "delayed",
                                     t.effect.effects))

    def _live_turn_triggers(self, event: str) -> list[TurnTrigger]:
        self.turn_triggers = [t for t in self.turn_triggers if t.turn == self.turn]
        return [t for t in self.turn_triggers if t.effect.event == event]

    def _put_triggers(self) -> Flow:
        """Attackers just declared trigger "whenever a <Subtype> attacks this turn" (once per
        attacking creature, 508.3a)."""
        if (self.turn_triggers and (self.turn, "attackers") in self.declared
                and self.attacks_seen != self.turn):
            self.attacks_seen = self.turn
            attackers = [self.objects[oid] for oid in self.battlefield
                         if self.objects[oid].attacking is not None]
            for t in self._live_turn_triggers("attacks"):
                for ob in attackers:
                    if (t.effect.subtype in self.chars(ob).subtypes
                            and (not t.effect.yours or ob.controller == t.controller)
                            and t in self.turn_triggers):
                        self._fire(t)
        yield from super()._put_triggers()

    def detect_enters_triggers(self, obj: Obj) -> None:
        """With "Whenever a creature enters the battlefield this turn" (603.7b)."""
        super().detect_enters_triggers(obj)
        if self.turn_triggers and "Creature" in self.chars(obj).types:
            for t in self._live_turn_triggers("enters"):
                self._fire(t)

    def _after_event(self, event: dict[str, Any]) -> None:
        super()._after_event(event)
        if event["type"] != "cast" or not self.turn_triggers:
            return
        spell = self.objects.get(event["object"])
        if spell is None:
            return
        for t in self._live_turn_triggers("cast"):
            least = t.effect.min_mana_value
            if (event["player"] == t.controller
                    and (least is None or self.chars(spell).mana_value >= least)):
                self._fire(t)

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True,
              face: int | None = None) -> None:
        if obj.zone == "battlefield":  # last known information (608.2h)
            self.last_counters[obj.id] = (obj.zcc, dict(obj.counters))
        super()._move(obj, to, controller=controller, top=top, face=face)

    def counters_on_source(self, source: str, counter: str, zcc: int | None = None) -> int:
        """The ``counter`` counters on the permanent ``source`` now, or as it last existed on
        the battlefield when it has left it (608.2h)."""
        obj = self.objects.get(source)
        if obj is not None and obj.zone == "battlefield" and (zcc is None or obj.zcc == zcc):
            return obj.counters.get(counter, 0)
        last = self.last_counters.get(source)
        return last[1].get(counter, 0) if last is not None else 0

    def controls_kind(self, player: str, kind: str) -> bool:
        """Whether ``player`` controls a permanent of the ``perm:`` filter ``kind``."""
        return any(self.objects[oid].controller == player
                   and kind_legal(self, kind, self.objects[oid], self.chars(self.objects[oid]),
                                  player)
                   for oid in self.battlefield)

    def _trigger(self, t: PendingTrigger) -> None:
        """A triggered ability (not a chapter: "I — If ..." is an effect's condition) whose
        effect starts "if you control ..." has an intervening "if" clause (603.4): it triggers
        only if the condition holds as the event occurs (and is checked again on resolution)."""
        first = t.effects[0] if t.effects else None
        if (not t.chapter and isinstance(first, IfYouControl) and self.intervening_if_on_trigger()
                and self.controls_kind(t.controller, first.kind) == first.none):
            return
        super()._trigger(t)

    def intervening_if_on_trigger(self) -> bool:
        """Hook: a triggered ability with an intervening "if" clause does not trigger when its
        condition is false as the trigger event occurs (603.4)."""
        return True

    def fight_pairs(self, first: Obj, second: Obj) -> list[tuple[Obj, Obj]]:
        """Hook: the damage of a fight, as (source, creature dealt damage) pairs: each creature
        deals damage equal to its power to the other (701.12a)."""
        return [(first, second), (second, first)]

    def fight_target_legal(self, legal: bool) -> bool:
        """Hook: whether a target of a fight or a bite ("deals damage equal to its power to")
        counts as legal: as it is (``legal``); with either target illegal as the spell or
        ability resolves, no creature deals or is dealt damage (701.12b, 608.2b)."""
        return legal

    def resolution_condition_met(self, met: bool) -> bool:
        """Hook: whether an effect's condition ("if you control a creature with power 4 or
        greater, ...") holds, as checked when the effect resolves (608.2c)."""
        return met
