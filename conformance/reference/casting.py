"""Casting spells and activating abilities (rules 601, 602, 605, 702.29, 702.34, 702.127): timing,
halves, modes, X, targets, divided damage and costs, paid by the mana solver
(:mod:`conformance.reference.mana`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.reference import effect_blocks as o
from conformance.reference.abilities import Activated
from conformance.reference.cards import CardDef, Face
from conformance.reference.costs import ABILITY_COST_KEYS, Costs
from conformance.reference.cycling_text import CYCLED
from conformance.reference.fuse import FusedSpells, half_fields
from conformance.reference.mana import ManaSymbolError, cost_symbols
from conformance.reference.objects import (
    MAIN_STEPS,
    Choice,
    Flow,
    Obj,
    PendingTrigger,
    Ref,
    SpellState,
    StackAbility,
    refuse,
)


class Casting(FusedSpells, Costs):
    """Casting and activating."""

    def produces_snow_mana(self, source: Obj) -> bool:
        """Hook: mana a snow permanent's mana ability produces is snow mana, the only mana an
        {S} cost symbol takes (106.3, 107.4h, 205.4g); mana from any other source is not (nor
        the mana a case's setup puts in a pool)."""
        return "Snow" in self.chars(source).supertypes

    def _reset(self) -> None:
        super()._reset()
        self.lands_played: Counter[tuple[int, str]] = Counter()
        """Lands played, by (turn, player)."""

    def land_plays_per_turn(self, player: str) -> int:
        """Hook (305.2): a player may play one land during each of their turns."""
        return 1

    def play_land(self, a: dict[str, Any]) -> Flow:
        """Play a land from a hand (rule 305.1: a special action; it does not use the stack and
        the player keeps priority; 305.2: in a main phase of the player's own turn with an empty
        stack, at most :meth:`land_plays_per_turn` times)."""
        player = a.get("player")
        obj = self._get(a.get("object"))
        self._require_priority(player)
        assert isinstance(player, str)
        if obj.card is None or obj.owner != player or obj.zone != "hand":
            raise refuse("illegal_action", f"{player} cannot play {obj.id} from {obj.zone}")
        face = self._chosen_face(obj.card, a.get("half"), land=True)
        if "Land" not in self.legality_face(obj.card, face).types:
            raise refuse("illegal_action", f"{face.name} is not a land")
        if not self._sorcery_timing(player):
            raise refuse("illegal_action", "a land is played only in its player's main phase "
                                           "with an empty stack")
        if self.lands_played[(self.turn, player)] >= self.land_plays_per_turn(player):
            raise refuse("illegal_action", f"{player} has played their land for this turn")
        self.lands_played[(self.turn, player)] += 1
        self.playing_land = True  # what landfall_triggers is told
        try:
            self._move(obj, "battlefield", controller=player,
                       face=obj.card.faces.index(face) if obj.card.is_mdfc else None)
        finally:
            self.playing_land = False
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

    @staticmethod
    def _chosen_face(card: CardDef, half: Any, *, land: bool) -> Face:
        """The face of ``card`` a player casts (``land`` false) or plays as a land: the named
        face (``half``) of a modal double-faced card (712.11: its player chooses), or, unnamed,
        its only face of that kind (a land face to play, a nonland face to cast); any other
        card's only (first) face, which no ``half`` names."""
        if not card.is_mdfc:
            if half and (land or not card.is_split):
                raise refuse("illegal_action", f"{card.name} has no halves")
            return card.faces[0]
        if half:
            face = card.face_named(half)
            if face is None:
                raise refuse("illegal_action", f"{card.name} has no face {half!r}")
            return face
        kind = [f for f in card.faces if ("Land" in f.types) == land]
        if len(kind) != 1:
            raise refuse("illegal_action", f"{'playing' if land else 'casting'} {card.name} "
                                           f"needs a face ({', '.join(f.name for f in card.faces)})")
        return kind[0]

    def legality_face(self, card: CardDef, face: Face) -> Face:
        """Hook: the face whose characteristics decide whether playing ``face`` of ``card`` is
        legal (its type, its timing): the face played only, the other face ignored (the rulings
        of rule 712 on modal double-faced cards)."""
        return face

    def _sorcery_timing(self, player: str) -> bool:
        return player == self.active and self.step in MAIN_STEPS and not self.stack

    def timing_permits(self, face: Face, player: str, zone: str) -> bool:
        """Hook: an instant (or a spell with flash) may be cast any time its caster has
        priority; any other spell only in its caster's main phase with an empty stack (rules
        304.1, 307.1, 702.8a), from a hand or a graveyard alike (702.34a)."""
        instant_speed = "Instant" in face.types or "flash" in face.text.keywords
        return instant_speed or self._sorcery_timing(player)

    def may_cast_face_from(self, face: Face, zone: str) -> bool:
        """Hook: an aftermath half only from a graveyard, every other half only from a hand
        (rule 702.127a; no other permission to cast from a graveyard exists here)."""
        return zone == ("graveyard" if face.text.aftermath else "hand") or (
            zone == "graveyard" and (face.text.flashback or face.text.escape) is not None)

    def cast(self, a: dict[str, Any]) -> Flow:
        """Cast a spell (rule 601): a card from a hand, an aftermath half or a flashback card from a
        graveyard, with its half, modes, X, targets, division and cost; crimes as it becomes cast."""
        player = a.get("player")
        obj = self._get(a.get("object"))
        self._require_priority(player)
        assert isinstance(player, str)
        if obj.card is None or obj.owner != player or obj.zone not in ("hand", "graveyard",
                                                                       "exile"):
            raise refuse("illegal_action", f"{player} cannot cast {obj.id} from {obj.zone}")
        yield from self._cast(player, obj, a, resolving=False)

    def _cast(self, player: str, obj: Obj, a: dict[str, Any], resolving: bool) -> Flow:
        """Cast ``obj`` (601.2): while an ability ``resolving`` lets its player cast it (a
        madness trigger, 702.35a), ignoring timing and zone permissions (608.2g) and without
        giving priority or putting triggers before that ability has resolved; its targets are
        then a ``targets`` choice naming the card as ``source``."""
        card = obj.card
        assert card is not None
        face: Face | None
        if a.get("fuse"):  # both halves as one fused split spell (702.102a)
            if not card.fuse or a.get("half") or not self.may_fuse_from(obj.zone):
                raise refuse("illegal_action", f"{card.name} cannot be cast fused from the "
                                               f"{obj.zone} (rule 702.102a)")
            face = self.fused_spell_face(card)
        elif card.is_split:
            face = card.face_named(a.get("half") or "")
            if face is None:
                raise refuse("illegal_action", f"casting {card.name} needs a half "
                                               f"({', '.join(f.name for f in card.faces)})")
        else:
            face = self._chosen_face(card, a.get("half"), land=False)
        legal = self.legality_face(card, face)
        if "Land" in legal.types:
            raise refuse("illegal_action", "lands are played, not cast")
        if not resolving and not self.may_cast_face_from(legal, obj.zone):
            raise refuse("illegal_action", f"{face.name} cannot be cast from the {obj.zone}")
        if not resolving and not self.timing_permits(legal, player, obj.zone):
            raise refuse("illegal_action", f"{face.name} can be cast only at sorcery speed")
        modes: tuple[int, ...] = ()
        if isinstance(face.text.spell, o.Modal):
            raw = a.get("modes")
            if raw is None:
                answer = yield Choice("mode", {"object": obj.id})
                raw = answer.get("modes", [answer.get("mode")])
            modal = face.text.spell
            if (not isinstance(raw, list) or len(raw) != modal.choose
                    or any(not isinstance(m, int) or not 0 <= m < len(modal.modes) for m in raw)):
                raise refuse("illegal_action", f"choose {modal.choose} of "
                                               f"{len(modal.modes)} modes")
            modes = tuple(raw)
        elif a.get("modes"):
            raise refuse("illegal_action", f"{face.name} is not modal")
        x: int | None = None
        free = self._casting_free(obj)
        if face.has_x:
            x = a.get("x")
            if x is None and free and self.free_cast_x_is_zero():
                x = 0  # 107.3b: the only legal choice for X
            if x is None:
                answer = yield Choice("x", {"object": obj.id})
                x = answer.get("x")
            if not isinstance(x, int) or x < 0:
                raise refuse("illegal_action", "X must be a whole number")
        costs = a.get("costs")
        effects = self._spell_text(face, modes, costs.get("alternative")
                                   if isinstance(costs, dict) else None)
        slots = tuple(s for e in effects for s in e.slots)
        if resolving and slots:
            answer = yield Choice("targets", {"player": player, "source": obj.id,
                                              "slots": [s.kind for s in slots]})
            if answer.get("source", obj.id) != obj.id:
                raise refuse("unused_answer", f"targets: the engine waits for the targets of "
                                              f"{obj.id}, not of {answer.get('source')}")
            a = {**a, "targets": answer.get("targets")}
        raw = list(a.get("targets") or [])
        if a.get("fuse"):  # given left half first: in the order of the instructions
            raw = self.fused_targets(card, raw)
        targets = self._choose_targets(slots, raw, player, obj.id)
        division = self._check_division(effects, targets, a.get("division"))
        total = self._spell_cost(player, obj, face, a.get("costs"), x or 0)
        total = self.striven(total, face, targets)
        frm = obj.zone
        rest = self._plan_total(player, total.mana, total.objects,
                                f"the cost of {face.name} (X={x})",
                                self.payers_pay_from(face, total.mana, x or 0))
        self._move(obj, "stack", controller=player)  # 601.2a, then the costs are paid (601.2h)
        sacrificed = [self.chars(ob).power for kind, ob in total.objects
                      if kind == "sacrifice" and "Creature" in self.chars(ob).types]
        stats = [(c.power or 0, c.toughness or 0, c.mana_value) for kind, ob in total.objects
                 if kind == "sacrifice" and "Creature" in (c := self.chars(ob)).types]
        self._pay_planned(player, rest, total.objects)
        self.pay_life(player, total.life)
        obj.spell = SpellState(face=face, targets=targets, x=x, modes=modes, division=division,
                               cast_from=frm, flashback=total.flashback, kicked=total.kicked,
                               alternative=total.alternative,
                               paid_with=tuple(kind for kind, _ in total.objects), free=free,
                               sacrificed_power=sacrificed[0] or 0 if sacrificed else None,
                               sacrificed_stats=stats[0] if stats else None)
        self._emit("cast", player=player, object=obj.id, card=card.name,
                   copy=False, **half_fields(card, face))
        if self.crime_timing == "cast":
            self.commit_crimes(player, targets, obj.id)
        if not resolving:
            self.priority = player
            self.passes = 0
            yield from self._put_triggers()

    def _casting_free(self, obj: Obj) -> bool:
        """Whether ``obj`` is being cast without paying its mana cost (by a resolving ability:
        suspend, cascade)."""
        return False

    def free_cast_x_is_zero(self) -> bool:
        """Hook: a spell with {X} in its mana cost cast without paying its mana cost has X = 0,
        the only legal choice (107.3b): no ``x`` choice is asked."""
        return True

    @staticmethod
    def _check_division(effects: o.SpellText, targets: list[list[Ref]],
                        division: Any) -> tuple[int, ...] | None:
        divided = [e for e in effects if isinstance(e, o.DividedDamage)]
        if not divided:
            if division:
                raise refuse("illegal_action", "the spell does not divide damage")
            return None
        total = divided[0].total
        n = len(targets[0])
        if division is None:
            if n != 1:
                raise refuse("illegal_action", "dividing damage among targets needs `division`")
            return (total,)
        if (not isinstance(division, list) or len(division) != n or sum(division) != total
                or any(not isinstance(d, int) or d < 1 for d in division)):
            raise refuse("illegal_action", f"division must give each of {n} targets at least 1, "
                                           f"{total} in all (rule 601.2d)")
        return tuple(division)

    def activate(self, a: dict[str, Any]) -> Flow:
        """Activate an ability of a permanent (rule 602; a mana ability does not use the stack,
        605.3) or cycle a card in a hand (702.29)."""
        player = a.get("player")
        obj = self._get(a.get("object"))
        if obj.zone == "hand" and obj.owner == player:
            yield from self._cycle(obj, a)
            return
        if obj.zone != "battlefield" or obj.controller != player:
            raise refuse("illegal_action", f"{player} does not control {obj.id}")
        assert isinstance(player, str)
        text = self.abilities(obj)
        abilities = text.activated if text else ()
        idx = a.get("ability", 0)
        if not isinstance(idx, int) or not 0 <= idx < len(abilities):
            raise refuse("illegal_action", f"{obj.id} has no activated ability {idx}")
        ab = abilities[idx]
        c = self.chars(obj)
        if ab.tap:
            if obj.tapped:
                raise refuse("illegal_action", f"{obj.id} is tapped")
            if self.is_summoning_sick(obj, c):
                raise refuse("illegal_action", f"{obj.id} has summoning sickness (rule 302.6)")
        if ab.energy and not self.can_pay_energy(player, self.energy_counters(ab.energy)):
            self._pay_energy(player, ab.energy)  # refused: too few energy counters (107.14)
        if ab.remove_counters and obj.counters.get(ab.remove_counters[0], 0) \
                < ab.remove_counters[1]:
            raise refuse("illegal_action", f"{obj.id} has fewer than {ab.remove_counters[1]} "
                         f"{ab.remove_counters[0]} counters to remove")
        if ab.produces is not None:  # a mana ability: no stack, no priority change (605.3)
            if a.get("costs"):
                raise refuse("illegal_action", "this mana ability has no other costs")
            if ab.cost is not None and not self._pay(player, ab.cost, 0):
                raise refuse("illegal_action", f"cannot pay {ab.cost}")
            if ab.energy:
                self._pay_energy(player, ab.energy)
            obj.tapped = obj.tapped or ab.tap
            if ab.sacrifice_self:
                self._sacrifice(obj)
            snow = self.produces_snow_mana(obj)
            for mana_unit in ab.produces:
                self.players[player].pool.add(mana_unit, snow=snow)
            yield from self._run_effects(ab.effects, [], player, obj.id, None, None)
            return
        self._require_priority(player)
        if ab.sorcery_speed and not self._sorcery_timing(player):
            raise refuse("illegal_action", "activate only as a sorcery")
        once = f"activated_{idx}"
        if ab.once_each_turn and obj.once_turns.get(once) == self.turn:
            raise refuse("illegal_action", "activate only once each turn (rule 602.5b)")
        slots = tuple(s for e in ab.effects for s in e.slots)
        targets = self._choose_targets(slots, list(a.get("targets") or []), player, None,
                                       obj.id)
        costs = self._costs_mapping(a.get("costs"), ABILITY_COST_KEYS)
        objects = self._cost_objects(player, costs, ab.extra_costs, None)
        if ab.tap and any(ob is obj for kind, ob in objects if kind == "tap"):
            raise refuse("illegal_action", f"{obj.id} is tapped by {{T}} already (rule 118.3)")
        try:
            symbols = cost_symbols(self._ability_cost(obj, ab), 0)
        except ManaSymbolError as exc:
            raise refuse("unsupported", str(exc)) from exc
        self._pay_planned(player, self._plan_total(player, symbols, objects,
                                                   ab.cost or "the cost"), objects)
        if ab.energy:
            self._pay_energy(player, ab.energy)
        if ab.once_each_turn:
            obj.once_turns[once] = self.turn
        if ab.tap:
            obj.tapped = True
        if ab.remove_counters:  # a cost (602.2b), paid before the sacrifice
            kind, n = ab.remove_counters
            obj.counters[kind] -= n
            self._emit("counter_removed", object=obj.id, counter=kind, n=n)
        if ab.sacrifice_self:
            self._sacrifice(obj)
        item = StackAbility(self._new_id("act"), obj.id, obj.card_name, player,
                            f"activated_{idx}", ab.effects, targets)
        self.stack.append(item)
        self._emit("put_on_stack", object=item.id, source=obj.id, ability=item.name)
        self.commit_crimes(player, targets, item.id)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

    def _sacrifice(self, obj: Obj) -> None:
        """Sacrifice a permanent as a cost (701.17a): into its owner's graveyard."""
        self._emit("sacrificed", object=obj.id, card=obj.card_name)
        self._move(obj, "graveyard")

    def _cycle(self, obj: Obj, a: dict[str, Any]) -> Flow:
        """Cycling (rule 702.29): an activated ability of a card in a hand; its costs are the
        cycling mana cost and discarding the card; it draws a card as it resolves."""
        player = obj.owner
        self._require_priority(player)
        text = obj.card.faces[0].text if obj.card and len(obj.card.faces) == 1 else None
        hand = ([(text.cycling, (o.Draw(1),))] if text.cycling else []) + list(
            text.typecycling) if text is not None else []  # typecycling: 702.29e
        idx = a.get("ability", 0)
        if not isinstance(idx, int) or not 0 <= idx < len(hand):
            raise refuse("illegal_action", f"{obj.id} has no activated ability {idx} in a hand")
        if a.get("targets") or a.get("costs"):
            raise refuse("illegal_action", "cycling has no targets and no other costs")
        cost, effects = hand[idx]
        if not self._pay(player, cost, 0):
            raise refuse("illegal_action", f"cannot pay {cost}")
        self._discard(obj)  # discarding it is part of the cost (rule 702.29a)
        item = StackAbility(self._new_id("act"), obj.id, obj.card_name, player, "cycling",
                            effects, [])
        self.stack.append(item)
        self._emit("put_on_stack", object=item.id, source=obj.id, ability=item.name)
        for t in text.triggered if text is not None else ():
            if t.event == CYCLED and self.cycle_triggers():  # 702.29c: discarded to cycle
                self._trigger(PendingTrigger(player, obj.id, obj.card_name, t.name, t.effects))
        if self.cycling_is_cast():
            self._emit("cast", player=player, object=obj.id, card=obj.card_name, half=None,
                       copy=False)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

    def cycle_triggers(self) -> bool:
        """Hook: "When you cycle CARDNAME" triggers as the card is discarded to pay its cycling
        cost (702.29c); it goes on the stack above the cycling ability."""
        return True

    def _ability_cost(self, obj: Obj, ab: Activated) -> str | None:
        """The mana cost of activating ``ab`` of ``obj`` (602.2b, 601.2f: after the effects
        that reduce it, :mod:`conformance.reference.cost_increases`)."""
        return ab.cost

    def cycling_is_cast(self) -> bool:
        """Hook: cycling is activating an ability, not casting the card (702.29a)."""
        return False

    def _pay(self, player: str, cost: str | None, x: int) -> bool:
        """Pay ``cost`` with X = ``x`` from ``player``'s pool (and life, for Phyrexian symbols):
        False, paying nothing, when it cannot be paid (rules 601.2g-h)."""
        try:
            symbols = cost_symbols(cost, x)
        except ManaSymbolError as exc:
            raise refuse("unsupported", str(exc)) from exc
        return self._pay_symbols(player, symbols)
