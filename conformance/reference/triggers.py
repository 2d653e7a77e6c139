"""Triggered abilities (rule 603): cast, crime, enters and chapter triggers (714.2), delayed
triggers (603.7), "only once each turn", targets chosen as a trigger is put on the stack
(603.3d), and simultaneous triggers put on the stack in APNAP order as their controllers choose
(603.3b), after state-based actions."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import replace
from typing import Any

from conformance.reference import abilities as o
from conformance.reference import effect_blocks as fx
from conformance.reference.objects import (
    ROMAN,
    Answer,
    Chars,
    Choice,
    DelayedTrigger,
    Flow,
    Obj,
    PendingTrigger,
    Ref,
    StackAbility,
    other,
    refuse,
    snapshot_spell,
)
from conformance.reference.state_based_actions import StateBasedActions


class TriggeredAbilities(StateBasedActions):
    """Triggered abilities."""

    def _after_event(self, event: dict[str, Any]) -> None:
        if event["type"] == "cast":
            self._detect_cast_triggers(event)
        elif event["type"] == "crime_committed":
            self._detect_crime_triggers(event)
        elif event["type"] == "damage" and event.get("combat") and event["target"] in self.players:
            self._detect_combat_damage_triggers(event)  # ingest (702.115a)

    def _detect_combat_damage_triggers(self, event: dict[str, Any]) -> None:
        """"Whenever CARDNAME deals combat damage to a player, ..." of the damage's source;
        ingest's exile is bound to the damaged player (702.115a)."""
        from conformance.reference.template_abilities import BOUND_TO_DAMAGED_PLAYER

        src = self.objects.get(event["source"])
        if src is None:
            return
        text = self.abilities(src)
        for t in text.triggered if text is not None else ():
            if t.event == "combat_damage_player":
                effects = tuple(replace(e, player=event["target"]) if isinstance(e, BOUND_TO_DAMAGED_PLAYER)
                                else e for e in t.effects)
                self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                             effects))

    def _dies_triggers(self, obj: Obj, to: str) -> list[PendingTrigger]:
        if to != "graveyard" or "Creature" not in self.chars(obj).types:
            return []  # "dies" means put into a graveyard from the battlefield (700.4)
        if not self.dies_triggers_look_back():
            return []
        text = self.abilities(obj)
        return [PendingTrigger(obj.controller, obj.id, obj.card_name, t.name, t.effects)
                for t in (text.triggered if text is not None else ()) if t.event == "dies"]

    def dies_triggers_look_back(self) -> bool:
        """Hook: leaves-the-battlefield abilities trigger based on the permanent as it was on
        the battlefield ("look back in time", rule 603.10a)."""
        return True

    def _trigger(self, t: PendingTrigger) -> None:
        self.pending.append(t)
        self._emit("triggered", source=t.source, ability=t.name, controller=t.controller)

    def _triggered_abilities(self, player: str) -> Iterator[tuple[Obj, o.Triggered]]:
        """The triggered abilities of ``player``'s permanents, with their sources, in
        battlefield order (the battlefield as it is when the walk starts)."""
        for oid in list(self.battlefield):
            src = self.objects[oid]
            text = self.abilities(src)
            if src.controller != player or text is None:
                continue
            for t in text.triggered:
                yield src, t

    def _detect_cast_triggers(self, event: dict[str, Any]) -> None:
        spell = self.objects.get(event["object"])
        if spell is None:
            return
        player = event["player"]
        is_instant_sorcery = bool({"Instant", "Sorcery"} & set(self.chars(spell).types))
        targeted = [r for refs in (spell.spell.targets if spell.spell else ()) for r in refs]
        for src, t in self._triggered_abilities(player):
            if t.event == "heroic":
                times = self.heroic_triggers(src, targeted)
            else:
                times = int((t.event == "cast_instant_or_sorcery" and is_instant_sorcery) or (
                    t.event.startswith("cast_instant_sorcery_or:") and (
                        is_instant_sorcery
                        or t.event.partition(":")[2] in self.chars(spell).subtypes)) or (
                    t.event == "cast_noncreature" and self.noncreature_spell(self.chars(spell))
                ) or (t.event == "cast_colorless" and not self.chars(spell).colors) or (
                    t.event == "cast_kicked" and spell.spell is not None
                    and spell.spell.kicked > 0))
            for _ in range(times):  # the spell: "copy that spell" (CopyTriggeringSpell)
                self._trigger(PendingTrigger(player, src.id, src.card_name, t.name, t.effects,
                                             spell=snapshot_spell(spell)))
        for d in self.delayed:
            if ((d.controller == player or d.effect.any_player) and d.turn == self.turn
                    and not d.used
                    and is_instant_sorcery and (d.effect.max_mana_value is None or
                                                self.chars(spell).mana_value
                                                <= d.effect.max_mana_value)):
                if not d.effect.whole_turn:  # "until end of turn, whenever" stays
                    self.consume_delayed(d)
                self._trigger(PendingTrigger(  # 603.7d: controlled by who created it
                    d.controller, d.source, d.source_name, "delayed_copy",
                    (fx.CopyTriggeringSpell(d.effect.times, d.effect.may_choose_new_targets,
                                            by_caster=d.effect.any_player),),
                    spell=snapshot_spell(spell)))

    def heroic_triggers(self, src: Obj, targeted: list[Ref]) -> int:
        """Hook: how many times a heroic ability of ``src`` triggers for a spell whose targets
        are ``targeted`` (every target of every slot): once if the spell targets ``src``,
        however many times it does (603.2c: one event, one trigger)."""
        return int(src.ref in targeted)

    def noncreature_spell(self, chars: Chars) -> bool:
        """Hook: a spell is a noncreature spell unless creature is among its types, whatever
        its other types (702.108a, 205.2a: an artifact creature spell is not one)."""
        return "Creature" not in chars.types

    def consume_delayed(self, d: DelayedTrigger) -> None:
        """Hook: "When you next cast ..." triggers only once (rule 603.7c)."""
        d.used = True

    def _detect_crime_triggers(self, event: dict[str, Any]) -> None:
        player = event["player"]
        for src, t in self._triggered_abilities(player):
            if t.event != "crime":
                continue
            if t.once_each_turn and self.once_each_turn_applies():
                if src.once_turns.get(t.name) == self.turn:
                    continue
                src.once_turns[t.name] = self.turn
            self._trigger(PendingTrigger(player, src.id, src.card_name, t.name, t.effects))

    def once_each_turn_applies(self) -> bool:
        """Hook: "This ability triggers only once each turn" is honoured."""
        return True

    def chapters_crossed(self, old: int, new: int, chapter: int) -> bool:
        """Hook: a chapter triggers when lore counters go from below N to N or more (715.2b)."""
        return old < chapter <= new

    def _add_counters(self, obj: Obj, counter: str, n: int) -> None:
        old = obj.counters.get(counter, 0)
        obj.counters[counter] = old + n
        self._emit("counter_added", object=obj.id, counter=counter, n=n)
        if counter != "lore" or obj.zone != "battlefield":
            return
        text = self.abilities(obj)
        if text is None:
            return
        for ch in text.chapters:
            for number in ch.chapters:
                if self.chapters_crossed(old, old + n, number):
                    self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name,
                                                 f"chapter_{ROMAN[number]}", ch.effects,
                                                 chapter=True))

    def _remove_counters(self, obj: Obj, counter: str, n: int) -> None:
        """Remove up to ``n`` counters of a kind from ``obj`` (rule 122)."""
        n = min(n, obj.counters.get(counter, 0))
        if n:
            obj.counters[counter] -= n
            if not obj.counters[counter]:
                del obj.counters[counter]
            self._emit("counter_removed", object=obj.id, counter=counter, n=n)
        if counter == "lore" and not self.chapters_independent_of_source():
            self.stack = [s for s in self.stack
                          if not (isinstance(s, StackAbility) and s.chapter
                                  and s.source == obj.id)]

    def chapters_independent_of_source(self) -> bool:
        """Hook: a chapter ability on the stack is independent of its Saga: removing lore
        counters does not remove it (rules 113.7a, 714.2)."""
        return True

    def order_triggers(self, mine: list[PendingTrigger], order: Any) -> list[PendingTrigger]:
        """Hook: put simultaneous triggers on the stack in the order their controller chose
        (``order`` lists sources, first = bottom; ``{source, ability}`` tells one source's
        triggers apart)."""
        if not isinstance(order, list) or len(order) != len(mine):
            raise refuse("illegal_action", f"trigger_order needs {len(mine)} entries")
        left = list(mine)
        out = []
        for item in order:
            if isinstance(item, dict):
                src, ability = item.get("source"), item.get("ability")
            else:
                src, ability = item, None
            cands = [t for t in left if t.source == src and ability in (None, t.name)]
            if not cands:
                raise refuse("illegal_action", f"no pending trigger from {item!r}")
            if ability is None and len({t.name for t in cands}) > 1:
                raise refuse("illegal_action", f"{src!r} has several different triggers: "
                                               "name them as {source, ability}")
            left.remove(cands[0])
            out.append(cands[0])
        return out

    def _put_triggers(self) -> Flow:
        """State-based actions, then pending triggers onto the stack, APNAP (rule 603.3b)."""
        while True:
            yield from self._state_based_actions()
            if not self.pending:
                return
            pending, self.pending = self.pending, []
            for player in self.apnap_order():
                triggered = [t for t in pending if t.controller == player]
                mine = triggered
                if len(mine) >= 2:
                    answer = yield Choice("trigger_order", {
                        "player": player,
                        "triggers": [{"source": t.source, "ability": t.name} for t in mine]})
                    mine = self.order_triggers(mine, answer.get("order"))
                chosen: dict[int, list[list[Ref]] | None] = {}
                for t in self.trigger_target_order(triggered, mine):
                    chosen[id(t)] = yield from self._trigger_targets(t)
                for t in mine:
                    targets = chosen[id(t)]
                    if targets is None:
                        continue  # no legal targets: removed from the stack (603.3d)
                    ab = StackAbility(self._new_id("trig"), t.source, t.source_name,
                                      t.controller, t.name, t.effects, targets,
                                      chapter=t.chapter, spell=t.spell)
                    self.put_trigger_on_stack(ab)
                    self._emit("put_on_stack", object=ab.id, source=t.source, ability=t.name)
                    if targets and self.trigger_targets_commit_crimes():
                        self.commit_crimes(t.controller, targets, ab.id)

    def _trigger_targets(self, t: PendingTrigger) -> Generator[Choice, Answer,
                                                                list[list[Ref]] | None]:
        """The targets of a triggered ability as it is put on the stack (603.3d): a ``targets``
        choice naming its ``source`` and ``ability`` (an answer naming another trigger answers
        nothing pending: ``unused_answer``); None when it has no legal targets."""
        slots = tuple(s for e in t.effects for s in e.slots)
        if not slots:
            return []
        if not self._targets_exist(slots, t.controller, t.source):
            return None
        answer = yield Choice("targets", {
            "player": t.controller, "source": t.source, "ability": t.name,
            "slots": [s.kind for s in slots]})
        for key, value in (("source", t.source), ("ability", t.name)):
            if key in answer and answer[key] != value:
                raise refuse("unused_answer", f"targets: the engine waits for the targets of "
                                              f"{t.source}'s {t.name}, not of "
                                              f"{answer.get('source', t.source)}'s "
                                              f"{answer.get('ability', t.name)}")
        picked = answer.get("targets")
        if not isinstance(picked, list):
            raise refuse("illegal_action", "targets: give a list of targets")
        return self._choose_targets(slots, picked, t.controller, None, t.source)

    def trigger_target_order(self, triggered: list[PendingTrigger],
                             ordered: list[PendingTrigger]) -> list[PendingTrigger]:
        """Hook: the targets of simultaneous triggers are chosen as each is put on the stack,
        in the order their controller chose (603.3b, 603.3d); ``triggered`` is the order they
        triggered in."""
        return ordered

    def apnap_order(self) -> tuple[str, str]:
        """Hook: the order in which players put their waiting triggers on the stack: the
        active player first, then the other (APNAP, 603.3b, 101.4)."""
        return self.active, other(self.active)

    def put_trigger_on_stack(self, ab: StackAbility) -> None:
        """Hook: a triggered ability is put on top of the stack, above the spell that made it
        trigger, so it resolves first (rules 603.3, 405.2)."""
        self.stack.append(ab)

    def trigger_targets_commit_crimes(self) -> bool:
        """Hook: a triggered ability you control that targets an opponent or what they control
        or own commits a crime, as a spell or activated ability does (rule 700.13)."""
        return True

    def detect_enters_triggers(self, obj: Obj) -> None:
        """"When CARDNAME enters, ..." triggers as the permanent enters (rule 603.6a); so does
        landfall, "Whenever a land enters the battlefield under your control, ...", of each
        permanent its controller controls when a land enters (:meth:`landfall_triggers`)."""
        text = self.abilities(obj)
        for t in text.triggered if text is not None else ():
            if t.event == "enters":
                self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                             t.effects))
        types = self.chars(obj).types
        if "Land" in types and self.landfall_triggers(obj, self.playing_land):
            for src, t in self._triggered_abilities(obj.controller):
                if t.event == "landfall":
                    self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                                 t.effects))
        if "Enchantment" in types and self.constellation_triggers(types):
            for src, t in self._triggered_abilities(obj.controller):
                if t.event == "constellation":
                    self._trigger(PendingTrigger(src.controller, src.id, src.card_name, t.name,
                                                 t.effects))

    def constellation_triggers(self, types: tuple[str, ...]) -> bool:
        """Hook: constellation triggers for any enchantment entering under your control,
        enchantments with other card types (enchantment creatures) too (603.6a, the
        constellation rulings)."""
        return True

    playing_land = False
    """True while a land is being played (``play_land``): what :meth:`landfall_triggers` is
    told."""

    def landfall_triggers(self, land: Obj, played: bool) -> bool:
        """Hook: landfall triggers whenever a land enters under your control, for any reason:
        ``played``, or put onto the battlefield by a spell or ability (603.6a, the landfall
        rulings)."""
        return True
