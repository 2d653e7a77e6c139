#!/usr/bin/env python3
"""python-mtg behind the mtg-rulings conformance stdio protocol (conformance/SPEC.md, protocol 1).

Run with the ENGINE's own virtual environment (``engines/python-mtg/.venv``), never the project's: this
file imports only the standard library and python-mtg (``mtg``, which drags in its generically named
``effect_handlers`` / ``engine_handlers`` packages). One JSON object per line on stdin, one response per
line on stdout; python-mtg's own chatter (it ``print``s every game event) is captured and kept off stdout.

How a case maps onto python-mtg (details in NOTES.md):

* ``setup``   -> ``bridge_to_engine.make_deck_state`` with every case card in its owner's library, then the
                 instances are moved to the case's zones (``in_hand`` / ``on_battlefield`` / ``graveyard`` /
                 ``exile`` / library order) and life, step, active player, tapped, counters, summoning
                 sickness and the floating mana pool (``floating_mana`` + ``_refresh_mana_pool``) are set.
* ``cast``    -> the first half of ``driver._cast_spell`` (pay, leave the zone, push, choose modes, cast
                 triggers, storm) WITHOUT its ``_resolve_stack``, so the stack is observable; targets /
                 modes / X are pinned through python-mtg's ``_forced`` choice seam at resolution time.
* ``resolve_top`` / ``resolve_stack`` / ``pass_priority`` -> ``driver._resolve_top`` one object at a time
                 (plus the post-resolution trigger windows ``driver._resolve_stack`` opens), with no
                 greedy opponent responses (cases script every player's actions).
* ``advance`` -> ``env._advance_one`` until the requested step.
* events      -> hooks wrapped around python-mtg's own chokepoints (``_stack_push``, ``_note_crime``,
                 ``_bump_counter``, ``_sacrifice``, ``_adjust_life``, ``_apply_damage``, ``_apply_effects``,
                 ``_create_token``) plus a zone diff; python-mtg ids are translated back to case ids.

Anything the harness cannot express answers ``ok: false`` with error kind ``unsupported`` and a reason.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import mtg_rulings_wire as wire  # the protocol messages (wire/, installed by engines.mk)

# The evaluation cache grows ~60 MB per game unbounded-ish (default cap 200k states); bound it BEFORE the
# driver module reads the variable at import time. 4096 states keep a single case fully cached.
os.environ.setdefault("MTG_EVAL_CACHE", "4096")

PROTOCOL = 1
ENGINE_NAME = "python-mtg"

RESTART_EVERY = int(os.environ.get("MTG_HARNESS_RESTART_EVERY", "500"))
"""Re-exec the harness (a fresh interpreter, same pipes) before the setup after this many games (0 = never)."""
MAX_RSS_MB = float(os.environ.get("MTG_HARNESS_MAX_RSS_MB", "1024"))
"""Re-exec the harness before the next setup once its resident memory exceeds this many MiB (0 = never)."""
_PENDING_ENV = "MTG_HARNESS_PENDING"          # the request line a re-exec'd harness answers first
_RESTARTS_ENV = "MTG_HARNESS_RESTARTS"        # how many times this harness has re-exec'd itself
HERE = Path(__file__).resolve().parent
DEFAULT_FEATURES = HERE.parent.parent / "conformance" / "features.yaml"

STEPS = ["untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "postcombat_main",
         "end", "cleanup"]
"""The case format's step names; python-mtg uses the same names (turn.dl) except first_strike_damage."""

FEATURES_SUPPORTED = frozenset({
    # Names from conformance/features.yaml that python-mtg models AND this harness can script (intersected
    # with the file at start). A feature is declared when a case using it can be expressed; python-mtg
    # getting it wrong is then a `fail` (a finding), not a reason to drop it. See FEATURES_NOT_DECLARED.
    "priority", "stack", "mana_cost", "target", "x_spell", "modal", "copy_spell", "copy.new_targets",
    "counterspell", "graveyard_target", "trigger.cast", "trigger.delayed", "crime", "crime.targets",
    "saga", "saga.chapter_trigger", "saga.sacrifice", "saga.lore_counter", "counters", "state_based_actions",
    "tokens", "draw", "destroy", "indestructible", "until_end_of_turn", "turn_structure", "life",
})

FEATURES_NOT_DECLARED: dict[str, str] = {
    # Why the rest of the vocabulary is not declared (reported in `start` as extra.not_declared).
    "target.multiple": "driver._apply_damage / _pick_target choose one target per effect at resolution; "
                       "a cast cannot carry several",
    "divided_damage": "python-mtg has no damage division (Arc Lightning's clause is dropped by the bridge)",
    "split_card": "driver._cast_spell has no split-card halves; cards.dl flattens them (Destined // Lead)",
    "aftermath": "no split halves, so no aftermath half to cast from a graveyard",
    "trigger.order": "driver._apply_effects applies triggered abilities at once, never on the stack",
    "trigger.once_each_turn": "not modelled for the suite's cards (At Knifepoint's trigger is missing)",
    "outlaw": "At Knifepoint, the suite's outlaw card, is only its first-strike static in cards.dl, "
              "and the bridge drops it",
    "first_strike": "combat is not scripted: driver.declare_attackers/declare_blockers are greedy and "
                    "there is no first-strike damage step to start in",
    "double_strike": "combat is not scripted (see first_strike)",
    "combat_damage": "combat is not scripted (see first_strike)",
    "activated_ability": "the harness does not map `activate` (driver._activatable, env.step costs)",
    "mana_ability": "the harness does not map `activate`",
    "keywords": "the harness does not map `set_keywords`",
    "lose_abilities": "the harness does not map `lose_abilities`; the bridge drops Humility's clauses",
    "surveil": "the harness does not map `choose: surveil`",
    "flashback": "not verified: the harness casts through can_cast/_leave_cast_zone and has not been checked "
                 "against python-mtg's flashback path (may_play/_flashback) yet",
    "cycling": "cycling is an activated ability from the hand; the harness does not map `activate`",
}

