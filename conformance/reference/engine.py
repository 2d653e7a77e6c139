"""The reference engine: a readable model of the Comprehensive Rules the seed rulings touch.

It is not a full game. It models priority and the stack, casting (targets, modes, X, divided
damage, mana costs), split cards and aftermath, copies of spells, triggered abilities (cast
triggers, crime triggers, delayed triggers, saga chapters, "only once each turn", ordering of
simultaneous triggers), crimes and outlaws, combat damage with first strike and double strike,
the turn structure, continuous effects in layers 6 and 7 and state-based actions. Cards are built
from their oracle text by :mod:`conformance.reference.oracle`; the rules never look at a card's
name.

Rules that the mutants (:mod:`conformance.reference.mutants`) break live in small methods marked
"hook"; each mutant overrides one of them.

Decisions (trigger order, new targets for a copy, a mode, X, surveil) are asked for by
generators that ``yield`` a :class:`Choice`; the next action must be a ``choose`` answering it,
otherwise the engine reports ``unanswered_choice``.
"""

from __future__ import annotations

import itertools
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from conformance.engines.protocol import PROTOCOL_VERSION, EngineInfo, Observation
from conformance.errors import EngineReportedError
from conformance.reference import oracle as o
from conformance.reference.cards import (
    CardDef,
    Face,
    colors_of,
    load_cards,
    mana_value_of,
    token_defs,
)
from conformance.reference.mana import (
    ManaPool,
    ManaSymbolError,
    Symbol,
    cost_symbols,
    plan_payment,
    pool_of,
)

PLAYERS = ("p1", "p2")
STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat",
         "postcombat_main", "end", "cleanup")
NO_PRIORITY_STEPS = frozenset({"untap", "cleanup"})
MAIN_STEPS = frozenset({"precombat_main", "postcombat_main"})
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack")
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                             "Battle"})
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
CHOICES = frozenset({"trigger_order", "new_targets", "mode", "x", "surveil", "legend_rule",
                     "targets"})

FEATURES = frozenset({
    "priority", "stack", "mana_cost", "target", "target.multiple", "x_spell", "modal",
    "divided_damage", "split_card", "aftermath", "copy_spell", "copy.new_targets",
    "counterspell", "graveyard_target", "trigger.cast", "trigger.delayed",
    "trigger.once_each_turn", "trigger.order", "crime", "crime.targets", "outlaw",
    "first_strike", "double_strike", "combat_damage", "saga", "saga.chapter_trigger",
    "saga.sacrifice", "saga.lore_counter", "counters", "state_based_actions", "tokens",
    "activated_ability", "mana_ability", "surveil", "draw", "destroy", "indestructible",
    "until_end_of_turn", "lose_abilities", "keywords", "turn_structure", "life",
    "flashback", "cycling",
})
"""Feature names (``conformance/features.yaml``) the reference engine implements."""

Answer = dict[str, Any]
Flow = Generator["Choice", Answer, None]


def other(player: str) -> str:
    """The opponent of ``player`` (two-player games)."""
    return "p2" if player == "p1" else "p1"


def refuse(kind: str, message: str) -> EngineReportedError:
    """An engine-reported error (the game refuses an action)."""
    return EngineReportedError(kind, message)


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision the engine waits for; answered by a ``choose`` action of the same ``kind``."""

    kind: str
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ref:
    """A chosen target: a player, or an object in the zone it had (``zcc``) when targeted."""

    id: str
    zcc: int | None = None


@dataclass
class SpellState:
    """What a spell on the stack carries beyond its card: the cast half and the choices."""

    face: Face
    targets: list[list[Ref]]
    """One list per target slot of the chosen effects (``oracle.TargetSlot``)."""
    x: int | None = None
    modes: tuple[int, ...] = ()
    division: tuple[int, ...] | None = None
    cast_from: str | None = None
    flashback: bool = False
    """Cast for its flashback cost (exiled whenever it leaves the stack, rule 702.34a)."""


@dataclass(frozen=True)
class SpellSnapshot:
    """Last known information of a spell, enough to copy it."""

    obj_id: str
    card: CardDef
    face: Face
    controller: str
    targets: tuple[tuple[Ref, ...], ...]
    x: int | None
    modes: tuple[int, ...]
    division: tuple[int, ...] | None


@dataclass(eq=False)
class Obj:
    """A card, token or copy of a spell. Keeps its case id across zone changes; ``zcc`` counts
    zone changes so that a target that left its zone is no longer the same object (rule 400.7)."""

    id: str
    owner: str
    controller: str
    zone: str
    card: CardDef | None = None
    token: o.TokenDef | None = None
    zcc: int = 0
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    attacking: str | None = None
    blocking: str | None = None
    blocked: bool = False
    summoning_sick: bool = False
    timestamp: int = 0
    is_copy: bool = False
    spell: SpellState | None = None
    setup_keywords: tuple[str, ...] = ()
    once_turns: dict[str, int] = field(default_factory=dict)
    attached_to: Ref | None = None
    """The object or player this permanent is attached to (rule 301.5, 303.4)."""

    @property
    def ref(self) -> Ref:
        """A reference to this object as it is now."""
        return Ref(self.id, self.zcc)

    @property
    def card_name(self) -> str:
        """The card (or token) name the object was set up or created with."""
        if self.token is not None:
            return self.token.name
        assert self.card is not None
        return self.card.name


@dataclass(eq=False)
class StackAbility:
    """A triggered or activated ability on the stack."""

    id: str
    source: str
    source_name: str
    controller: str
    name: str
    effects: o.SpellText
    targets: list[list[Ref]] = field(default_factory=list)
    chapter: bool = False
    spell: SpellSnapshot | None = None


@dataclass
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack."""

    controller: str
    source: str
    source_name: str
    name: str
    effects: o.SpellText
    chapter: bool = False
    spell: SpellSnapshot | None = None


@dataclass
class DelayedTrigger:
    """"When you next cast an instant or sorcery spell this turn, ..." (created on resolution)."""

    controller: str
    source: str
    source_name: str
    turn: int
    effect: o.CreateDelayedCopyTrigger
    used: bool = False


@dataclass
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability, or from a case action."""

    timestamp: int
    affected: frozenset[Ref]
    power: int = 0
    toughness: int = 0
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    lose_all: bool = False
    until_end_of_turn: bool = True


@dataclass(frozen=True)
class Chars:
    """An object's characteristics after continuous effects."""

    name: str
    mana_value: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    keywords: frozenset[str]
    text: o.FaceText | None
    """The abilities the object has (``None``: it has lost all abilities)."""


@dataclass
class Player:
    """A player's life, mana pool and loss flags."""

    life: int = 20
    poison: int = 0
    pool: ManaPool = field(default_factory=ManaPool)
    lost: bool = False
    drew_from_empty: bool = False


_FACE_CHARS: dict[int, Chars] = {}


def _face_chars(f: Face) -> Chars:
    """A face's printed characteristics (cached: faces are loaded once and never change)."""
    c = _FACE_CHARS.get(id(f))
    if c is None:
        c = _FACE_CHARS[id(f)] = Chars(f.name, f.mana_value, f.colors, f.types, f.subtypes,
                                       f.supertypes, f.power, f.toughness, f.text.keywords,
                                       f.text)
    return c


