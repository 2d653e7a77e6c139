"""The rules of the triggered abilities of :mod:`conformance.reference.common_triggers`:
attack triggers (508.1m, 508.3a), block triggers (509.1i, 509.3a-c) and "at the beginning of your upkeep / end step" (503.1a,
513.1a); a part of :class:`~conformance.reference.rules.Rules`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.reference.casting import Casting
from conformance.reference.common_abilities import ReturnSelfToHand
from conformance.reference.common_triggers import (
    ANOTHER_CREATURE_ENTERS,
    ATTACKS,
    ATTACKS_OR_BLOCKS,
    ATTACKS_UNBLOCKED,
    BECOMES_BLOCKED,
    BLOCKS,
    BLOCKS_OR_BLOCKED,
    CAST_ANY,
    CREATURE_ENTERS,
    EACH_END_STEP,
    EACH_UPKEEP,
    ENTERS_OR_ATTACKS,
    LEAVES,
    PUT_INTO_GRAVEYARD,
    SELF_OR_ENCHANTED_ATTACKS,
    YOUR_COMBAT,
    YOUR_END_STEP,
    YOUR_UPKEEP,
)
from conformance.reference.flanking import FLANKING, FlankingShrink
from conformance.reference.objects import Obj, PendingTrigger, other


class TriggerEvents(Casting):
    """Attack, block, upkeep and end-step triggers (a part of the rules)."""

    def attack_triggers(self, attacker: Obj) -> bool:
        """Hook: "Whenever CARDNAME attacks" triggers as the creature is declared as an
        attacker (508.1m, 508.3a)."""
        return True

    def step_triggers(self, step: str) -> bool:
        """Hook: "At the beginning of your upkeep / end step" triggers as that step of its
        controller's turn begins (503.1a, 513.1a)."""
        return True

    def unblocked_trigger_declaration(self) -> str:
        """Hook: the declaration ("attackers" | "blockers") as which "Whenever CARDNAME attacks
        and isn't blocked" triggers: blockers, for each attacking creature no creature blocks
        (509.1i)."""
        return "blockers"

    def _detect_attack_triggers(self, attackers: list[Obj]) -> None:
        super()._detect_attack_triggers(attackers)
        if self.unblocked_trigger_declaration() == "attackers":
            for obj in attackers:
                self._triggers_of(obj, (ATTACKS_UNBLOCKED,), 1)
        for obj in attackers:
            if not self.attack_triggers(obj):
                continue
            text = self.abilities(obj)
            for t in text.triggered if text is not None else ():
                if t.event in (ATTACKS, ATTACKS_OR_BLOCKS, ENTERS_OR_ATTACKS,
                               SELF_OR_ENCHANTED_ATTACKS):
                    self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                                 t.effects))
            for aura in (self.objects[oid] for oid in self.battlefield):
                on = aura.attached_to
                if on is None or on.id != obj.id or on.zcc != obj.zcc:
                    continue
                aura_text = self.abilities(aura)  # "... or enchanted creature attacks"
                for t in aura_text.triggered if aura_text is not None else ():
                    if t.event == SELF_OR_ENCHANTED_ATTACKS:
                        self._trigger(PendingTrigger(aura.controller, aura.id, aura.card_name,
                                                     t.name, t.effects))

    def detect_enters_triggers(self, obj: Obj) -> None:
        """With the base enters triggers: "enters the battlefield or attacks" of ``obj`` itself,
        and each "a creature / another creature enters the battlefield under your control" of
        the permanents its controller controls (603.6a)."""
        super().detect_enters_triggers(obj)
        self._triggers_of(obj, (ENTERS_OR_ATTACKS,), 1)
        if "Creature" not in self.chars(obj).types:
            return
        for src, t in self._triggered_abilities(obj.controller):
            if t.event == CREATURE_ENTERS or (t.event == ANOTHER_CREATURE_ENTERS
                                              and src.id != obj.id):
                self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                             t.effects))

    def _detect_cast_triggers(self, event: dict[str, Any]) -> None:
        """With the base cast triggers: "Whenever you cast a spell" of the caster's permanents
        (601.2i, 603.2), once per spell."""
        super()._detect_cast_triggers(event)
        if self.objects.get(event["object"]) is None:
            return
        for src, t in self._triggered_abilities(event["player"]):
            if t.event == CAST_ANY:
                self._trigger(PendingTrigger(event["player"], src.id, src.card_name, t.name,
                                             t.effects))

    def becomes_blocked_triggers(self, blockers: int) -> int:
        """Hook: how many times "Whenever CARDNAME becomes blocked" triggers for an attacker
        blocked by ``blockers`` creatures: once (509.3c)."""
        return 1

    def _detect_block_triggers(self, blocks: list[tuple[Obj, Obj]]) -> None:
        super()._detect_block_triggers(blocks)
        for blocker, attacker in blocks:  # each blocker (509.3a)
            self._triggers_of(blocker, (BLOCKS, ATTACKS_OR_BLOCKS, BLOCKS_OR_BLOCKED), 1)
            if FLANKING in self.chars(attacker).keywords \
                    and FLANKING not in self.chars(blocker).keywords:  # 702.25a
                self._trigger(PendingTrigger(
                    attacker.controller, attacker.id, attacker.card_name, FLANKING,
                    (FlankingShrink(blocker.id, blocker.zcc),)))
        attackers = list(dict.fromkeys(attacker.id for _b, attacker in blocks))
        for aid in attackers:  # each attacker that became blocked (509.3c)
            n = sum(1 for _b, attacker in blocks if attacker.id == aid)
            self._triggers_of(self.objects[aid], (BECOMES_BLOCKED,),
                              self.becomes_blocked_triggers(n))
            self._triggers_of(self.objects[aid], (BLOCKS_OR_BLOCKED,), 1)
        if self.unblocked_trigger_declaration() == "blockers":
            for oid in list(self.battlefield):  # attacking, no creature declared to block it
                obj = self.objects[oid]
                if obj.attacking is not None and not obj.blocked:
                    self._triggers_of(obj, (ATTACKS_UNBLOCKED,), 1)

    def _triggers_of(self, obj: Obj, events: tuple[str, ...], times: int) -> None:
        text = self.abilities(obj)
        for t in text.triggered if text is not None else ():
            if t.event in events:
                for _ in range(times):
                    self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                                 t.effects))

    def finds_its_new_object(self) -> bool:
        """Hook: a leaves-the-battlefield ability that returns CARDNAME finds the card it
        became in the public zone it went to (400.7d)."""
        return True

    def _dies_triggers(self, obj: Obj, to: str) -> list[PendingTrigger]:
        """With "dies": "When CARDNAME is put into a graveyard from the battlefield" and "When
        CARDNAME leaves the battlefield", looking back at the permanent (603.10a)."""
        found = super()._dies_triggers(obj, to)
        if not self.dies_triggers_look_back():
            return found
        events = (LEAVES, PUT_INTO_GRAVEYARD) if to == "graveyard" else (LEAVES,)
        text = self.abilities(obj)
        new_zcc = obj.zcc + 1 if to != "library" and self.finds_its_new_object() else -1
        for t in text.triggered if text is not None else ():
            if t.event in events:
                effects = tuple(replace(e, zcc=new_zcc) if isinstance(e, ReturnSelfToHand)
                                else e for e in t.effects)
                found.append(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                            effects))
        return found

    def _enter_step(self, name: str, new_turn: bool) -> None:
        super()._enter_step(name, new_turn)
        yours = {"upkeep": YOUR_UPKEEP, "end": YOUR_END_STEP,
                 "beginning_of_combat": YOUR_COMBAT}.get(name)
        each = {"upkeep": EACH_UPKEEP, "end": EACH_END_STEP}.get(name)
        if yours is None or not self.step_triggers(name):
            return
        for player in (self.active, other(self.active)):  # APNAP (603.3b)
            for src, t in self._triggered_abilities(player):
                if t.event == each or (t.event == yours and player == self.active):
                    self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                                 t.effects))