ABILITY_LABEL = re.compile(r"(.+)_(a\d+[a-z]?)")
"""python-mtg labels a triggered ability's effects ``<instance id>_<ability id>`` (``guttersnipe_1_a0``)."""

COUNTER_TO_ENGINE = {"+1/+1": "p1p1", "-1/-1": "m1m1"}
COUNTER_FROM_ENGINE = {v: k for k, v in COUNTER_TO_ENGINE.items()}
COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
COLOR_LETTER = {v: k for k, v in COLOR_WORD.items() if k != "C"}
COLOR_WORD_LETTER = {v: k for k, v in COLOR_WORD.items()}
ZONE_RELS = (("in_hand", "hand"), ("in_library", "library"), ("command_zone", "command"))
SET_ZONES = (("on_battlefield", "battlefield"), ("graveyard", "graveyard"), ("exile", "exile"))


class HarnessError(Exception):
    """An error reported to the runner as ``{"ok": false, "error": {"kind": kind, "message": ...}}``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


def unsupported(message: str) -> HarnessError:
    """A case python-mtg (or this harness) cannot express: never a silent approximation."""
    return HarnessError("unsupported", message)


def rss_mb() -> float:
    """Resident set size of this process in MiB (from /proc; 0.0 where unavailable)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024.0, 1)
    except OSError:
        pass
    return 0.0


# ---- python-mtg (imported lazily so `start` can report a missing engine cleanly) ------------------------

_ENGINE_LOG = io.StringIO()           # python-mtg's prints land here, never on the protocol stream


class _Mtg:
    """The python-mtg modules and corpus, loaded once."""

    def __init__(self) -> None:
        with contextlib.redirect_stdout(_ENGINE_LOG):
            import mtg
            from mtg import bridge_to_engine as bridge
            from mtg import driver
            from mtg.engine import env
        self.version: str = getattr(mtg, "__version__", "unknown")
        self.bridge = bridge
        self.driver = driver
        self.env = env
        self.corpus: dict[str, dict[str, Any]] = {c["name"]: c for c in bridge.card_corpus.load_cards()}
        self.slug_name: dict[str, str] = {bridge.slug(n): n for n in self.corpus}
        self._db: dict[str, Any] | None = None

    @property
    def db(self) -> dict[str, Any]:
        if self._db is None:
            self._db = self.bridge.sim.load_db()
        return self._db

    def abstains(self, name: str) -> list[Any]:
        """The clauses of ``name`` python-mtg's bridge drops (does not model); [] = fully bridged."""
        _facts, dropped = self.bridge.card_facts(name, "p1", "probe_0", self.db, self.corpus)
        return list(dropped)


# ---- the event recorder: hooks around python-mtg's own chokepoints -----------------------------------