class ReferenceEngine:
    """The reference engine (implements :class:`conformance.engines.protocol.Engine`)."""

    NAME = "reference"
    VERSION = "1.0"
    MUTANT: str | None = None
    """The mutant's name (``mutants.MUTANTS`` key) in a subclass that breaks one rule."""
    crime_timing = "cast"
    """Hook: when a crime is committed: ``cast`` (as the spell becomes cast, the ruling)."""

    def __init__(self) -> None:
        self._cards = load_cards()
        self._tokens = token_defs()
        self._reset()

    # --- Engine protocol ---------------------------------------------------------------------

    def info(self) -> EngineInfo:
        """Name, version, declared features and cards."""
        name = self.NAME if self.MUTANT is None else f"{self.NAME}-mutant-{self.MUTANT}"
        return EngineInfo(name=name, version=self.VERSION, protocol=PROTOCOL_VERSION,
                          features=FEATURES, cards=frozenset(self._cards),
                          extra={"mutant": self.MUTANT,
                                 "choices": sorted(CHOICES)})

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
        players = setup.get("players") or {}
        for pid in PLAYERS:
            pdata = players.get(pid) or {}
            pl = self.players[pid]
            pl.life = int(pdata.get("life", 20))
            pl.poison = int(pdata.get("poison", 0))
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
        handler = getattr(self, f"_a_{name}", None)
        if handler is None:
            raise refuse("unsupported", f"action {name!r} is not implemented")
        self._drive(handler(body), None)

    def observe(self) -> Observation:
        """The event log since ``setup`` and a state snapshot."""
        if self._pending is not None:
            raise refuse("unanswered_choice",
                          f"the engine waits for a {self._pending[1].kind!r} choice")
        return Observation(events=[dict(e) for e in self.events], state=self._snapshot())

    def close(self) -> None:
        """Nothing to release."""
        self._reset()

    # --- plumbing ----------------------------------------------------------------------------

    def _reset(self) -> None:
        self.case_id = ""
        self.players = {p: Player() for p in PLAYERS}
        self.objects: dict[str, Obj] = {}
        self.zones: dict[tuple[str, str], list[str]] = {
            (p, z): [] for p in PLAYERS for z in ("library", "hand", "graveyard", "exile")}
        self.battlefield: list[str] = []
        self.stack: list[Obj | StackAbility] = []
        self.events: list[dict[str, Any]] = []
        self.pending: list[PendingTrigger] = []
        self.delayed: list[DelayedTrigger] = []
        self.effects: list[ContinuousEffect] = []
        self.requirements: list[tuple[Ref, int]] = []
        self.active = "p1"
        self.priority = "p1"
        self.passes = 0
        self.step = "precombat_main"
        self.turn = 1
        self.fs_step = False
        self.fs_began: set[str] = set()
        self._clock = itertools.count(1)
        self._ids = itertools.count(1)
        self._pending: tuple[Flow, Choice] | None = None
        self._statics_cache: list[tuple[Obj, o.Static]] | None = None

    def _drive(self, gen: Flow, answer: Answer | None) -> None:
        try:
            choice = gen.send(answer) if answer is not None else next(gen)
        except StopIteration:
            return
        if choice.kind not in CHOICES:
            raise refuse("internal", f"unknown choice {choice.kind}")
        self._pending = (gen, choice)

    def _new_id(self, prefix: str) -> str:
        while True:
            oid = f"{prefix}{next(self._ids)}"
            if oid not in self.objects:
                return oid

    def _emit(self, etype: str, **fields: Any) -> None:
        event = {"type": etype, **fields}
        self.events.append(event)
        if etype == "cast":
            self._detect_cast_triggers(event)
        elif etype == "crime_committed":
            self._detect_crime_triggers(event)

    def _get(self, oid: Any) -> Obj:
        obj = self.objects.get(oid) if isinstance(oid, str) else None
        if obj is None:
            raise refuse("unknown_object", f"no object {oid!r}")
        return obj

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
        if not isinstance(oid, str) or oid in self.objects or oid in PLAYERS:
            raise refuse("illegal_action", f"setup: bad or duplicate id {oid!r}")
        for unsupported in ("face_down", "face"):
            if item.get(unsupported):
                raise refuse("unsupported", f"setup field {unsupported!r}")
        card = self._cards.get(name)
        token = None
        if card is None:
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
                  timestamp=next(self._clock),
                  setup_keywords=tuple(k.lower() for k in item.get("keywords") or ()))
        if obj.attacking is not None and obj.attacking not in PLAYERS:
            raise refuse("unsupported", "attacking something other than a player")
        self.objects[oid] = obj
        self._statics_cache = None
        if zone == "battlefield":
            self.battlefield.append(oid)
        else:
            self.zones[(owner, zone)].append(oid)

    # --- characteristics (layers 6 and 7) -----------------------------------------------------

    def _base(self, obj: Obj) -> Chars:
        if obj.token is not None:
            t = obj.token
            return Chars(t.name, 0, t.colors, ("Creature",), t.subtypes, (), t.power,
                         t.toughness, t.keywords, o.FaceText(keywords=t.keywords,
                                                             activated=t.activated))
        card = obj.card
        assert card is not None
        if obj.zone == "stack" and obj.spell is not None:
            return self._stack_characteristics(card, obj.spell)
        if card.is_split:
            return self._split_characteristics(card)
        return _face_chars(card.faces[0])

    def _stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        """Hook: on the stack only the cast half's characteristics exist (rule 709.3b)."""
        c = _face_chars(spell.face)
        if spell.face.has_x and spell.x:
            c = replace(c, mana_value=mana_value_of(spell.face.mana_cost, spell.x))
        return c

    def _split_characteristics(self, card: CardDef) -> Chars:
        """Off the stack a split card has both halves' characteristics combined (rule 709.4)."""
        faces = card.faces
        cost = "".join(f.mana_cost or "" for f in faces)
        types = tuple(dict.fromkeys(t for f in faces for t in f.types))
        return Chars(card.name, self._split_mana_value(card), colors_of(cost), types, (), (),
                     None, None, frozenset(), faces[0].text)

    def _split_mana_value(self, card: CardDef) -> int:
        """Hook: a split card's mana value off the stack, from its combined cost (709.4b)."""
        return sum(f.mana_value for f in card.faces)

    def _is_outlaw(self, obj: Obj, chars: Chars) -> bool:
        """Hook: "outlaw" means a *permanent* with an outlaw creature type (the 2024 ruling)."""
        return obj.zone == "battlefield" and bool(o.OUTLAW_TYPES & set(chars.subtypes))

    def _statics(self) -> list[tuple[Obj, o.Static]]:
        if self._statics_cache is not None:
            return self._statics_cache
        out: list[tuple[Obj, o.Static]] = []
        for oid in self.battlefield:
            src = self.objects[oid]
            base = self._base(src)
            if "Creature" in base.types and self._humility_present(exclude=src):
                continue  # a creature under "All creatures lose all abilities" has no statics
            if base.text is not None:
                out.extend((src, s) for s in base.text.statics)
        self._statics_cache = out
        return out

    def _humility_present(self, exclude: Obj | None = None) -> bool:
        for oid in self.battlefield:
            src = self.objects[oid]
            if src is exclude:
                continue
            base = self._base(src)
            if "Creature" not in base.types and base.text is not None and any(
                    isinstance(s, o.CreaturesLoseAllAbilities) for s in base.text.statics):
                return True
        return False

    def chars(self, obj: Obj) -> Chars:
        """``obj``'s characteristics with continuous effects applied (layers 6, 7b, 7c)."""
        c = self._base(obj)
        statics = self._statics() if obj.zone in ("battlefield", "stack") else []
        layer6: list[tuple[int, str, tuple[str, ...]]] = []
        base_pt: tuple[int, int] | None = None
        aura_power = aura_toughness = 0
        pt_stamp = -1
        is_creature = "Creature" in c.types
        for src, st in statics:
            if (isinstance(st, o.CreaturesLoseAllAbilities) and is_creature
                    and obj.zone == "battlefield"):
                layer6.append((src.timestamp, "lose_all", ()))
                if src.timestamp > pt_stamp:
                    base_pt, pt_stamp = (st.power, st.toughness), src.timestamp
            elif (isinstance(st, o.OutlawsHaveKeyword) and self.active == src.controller
                  and obj.controller == src.controller and self._is_outlaw(obj, c)):
                layer6.append((src.timestamp, "add", (st.keyword,)))
            elif (isinstance(st, o.EnchantedCreatureGets) and src.attached_to == obj.ref
                  and is_creature and obj.zone == "battlefield"):
                if st.keywords:
                    layer6.append((src.timestamp, "add", st.keywords))
                aura_power += st.power
                aura_toughness += st.toughness
        if obj.setup_keywords:
            layer6.append((obj.timestamp, "add", obj.setup_keywords))
        power_mod = toughness_mod = 0
        for eff in self.effects:
            if obj.ref not in eff.affected:
                continue
            if eff.lose_all:
                layer6.append((eff.timestamp, "lose_all", ()))
            if eff.add:
                layer6.append((eff.timestamp, "add", eff.add))
            if eff.remove:
                layer6.append((eff.timestamp, "remove", eff.remove))
            power_mod += eff.power
            toughness_mod += eff.toughness
        keywords = set(c.keywords)
        text = c.text
        for _, op, kws in sorted(layer6, key=lambda t: t[0]):
            if op == "lose_all":
                keywords.clear()
                text = None
            elif op == "add":
                keywords.update(kws)
            else:
                keywords.difference_update(kws)
        power, toughness = c.power, c.toughness
        if is_creature and power is not None and toughness is not None:
            if base_pt is not None:
                power, toughness = base_pt
            plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
            power += power_mod + aura_power + plus
            toughness += toughness_mod + aura_toughness + plus
        return Chars(c.name, c.mana_value, c.colors, c.types, c.subtypes, c.supertypes, power,
                     toughness, frozenset(keywords), text)

    # --- mana --------------------------------------------------------------------------------

    def _pay(self, player: str, cost: str | None, x: int) -> bool:
        """Pay ``cost`` with X = ``x`` from ``player``'s pool (and life, for Phyrexian symbols):
        False, paying nothing, when it cannot be paid (rules 601.2g-h)."""
        try:
            symbols = cost_symbols(cost, x)
        except ManaSymbolError as exc:
            raise refuse("unsupported", str(exc)) from exc
        pl = self.players[player]
        plan = self._plan_payment(pl.pool, symbols, pl.life)
        if plan is None:
            return False
        mana, life = plan
        pl.pool.paid.extend(mana)
        if life:
            pl.life -= life
            self._emit("life_change", player=player, amount=-life)
        return True

    def _plan_payment(self, pool: ManaPool, symbols: list[Symbol],
                      life: int) -> tuple[list[Symbol], int] | None:
        """Hook: the mana solver (601.2h: the player chooses which mana pays which symbol, so
        any payable order of costs is paid)."""
        return plan_payment(pool, symbols, life)

    # --- targets -----------------------------------------------------------------------------

    def _slot_legal(self, ref: Ref, slot: o.TargetSlot, controller: str,
                    exclude: str | None = None) -> bool:
        if ref.zcc is None:
            return (slot.kind in ("any", "player", "opponent") and ref.id in PLAYERS
                    and not self.players[ref.id].lost
                    and (slot.kind != "opponent" or ref.id != controller))
        obj = self.objects.get(ref.id)
        if obj is None or obj.zcc != ref.zcc or obj.id == exclude:
            return False
        c = self.chars(obj)
        if slot.kind in ("player", "opponent"):
            return False
        if slot.kind == "creature_or_planeswalker":
            return obj.zone == "battlefield" and bool({"Creature", "Planeswalker"} & set(c.types))
        if slot.kind in ("any", "creature", "creature_you_control"):
            ok = obj.zone == "battlefield" and "Creature" in c.types
            return ok and (slot.kind != "creature_you_control" or obj.controller == controller)
        if slot.kind in ("artifact", "enchantment", "land"):
            return obj.zone == "battlefield" and slot.kind.capitalize() in c.types
        if slot.kind == "artifact_or_enchantment":
            return obj.zone == "battlefield" and bool({"Artifact", "Enchantment"} & set(c.types))
        if slot.kind == "spell":
            return obj.zone == "stack"
        if slot.kind == "instant_or_sorcery_spell":
            return obj.zone == "stack" and bool({"Instant", "Sorcery"} & set(c.types))
        if slot.kind == "graveyard_card":
            return obj.zone == "graveyard"
        raise refuse("internal", f"target kind {slot.kind}")

    def _ref_of(self, tid: Any) -> Ref:
        if tid in PLAYERS:
            return Ref(tid)
        return self._get(tid).ref

    def _choose_targets(self, slots: tuple[o.TargetSlot, ...], ids: list[Any], controller: str,
                        exclude: str | None) -> list[list[Ref]]:
        """Split ``ids`` over ``slots`` and check that each target is legal (rule 601.2c)."""
        lo = sum(s.min for s in slots)
        hi = sum(s.max for s in slots)
        if not lo <= len(ids) <= hi:
            raise refuse("illegal_action", f"needs {lo}..{hi} targets, got {len(ids)}")
        extra = len(ids) - lo
        out: list[list[Ref]] = []
        pos = 0
        for s in slots:
            n = s.min + min(extra, s.max - s.min)
            extra -= n - s.min
            out.append([self._ref_of(t) for t in ids[pos:pos + n]])
            pos += n
        self._check_targets(slots, out, controller, exclude, None)
        return out

    def _check_targets(self, slots: tuple[o.TargetSlot, ...], chosen: list[list[Ref]],
                       controller: str, exclude: str | None,
                       unchanged: list[list[Ref]] | None) -> None:
        seen: list[Ref] = []
        for si, (slot, refs) in enumerate(zip(slots, chosen, strict=True)):
            if len(set(refs)) != len(refs):
                raise refuse("illegal_action", "the same target twice for one word 'target'")
            for ti, ref in enumerate(refs):
                if unchanged is not None and unchanged[si][ti] == ref:
                    continue  # rule 707.10c: unchanged targets may stay even if illegal
                if not self._slot_legal(ref, slot, controller, exclude):
                    raise refuse("illegal_action", f"{ref.id} is not a legal target "
                                                   f"({slot.kind})")
                if slot.another and ref in seen:
                    raise refuse("illegal_action", f"{ref.id}: 'another target' repeats one")
            seen.extend(refs)

    def _opponent_related(self, ref: Ref, controller: str) -> bool:
        """Whether a target makes the spell or ability a crime (At Knifepoint's rulings)."""
        if ref.zcc is None:
            return ref.id != controller
        obj = self.objects.get(ref.id)
        if obj is None:
            return False
        if obj.zone in ("battlefield", "stack"):
            return obj.controller != controller
        if obj.zone == "graveyard":
            return obj.owner != controller
        return False

    def _crime_count(self, controller: str, refs: Iterable[Ref]) -> int:
        """Hook: crimes committed by one spell or ability: one, however many targets."""
        return 1 if any(self._opponent_related(r, controller) for r in refs) else 0

    def _commit_crimes(self, controller: str, targets: list[list[Ref]], source: str) -> None:
        flat = [r for refs in targets for r in refs]
        for _ in range(self._crime_count(controller, flat)):
            self._emit("crime_committed", player=controller, source=source)

    # --- triggers ----------------------------------------------------------------------------

    def _abilities(self, obj: Obj) -> o.FaceText | None:
        return self.chars(obj).text

    def _trigger(self, t: PendingTrigger) -> None:
        self.pending.append(t)
        self._emit("triggered", source=t.source, ability=t.name, controller=t.controller)

    def _triggered_abilities(self, player: str) -> Iterator[tuple[Obj, o.Triggered]]:
        """The triggered abilities of ``player``'s permanents, with their sources, in
        battlefield order (the battlefield as it is when the walk starts)."""
        for oid in list(self.battlefield):
            src = self.objects[oid]
            text = self._abilities(src)
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
        for src, t in self._triggered_abilities(player):
            if t.event == "cast_instant_or_sorcery" and is_instant_sorcery:
                self._trigger(PendingTrigger(player, src.id, src.card_name, t.name, t.effects))
        for d in self.delayed:
            if (d.controller == player and d.turn == self.turn and not d.used
                    and is_instant_sorcery):
                self._consume_delayed(d)
                self._trigger(PendingTrigger(
                    player, d.source, d.source_name, "delayed_copy",
                    (o.CopyTriggeringSpell(d.effect.times, d.effect.may_choose_new_targets),),
                    spell=self._snapshot_spell(spell)))

    def _consume_delayed(self, d: DelayedTrigger) -> None:
        """Hook: "When you next cast ..." triggers only once (rule 603.7c)."""
        d.used = True

    def _detect_crime_triggers(self, event: dict[str, Any]) -> None:
        player = event["player"]
        for src, t in self._triggered_abilities(player):
            if t.event != "crime":
                continue
            if t.once_each_turn and self._once_each_turn_applies():
                if src.once_turns.get(t.name) == self.turn:
                    continue
                src.once_turns[t.name] = self.turn
            self._trigger(PendingTrigger(player, src.id, src.card_name, t.name, t.effects))

    def _once_each_turn_applies(self) -> bool:
        """Hook: "This ability triggers only once each turn" is honoured."""
        return True

    def _chapters_crossed(self, old: int, new: int, chapter: int) -> bool:
        """Hook: a chapter triggers when lore counters go from below N to N or more (715.2b)."""
        return old < chapter <= new

    def _add_counters(self, obj: Obj, counter: str, n: int) -> None:
        old = obj.counters.get(counter, 0)
        obj.counters[counter] = old + n
        self._emit("counter_added", object=obj.id, counter=counter, n=n)
        if counter != "lore" or obj.zone != "battlefield":
            return
        text = self._abilities(obj)
        if text is None:
            return
        for ch in text.chapters:
            for number in ch.chapters:
                if self._chapters_crossed(old, old + n, number):
                    self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name,
                                                 f"chapter_{ROMAN[number]}", ch.effects,
                                                 chapter=True))

    def _order_triggers(self, mine: list[PendingTrigger], order: Any) -> list[PendingTrigger]:
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
            for player in (self.active, other(self.active)):
                mine = [t for t in pending if t.controller == player]
                if len(mine) >= 2:
                    answer = yield Choice("trigger_order", {
                        "player": player,
                        "triggers": [{"source": t.source, "ability": t.name} for t in mine]})
                    mine = self._order_triggers(mine, answer.get("order"))
                for t in mine:
                    slots = tuple(s for e in t.effects for s in e.slots)
                    targets: list[list[Ref]] = []
                    if slots:
                        if not self._targets_exist(slots, t.controller):
                            continue  # no legal targets: removed from the stack (603.3d)
                        answer = yield Choice("targets", {
                            "player": t.controller, "source": t.source, "ability": t.name,
                            "slots": [s.kind for s in slots]})
                        chosen = answer.get("targets")
                        if not isinstance(chosen, list):
                            raise refuse("illegal_action", "targets: give a list of targets")
                        targets = self._choose_targets(slots, chosen, t.controller, None)
                    ab = StackAbility(self._new_id("trig"), t.source, t.source_name,
                                      t.controller, t.name, t.effects, targets,
                                      chapter=t.chapter, spell=t.spell)
                    self.stack.append(ab)
                    self._emit("put_on_stack", object=ab.id, source=t.source, ability=t.name)
                    if targets and self._trigger_targets_commit_crimes():
                        self._commit_crimes(t.controller, targets, ab.id)

    def _trigger_targets_commit_crimes(self) -> bool:
        """Hook: a triggered ability you control that targets an opponent or what they control
        or own commits a crime, as a spell or activated ability does (rule 700.13)."""
        return True

    def _targets_exist(self, slots: tuple[o.TargetSlot, ...], controller: str) -> bool:
        """Whether every slot needing a target has at least one legal candidate."""
        refs = [Ref(p) for p in PLAYERS] + [ob.ref for ob in self.objects.values()]
        return all(s.min == 0 or any(self._slot_legal(r, s, controller) for r in refs)
                   for s in slots)

    # --- zones -------------------------------------------------------------------------------

    def _remove_from_zone(self, obj: Obj) -> None:
        if obj.zone == "battlefield":
            self.battlefield.remove(obj.id)
        elif obj.zone == "stack":
            self.stack.remove(obj)
        else:
            self.zones[(obj.owner, obj.zone)].remove(obj.id)

    def _move(self, obj: Obj, to: str, *, controller: str | None = None, top: bool = True) -> None:
        """Move ``obj`` to a zone; it becomes a new object (rule 400.7)."""
        frm = obj.zone
        self._statics_cache = None
        self._remove_from_zone(obj)
        obj.zcc += 1
        obj.tapped = False
        obj.counters = {}
        obj.damage = 0
        obj.attacking = obj.blocking = None
        obj.blocked = False
        obj.setup_keywords = ()
        obj.once_turns = {}
        obj.attached_to = None
        if frm == "stack":
            obj.spell = None
        obj.zone = to
        obj.controller = controller or obj.owner
        if to == "battlefield":
            obj.timestamp = next(self._clock)
            obj.summoning_sick = True
            self.battlefield.append(obj.id)
        elif to == "stack":
            self.stack.append(obj)
        elif to == "library" and top:
            self.zones[(obj.owner, to)].insert(0, obj.id)
        else:
            self.zones[(obj.owner, to)].append(obj.id)
        self._emit("zone_change", object=obj.id, card=obj.card_name, **{"from": frm, "to": to})
        if to == "battlefield":
            self._detect_enters_triggers(obj)

    def _detect_enters_triggers(self, obj: Obj) -> None:
        """"When CARDNAME enters, ..." triggers as the permanent enters (rule 603.6a)."""
        text = self._abilities(obj)
        for t in text.triggered if text is not None else ():
            if t.event == "enters":
                self._trigger(PendingTrigger(obj.controller, obj.id, obj.card_name, t.name,
                                             t.effects))

    def _leave_stack(self, obj: Obj, to: str) -> None:
        """A spell leaves the stack: a copy ceases to exist (rule 707.10a); an aftermath half
        cast from a graveyard is exiled instead (rule 702.127a)."""
        if obj.is_copy:
            self.stack.remove(obj)
            obj.zone = "ceased"
            del self.objects[obj.id]
            return
        self._move(obj, self._stack_exit_zone(obj, to))

    def _stack_exit_zone(self, obj: Obj, to: str) -> str:
        """Hook: where a spell that leaves the stack goes."""
        spell = obj.spell
        if spell is not None and spell.face.text.aftermath and spell.cast_from == "graveyard":
            return "exile"
        if spell is not None and spell.flashback:
            return "exile"
        return to

    def _draw(self, player: str, n: int = 1) -> None:
        for _ in range(n):
            lib = self.zones[(player, "library")]
            if not lib:
                self.players[player].drew_from_empty = True
                continue
            self._move(self.objects[lib[0]], "hand")

    # --- state-based actions -----------------------------------------------------------------

    def _final_chapter(self, obj: Obj) -> int:
        """Hook: a saga's final chapter number among the chapter abilities it has (715.2d)."""
        text = self._abilities(obj)
        return max((n for ch in (text.chapters if text else ()) for n in ch.chapters), default=0)

    def _saga_sacrifice_due(self, obj: Obj) -> bool:
        """Hook: rule 714.4 as of 2025: a Saga with one or more chapter abilities whose lore
        counters reach its final chapter, and no chapter ability of it waiting or on the stack."""
        final = self._final_chapter(obj)
        if final == 0 or obj.counters.get("lore", 0) < final:
            return False
        waiting = any(t.source == obj.id and t.chapter for t in self.pending)
        on_stack = any(isinstance(s, StackAbility) and s.source == obj.id and s.chapter
                       for s in self.stack)
        return not (waiting or on_stack)

    def _loses_to_poison(self, pl: Player) -> bool:
        """Hook: a player with ten or more poison counters loses (rule 704.5c)."""
        return pl.poison >= 10

    def _annihilated(self, obj: Obj) -> int:
        """Hook: how many +1/+1 and -1/-1 counters a permanent with both loses: N of each, N
        the smaller count (rule 704.5q)."""
        return min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))

    def _legend_groups(self) -> list[tuple[str, list[Obj]]]:
        """Hook: the legend rule (704.5j): for each player, each set of two or more legendary
        permanents they control with the same name, as (player, permanents)."""
        groups: dict[tuple[str, str], list[Obj]] = {}
        for oid in self.battlefield:
            obj = self.objects[oid]
            c = self.chars(obj)
            if "Legendary" in c.supertypes:
                groups.setdefault((obj.controller, c.name), []).append(obj)
        return [(pid, objs) for (pid, _), objs in groups.items() if len(objs) >= 2]

    def _aura_attachment_legal(self, aura: Obj, chars: Chars) -> bool:
        """Hook: an Aura is legally attached when it is attached to an object on the
        battlefield (the same object, rule 400.7) that its enchant ability allows (704.5m)."""
        ref = aura.attached_to
        if ref is None or ref.zcc is None:
            return False
        host = self.objects.get(ref.id)
        if host is None or host.zcc != ref.zcc or host.zone != "battlefield":
            return False
        kind = chars.text.enchant if chars.text is not None else None
        return kind is None or kind.capitalize() in self.chars(host).types

    def _state_based_actions(self) -> Flow:
        """Rule 704, repeated until none applies; all that apply at once are performed
        simultaneously (704.3), after the legend rule's choices are made."""
        while True:
            for pl in self.players.values():
                if not pl.lost and (pl.life <= 0 or pl.drew_from_empty
                                    or self._loses_to_poison(pl)):
                    pl.lost = True
            dies: list[Obj] = []
            sacrifice: list[Obj] = []
            annihilate: list[tuple[Obj, int]] = []
            auras: list[Obj] = []
            detach: list[Obj] = []
            for oid in self.battlefield:
                obj = self.objects[oid]
                c = self.chars(obj)
                n = self._annihilated(obj)
                if n:
                    annihilate.append((obj, n))
                if "Creature" in c.types and c.toughness is not None:
                    if c.toughness <= 0 or (obj.damage >= c.toughness
                                            and "indestructible" not in c.keywords):
                        dies.append(obj)
                        continue
                if "Saga" in c.subtypes and self._saga_sacrifice_due(obj):
                    sacrifice.append(obj)
                if "Aura" in c.subtypes:
                    if not self._aura_attachment_legal(obj, c):
                        auras.append(obj)
                elif obj.attached_to is not None and (
                        "Creature" in c.types or "Equipment" not in c.subtypes):
                    detach.append(obj)  # rule 704.5p
            gone = [ob for ob in self.objects.values()
                    if (ob.token is not None and ob.zone != "battlefield")
                    or (ob.is_copy and ob.zone != "stack")]
            legends: list[Obj] = []
            for pid, objs in self._legend_groups():
                ids = [ob.id for ob in objs]
                answer = yield Choice("legend_rule", {"player": pid, "objects": ids})
                keep = answer.get("keep")
                if keep not in ids:
                    raise refuse("illegal_action", f"legend rule: keep one of {ids}")
                legends.extend(ob for ob in objs if ob.id != keep)
            if not (dies or sacrifice or gone or annihilate or legends or auras or detach):
                return
            for obj in detach:
                obj.attached_to = None
            for obj, n in annihilate:
                for counter in ("+1/+1", "-1/-1"):
                    obj.counters[counter] -= n
                    if not obj.counters[counter]:
                        del obj.counters[counter]
                    self._emit("counter_removed", object=obj.id, counter=counter, n=n)
            for obj in dies:
                self._move(obj, "graveyard")
            for obj in sacrifice:
                self._emit("sacrificed", object=obj.id, card=obj.card_name)
                self._move(obj, "graveyard")
            for obj in legends + auras:
                if obj.zone == "battlefield":
                    self._move(obj, "graveyard")
            self._statics_cache = None
            for obj in gone:
                if obj.zone != "stack":
                    self._remove_from_zone(obj)
                del self.objects[obj.id]

    # --- actions -----------------------------------------------------------------------------

    def _require_priority(self, player: Any) -> None:
        if player not in PLAYERS:
            raise refuse("illegal_action", f"unknown player {player!r}")
        if self.step in NO_PRIORITY_STEPS:
            raise refuse("illegal_action", f"no player gets priority in the {self.step} step")
        if self.priority != player:
            raise refuse("illegal_action", f"{player} does not have priority "
                                           f"({self.priority} has)")

    def _sorcery_timing(self, player: str) -> bool:
        return player == self.active and self.step in MAIN_STEPS and not self.stack

    def _may_cast_face_from(self, face: Face, zone: str) -> bool:
        """Hook: an aftermath half only from a graveyard, every other half only from a hand
        (rule 702.127a; no other permission to cast from a graveyard exists here)."""
        return zone == ("graveyard" if face.text.aftermath else "hand") or (
            zone == "graveyard" and face.text.flashback is not None)

    def _spell_effects(self, face: Face, modes: tuple[int, ...]) -> o.SpellText:
        if face.text.enchant is not None:  # an Aura spell targets what it will enchant
            return (o.EnchantTarget(face.text.enchant),)
        spell = face.text.spell
        if isinstance(spell, o.Modal):
            return tuple(e for m in modes for e in spell.modes[m])
        return spell or ()

    def _a_cast(self, a: dict[str, Any]) -> Flow:
        player = a.get("player")
        obj = self._get(a.get("object"))
        self._require_priority(player)
        assert isinstance(player, str)
        if obj.card is None or obj.owner != player or obj.zone not in ("hand", "graveyard"):
            raise refuse("illegal_action", f"{player} cannot cast {obj.id} from {obj.zone}")
        card = obj.card
        if card.is_split:
            face = card.face_named(a.get("half") or "")
            if face is None:
                raise refuse("illegal_action", f"casting {card.name} needs a half "
                                               f"({', '.join(f.name for f in card.faces)})")
        else:
            if a.get("half"):
                raise refuse("illegal_action", f"{card.name} has no halves")
            face = card.faces[0]
        if "Land" in face.types:
            raise refuse("illegal_action", "lands are played, not cast")
        if not self._may_cast_face_from(face, obj.zone):
            raise refuse("illegal_action", f"{face.name} cannot be cast from the {obj.zone}")
        instant_speed = "Instant" in face.types or "flash" in face.text.keywords
        if not instant_speed and not self._sorcery_timing(player):
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
        if face.has_x:
            x = a.get("x")
            if x is None:
                answer = yield Choice("x", {"object": obj.id})
                x = answer.get("x")
            if not isinstance(x, int) or x < 0:
                raise refuse("illegal_action", "X must be a whole number")
        effects = self._spell_effects(face, modes)
        slots = tuple(s for e in effects for s in e.slots)
        targets = self._choose_targets(slots, list(a.get("targets") or []), player, obj.id)
        division = self._check_division(effects, targets, a.get("division"))
        flashback = (obj.zone == "graveyard" and not face.text.aftermath
                     and face.text.flashback is not None)
        cost = face.text.flashback if flashback else face.mana_cost
        if not self._pay(player, cost, x or 0):
            raise refuse("illegal_action", f"cannot pay {cost} (X={x}) from "
                                           f"{self.players[player].pool.render() or 'nothing'}")
        frm = obj.zone
        self._move(obj, "stack", controller=player)
        obj.spell = SpellState(face=face, targets=targets, x=x, modes=modes, division=division,
                               cast_from=frm, flashback=flashback)
        self._emit("cast", player=player, object=obj.id, card=card.name,
                   half=face.name if card.is_split else None, copy=False)
        if self.crime_timing == "cast":
            self._commit_crimes(player, targets, obj.id)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

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

    def _a_activate(self, a: dict[str, Any]) -> Flow:
        player = a.get("player")
        obj = self._get(a.get("object"))
        if obj.zone == "hand" and obj.owner == player:
            yield from self._cycle(obj, a)
            return
        if obj.zone != "battlefield" or obj.controller != player:
            raise refuse("illegal_action", f"{player} does not control {obj.id}")
        assert isinstance(player, str)
        text = self._abilities(obj)
        abilities = text.activated if text else ()
        idx = a.get("ability", 0)
        if not isinstance(idx, int) or not 0 <= idx < len(abilities):
            raise refuse("illegal_action", f"{obj.id} has no activated ability {idx}")
        ab = abilities[idx]
        c = self.chars(obj)
        if ab.tap:
            if obj.tapped:
                raise refuse("illegal_action", f"{obj.id} is tapped")
            if "Creature" in c.types and obj.summoning_sick and "haste" not in c.keywords:
                raise refuse("illegal_action", f"{obj.id} has summoning sickness (rule 302.6)")
        if ab.produces is not None:  # a mana ability: no stack, no priority change (605.3)
            obj.tapped = True
            self.players[player].pool.add(ab.produces)
            return
        self._require_priority(player)
        if ab.sorcery_speed and not self._sorcery_timing(player):
            raise refuse("illegal_action", "activate only as a sorcery")
        slots = tuple(s for e in ab.effects for s in e.slots)
        targets = self._choose_targets(slots, list(a.get("targets") or []), player, None)
        if ab.tap:
            obj.tapped = True
        item = StackAbility(self._new_id("act"), obj.id, obj.card_name, player,
                            f"activated_{idx}", ab.effects, targets)
        self.stack.append(item)
        self._emit("put_on_stack", object=item.id, source=obj.id, ability=item.name)
        self._commit_crimes(player, targets, item.id)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

    def _cycle(self, obj: Obj, a: dict[str, Any]) -> Flow:
        """Cycling (rule 702.29): an activated ability of a card in a hand; its costs are the
        cycling mana cost and discarding the card; it draws a card as it resolves."""
        player = obj.owner
        self._require_priority(player)
        cost = obj.card.faces[0].text.cycling if obj.card and len(obj.card.faces) == 1 else None
        if cost is None or a.get("ability", 0) != 0:
            raise refuse("illegal_action", f"{obj.id} has no activated ability in a hand")
        if a.get("targets"):
            raise refuse("illegal_action", "cycling has no targets")
        if not self._pay(player, cost, 0):
            raise refuse("illegal_action", f"cannot pay {cost}")
        self._move(obj, "graveyard")  # discarding it is part of the cost (rule 702.29a)
        item = StackAbility(self._new_id("act"), obj.id, obj.card_name, player, "cycling",
                            (o.Draw(1),), [])
        self.stack.append(item)
        self._emit("put_on_stack", object=item.id, source=obj.id, ability=item.name)
        self.priority = player
        self.passes = 0
        yield from self._put_triggers()

    def _a_pass_priority(self, a: dict[str, Any]) -> Flow:
        player = a.get("player")
        self._require_priority(player)
        assert isinstance(player, str)
        self.passes += 1
        if self.passes < 2:
            self.priority = other(player)
            return
        if self.stack:
            yield from self._resolve_top()
        else:
            yield from self._advance(None, False)

    def _a_resolve_top(self, a: dict[str, Any]) -> Flow:
        if not self.stack:
            raise refuse("illegal_action", "the stack is empty")
        yield from self._resolve_top()

    def _a_resolve_stack(self, a: dict[str, Any]) -> Flow:
        for _ in range(500):
            if not self.stack:
                return
            yield from self._resolve_top()
        raise refuse("internal", "the stack does not empty")

    def _a_add_counters(self, a: dict[str, Any]) -> Flow:
        obj = self._get(a.get("object"))
        n = a.get("n", 1)
        if not isinstance(n, int) or n < 1 or obj.zone != "battlefield":
            raise refuse("illegal_action", "counters go on permanents, n >= 1")
        self._add_counters(obj, str(a.get("counter")), n)
        yield from self._put_triggers()

    def _a_remove_counters(self, a: dict[str, Any]) -> Flow:
        obj = self._get(a.get("object"))
        counter = str(a.get("counter"))
        n = min(int(a.get("n", 1)), obj.counters.get(counter, 0))
        if n:
            obj.counters[counter] -= n
            if not obj.counters[counter]:
                del obj.counters[counter]
            self._emit("counter_removed", object=obj.id, counter=counter, n=n)
        yield from self._put_triggers()

    def _a_set_keywords(self, a: dict[str, Any]) -> Flow:
        obj = self._get(a.get("object"))
        add = tuple(k.lower() for k in a.get("add") or ())
        remove = tuple(k.lower() for k in a.get("remove") or ())
        for k in add + remove:
            if k not in o.KEYWORDS:
                raise refuse("unsupported", f"keyword {k!r}")
        self.effects.append(ContinuousEffect(next(self._clock), frozenset({obj.ref}),
                                             add=add, remove=remove, until_end_of_turn=False))
        yield from self._put_triggers()

    def _a_lose_abilities(self, a: dict[str, Any]) -> Flow:
        obj = self._get(a.get("object"))
        self.effects.append(ContinuousEffect(next(self._clock), frozenset({obj.ref}),
                                             lose_all=True, until_end_of_turn=False))
        yield from self._put_triggers()

    def _a_advance(self, a: dict[str, Any]) -> Flow:
        to = a.get("to")
        if to not in STEPS:
            raise refuse("illegal_action", f"unknown step {to!r}")
        if self.stack:
            raise refuse("illegal_action", "advance needs an empty stack")
        yield from self._advance(to, bool(a.get("next_turn", False)))

    # --- resolving ---------------------------------------------------------------------------

    def _resolve_top(self) -> Flow:
        item = self.stack[-1]
        if isinstance(item, StackAbility):
            self.stack.pop()
            yield from self._run_effects(item.effects, item.targets, item.controller,
                                         item.source, None, item)
            self._emit("resolved", object=item.id, source=item.source, ability=item.name)
        else:
            yield from self._resolve_spell(item)
        self.priority = self.active
        self.passes = 0
        yield from self._put_triggers()

    def _resolve_spell(self, obj: Obj) -> Flow:
        spell = obj.spell
        assert spell is not None
        effects = self._spell_effects(spell.face, spell.modes)
        slots = tuple(s for e in effects for s in e.slots)
        flat = [(slot, r) for slot, refs in zip(slots, spell.targets, strict=True) for r in refs]
        if flat and not any(self._slot_legal(r, s, obj.controller, obj.id) for s, r in flat):
            self._emit("countered", object=obj.id, card=obj.card_name, by=None,
                       reason="all targets illegal (rule 608.2b)")
            self._leave_stack(obj, "graveyard")
            return
        if self.crime_timing == "resolution" and not obj.is_copy:
            self._commit_crimes(obj.controller, spell.targets, obj.id)
        yield from self._run_effects(effects, spell.targets, obj.controller, obj.id, obj, None)
        self._emit("resolved", object=obj.id, card=obj.card_name, copy=obj.is_copy)
        if PERMANENT_TYPES & set(spell.face.types):
            controller = obj.controller
            host = spell.targets[0][0] if spell.face.text.enchant is not None else None
            self._move(obj, "battlefield", controller=controller)
            obj.attached_to = host  # rule 303.4f
            if "Saga" in spell.face.subtypes:
                self._add_counters(obj, "lore", 1)  # rule 715.3a
        elif obj.zone == "stack":
            self._leave_stack(obj, "graveyard")

    def _run_effects(self, effects: o.SpellText, targets: list[list[Ref]], controller: str,
                     source: str, spell: Obj | None, ability: StackAbility | None) -> Flow:
        pos = 0
        exclude = spell.id if spell is not None else None  # a spell can't target itself
        for eff in effects:
            n = len(eff.slots)
            mine = targets[pos:pos + n]
            slots = eff.slots
            pos += n
            legal = [[self._slot_legal(r, s, controller, exclude) for r in refs]
                     for s, refs in zip(slots, mine, strict=True)]
            yield from self._effect(eff, mine, legal, controller, source, spell, ability)

    def _damage(self, source: str, target: Ref, amount: int, combat: bool = False) -> None:
        if amount <= 0:
            return
        self._emit("damage", source=source, target=target.id, amount=amount, step=self.step,
                   combat=combat)
        if target.zcc is None:
            self.players[target.id].life -= amount
            self._emit("life_change", player=target.id, amount=-amount)
        else:
            self.objects[target.id].damage += amount

    def _effect(self, eff: o.Effect, targets: list[list[Ref]], legal: list[list[bool]],
                controller: str, source: str, spell: Obj | None,
                ability: StackAbility | None) -> Flow:
        x = spell.spell.x if spell is not None and spell.spell is not None else None
        if isinstance(eff, o.DamageTargets):
            for amount, refs, ok in zip(eff.amounts, targets, legal, strict=True):
                if ok[0]:
                    self._damage(source, refs[0], (x or 0) if amount is None else amount)
        elif isinstance(eff, o.DividedDamage):
            division = spell.spell.division if spell and spell.spell else None
            for ref, ok, amount in zip(targets[0], legal[0], division or (), strict=True):
                if ok:
                    self._damage(source, ref, amount)
        elif isinstance(eff, o.DamageEach):
            if eff.group == "creature":
                for oid in list(self.battlefield):
                    ob = self.objects[oid]
                    if "Creature" in self.chars(ob).types:
                        self._damage(source, ob.ref, eff.amount)
            else:
                for p in (self.active, other(self.active)):
                    if eff.group == "player" or p != controller:
                        self._damage(source, Ref(p), eff.amount)
        elif isinstance(eff, o.DamageSpellControllerByManaValue):
            if legal[0][0]:
                target = self.objects[targets[0][0].id]
                self._damage(source, Ref(target.controller), self.chars(target).mana_value)
        elif isinstance(eff, o.CounterSpell):
            if legal[0][0]:
                target = self.objects[targets[0][0].id]
                self._emit("countered", object=target.id, card=target.card_name, by=source)
                self._leave_stack(target, "graveyard")
        elif isinstance(eff, o.CopyTargetSpell):
            if legal[0][0]:
                target = self.objects[targets[0][0].id]
                yield from self._copy_spell(self._snapshot_spell(target), controller, source,
                                            eff.may_choose_new_targets)
        elif isinstance(eff, o.CopyTriggeringSpell):
            assert ability is not None and ability.spell is not None
            for _ in range(eff.times):
                yield from self._copy_spell(ability.spell, controller, ability.id,
                                            eff.may_choose_new_targets)
        elif isinstance(eff, o.ExileTargetCardFromGraveyard):
            if legal[0][0]:
                self._move(self.objects[targets[0][0].id], "exile")
        elif isinstance(eff, o.Draw):
            self._draw(controller, eff.n)
        elif isinstance(eff, o.GainLife):
            self.players[controller].life += eff.n
            self._emit("life_change", player=controller, amount=eff.n)
        elif isinstance(eff, o.DestroyTarget):
            if legal[0][0]:
                target = self.objects[targets[0][0].id]
                if "indestructible" not in self.chars(target).keywords:
                    self._move(target, "graveyard")
        elif isinstance(eff, o.PumpTarget):
            if legal[0][0]:
                self.effects.append(ContinuousEffect(
                    next(self._clock), frozenset({targets[0][0]}), eff.power, eff.toughness,
                    add=eff.keywords))
        elif isinstance(eff, o.PumpGroup):
            affected = frozenset(
                self.objects[oid].ref for oid in self.battlefield
                if self.objects[oid].controller == controller
                and "Creature" in (c := self.chars(self.objects[oid])).types
                and eff.subtype in c.subtypes)  # the set is locked in (rule 611.2c)
            self.effects.append(ContinuousEffect(next(self._clock), affected, eff.power,
                                                 eff.toughness))
        elif isinstance(eff, o.MustBeBlockedByAll):
            if legal[0][0]:
                self.requirements.append((targets[0][0], self.turn))
        elif isinstance(eff, o.CreateToken):
            for _ in range(eff.count):
                tok = Obj(id=self._new_id("token"), owner=controller, controller=controller,
                          zone="battlefield", token=eff.token, timestamp=next(self._clock),
                          summoning_sick=True)
                self.objects[tok.id] = tok
                self.battlefield.append(tok.id)
                self._statics_cache = None
                self._emit("token_created", object=tok.id, card=eff.token.name,
                           controller=controller)
        elif isinstance(eff, o.Surveil):
            lib = self.zones[(controller, "library")]
            looked = lib[:eff.n]
            if looked:
                answer = yield Choice("surveil", {"player": controller, "cards": looked})
                chosen = answer.get("graveyard") or []
                if not isinstance(chosen, list) or any(c not in looked for c in chosen):
                    raise refuse("illegal_action", f"surveil: choose among {looked}")
                for cid in chosen:
                    self._move(self.objects[cid], "graveyard")
        elif isinstance(eff, o.EnchantTarget):
            pass  # the Aura is attached as it enters the battlefield (_resolve_spell)
        elif isinstance(eff, o.CreateDelayedCopyTrigger):
            src = self.objects.get(source)
            name = src.card_name if src is not None else source
            self.delayed.append(DelayedTrigger(controller, source, name, self.turn, eff))
        else:
            raise refuse("internal", f"effect {type(eff).__name__} has no rule")

    # --- copies ------------------------------------------------------------------------------

    def _snapshot_spell(self, obj: Obj) -> SpellSnapshot:
        spell = obj.spell
        assert spell is not None and obj.card is not None
        return SpellSnapshot(obj.id, obj.card, spell.face, obj.controller,
                             tuple(tuple(r) for r in spell.targets), spell.x, spell.modes,
                             spell.division)

    def _copy_x(self, info: SpellSnapshot) -> int | None:
        """Hook: a copy has the original's value of X (rule 707.10)."""
        return info.x

    def _copy_modes(self, info: SpellSnapshot) -> tuple[int, ...]:
        """Hook: a copy has the original's modes (rule 707.10)."""
        return info.modes

    def _copy_division(self, info: SpellSnapshot) -> tuple[int, ...] | None:
        """Hook: a copy divides damage as the original did (rule 707.10)."""
        return info.division

    def _copy_controller(self, info: SpellSnapshot, copier: str) -> str:
        """Hook: the player who copies a spell controls the copy (rule 707.10)."""
        return copier

    def _copy_is_cast(self) -> bool:
        """Hook: a copy is created on the stack, not cast (rule 707.10)."""
        return False

    def _place_copy(self, copy: Obj, original_id: str) -> None:
        """Hook: a copy is put onto the stack on top (it resolves first)."""
        self.stack.append(copy)

    def _after_copy_targets(self, copy: Obj, changed: bool) -> None:
        """Hook: choosing new targets for a copy is not casting it: no crime (ruling)."""

    def _copy_spell(self, info: SpellSnapshot, copier: str, source: str,
                    may_choose_new_targets: bool) -> Flow:
        controller = self._copy_controller(info, copier)
        copy = Obj(id=self._new_id("copy"), owner=controller, controller=controller,
                   zone="stack", card=info.card, is_copy=True, timestamp=next(self._clock))
        modes = self._copy_modes(info)
        effects = self._spell_effects(info.face, modes)
        slots = tuple(s for e in effects for s in e.slots)
        targets = [list(t) for t in info.targets]
        if len(targets) != len(slots):  # the modes changed under a broken rule: no targets
            targets = [[] for _ in slots]
        copy.spell = SpellState(face=info.face, targets=targets, x=self._copy_x(info),
                                modes=modes, division=self._copy_division(info))
        self.objects[copy.id] = copy
        self._emit("copy_created", object=copy.id, of=info.obj_id, card=info.card.name,
                   controller=controller)
        changed = False
        if may_choose_new_targets and any(targets):
            answer = yield Choice("new_targets", {"copy": copy.id, "of": info.obj_id,
                                                  "targets": [r.id for t in targets for r in t]})
            new = answer.get("targets")
            if new is not None:
                flat = [r for t in targets for r in t]
                if not isinstance(new, list) or len(new) != len(flat):
                    raise refuse("illegal_action", f"new targets: give {len(flat)} targets "
                                                   "(the number can't change)")
                refs = [r if r.id == tid else self._ref_of(tid)
                        for r, tid in zip(flat, new, strict=True)]
                grouped, pos = [], 0
                for t in targets:
                    grouped.append(refs[pos:pos + len(t)])
                    pos += len(t)
                self._check_targets(slots, grouped, controller, copy.id, targets)
                changed = grouped != targets
                copy.spell.targets = grouped
        self._place_copy(copy, info.obj_id)
        self._emit("put_on_stack", object=copy.id, source=source, card=info.card.name)
        if self._copy_is_cast():
            self._emit("cast", player=controller, object=copy.id, card=info.card.name,
                       half=info.face.name if info.card.is_split else None, copy=True)
            self._commit_crimes(controller, copy.spell.targets, copy.id)
        self._after_copy_targets(copy, changed)

    # --- turn structure and combat -----------------------------------------------------------

    def _first_strike_step_happens(self) -> bool:
        """Hook: a first-strike combat damage step happens if an attacking or blocking
        creature has first strike or double strike (rule 510.4)."""
        return any({"first strike", "double strike"} & self.chars(ob).keywords
                   for ob in self._in_combat())

    def _deals_regular_damage(self, obj: Obj) -> bool:
        """Hook: in the second combat damage step, creatures that had neither first strike nor
        double strike as the first step began, and creatures that now have double strike
        (rule 510.4, 702.7c)."""
        return obj.id not in self.fs_began or "double strike" in self.chars(obj).keywords

    def _in_combat(self) -> list[Obj]:
        return [self.objects[i] for i in self.battlefield
                if self.objects[i].attacking is not None or self.objects[i].blocking is not None]

    def _combat_damage(self, first: bool) -> None:
        fighters = self._in_combat()
        if first:
            self.fs_began = {ob.id for ob in fighters
                             if {"first strike", "double strike"} & self.chars(ob).keywords}
            dealers = [ob for ob in fighters if ob.id in self.fs_began]
        elif self.fs_step:
            dealers = [ob for ob in fighters if self._deals_regular_damage(ob)]
        else:
            dealers = fighters
        hits: list[tuple[str, Ref, int]] = []
        for ob in dealers:
            power = self.chars(ob).power or 0
            if power <= 0:
                continue
            if ob.attacking is not None:
                blockers = [self.objects[i] for i in self.battlefield
                            if self.objects[i].blocking == ob.id]
                if len(blockers) > 1:
                    raise refuse("unsupported", "damage assignment among several blockers")
                if blockers:
                    hits.append((ob.id, blockers[0].ref, power))
                elif not ob.blocked:
                    hits.append((ob.id, Ref(ob.attacking), power))
            elif ob.blocking is not None:
                att = self.objects.get(ob.blocking)
                if att is not None and att.zone == "battlefield" and att.attacking is not None:
                    hits.append((ob.id, att.ref, power))
        for src, target, amount in hits:  # dealt simultaneously (rule 510.2)
            self._damage(src, target, amount, combat=True)

    def _saga_gets_turn_counter(self, obj: Obj) -> bool:
        """Hook: rule 714.3b as of 2025: only a Saga with one or more chapter abilities."""
        return self._final_chapter(obj) > 0

    def _skips_first_draw(self) -> bool:
        """Hook: in a two-player game the starting player skips the draw step of their first
        turn, turn 1 of the game (rule 103.7a)."""
        return self.turn == 1

    def _next_step(self) -> tuple[str, bool]:
        """The step after the current one and whether it starts a new turn (508.8, 510.4)."""
        i = STEPS.index(self.step)
        while True:
            i += 1
            if i == len(STEPS):
                return "untap", True
            name = STEPS[i]
            no_attackers = not any(self.objects[x].attacking for x in self.battlefield)
            if name in ("declare_blockers", "first_strike_damage", "combat_damage") \
                    and no_attackers:
                continue
            if name == "first_strike_damage" and not self.fs_step:
                continue
            if name == "draw" and self._skips_first_draw():
                continue
            return name, False

    def _leave_step(self) -> None:
        for pl in self.players.values():
            pl.pool.empty()  # rule 500.4
        if self.step == "declare_blockers":
            self.fs_step = self._first_strike_step_happens()
        if self.step == "end_of_combat":
            for oid in self.battlefield:
                ob = self.objects[oid]
                ob.attacking = ob.blocking = None
                ob.blocked = False
            self.fs_step = False
            self.fs_began = set()

    def _enter_step(self, name: str, new_turn: bool) -> None:
        if new_turn:
            self.turn += 1
            self.active = other(self.active)
        self.step = name
        self._emit("step", name=name, turn=self.turn)
        if name == "untap":
            for oid in self.battlefield:
                ob = self.objects[oid]
                if ob.controller == self.active:
                    ob.tapped = False
                    ob.summoning_sick = False
        elif name == "draw":
            self._draw(self.active)
        elif name == "precombat_main":
            for oid in list(self.battlefield):
                ob = self.objects[oid]
                if (ob.controller == self.active and "Saga" in self.chars(ob).subtypes
                        and self._saga_gets_turn_counter(ob)):
                    self._add_counters(ob, "lore", 1)
        elif name == "first_strike_damage":
            self._combat_damage(first=True)
        elif name == "combat_damage":
            self._combat_damage(first=False)
        elif name == "cleanup":
            for oid in self.battlefield:
                self.objects[oid].damage = 0
            self.effects = [e for e in self.effects if not e.until_end_of_turn]
            self.delayed = [d for d in self.delayed if d.turn > self.turn]
            self.requirements = []

    def _advance(self, to: str | None, next_turn: bool) -> Flow:
        """Step forward to ``to`` (or to the next step that gives priority when ``to`` is None),
        running turn-based actions, state-based actions and triggers on the way."""
        start = self.turn
        for _ in range(4 * len(STEPS)):
            self._leave_step()
            name, new_turn = self._next_step()
            if new_turn and to is not None and not next_turn:
                raise refuse("illegal_action", f"no {to} step left in turn {self.turn}")
            self._enter_step(name, new_turn)
            arrived = (name == to and (self.turn > start or not next_turn)) if to else (
                name not in NO_PRIORITY_STEPS)
            if name not in NO_PRIORITY_STEPS or arrived:
                yield from self._put_triggers()
            if arrived:
                self.priority = self.active
                self.passes = 0
                return
            if self.stack:
                raise refuse("illegal_action", f"advance stopped: the stack is not empty in the "
                                               f"{name} step of turn {self.turn}")
        raise refuse("illegal_action", f"step {to} not reached")

    # --- snapshot ----------------------------------------------------------------------------

    def _object_snapshot(self, obj: Obj) -> dict[str, Any]:
        c = self.chars(obj)
        on_table = obj.zone in ("battlefield", "stack")
        out: dict[str, Any] = {
            "card": obj.card_name, "zone": obj.zone, "owner": obj.owner,
            "controller": obj.controller if on_table else None, "tapped": obj.tapped,
            "counters": dict(obj.counters), "damage": obj.damage, "name": c.name,
            "mana_value": c.mana_value, "types": list(c.types), "subtypes": list(c.subtypes),
            "supertypes": list(c.supertypes), "colors": list(c.colors), "power": c.power,
            "toughness": c.toughness, "keywords": sorted(c.keywords),
            "token": obj.token is not None, "copy": obj.is_copy,
        }
        if obj.zone == "battlefield":
            out.update(attacking=obj.attacking, blocking=obj.blocking,
                       summoning_sick=obj.summoning_sick,
                       attached_to=obj.attached_to.id if obj.attached_to else None)
        if obj.zone == "stack" and obj.spell is not None:
            out.update(half=obj.spell.face.name if obj.card and obj.card.is_split else None,
                       x=obj.spell.x, modes=list(obj.spell.modes),
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
                            "mana": pl.pool.render()}
                        for p, pl in self.players.items()},
            "objects": {oid: self._object_snapshot(ob) for oid, ob in self.objects.items()},
            "stack": stack, "step": self.step, "turn": self.turn,
            "active_player": self.active, "priority": self.priority,
        }
