"""The reference engine: a readable model of the Comprehensive Rules the seed rulings touch.

It is not a full game. It models priority and the stack, casting (targets, modes, X, divided
damage, mana costs paid by a solver), split cards and aftermath, Auras, copies of spells,
triggered abilities (cast, crime, enters, delayed and chapter triggers, "only once each turn",
targets, ordering of simultaneous triggers), crimes and outlaws, combat damage with first strike
and double strike, the turn structure, continuous effects in layers 6 and 7 and state-based
actions. Cards are built from their oracle text by :mod:`conformance.reference.oracle`; the rules
never look at a card's name.

The rules live in the rule modules assembled by :class:`~conformance.reference.rules.Rules`;
this module adds the engine protocol (:class:`conformance.engines.protocol.Engine`): ``setup``
from a case, ``act`` through the action registry (:mod:`conformance.reference.actions`),
``observe`` (events and a snapshot).

Decisions (trigger order, targets of a trigger, new targets for a copy, a mode, X, "you may",
cards chosen (surveil), damage assignment order and division, the legend rule) are asked for by
generators that ``yield`` a :class:`~conformance.reference.objects.Choice`; the next action
must be a ``choose`` answering it, otherwise the engine reports ``unanswered_choice``.
"""

from __future__ import annotations

from typing import Any

from conformance.engines.protocol import V2_SETUP, EngineInfo, Observation
from conformance.reference.actions import ACTIONS
from conformance.reference.cards import load_cards, token_defs
from conformance.reference.costs import COSTS
from conformance.reference.fuse import half_fields
from conformance.reference.mana import ManaSymbolError, pool_of
from conformance.reference.objects import (
    CHOICES,
    PLAYERS,
    STEPS,
    Answer,
    Flow,
    Obj,
    Ref,
    StackAbility,
    refuse,
)
from conformance.reference.rules import Rules
from conformance.reference.token_copies import token_copy

FEATURES = frozenset({
    "priority", "stack", "mana_cost", "target", "target.multiple", "x_spell", "modal",
    "divided_damage", "split_card", "fuse", "aftermath", "copy_spell", "copy.new_targets",
    "counterspell", "graveyard_target", "trigger.cast", "trigger.delayed",
    "trigger.once_each_turn", "trigger.order", "crime", "crime.targets", "outlaw",
    "first_strike", "double_strike", "combat_damage", "saga", "saga.chapter_trigger",
    "saga.sacrifice", "saga.lore_counter", "counters", "state_based_actions", "tokens",
    "activated_ability", "mana_ability", "surveil", "scry", "search_library", "discard",
    "look_at_library", "draw", "destroy", "indestructible",
    "until_end_of_turn", "lose_abilities", "keywords", "turn_structure", "life",
    "flashback", "cycling", "play_land", "combat.declare", "devoid", "phyrexian_mana", "prowess",
    "kicker", "additional_cost", "convoke", "delve", "improvise", "escape", "overload",
    "madness", "dash", "evoke", "foretell", "suspend", "morph", "cascade", "bestow",
    "optional_effect", "combat.damage_assignment",
    "energy", "player_counters", "day_night", "monarch", "initiative", "face_down",
    "devotion", "landfall", "heroic", "magecraft", "raid", "trigger.cycle", "constellation", "anthem", "type_change",
    "animation", "snow", "modal_dfc", "persist", "undying", "totem_armor", "adventure",
    "unearth", "rebound",
    "level_up", "monstrosity", "renown",
    "transform", "daybound",
})
FEATURES |= {"vehicle", "exert"}  # Vehicles and crew (vehicles.py), exert (exert.py)
"""Feature names (``conformance/features.yaml``) the reference engine implements."""
PROTOCOL = 2
"""The protocol the reference engine speaks: it declares its actions (its action registry,
``choose``, and ``check``: it may be observed between actions) and choices."""