class Recorder:
    """Collects the protocol event log while a game is live, translating engine ids to case ids."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.in_trigger_window: list[str] = []
        self.damage_ctx: list[tuple[str, int]] = []
        self.effect_life: list[list[tuple[str, str, str]]] = []   # per _apply_effects call: (effect, player, source)

    def emit(self, event: dict[str, Any], *, sync: bool = True) -> None:
        """Log ``event``; with ``sync``, zone moves seen so far are logged first (they happened before it)."""
        if self.game is not None:
            if sync:
                self.game.sync_zones()
            self.game.events.append(event)

    def cid(self, engine_id: Any) -> Any:
        return self.game.case_id(engine_id) if self.game is not None else engine_id


REC = Recorder()


def _install_hooks(m: _Mtg) -> None:
    """Wrap python-mtg's chokepoints (module globals, so internal calls see the wrappers too)."""
    d = m.driver

    def wrap(name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        orig = getattr(d, name)
        setattr(d, name, make(orig))

    def stack_push(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, obj: str, controller: str) -> None:
            orig(state, obj, controller)
            if "__copy" in obj:
                REC.emit({"type": "copy_created", "object": REC.cid(obj),
                          "of": REC.cid(obj.split("__copy")[0]), "controller": controller})
            REC.emit({"type": "put_on_stack", "object": REC.cid(obj), "controller": controller})
        return f

    def note_crime(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, ctrl: str, victim_owner: str | None, source: str) -> None:
            if victim_owner is not None and victim_owner != ctrl \
                    and (ctrl, source) not in state.get("_crime_noted", set()):
                REC.emit({"type": "crime_committed", "player": ctrl, "source": REC.cid(source)})
                REC.in_trigger_window.append("crime")
                try:
                    orig(state, ctrl, victim_owner, source)
                finally:
                    REC.in_trigger_window.pop()
                return
            orig(state, ctrl, victim_owner, source)
        return f

    def bump_counter(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, obj: str, kind: str, n: int, placed_event: bool = True) -> None:
            before = next((c for (o, k, c) in state.get("counter", set()) if o == obj and k == kind), 0)
            orig(state, obj, kind, n, placed_event)
            after = next((c for (o, k, c) in state.get("counter", set()) if o == obj and k == kind), 0)
            delta = int(after) - int(before)
            if delta:
                REC.emit({"type": "counter_added" if delta > 0 else "counter_removed", "object": REC.cid(obj),
                          "counter": COUNTER_FROM_ENGINE.get(kind, kind), "n": abs(delta)})
        return f

    def sacrifice(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, obj: str) -> None:
            if (obj,) not in state.get("_sacrificing", set()):
                REC.emit({"type": "sacrificed", "object": REC.cid(obj)})
            orig(state, obj)
        return f

    def adjust_life(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, p: str, delta: int) -> int:
            before = next(v for (q, v) in state["life"] if q == p)
            effect = REC.effect_life[-1].pop(0) if REC.effect_life and REC.effect_life[-1] else None
            if delta < 0 and REC.damage_ctx:
                label, n = REC.damage_ctx[-1]
                REC.emit({"type": "damage", "source": REC.cid(label), "target": p, "amount": -delta,
                          "step": REC.game.step() if REC.game else None, "combat": False})
            elif delta < 0 and effect is not None and effect[0] == "deal_damage" and effect[1] == p:
                REC.emit({"type": "damage", "source": REC.cid(effect[2]), "target": p, "amount": -delta,
                          "step": REC.game.step() if REC.game else None, "combat": False})
            after = orig(state, p, delta)
            if after != before:
                REC.emit({"type": "life_change", "player": p, "amount": after - before})
            return after
        return f

    dmg_re = re.compile(r"deals (?:lethal damage|damage|(\d+)) to (\S+?)(?: |$)")

    def apply_damage(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, label: str, n: int, kind: str, ctrl: str) -> None:
            ab = ABILITY_LABEL.fullmatch(label)
            if ab and REC.game is not None and ab.group(1) in REC.game.to_case:
                # a triggered ability's damage (driver._apply_creature_effects' pending_damage): python-mtg
                # applies it at once, without a stack object, so this is where it "triggered"
                window = REC.in_trigger_window[-1] if REC.in_trigger_window else None
                REC.emit({"type": "triggered", "source": REC.cid(ab.group(1)), "ability": window or ab.group(2),
                          "engine_ability": label})
            buf = io.StringIO()
            REC.damage_ctx.append((label, int(n)))
            try:
                with contextlib.redirect_stdout(buf):
                    orig(state, label, n, kind, ctrl)
            finally:
                REC.damage_ctx.pop()
                _ENGINE_LOG.write(buf.getvalue())
            players = {p for (p,) in state.get("is_player", set())}
            for line in buf.getvalue().splitlines():
                mm = dmg_re.search(line)
                if mm and mm.group(2) not in players and "redirected" not in line:
                    # not synced first: a creature this damage killed left the battlefield after the damage
                    REC.emit({"type": "damage", "source": REC.cid(label), "target": REC.cid(mm.group(2)),
                              "amount": int(mm.group(1) or n),
                              "step": REC.game.step() if REC.game else None, "combat": False}, sync=False)
            if REC.game is not None:
                REC.game.sync_zones()
        return f

    def apply_effects(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, pending: set, pending_dyn: set | None = None) -> None:
            g = REC.game
            for (victim,) in sorted(state.get("countered", set())) if g is not None else ():
                # driver._run_spell_effects sets countered(victim) for exactly this call, before it removes
                # the countered spell from the stack (rule 701.5a)
                by = sorted(g.resolving)
                REC.emit({"type": "countered", "object": REC.cid(victim), "by": REC.cid(by[0]) if len(by) == 1 else None})
            if g is not None:
                rows = [(r[0], r[-2]) for r in sorted(pending)] + [(r[0], r[-2]) for r in sorted(pending_dyn or ())]
                for (a, src) in rows:
                    if a in g.resolving or a in state.get("_ability_effect", {}):
                        continue                       # a spell's / activated ability's own effect, not a trigger
                    window = REC.in_trigger_window[-1] if REC.in_trigger_window else None
                    REC.emit({"type": "triggered", "source": REC.cid(src), "ability": window or a,
                              "engine_ability": a})
            # _apply_effects changes life once per (row, player) for its lose_life / deal_damage rows, in
            # sorted(pending) order: queue them so adjust_life can tell damage from life loss.
            queue: list[tuple[str, str, str]] = []
            for (_a, eff, _amt, tgt, src, ctrl) in sorted(pending):
                if eff in ("lose_life", "deal_damage"):
                    players = m.driver._others(state, ctrl) if tgt == "each_opponent" else [ctrl]
                    queue.extend((eff, p, src) for p in players)
            REC.effect_life.append(queue)
            try:
                orig(state, pending, pending_dyn)
            finally:
                REC.effect_life.pop()
        return f

    def fire_cast_triggers(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, caster: str, spell: str) -> None:
            REC.in_trigger_window.append("cast_trigger")
            try:
                orig(state, caster, spell)
            finally:
                REC.in_trigger_window.pop()
        return f

    def create_token(orig: Callable[..., Any]) -> Callable[..., Any]:
        def f(state: dict, spec: str, controller: str, n: int) -> None:
            before = {c for (c,) in state.get("is_token", set())}
            orig(state, spec, controller, n)
            for tid in sorted({c for (c,) in state.get("is_token", set())} - before):
                REC.emit({"type": "token_created", "object": tid, "card": spec, "controller": controller})
        return f

    wrap("_stack_push", stack_push)
    wrap("_note_crime", note_crime)
    wrap("_bump_counter", bump_counter)
    wrap("_sacrifice", sacrifice)
    wrap("_adjust_life", adjust_life)
    wrap("_apply_damage", apply_damage)
    wrap("_apply_effects", apply_effects)
    wrap("_fire_cast_triggers", fire_cast_triggers)
    wrap("_create_token", create_token)


# ---- one game ------------------------------------------------------------------------------------------

def _parse_mana(spec: str) -> dict[str, int]:
    """``"{R}{R}{U}{2}"`` -> ``{"red": 2, "blue": 1, "colorless": 2}`` (python-mtg's pool colors)."""
    pool: dict[str, int] = {}
    for sym in re.findall(r"\{([^}]*)\}", spec or ""):
        if sym.isdigit():
            pool["colorless"] = pool.get("colorless", 0) + int(sym)
        elif sym in COLOR_WORD:
            pool[COLOR_WORD[sym]] = pool.get(COLOR_WORD[sym], 0) + 1
        else:
            raise unsupported(f"mana symbol {{{sym}}} in the pool")
    if re.sub(r"\{[^}]*\}", "", spec or "").strip():
        raise unsupported(f"unparsed mana spec {spec!r}")
    return pool


def _mana_value(cost: str | None) -> int:
    total = 0
    for sym in re.findall(r"\{([^}]*)\}", cost or ""):
        if sym.isdigit():
            total += int(sym)
        elif sym not in ("X", "Y", "Z"):
            total += 1
    return total


class Game:
    """A case's position inside python-mtg plus the id map and the event log."""

    OBJECT_KEYS = {"id", "card", "tapped", "counters", "damage", "attacking", "blocking", "summoning_sick",
                   "face_down"}

    def __init__(self, m: _Mtg, case_id: str, setup: dict[str, Any]) -> None:
        self.m = m
        self.case = case_id
        self.events: list[dict[str, Any]] = []
        self.to_case: dict[str, str] = {}          # engine id -> case id
        self.to_engine: dict[str, str] = {}        # case id -> engine id
        self.owner: dict[str, str] = {}            # engine id -> owner player
        self.choices: dict[str, dict[str, Any]] = {}   # engine spell id -> pinned _forced choices
        self.wanted_targets: dict[str, list[str]] = {}
        self.resolving: set[str] = set()
        self.passes = 0
        self.pending_answers: list[dict[str, Any]] = []
        self.zones: dict[str, str | None] = {}
        self.state = self._build(setup)
        self.zones = self._zone_map()

    # -- ids --
    def case_id(self, eid: Any) -> Any:
        """The case id for a python-mtg id; an ability label (``<instance>_a0``) maps to its source object."""
        if not isinstance(eid, str):
            return eid
        if eid in self.to_case:
            return self.to_case[eid]
        ab = ABILITY_LABEL.fullmatch(eid)
        if ab and ab.group(1) in self.to_case:
            return self.to_case[ab.group(1)]
        if "__copy" in eid:
            base, n = eid.split("__copy", 1)
            return f"{self.case_id(base)}__copy{n}"
        return eid

    def engine_id(self, cid: str) -> str:
        if cid in ("p1", "p2"):
            return cid
        if cid not in self.to_engine:
            raise HarnessError("unknown_object", f"no object {cid!r} in this case")
        return self.to_engine[cid]

    # -- setup --
    def _build(self, setup: dict[str, Any]) -> dict[str, Any]:
        d, bridge = self.m.driver, self.m.bridge
        players = setup.get("players") or {}
        if set(players) - {"p1", "p2"}:
            raise unsupported(f"players {sorted(players)}: the harness seats exactly p1 and p2")
        step = setup.get("step", "precombat_main")
        if step not in STEPS:
            raise HarnessError("illegal_action", f"unknown step {step!r}")
        if step == "first_strike_damage":
            raise unsupported("python-mtg has no separate first-strike damage step to start in")
        placed: list[tuple[str, str, dict[str, Any]]] = []
        decks: dict[str, list[str]] = {"p1": [], "p2": []}
        for p in ("p1", "p2"):
            pdata = players.get(p) or {}
            for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
                for obj in pdata.get(zone) or []:
                    extra = set(obj) - self.OBJECT_KEYS
                    if extra:
                        raise unsupported(f"object fields {sorted(extra)} on {obj.get('id')}")
                    name = obj["card"]
                    if name not in self.m.corpus:
                        raise unsupported(f"card {name!r} is not in python-mtg's oracle corpus")
                    decks[p].append(name)
                    placed.append((p, zone, obj))
            unknown = set(pdata) - {"life", "mana", "library", "hand", "battlefield", "graveyard", "exile",
                                    "poison", "command"}
            if unknown or pdata.get("command") or pdata.get("poison"):
                raise unsupported(f"player fields {sorted(unknown | ({'command'} if pdata.get('command') else set()) | ({'poison'} if pdata.get('poison') else set()))}")
        with contextlib.redirect_stdout(_ENGINE_LOG):
            st = bridge.make_deck_state(decks, seed=0, hand=0, life=20)
        slug_of = {tid: s for (tid, s) in st.get("instance_of", set())}
        free: dict[tuple[str, str], list[str]] = {}
        for (p, tid) in sorted(st["in_library"]):
            free.setdefault((p, slug_of[tid]), []).append(tid)
        st["in_library"] = set()
        st["_lib_order"] = {"p1": [], "p2": []}
        st.setdefault("graveyard", set())
        st.setdefault("exile", set())
        for (p, zone, obj) in placed:
            cid = obj["id"]
            if cid in self.to_engine:
                raise HarnessError("illegal_action", f"duplicate object id {cid!r}")
            tid = free[(p, bridge.slug(obj["card"]))].pop(0)
            self.to_engine[cid], self.to_case[tid], self.owner[tid] = tid, cid, p
            if zone == "library":
                st["in_library"].add((p, tid))
                st["_lib_order"][p].append(tid)        # case lists the library top first
            elif zone == "hand":
                st["in_hand"].add((p, tid))
            elif zone == "battlefield":
                st["on_battlefield"].add((tid,))
                if obj.get("tapped"):
                    st["tapped"].add((tid,))
                for kind, n in (obj.get("counters") or {}).items():
                    if int(n):
                        st["counter"].add((tid, COUNTER_TO_ENGINE.get(kind, kind), int(n)))
                if obj.get("summoning_sick"):
                    st.setdefault("_sick", set()).add((tid,))
                if obj.get("damage"):
                    raise unsupported("marked damage: python-mtg does not persist non-lethal damage "
                                      "outside combat (driver._apply_damage)")
                if obj.get("attacking") or obj.get("blocking") or obj.get("face_down"):
                    raise unsupported(f"{cid}: attacking/blocking/face-down objects at setup")
            else:
                st[zone].add((tid,))
        for p in ("p1", "p2"):
            pdata = players.get(p) or {}
            d._set_life(st, p, int(pdata.get("life", 20)))
        ap = setup.get("active_player", "p1")
        if ap not in ("p1", "p2"):
            raise unsupported(f"active player {ap!r}")
        st["active_player"] = {(ap,)}
        st["current_step"] = {(step,)}
        st["_turn"] = int(setup.get("turn", 1))
        st["_explicit_lands"] = True                  # no auto land drop when a main phase is entered
        st["_crime_noted"] = set()
        st["floating_mana"] = set()
        for p in ("p1", "p2"):
            pool = _parse_mana((players.get(p) or {}).get("mana", ""))
            d._set_floating(st, p, pool)
            if pool:
                st["mana_pool"] = {r for r in st.get("mana_pool", set()) if r[0] != p} | \
                    {(p, c, n) for c, n in pool.items()}
                st["mana_available"] = {r for r in st.get("mana_available", set()) if r[0] != p} | \
                    {(p, sum(pool.values()))}
            with contextlib.redirect_stdout(_ENGINE_LOG):
                d._refresh_mana_pool(st, p)
        return st

    # -- zones --
    def _zone_map(self) -> dict[str, str | None]:
        st = self.state
        z: dict[str, str | None] = {tid: None for tid in self.to_case}
        for rel, name in ZONE_RELS:
            for (_p, c) in st.get(rel, set()):
                z[c] = name
        for rel, name in SET_ZONES:
            for (c,) in st.get(rel, set()):
                z[c] = name
        for (c, _pos) in st.get("on_stack", set()):
            z[c] = "stack"
        for (c,) in st.get("is_token", set()):
            z.setdefault(c, None)
        return {k: v for k, v in z.items() if "__copy" not in k}

    def sync_zones(self) -> None:
        """Emit ``zone_change`` for every object whose zone moved since the last sync."""
        now = self._zone_map()
        for eid, zone in sorted(now.items()):
            was = self.zones.get(eid)
            if zone is None and was is not None:      # in transit inside one python-mtg call (e.g. the
                now[eid] = was                        # stack -> graveyard move): keep the last real zone
                continue
            if eid in self.zones and was != zone:
                self.events.append({"type": "zone_change", "object": self.case_id(eid), "card": self.card_name(eid),
                                    "from": was, "to": zone})
        self.zones = now

    def card_name(self, eid: str) -> str:
        slug = next((s for (o, s) in self.state.get("instance_of", set()) if o == eid.split("__copy")[0]), None)
        if slug is not None:
            return self.m.slug_name.get(slug, slug)
        return eid.split("#")[0]

    def step(self) -> str:
        return next(iter(self.state["current_step"]))[0]

    # -- actions --
    def act(self, action: dict[str, Any]) -> None:
        if not isinstance(action, dict) or len(action) != 1:
            raise HarnessError("illegal_action", f"an action is a one-key mapping, got {action!r}")
        (verb, args), = action.items()
        args = args or {}
        handler = getattr(self, f"do_{verb}", None)
        if handler is None:
            raise unsupported(f"action {verb!r}")
        if verb != "pass_priority":
            self.passes = 0
        with contextlib.redirect_stdout(_ENGINE_LOG):
            handler(args)
        self.sync_zones()

    def _castable(self, player: str) -> set[str]:
        probe = self.m.driver.clone_state(self.state)
        probe["has_priority"] = {(player,)}
        return {s for (p, s) in self.m.driver.run(probe, ["can_cast"])["can_cast"] if p == player}

    def do_cast(self, a: dict[str, Any]) -> None:
        d, st = self.m.driver, self.state
        player, spell = a.get("player", "p1"), self.engine_id(a["object"])
        if a.get("half") or a.get("division"):
            raise unsupported("split-card halves / damage division are not exposed by python-mtg's cast")
        if spell not in self._castable(player):
            raise HarnessError("illegal_action", f"python-mtg does not let {player} cast {a['object']} now "
                                                 "(engine can_cast)")
        forced: dict[str, Any] = {}
        targets = list(a.get("targets") or [])
        if len(targets) > 1:
            raise unsupported("multiple targets: python-mtg picks one target per effect at resolution")
        if targets:
            self.wanted_targets[spell] = targets
            if targets[0] not in ("p1", "p2"):
                forced["target"] = self.engine_id(targets[0])
        if a.get("x") is not None:
            forced["x_value"] = int(a["x"])
        if a.get("modes") is not None:
            modes = sorted(m for (s, m) in st.get("spell_mode", set()) if s == spell)
            try:
                forced["modes"] = frozenset(modes[int(i)] for i in a["modes"])
            except IndexError:
                raise unsupported(f"mode indexes {a['modes']} (python-mtg offers {modes})") from None
        self.choices[spell] = forced
        # == driver._cast_spell, minus its trailing _resolve_stack (so the stack is observable) ==
        st["_forced"] = dict(forced)
        try:
            escaping = (player, spell) in st.get("may_play", set()) \
                and (spell,) in d.run(st, ["has_escape"])["has_escape"]
            d._spend_mana(st, player, spell)
            d._fire_tap_triggers(st)
            d._leave_cast_zone(st, player, spell)
            if escaping:
                d._pay_escape_cost(st, player, spell)
            d._offer_teamwork(st, player, spell)
            d._stack_push(st, spell, player)
            d._choose_mode(st, spell)
            prior = d._note_cast(st, spell)
            REC.emit({"type": "cast", "player": player, "object": a["object"], "card": self.card_name(spell),
                      "half": None, "copy": False})
            d._fire_cast_triggers(st, player, spell)
            d._storm(st, spell, player, prior)
        finally:
            st["_forced"] = {}

    def _resolve_one(self) -> None:
        d, st = self.m.driver, self.state
        top = max(st["on_stack"], key=lambda r: r[1])[0]
        forced = dict(self.choices.get(top, {}))
        if "__copy" in top:
            base = top.split("__copy")[0]
            if self.pending_answers and self.pending_answers[0].get("choice") == "new_targets":
                ans = self.pending_answers.pop(0)
                tg = ans.get("targets")
                forced = dict(self.choices.get(base, {}))
                if tg:
                    if len(tg) > 1:
                        raise unsupported("multiple new targets for a copy")
                    self.wanted_targets[top] = list(tg)
                    forced.pop("target", None)
                    if tg[0] not in ("p1", "p2"):
                        forced["target"] = self.engine_id(tg[0])
                else:
                    self.wanted_targets[top] = self.wanted_targets.get(base, [])
            else:
                forced = dict(self.choices.get(base, {}))
                self.wanted_targets[top] = self.wanted_targets.get(base, [])
        st["_forced"] = forced
        self.resolving.add(top)
        n_before = len(self.events)
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf):
                d._resolve_top(st)
                d._fire_lifegain_triggers(st)
                d._fire_counter_placed_triggers(st)
                d._fire_you_do_costs(st)
        finally:
            st["_forced"] = {}
            self.resolving.discard(top)
            _ENGINE_LOG.write(buf.getvalue())
        fizzled = "fizzles" in buf.getvalue()
        self.events.append({"type": "countered" if fizzled else "resolved", "object": self.case_id(top),
                            **({"reason": "fizzled"} if fizzled else {})})
        self._check_targets(top, self.events[n_before:])

    def _check_targets(self, spell: str, new_events: list[dict[str, Any]]) -> None:
        """Note on stderr when python-mtg's damage went elsewhere than the scripted targets.

        python-mtg picks 'any target' damage recipients itself (driver._apply_damage never consults the
        chosen target), so this happens; the events report what it did and the judge fails the case.
        """
        wanted = self.wanted_targets.get(spell)
        if not wanted:
            return
        hit = [e["target"] for e in new_events if e.get("type") == "damage" and e.get("source") == self.case_id(spell)]
        if hit and set(hit) != set(wanted):
            sys.stderr.write(f"python-mtg harness: {self.case}: python-mtg dealt {self.case_id(spell)}'s damage to "
                             f"{hit}, scripted targets {wanted} (driver._apply_damage ignores the target)\n")

    def do_resolve_top(self, _a: dict[str, Any]) -> None:
        if not self.state.get("on_stack"):
            raise HarnessError("illegal_action", "the stack is empty")
        self._resolve_one()
        self._after_resolution()

    def do_resolve_stack(self, _a: dict[str, Any]) -> None:
        guard = 0
        while self.state.get("on_stack"):
            guard += 1
            if guard > 200:
                raise HarnessError("internal", "stack did not empty after 200 resolutions")
            self._resolve_one()
        self._after_resolution()

    def _after_resolution(self) -> None:
        if not self.state.get("on_stack"):
            self.state["has_priority"] = set()
        if self.pending_answers:
            ans = self.pending_answers.pop(0)
            raise HarnessError("unused_answer", f"choose {ans.get('choice')!r} answered nothing pending")

    def do_pass_priority(self, _a: dict[str, Any]) -> None:
        self.passes += 1
        if self.passes >= 2:
            self.passes = 0
            if self.state.get("on_stack"):
                self._resolve_one()
                self._after_resolution()
            else:
                raise unsupported("passing on an empty stack (advance the step with `advance`)")

    def do_choose(self, a: dict[str, Any]) -> None:
        kind = a.get("choice")
        if kind == "new_targets":
            if not any("__copy" in o for (o, _p) in self.state.get("on_stack", set())):
                raise HarnessError("unused_answer", "no copy on the stack is waiting for new targets")
            self.pending_answers.append(dict(a))
            return
        raise unsupported(f"choice {kind!r}: python-mtg puts triggered abilities into effect immediately "
                          "(no trigger ordering) and chooses modes/X at cast")

    def _counters(self, a: dict[str, Any], sign: int) -> None:
        obj, kind, n = self.engine_id(a["object"]), a.get("counter", "+1/+1"), int(a.get("n", 1))
        ek = COUNTER_TO_ENGINE.get(kind, kind)
        if sign < 0:
            cur = next((c for (o, k, c) in self.state.get("counter", set()) if o == obj and k == ek), 0)
            n = min(n, int(cur))
        self.m.driver._bump_counter(self.state, obj, ek, sign * n)
        self.m.driver._fire_counter_placed_triggers(self.state)

    def do_add_counters(self, a: dict[str, Any]) -> None:
        self._counters(a, +1)

    def do_remove_counters(self, a: dict[str, Any]) -> None:
        self._counters(a, -1)

    def do_advance(self, a: dict[str, Any]) -> None:
        st = self.state
        if st.get("on_stack"):
            raise HarnessError("illegal_action", "advance with a non-empty stack")
        to = a.get("to")
        if to not in STEPS or to == "first_strike_damage":
            raise unsupported(f"advance to {to!r}")
        if self.step() in ("declare_attackers", "declare_blockers", "combat_damage") or \
                STEPS.index(to) > STEPS.index("beginning_of_combat") >= STEPS.index(self.step()):
            raise unsupported("advancing through combat: python-mtg's combat declarations are greedy "
                              "(driver.declare_attackers/declare_blockers) and not scripted by the harness")
        turn0 = st.get("_turn", 1)
        st["_forced"] = {"attackers": frozenset(), "blocks": frozenset()}
        try:
            for _ in range(40):
                self.m.env._advance_one(st)
                if st.get("_loser"):
                    break
                # python-mtg applies a step's turn-based actions (the draw) in the call that LEAVES that
                # step (env._advance_one: _apply_outputs, then current_step = advance_to), so zone moves
                # seen now happened in the previous step and are logged before the new step's event.
                self.sync_zones()
                self.events.append({"type": "step", "name": self.step(), "turn": st.get("_turn", 1)})
                new_turn = st.get("_turn", 1) != turn0
                if self.step() == to and (new_turn or not a.get("next_turn")):
                    return
        finally:
            st["_forced"] = {}
        raise HarnessError("internal", f"did not reach step {to!r}")

    # -- observe --
    def observe(self) -> dict[str, Any]:
        self.sync_zones()
        st, d = self.state, self.m.driver
        out = d.run(st, ["controls", "power", "eff_toughness", "has_keyword", "creature"])
        ctrl = {c: p for (p, c) in out["controls"]}
        pc = {c: p for (p, c) in st.get("printed_control", set())}
        power = {c: int(v) for (c, v) in out["power"]}
        tough = {c: int(v) for (c, v) in out["eff_toughness"]}
        creatures = {c for (c,) in out["creature"]}
        kws: dict[str, list[str]] = {}
        for (c, k) in out["has_keyword"]:
            kws.setdefault(c, []).append(k)
        tapped = {c for (c,) in st.get("tapped", set())}
        counters: dict[str, dict[str, int]] = {}
        for (o, k, n) in st.get("counter", set()):
            if int(n):
                counters.setdefault(o, {})[COUNTER_FROM_ENGINE.get(k, k)] = int(n)
        colors: dict[str, list[str]] = {}
        for (c, col) in st.get("printed_color", set()):
            colors.setdefault(c, []).append(COLOR_LETTER.get(col, col))
        objects: dict[str, Any] = {}
        for eid, zone in self._zone_map().items():
            name = self.card_name(eid)
            card = self.m.corpus.get(name, {})
            on_bf = zone == "battlefield"
            objects[self.case_id(eid)] = {
                "card": name, "name": name, "zone": zone or "none",
                "owner": self.owner.get(eid, pc.get(eid)),
                "controller": (ctrl.get(eid) or pc.get(eid)) if zone in ("battlefield", "stack") else None,
                "tapped": eid in tapped, "counters": counters.get(eid, {}), "damage": 0,
                "mana_value": _mana_value(card.get("manaCost")),
                "types": list(card.get("types") or []), "subtypes": list(card.get("subtypes") or []),
                "supertypes": list(card.get("supertypes") or []),
                "colors": sorted(colors.get(eid, [])),
                "power": power.get(eid) if on_bf and eid in creatures else None,
                "toughness": tough.get(eid) if on_bf and eid in creatures else None,
                "keywords": sorted(kws.get(eid, [])) if on_bf else [],
                **({"token": True} if (eid,) in st.get("is_token", set()) else {}),
            }
        stack = [{"object": self.case_id(o), "card": self.card_name(o),
                  "controller": st.get("_stack_info", {}).get(o), "copy": "__copy" in o}
                 for (o, _p) in sorted(st.get("on_stack", set()), key=lambda r: r[1])]
        life = {p: v for (p, v) in st["life"]}
        # the floating mana pool (driver.floating_mana(player, color, n), emptied at each step's end)
        pool = {p: "".join(f"{{{COLOR_WORD_LETTER.get(c, c)}}}" * int(n) for c, n in
                           sorted(d._floating(st, p).items(), key=lambda r: COLOR_WORD_LETTER.get(r[0], r[0])))
                for p in life}
        return {"players": {p: {"life": life[p], "mana": pool[p]} for p in sorted(life)}, "objects": objects,
                "stack": stack,
                "step": self.step(), "turn": st.get("_turn", 1), "active_player": next(iter(st["active_player"]))[0],
                **({"loser": st["_loser"]} if st.get("_loser") else {})}


# ---- capabilities ---------------------------------------------------------------------------------------

def _feature_names(path: Path) -> set[str] | None:
    """Feature names declared in conformance/features.yaml (top-level keys or ``- name:`` items)."""
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8", errors="replace")
    names = set(re.findall(r"^([A-Za-z0-9_.\-]+):", text, flags=re.M))
    names |= set(re.findall(r"^\s*-\s*(?:name|id):\s*['\"]?([A-Za-z0-9_.\-]+)", text, flags=re.M))
    names |= set(re.findall(r"^  ([A-Za-z0-9_.\-]+):", text, flags=re.M))
    if re.search(r"^features:\s*(#.*)?$", text, flags=re.M):
        names.discard("features")                     # the `features:` wrapper key, not a feature
    return names


def capabilities(m: _Mtg, offered: Iterable[str], features_file: Path) -> dict[str, Any]:
    """The ``start`` answer: features from features.yaml we implement, and those of the ``offered``
    cards (``start``'s ``cards``: the suite's; the harness reads no case file) python-mtg bridges."""
    declared = _feature_names(features_file)
    feats = sorted(FEATURES_SUPPORTED if declared is None else FEATURES_SUPPORTED & declared)
    cards, abstaining, missing = [], {}, []
    for name in sorted(set(offered)):
        if name not in m.corpus:
            missing.append(name)
            continue
        dropped = m.abstains(name)
        if dropped:
            abstaining[name] = [list(map(str, x)) if isinstance(x, (tuple, list)) else str(x) for x in dropped]
        else:
            cards.append(name)
    return {"name": ENGINE_NAME, "version": m.version, "protocol": PROTOCOL, "features": feats, "cards": cards,
            "extra": {"not_in_corpus": missing, "abstaining_clauses": abstaining,
                      "not_declared": {f: FEATURES_NOT_DECLARED.get(f, "not implemented by the harness")
                                       for f in sorted((declared or set()) - set(feats))},
                      "features_file_found": declared is not None, "rss_mb": rss_mb(),
                      "eval_cache": int(os.environ.get("MTG_EVAL_CACHE", "0"))}}