class ReferenceEngine(Rules):
    """The reference engine (implements :class:`conformance.engines.protocol.Engine`)."""

    NAME = "reference"
    VERSION = "1.0"
    MUTANT: str | None = None
    """The mutant's name (``mutants.MUTANTS`` key) in a subclass that breaks one rule."""
    RULE: str | None = None
    """The Comprehensive Rules number a mutant breaks."""

    def __init__(self) -> None:
        self._cards = load_cards()
        self._tokens = token_defs()
        self._reset()

    def info(self) -> EngineInfo:
        """Name, version, declared features and cards."""
        name = self.NAME if self.MUTANT is None else f"{self.NAME}-mutant-{self.MUTANT}"
        return EngineInfo(name=name, version=self.VERSION, protocol=PROTOCOL,
                          features=FEATURES, cards=frozenset(self._cards),
                          extra={"mutant": self.MUTANT},
                          actions=frozenset(ACTIONS) | {"choose", "check"}, choices=CHOICES,
                          costs=COSTS, setup=V2_SETUP)

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        """Start a fresh game from a case's ``setup``."""
        self._reset()
        self.case_id = case_id
        self.active = setup.get("active_player", "p1")
        self.step = setup.get("step", "precombat_main")
        self.turn = int(setup.get("turn", 1))
        if self.active not in PLAYERS or self.step not in STEPS:
            raise refuse("illegal_action", "setup: unknown active player or step")
        self.priority = setup.get("priority", self.active)
        self.day_night = setup.get("day_night")
        self.monarch = setup.get("monarch")
        self.initiative = setup.get("initiative")
        if self.day_night not in (None, "day", "night") or not {self.monarch,
                                                                  self.initiative} <= {None, *PLAYERS}:
            raise refuse("illegal_action", "setup: day_night is day or night, monarch and "
                                           "initiative name a player")
        players = setup.get("players") or {}
        for pid in PLAYERS:
            pdata = players.get(pid) or {}
            pl = self.players[pid]
            pl.life = int(pdata.get("life", 20))
            pl.poison = int(pdata.get("poison", 0))
            pl.energy = int(pdata.get("energy", 0))
            pl.experience = int(pdata.get("experience", 0))
            try:
                pl.pool.added.update(pool_of(pdata.get("mana")))
            except ManaSymbolError as exc:
                raise refuse("unsupported", f"setup mana: {exc}") from exc
        for pid in PLAYERS:
            pdata = players.get(pid) or {}
            for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
                for item in pdata.get(zone) or []:
                    self._setup_object(pid, zone, item)
        for pid in PLAYERS:
            for item in (players.get(pid) or {}).get("battlefield") or []:
                if item.get("attached_to") is not None:
                    self._setup_attachment(self.objects[item["id"]], item["attached_to"])
        for obj in self.objects.values():
            if obj.blocking is not None:
                att = self.objects.get(obj.blocking)
                if att is None or att.attacking is None:
                    raise refuse("illegal_action", f"{obj.id} blocks a non-attacker")
                att.blocked = True
        if self.step == "first_strike_damage":
            self.fs_step = True
            self.fs_began = {ob.id for ob in self._in_combat()
                             if {"first strike", "double strike"} & self.chars(ob).keywords}

    def act(self, action: dict[str, Any]) -> None:
        """Apply one action (``{"cast": {...}}``)."""
        if not isinstance(action, dict) or len(action) != 1:
            raise refuse("illegal_action", "an action is a mapping with exactly one key")
        (name, body), = action.items()
        body = body or {}
        if name == "choose":
            if self._pending is None:
                raise refuse("unused_answer", f"nothing pending for choice {body.get('choice')!r}")
            gen, choice = self._pending
            if body.get("choice") != choice.kind:
                raise refuse("unused_answer",
                              f"the engine waits for {choice.kind!r}, not {body.get('choice')!r}")
            self._pending = None
            self._drive(gen, body)
            return
        if self._pending is not None:
            raise refuse("unanswered_choice",
                          f"the engine waits for a {self._pending[1].kind!r} choice "
                          f"{self._pending[1].detail}")
        handler = ACTIONS.get(name)
        if handler is None:
            raise refuse("unsupported", f"action {name!r} is not implemented")
        self._drive(handler(self, body), None)

    def observe(self) -> Observation:
        """The event log since ``setup`` and a state snapshot."""
        if self._pending is not None:
            raise refuse("unanswered_choice",
                          f"the engine waits for a {self._pending[1].kind!r} choice")
        return Observation(events=[dict(e) for e in self.events], state=self._snapshot())

    def close(self) -> None:
        """Nothing to release."""
        self._reset()

    def _drive(self, gen: Flow, answer: Answer | None) -> None:
        try:
            choice = gen.send(answer) if answer is not None else next(gen)
        except StopIteration:
            return
        if choice.kind not in CHOICES:
            raise refuse("internal", f"unknown choice {choice.kind}")
        self._pending = (gen, choice)

    def _setup_attachment(self, obj: Obj, target: Any) -> None:
        """``attached_to`` in a setup: a permanent attached to a permanent or a player; whether
        it may stay attached is for the state-based actions (704.5m, 704.5p)."""
        if target in PLAYERS:
            obj.attached_to = Ref(target)
            return
        host = self.objects.get(target) if isinstance(target, str) else None
        if host is None or host.zone != "battlefield" or host is obj:
            raise refuse("illegal_action", f"setup: {obj.id} is attached to {target!r}, "
                                           "which is not another permanent or a player")
        obj.attached_to = host.ref

    def _setup_object(self, pid: str, zone: str, item: dict[str, Any]) -> None:
        oid, name = item.get("id"), item.get("card")
        if not isinstance(name, str):
            raise refuse("illegal_action", f"setup: {oid!r} has no card name")
        if not isinstance(oid, str) or oid in self.objects or oid in PLAYERS:
            raise refuse("illegal_action", f"setup: bad or duplicate id {oid!r}")
        if item.get("face_down") and zone not in ("battlefield", "exile"):
            raise refuse("illegal_action", f"setup: {oid} is face down in the {zone}")
        if item.get("attached_to") is not None and zone != "battlefield":
            raise refuse("illegal_action", f"setup: {oid} in the {zone} is attached to "
                                           f"{item['attached_to']!r}: only a permanent is")
        card = self._cards.get(name)
        token = None
        if card is not None and item.get("token") and zone == "battlefield":
            token, card = token_copy(card), None  # a token copy of the card (707.2)
        elif card is None:
            token = self._tokens.get(name)
            if token is None:
                raise refuse("unsupported", f"card {name!r} is not implemented")
            if zone != "battlefield":
                raise refuse("illegal_action", f"token {oid} outside the battlefield")
        owner = item.get("owner", pid)
        obj = Obj(id=oid, owner=owner, controller=pid, zone=zone, card=card, token=token,
                  tapped=bool(item.get("tapped", False)),
                  counters={k: int(v) for k, v in (item.get("counters") or {}).items() if v},
                  damage=int(item.get("damage", 0)), attacking=item.get("attacking"),
                  blocking=item.get("blocking"),
                  summoning_sick=bool(item.get("summoning_sick", False)),
                  timestamp=next(self._clock), face_down=bool(item.get("face_down", False)),
                  setup_keywords=tuple(k.lower() for k in item.get("keywords") or ()))
        if item.get("face"):
            obj.up_face = self._setup_face(obj, item["face"])
        if obj.attacking is not None and obj.attacking not in PLAYERS:
            raise refuse("unsupported", "attacking something other than a player")
        self.objects[oid] = obj
        self._statics_cache = None
        if zone == "battlefield":
            self.battlefield.append(oid)
        else:
            self.zones[(owner, zone)].append(oid)

    @staticmethod
    def _setup_face(obj: Obj, name: Any) -> int:
        """``face`` in a setup: the face up of a modal or transforming double-faced permanent
        (712.4, 712.8; in other zones a double-faced card has only its front face's
        characteristics)."""
        card = obj.card
        if card is None or not card.double_faced:
            raise refuse("unsupported", f"setup: {obj.id}: 'face' of a card that is not a "
                                        "double-faced card")
        face = card.face_named(name) if isinstance(name, str) else None
        if face is None or (obj.zone != "battlefield" and face is not card.faces[0]):
            raise refuse("illegal_action", f"setup: {obj.id}: {name!r} is not a face it may "
                                           f"have up in the {obj.zone}")
        return card.faces.index(face)

    def _object_snapshot(self, obj: Obj) -> dict[str, Any]:
        c = self.chars(obj)
        on_table = obj.zone in ("battlefield", "stack")
        out: dict[str, Any] = {
            "card": obj.card_name, "zone": obj.zone, "owner": obj.owner,
            "controller": obj.controller if on_table else None, "tapped": obj.tapped,
            "counters": dict(obj.counters), "damage": obj.damage, "name": c.name or None,
            "mana_value": c.mana_value, "types": list(c.types), "subtypes": list(c.subtypes),
            "supertypes": list(c.supertypes), "colors": list(c.colors), "power": c.power,
            "toughness": c.toughness, "keywords": sorted(c.keywords),
            "token": obj.token is not None, "copy": obj.is_copy,
        }
        if obj.face_down:
            out["face_down"] = True
        if obj.zone == "battlefield":
            out.update(attacking=obj.attacking, blocking=obj.blocking,
                       summoning_sick=obj.summoning_sick,
                       attached_to=obj.attached_to.id if obj.attached_to else None)
        if obj.zone == "stack" and obj.spell is not None:
            out.update(half_fields(obj.card, obj.spell.face), x=obj.spell.x, modes=list(obj.spell.modes),
                       targets=[r.id for t in obj.spell.targets for r in t])
        return out

    def _snapshot(self) -> dict[str, Any]:
        stack = []
        for item in self.stack:
            if isinstance(item, StackAbility):
                stack.append({"object": item.id, "card": item.source_name,
                              "controller": item.controller, "copy": False,
                              "ability": item.name, "source": item.source})
            else:
                stack.append({"object": item.id, "card": item.card_name,
                              "controller": item.controller, "copy": item.is_copy})
        return {
            "players": {p: {"life": pl.life, "lost": pl.lost, "poison": pl.poison,
                            "energy": pl.energy, "experience": pl.experience,
                            "mana": pl.pool.render()}
                        for p, pl in self.players.items()},
            "objects": {oid: self._object_snapshot(ob) for oid, ob in self.objects.items()},
            "stack": stack, "step": self.step, "turn": self.turn,
            "active_player": self.active, "priority": self.priority,
            "day_night": self.day_night, "monarch": self.monarch, "initiative": self.initiative,
        }