# ---- the stdio loop -------------------------------------------------------------------------------------

class Server:
    """Dispatches protocol requests; one game at a time."""

    def __init__(self, features_file: Path = DEFAULT_FEATURES) -> None:
        self.m: _Mtg | None = None
        self.game: Game | None = None
        self.features_file = features_file
        self.games = 0

    def mtg(self) -> _Mtg:
        if self.m is None:
            self.m = _Mtg()
            _install_hooks(self.m)
        return self.m

    def handle(self, req: dict[str, Any]) -> dict[str, Any]:
        cmd = req.get("cmd")
        if cmd == "start":
            # the protocol version was checked by wire.decode_request
            feats = Path(req["features_file"]) if req.get("features_file") else self.features_file
            return {"engine": capabilities(self.mtg(), wire.requested_cards(req) or [], feats)}
        if cmd == "setup":
            m = self.mtg()
            self.game = None
            REC.game = None
            m.driver.clear_cache()                    # bound memory: nothing carries over between cases
            if not isinstance(req.get("setup"), dict):
                raise HarnessError("illegal_action", "setup needs a 'setup' mapping")
            game = Game(m, str(req.get("case", "")), req["setup"])
            self.game = game
            REC.game = game
            self.games += 1
            return {}
        if cmd == "action":
            if self.game is None:
                raise HarnessError("illegal_action", "action before setup")
            action = req.get("action")
            if not isinstance(action, dict):
                raise HarnessError("illegal_action", "action needs an 'action' mapping")
            self.game.act(action)
            return {}
        if cmd == "observe":
            if self.game is None:
                raise HarnessError("illegal_action", "observe before setup")
            with contextlib.redirect_stdout(_ENGINE_LOG):
                state = self.game.observe()
            return {"events": self.game.events, "state": state,
                    "extra": {"rss_mb": rss_mb(), "games": self.games,
                              "restarts": int(os.environ.get(_RESTARTS_ENV, "0"))}}
        if cmd == "stop":
            return {}
        raise HarnessError(wire.BAD_REQUEST, f"unknown command {cmd!r}")  # wire.decode_request refuses it first


def _respond(out: Any, obj: dict[str, Any]) -> None:
    out.write(wire.encode(obj))
    out.flush()


def _needs_restart(server: Server) -> str | None:
    """Why the harness should re-exec itself before the next game, or None (never before its first game:
    a fresh process already over the memory bound would otherwise re-exec forever)."""
    if server.games == 0:
        return None
    if RESTART_EVERY and server.games >= RESTART_EVERY:
        return f"{server.games} games since start (MTG_HARNESS_RESTART_EVERY={RESTART_EVERY})"
    rss = rss_mb()
    if MAX_RSS_MB and rss > MAX_RSS_MB:
        return f"rss {rss} MB > MTG_HARNESS_MAX_RSS_MB={MAX_RSS_MB:g}"
    return None


def _reexec(line: str, out: Any, why: str) -> None:
    """Replace this process by a fresh harness that answers ``line`` first (never returns).

    The runner is strictly request/response, so no input is buffered past ``line``; stdin and stdout
    are the same pipes after ``exec``, so the runner sees one engine whose memory starts over.
    """
    restarts = int(os.environ.get(_RESTARTS_ENV, "0")) + 1
    sys.stderr.write(f"python-mtg harness: restart {restarts}: {why}\n")
    sys.stderr.flush()
    out.flush()
    os.environ[_PENDING_ENV] = line
    os.environ[_RESTARTS_ENV] = str(restarts)
    os.execv(sys.executable, [sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]])


def serve(inp: Iterator[str], out: Any, *, allow_restart: bool = False) -> None:
    """Read requests from ``inp`` (lines) and write responses to ``out`` until ``stop`` or EOF.

    With ``allow_restart`` (the stdio entry point), a ``setup`` arriving after :data:`RESTART_EVERY` games
    or above :data:`MAX_RSS_MB` re-execs the process first (:func:`_reexec`); the fresh process answers it.
    """
    server = Server(Path(os.environ["MTG_FEATURES_FILE"]) if os.environ.get("MTG_FEATURES_FILE") else DEFAULT_FEATURES)
    pending = os.environ.pop(_PENDING_ENV, None)
    lines: Iterator[str] = itertools.chain([pending] if pending else [], inp)
    session = wire.Session()
    for line in lines:
        if not line.strip():
            continue
        seq: Any = 0
        try:
            req = wire.decode_request(line, protocol=PROTOCOL)
            seq = req["seq"]
            session.check(req)
            if allow_restart and req["cmd"] == "setup":
                why = _needs_restart(server)
                if why:
                    _reexec(line, out, why)
            body = server.handle(req)
            session.done(req)
            _respond(out, wire.ok_response(seq, **body))
            if req["cmd"] == "stop":
                return
        except wire.WireError as e:
            _respond(out, e.response())
        except HarnessError as e:
            _respond(out, wire.error_response(seq, e.kind, e.message))
        except Exception as e:                        # an engine crash inside python-mtg: report, keep serving
            tb = traceback.format_exc(limit=6)
            _respond(out, wire.error_response(seq, "internal", f"{type(e).__name__}: {e}", traceback=tb))
        finally:
            if _ENGINE_LOG.tell() > 1 << 20:          # keep python-mtg's captured chatter bounded
                _ENGINE_LOG.seek(0)
                _ENGINE_LOG.truncate()


def main() -> None:
    """Entry point: serve the protocol on stdin/stdout; stray prints go to the captured engine log."""
    proto_out = sys.stdout
    sys.stdout = _ENGINE_LOG                          # anything python-mtg prints stays off the protocol stream
    t0 = time.time()
    try:
        serve(sys.stdin, proto_out, allow_restart=True)
    finally:
        sys.stdout = proto_out
        if os.environ.get("MTG_HARNESS_DEBUG"):
            sys.stderr.write(f"python-mtg harness: {time.time() - t0:.1f}s, rss {rss_mb()} MB\n")


if __name__ == "__main__":
    main()
