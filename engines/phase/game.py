"""One conformance case played on phase.rs: position set-up, scripted actions, observation. Stdlib + phase.

* ``setup``: a game whose decks are the case's objects (phase draws them into the hands), both players
  keep, then with ``debug_mode`` on (``Game.state()`` -> ``Engine.load_game()``) phase's Debug actions
  place every object (``MoveToZone``), set the step (``SetPhase``), life (``SetLife``), the mana pool
  (``AddMana``), tapped (``SetTapped``), counters (``ModifyCounters``), summoning sickness
  (``SetSummoningSickness``) and keywords (``GrantKeyword``). The turn number is the state's
  ``turn_number``. Attackers and blockers have no Debug action: they are declared for real
  (:meth:`PhaseGame._replay_combat`).
* actions: phase's own legal actions (``Game.actions()``), each answering its prompt (``waiting_for``)
  with what the case scripted. A prompt the case did not answer stays pending: the next action that is not
  a ``choose`` is refused with ``unanswered_choice``.
"""

from __future__ import annotations

import json
from typing import Any

from facts import COUNTER_IN, PHASE_OF_STEP, STEP_OF_PHASE, ZONE, Facts, player_name

MANA = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
KEYWORD = {"first strike": "FirstStrike", "double strike": "DoubleStrike", "flying": "Flying",
           "vigilance": "Vigilance", "trample": "Trample", "haste": "Haste", "reach": "Reach",
           "deathtouch": "Deathtouch", "lifelink": "Lifelink", "indestructible": "Indestructible",
           "menace": "Menace", "defender": "Defender", "hexproof": "Hexproof"}
SEED = 7
"""The game seed. Setup never depends on phase's shuffles (every object is placed), so results do not
depend on it (tests/engines/test_phase.py runs a case under two seeds)."""
MAX_PASSES = 200


class HarnessError(Exception):
    """A refusal: ``{"ok": false, "error": {"kind": kind, "message": message}}``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


def unsupported(message: str) -> HarnessError:
    return HarnessError("unsupported", message)


def seat(player: str) -> int:
    if player not in ("p1", "p2"):
        raise HarnessError("unknown_object", f"no player {player!r}")
    return 0 if player == "p1" else 1


class ObjectView:
    """``objects.get(str(id), default)`` over ``Game.object`` (one object at a time: converting the whole
    state with ``Game.state()`` costs ~2 ms, most of a case's time)."""

    def __init__(self, g: Any) -> None:
        self.g = g
        self.cache: dict[str, Any] = {}

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self.cache:
            try:
                self.cache[key] = self.g.object(int(key))
            except (ValueError, TypeError, KeyError):
                self.cache[key] = None
        return self.cache[key] if self.cache[key] is not None else default


class PhaseGame:
    """A live phase game for one case."""

    def __init__(self, phase: Any, engine: Any, setup: dict[str, Any], seed: int = SEED,
                 layouts: dict[str, str] | None = None) -> None:
        """``engine``: a ``phase.Engine`` whose card database holds the case's cards; ``layouts``: card name
        -> its MTGJSON layout (split, aftermath, ...)."""
        self.phase = phase
        self.layouts = layouts or {}
        self.engine = engine
        self.facts = Facts()
        self.pending_choice: str | None = None
        self.resume: Any = None
        self._setup(setup, seed)

    # -- set-up --
    def _setup(self, setup: dict[str, Any], seed: int) -> None:
        step = setup.get("step", "precombat_main")
        if step not in PHASE_OF_STEP:
            raise unsupported(f"setup step {step!r}: phase has no such step (its first-strike damage is "
                              "dealt inside CombatDamage, game/combat_damage.rs)")
        players = setup.get("players") or {}
        if set(players) - {"p1", "p2"}:
            raise unsupported("more than two players")
        placed: list[tuple[str, str, dict[str, Any]]] = []
        decks: dict[str, list[str]] = {"p1": [], "p2": []}
        for pid in ("p1", "p2"):
            pdata = players.get(pid) or {}
            for zone, items in pdata.items():
                if not isinstance(items, list):
                    continue
                if zone not in ZONE.values() or zone == "stack":
                    raise unsupported(f"setup zone {zone!r}")
                for item in items:
                    for key in ("token", "face_down", "face", "attached_to"):
                        if item.get(key):
                            raise unsupported(f"setup object {item.get('id')}: {key}")
                    if item.get("damage"):
                        raise unsupported(f"setup object {item.get('id')}: marked damage (no Debug action sets it)")
                    owner = item.get("owner", pid)
                    decks[owner].append(item["card"])
                    placed.append((pid, zone, item))
            if pdata.get("poison"):
                raise unsupported("poison counters in setup")
        filler = {p: not decks[p] for p in decks}
        g = self.engine.new_game(decks["p1"] or ["Island"],
                                 decks["p2"] or ["Island"], seed=seed, first_player=0)
        # debug_mode on through the state round trip, before the mulligans (the state is smallest then)
        st = g.state()
        st["state"]["debug_mode"] = True
        st["state"]["turn_number"] = int(setup.get("turn", 1))
        objs = st["state"]["objects"]
        self.g = self.engine.load_game(st)
        for p in (0, 1):
            if self.g.waiting_for().get("type") == "MulliganDecision":
                self.g.apply(p, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
        pool: dict[tuple[int, str], list[int]] = {}
        for k in sorted(objs, key=int):
            o = objs[k]
            pool.setdefault((int(o["owner"]), o["name"].lower()), []).append(int(k))
        for p in ("p1", "p2"):
            if filler[p]:
                for oid in pool.get((seat(p), "island"), []):
                    self.debug("RemoveObject", object_id=oid)
        active = seat(setup.get("active_player", "p1"))
        self._active_seat = active
        self._setup_turn = int(setup.get("turn", 1))
        combat = any(it.get("attacking") or it.get("blocking") for _p, _z, it in placed)
        self.debug("SetPhase", phase="BeginCombat" if combat else PHASE_OF_STEP[step], active_player=active)
        # place: library first (top first), so that the order is the case's
        for pid, zone, item in sorted(placed, key=lambda x: x[1] != "library"):
            owner = seat(item.get("owner", pid))
            face = item["card"].split(" // ")[0].lower()
            ids = pool.get((owner, face)) or []
            if not ids:
                raise unsupported(f"phase did not build {item['card']!r} from the card data")
            oid = ids.pop(0)
            if item["id"] in self.facts.case_of.values():
                raise HarnessError("illegal_action", f"duplicate object id {item['id']!r}")
            self.facts.case_of[oid] = item["id"]
            self.facts.card_of[oid] = item["card"]
            target = {"library": "Library", "hand": "Hand", "battlefield": "Battlefield",
                      "graveyard": "Graveyard", "exile": "Exile"}[zone]
            if zone == "library":
                self.debug("MoveToZone", object_id=oid, to_zone="Exile", simulate=False)
            if zone != "hand":
                self.debug("MoveToZone", object_id=oid, to_zone=target, simulate=False)
            if zone == "battlefield":
                if owner != seat(pid):
                    self.debug("SetController", object_id=oid, controller=seat(pid))
                self.debug("SetSummoningSickness", object_id=oid, sick=bool(item.get("summoning_sick", False)))
                if item.get("tapped"):
                    self.debug("SetTapped", object_id=oid, tapped=True)
                for kw in item.get("keywords") or []:
                    if kw.lower() not in KEYWORD:
                        raise unsupported(f"keyword {kw!r}")
                    self.debug("GrantKeyword", object_id=oid, keyword=KEYWORD[kw.lower()])
            for counter, n in (item.get("counters") or {}).items():
                self.debug("ModifyCounters", object_id=oid, counter_type=COUNTER_IN.get(counter, counter),
                           delta=int(n))
        self._replay_combat(placed, step, active)
        for pid in ("p1", "p2"):
            pdata = players.get(pid) or {}
            if "life" in pdata:
                self.debug("SetLife", player_id=seat(pid), life=int(pdata["life"]))
            mana = [MANA.get(s) for s in _symbols(pdata.get("mana") or "")]
            if None in mana:
                raise unsupported(f"mana {pdata.get('mana')!r}")
            if mana:
                self.debug("AddMana", player_id=seat(pid), mana=mana)
        prio = setup.get("priority")
        if prio is not None and seat(prio) != active:
            # no Debug action gives priority: the state round trip (Game.state -> Engine.load_game) does
            st = self.g.state()
            st["state"]["priority_player"] = seat(prio)
            st["state"]["waiting_for"] = {"type": "Priority", "data": {"player": seat(prio)}}
            self.g = self.engine.load_game(st)

    def _active(self) -> int:
        """The active player: the setup's until the turn changes (no accessor but the whole state)."""
        if int(self.g.turn) != self._setup_turn:
            return int(self.g.state()["state"].get("active_player", 0))
        return self._active_seat

    def _replay_combat(self, placed: list[tuple[str, str, dict[str, Any]]], step: str, active: int) -> None:
        """Attackers and blockers of the setup, declared for real (no Debug action sets them): from the
        beginning of combat, priority is passed to the declare-attackers step, the case's attackers are
        declared, then its blockers, and the game stops with priority in the case's step. These moves are
        the set-up, not facts of the case (not logged)."""
        attackers = [(pid, it) for pid, _z, it in placed if it.get("attacking")]
        blockers = [(pid, it) for pid, _z, it in placed if it.get("blocking")]
        if not attackers and not blockers:
            return
        if step not in ("declare_attackers", "declare_blockers"):
            raise unsupported(f"attacking/blocking objects in step {step}: the harness replays declarations "
                              "up to the declare-blockers step only")
        g = self.g

        def pass_until(prompt: str) -> None:
            for _ in range(8):
                wf = g.waiting_for() or {}
                if wf.get("type") == prompt or (wf.get("type") == "Priority" and g.phase == prompt):
                    return
                if wf.get("type") != "Priority":
                    raise unsupported(f"replaying combat: phase waits for {wf.get('type')}")
                g.apply(int(g.priority_player()), {"type": "PassPriority"})
            raise HarnessError("internal", f"replaying combat: phase never asked {prompt}")

        pass_until("DeclareAttackers")
        attacks = []
        for _pid, it in attackers:
            target = it["attacking"]
            ref = {"type": "Player", "data": seat(target)} if target in ("p1", "p2") else \
                {"type": "Planeswalker", "data": self.oid(target)}
            attacks.append([self.oid(it["id"]), ref])
        try:
            g.apply(active, {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}})
        except ValueError as exc:
            raise HarnessError("illegal_action", f"phase refused the setup's attackers: {exc}") from exc
        if step == "declare_attackers":
            return
        pass_until("DeclareBlockers")
        assignments = [[self.oid(it["id"]), self.oid(it["blocking"])] for _pid, it in blockers]
        if (g.waiting_for() or {}).get("type") != "DeclareBlockers":
            if assignments:
                raise HarnessError("illegal_action", "phase asks for no blockers (none can block)")
            return                                  # no possible blocker: phase gives priority at once
        try:
            g.apply(1 - active, {"type": "DeclareBlockers", "data": {"assignments": assignments}})
        except ValueError as exc:
            raise HarnessError("illegal_action", f"phase refused the setup's blockers: {exc}") from exc
        if (g.waiting_for() or {}).get("type") != "Priority" or g.phase != "DeclareBlockers":
            raise unsupported(f"replaying combat: phase went on to {g.phase} / {g.waiting_for()}")

    def debug(self, kind: str, **data: Any) -> Any:
        action = {"type": "Debug", "data": {"type": kind, "data": data} if data else {"type": kind}}
        try:
            return self.g.apply(0, action)
        except ValueError as exc:
            raise HarnessError("internal", f"phase refused Debug {kind} {data}: {exc}") from exc

    # -- helpers --
    def state(self) -> dict[str, Any]:
        return self.g.state()["state"]

    def step(self) -> str:
        return STEP_OF_PHASE.get(self.g.phase, self.g.phase)

    def oid(self, case_id: Any) -> int:
        for oid, cid in self.facts.case_of.items():
            if cid == case_id:
                return oid
        if isinstance(case_id, str) and case_id.startswith("obj") and case_id[3:].isdigit():
            return int(case_id[3:])
        raise HarnessError("unknown_object", f"no object {case_id!r}")

    def target_ref(self, t: Any) -> dict[str, int]:
        if t in ("p1", "p2"):
            return {"Player": seat(t)}
        return {"Object": self.oid(t)}

    def apply(self, actor: int, action: Any) -> Any:
        """Apply one phase action and log its facts."""
        try:
            result = self.g.apply(actor, action)
        except ValueError as exc:
            raise HarnessError("illegal_action", f"phase refused {json.dumps(action)[:200]}: {exc}") from exc
        st = {"objects": ObjectView(self.g), "stack": list(self.g.stack() or [])}
        self.facts.translate(result.events, st, self.step(), int(self.g.turn))
        self.facts.stack_diff(st["stack"], st)
        return result

    def stack(self) -> list[dict[str, Any]]:
        return list(self.g.stack() or [])

    def obj(self, oid: int) -> dict[str, Any]:
        return ObjectView(self.g).get(str(oid)) or {}

    def waiting(self) -> dict[str, Any]:
        return self.g.waiting_for() or {}

    def legal(self) -> list[dict[str, Any]]:
        return [a.to_dict() for a in self.g.actions()]

    def actor(self) -> int:
        wf = self.waiting()
        d = wf.get("data") or {}
        if "player" in d:
            return int(d["player"])
        return int(self.g.priority_player())

    # -- actions --
    def act(self, action: dict[str, Any]) -> None:
        if len(action) != 1:
            raise HarnessError("illegal_action", "an action has exactly one key")
        (verb, args), = action.items()
        args = args or {}
        if verb != "choose" and self.pending_choice:
            raise HarnessError("unanswered_choice", f"phase waits for {self.pending_choice}; no choose answered it")
        handler = getattr(self, f"_act_{verb}", None)
        if handler is None:
            raise unsupported(f"action {verb}")
        handler(args)

    def _act_cast(self, a: dict[str, Any]) -> None:
        player = seat(a.get("player", "p1"))
        oid = self.oid(a.get("object"))
        card = self.facts.card_of.get(oid, "")
        half = a.get("half")
        faces = card.split(" // ")
        if half and half not in faces:
            raise HarnessError("illegal_action", f"{card} has no half {half!r}")
        if half and half != faces[0] and self.layouts.get(card) != "split":
            raise unsupported(f"casting {half!r}: phase offers no way to cast the second half of a "
                              f"{self.layouts.get(card)} card (its object is the first face; layout "
                              "'aftermath' maps to no LayoutKind in database/card_db.rs map_layout_str)")
        if self.actor() != player:
            raise HarnessError("illegal_action", f"{player_name(player)} does not hold priority")
        cast = [x for x in self.legal() if x["type"] == "CastSpell" and int(x["data"]["object_id"]) == oid]
        if not cast:
            raise HarnessError("illegal_action", f"phase offers no CastSpell for {a.get('object')} "
                                                 f"({card}) in {self.step()}")
        self.apply(player, cast[0])
        try:
            self._answer_cast_prompts(player, oid, card, a)
        except HarnessError:
            if any(c["type"] == "CancelCast" for c in self.legal()):
                self.apply(player, {"type": "CancelCast"})      # leave the game as before the refused cast
            raise
        self._after_action()

    def _answer_cast_prompts(self, player: int, oid: int, card: str, a: dict[str, Any]) -> None:
        half = a.get("half")
        faces = card.split(" // ")
        targets = list(a.get("targets") or [])
        modes = list(a.get("modes") or [])
        x = a.get("x")
        for _ in range(20):
            wf = self.waiting()
            t = wf.get("type")
            if t in ("TargetSelection", "MultiTargetSelection"):
                if not targets and any(c["type"] == "ChooseTarget" and c["data"].get("target") is None
                                       for c in self.legal()):
                    self.apply(player, {"type": "ChooseTarget", "data": {"target": None}})   # no more targets
                    continue
                if not targets:
                    raise HarnessError("illegal_action", f"phase asks for a target of {a.get('object')}, "
                                                         "the case gives none")
                want = self.target_ref(targets.pop(0))
                self._choose_legal(player, lambda c, want=want: c["type"] == "ChooseTarget"
                                   and c["data"]["target"] == want, f"target {want}")
            elif t == "ChooseXValue":
                if x is None:
                    raise HarnessError("unanswered_choice", "phase asks for X; the cast has no x")
                self._choose_legal(player, lambda c: c["type"] == "ChooseX" and c["data"]["value"] == x, f"X={x}")
            elif t == "DistributeAmong":
                division = a.get("division")
                chosen = (wf.get("data") or {}).get("targets") or []
                if not division:
                    raise HarnessError("unanswered_choice", "phase asks how to divide; the cast has no division")
                if len(division) != len(chosen):
                    raise HarnessError("illegal_action", f"division {division} for {len(chosen)} targets")
                self.apply(player, {"type": "DistributeAmong",
                                    "data": {"distribution": [[tgt, int(n)] for tgt, n in zip(chosen, division, strict=True)]}})
            elif t == "ModalFaceChoice":
                if not half:
                    raise HarnessError("unanswered_choice", f"phase asks which half of {card} to cast; the "
                                                            "cast names none")
                back = half != faces[0]
                self._choose_legal(player, lambda c, back=back: c["type"] == "ChooseModalFace"
                                   and bool(c["data"].get("back_face")) == back, f"casting {half}")
            elif t in ("ModeChoice", "AbilityModeChoice"):
                if not modes:
                    raise HarnessError("unanswered_choice", "phase asks for modes; the cast has none")
                self._choose_modes(player, modes)
                modes = []
            else:
                break
        if targets:
            # phase picks a target itself when only one is legal (no prompt): accept it if it is the case's
            chosen = self._spell_targets(oid)
            if chosen[-len(targets):] != [self.target_ref(t) for t in targets]:
                raise HarnessError("illegal_action", f"phase chose the targets {chosen} itself; the case wants "
                                                     f"{a.get('targets')}")

    def _spell_targets(self, oid: int) -> list[Any]:
        for e in self.stack():
            if int(e["id"]) == oid:
                ab = ((e.get("kind") or {}).get("data") or {}).get("ability") or {}
                out = list(ab.get("targets") or [])
                sub = ab.get("sub_ability")
                while isinstance(sub, dict):
                    out += list(sub.get("targets") or [])
                    sub = sub.get("sub_ability")
                return out
        return []

    def _choose_legal(self, player: int, pred: Any, what: str) -> None:
        for c in self.legal():
            if pred(c):
                self.apply(player, c)
                return
        raise HarnessError("illegal_action", f"phase does not allow {what} now ({self.waiting().get('type')})")

    def _choose_modes(self, player: int, modes: list[int]) -> None:
        legal = self.legal()
        for c in legal:
            d = c.get("data") or {}
            idx = d.get("indices") or d.get("modes") or d.get("mode_indices")
            if c["type"] in ("SelectModes", "ChooseModes") and idx is not None and list(idx) == modes:
                self.apply(player, c)
                return
        raise unsupported(f"modes {modes}: no matching phase action among {[c['type'] for c in legal][:5]}")

    def _after_action(self) -> None:
        """Note a prompt phase now waits on that only a scripted ``choose`` may answer."""
        t = self.waiting().get("type")
        if t in ("Priority", None, "GameOver"):
            self.pending_choice = None
        else:
            self.pending_choice = t

    def _act_activate(self, a: dict[str, Any]) -> None:
        player = seat(a.get("player", "p1"))
        oid = self.oid(a.get("object"))
        if self.actor() != player:
            raise HarnessError("illegal_action", f"{player_name(player)} does not hold priority")
        acts = [x for x in self.legal() if x["type"] == "ActivateAbility" and int(x["data"]["source_id"]) == oid]
        idx = int(a.get("ability", 0))
        if idx >= len(acts):
            raise HarnessError("illegal_action", f"phase offers {len(acts)} activated abilities of {a.get('object')}")
        self.apply(player, acts[idx])
        targets = list(a.get("targets") or [])
        while self.waiting().get("type") in ("TargetSelection", "MultiTargetSelection") and targets:
            want = self.target_ref(targets.pop(0))
            self._choose_legal(player, lambda c, want=want: c["type"] == "ChooseTarget" and c["data"]["target"] == want,
                               f"target {want}")
        self._after_action()

    def _act_pass_priority(self, a: dict[str, Any]) -> None:
        player = seat(a.get("player", "p1"))
        if self.waiting().get("type") != "Priority" or self.actor() != player:
            raise HarnessError("illegal_action", f"{player_name(player)} does not hold priority")
        self.apply(player, {"type": "PassPriority"})
        self._after_action()

    def _resolve(self, until_empty: bool) -> None:
        stack = self.stack()
        if not stack:
            raise HarnessError("illegal_action", "the stack is empty")
        top = stack[-1]["id"]
        for _ in range(MAX_PASSES):
            wf = self.waiting()
            if wf.get("type") != "Priority":
                self.pending_choice = wf.get("type")
                self.resume = (lambda: self._resolve_continue(until_empty, top))
                return
            self.apply(self.actor(), {"type": "PassPriority"})
            stack = self.stack()
            if not stack or (not until_empty and all(e["id"] != top for e in stack)):
                self._after_action()
                return
        raise HarnessError("internal", "the stack did not resolve")

    def _resolve_continue(self, until_empty: bool, top: int) -> None:
        stack = self.stack()
        if not stack or (not until_empty and all(e["id"] != top for e in stack)):
            return
        self._resolve(until_empty)

    def _act_resolve_top(self, a: dict[str, Any]) -> None:
        self._resolve(False)

    def _act_resolve_stack(self, a: dict[str, Any]) -> None:
        self._resolve(True)

    def _act_add_counters(self, a: dict[str, Any]) -> None:
        """An effect outside the case's cards adds counters: phase's Debug ``Proliferate`` is the one Debug
        action that adds counters through its event pipeline (``CounterAdded``, so chapter abilities
        trigger); its ``ProliferateChoice`` is answered with this object only, once per counter. Debug
        ``ModifyCounters`` emits no event, so no trigger could see it."""
        oid = self.oid(a.get("object"))
        counter = str(a.get("counter"))
        kind = COUNTER_IN.get(counter, counter)
        n = int(a.get("n", 1))
        obj = self.obj(oid)
        if obj.get("zone") != "Battlefield":
            raise unsupported("add_counters on an object off the battlefield: phase's Proliferate cannot reach it")
        if not int((obj.get("counters") or {}).get(kind, 0)):
            raise unsupported(f"add_counters: {a.get('object')} has no {counter} counter, and phase's Debug "
                              "Proliferate (the only Debug action adding counters through CounterAdded, so that "
                              "triggers see them) adds only kinds already there; ModifyCounters emits no event")
        start = len(self.facts.events)
        for _ in range(n):
            self.debug_logged("Proliferate", player_id=int(obj.get("controller", 0)))
            if self.waiting().get("type") != "ProliferateChoice":
                raise HarnessError("internal", f"phase's Proliferate asked {self.waiting().get('type')}")
            self._choose_legal(int(obj.get("controller", 0)), lambda c: c["type"] == "SelectTargets"
                               and c["data"].get("targets") == [{"Object": oid}], f"proliferating {a.get('object')}")
        # one scripted addition of n counters: one counter_added event of n (phase logged n of one each)
        added = [e for e in self.facts.events[start:] if e["type"] == "counter_added" and e["object"] == a.get("object")]
        if len(added) > 1:
            first = added[0]
            first["n"] = sum(e["n"] for e in added)
            self.facts.events[start:] = [e for e in self.facts.events[start:] if e is first or e not in added]
        self._after_action()

    def debug_logged(self, kind: str, **data: Any) -> Any:
        """A Debug action whose events are facts of the case (not of the set-up)."""
        action = {"type": "Debug", "data": {"type": kind, "data": data}}
        return self.apply(0, action)

    def _act_remove_counters(self, a: dict[str, Any]) -> None:
        oid = self.oid(a.get("object"))
        counter = a.get("counter")
        n = int(a.get("n", 1))
        before = int(self.obj(oid).get("counters", {}).get(COUNTER_IN.get(counter, counter), 0))
        self.debug("ModifyCounters", object_id=oid, counter_type=COUNTER_IN.get(counter, counter), delta=-n)
        after = int(self.obj(oid).get("counters", {}).get(COUNTER_IN.get(counter, counter), 0))
        if before != after:                               # observed: phase's Debug action emits no event
            self.facts.events.append({"type": "counter_removed", "object": self.facts.cid(oid),
                                      "counter": counter, "n": before - after})

    def _act_set_keywords(self, a: dict[str, Any]) -> None:
        oid = self.oid(a.get("object"))
        for kw in a.get("add") or []:
            if kw.lower() not in KEYWORD:
                raise unsupported(f"keyword {kw!r}")
            self.debug("GrantKeyword", object_id=oid, keyword=KEYWORD[kw.lower()])
        for kw in a.get("remove") or []:
            if kw.lower() not in KEYWORD:
                raise unsupported(f"keyword {kw!r}")
            self.debug("RemoveKeyword", object_id=oid, keyword=KEYWORD[kw.lower()])

    def _act_advance(self, a: dict[str, Any]) -> None:
        to = a.get("to")
        if to not in PHASE_OF_STEP:
            raise unsupported(f"advance to {to!r}: phase has no such step with priority (first-strike damage "
                              "is dealt inside CombatDamage, game/combat_damage.rs)")
        if self.stack():
            raise HarnessError("illegal_action", "advance needs an empty stack")
        turn0 = int(self.g.turn)
        for _ in range(MAX_PASSES):
            wf = self.waiting()
            t = wf.get("type")
            if t == "DeclareAttackers":
                self.apply(self.actor(), {"type": "DeclareAttackers", "data": {"attacks": []}})
                continue
            if t == "DeclareBlockers":
                self.apply(self.actor(), {"type": "DeclareBlockers", "data": {"assignments": []}})
                continue
            if t != "Priority":
                self.pending_choice = t
                return
            if self.stack():
                self._after_action()
                return                                      # a trigger on the way: priority with it on the stack
            self.apply(self.actor(), {"type": "PassPriority"})
            new_turn = int(self.g.turn) != turn0
            if self.step() == to and (new_turn or not a.get("next_turn")) and self.waiting().get("type") == "Priority":
                self._after_action()
                return
        raise HarnessError("internal", f"did not reach {to!r}")

    def _act_choose(self, a: dict[str, Any]) -> None:
        choice = a.get("choice")
        wf = self.waiting()
        t = wf.get("type")
        if not self.pending_choice:
            raise HarnessError("unused_answer", f"choose {choice}: phase waits for no choice")
        player = self.actor()
        if choice == "trigger_order" and t == "OrderTriggers":
            triggers = (wf.get("data") or {}).get("triggers") or []
            order = []
            for item in a.get("order") or []:
                src = item.get("source") if isinstance(item, dict) else item
                sid = self.oid(src)
                idx = [i for i, tr in enumerate(triggers) if int(tr.get("source_id", -1)) == sid and i not in order]
                if not idx:
                    raise HarnessError("illegal_action", f"no waiting trigger of {src}")
                order.append(idx[0])
            if sorted(order) != list(range(len(triggers))):
                raise HarnessError("illegal_action", f"order names {len(order)} of {len(triggers)} triggers")
            self.apply(player, {"type": "OrderTriggers", "data": {"order": order}})
        elif choice == "new_targets" and t == "CopyRetarget":
            new = a.get("targets")
            if new is None:
                self._choose_legal(player, lambda c: c["type"] in ("KeepAllCopyTargets", "KeepTargets")
                                   or (c["type"] == "ChooseTarget" and c["data"].get("target") is None),
                                   "keeping the copy's targets")
            else:
                for tid in new:
                    want = self.target_ref(tid)
                    self._choose_legal(player, lambda c, want=want: c["type"] == "ChooseTarget"
                                       and c["data"].get("target") == want, f"new target {want}")
        else:
            raise unsupported(f"choose {choice} while phase waits for {t}")
        self.pending_choice = None
        self._after_action()
        if self.resume is not None and not self.pending_choice:
            resume, self.resume = self.resume, None
            resume()

    # -- observe --
    def _all_objects(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Every object in a zone, by id, and the players: read zone by zone (``Game.state()`` would also
        convert the decks, the rules journal and the rest, several times the cost)."""
        g = self.g
        players = [g.player(0), g.player(1)]
        ids: list[int] = []
        for p in players:
            for zone in ("library", "hand", "graveyard"):
                ids += [int(i) for i in p.get(zone) or []]
        for listing in (g.battlefield(), g.exile()):
            ids += [int(o["id"]) if isinstance(o, dict) else int(o) for o in listing or []]
        ids += [int(e["id"]) for e in g.stack() or [] if (e.get("kind") or {}).get("type") == "Spell"]
        objects = {}
        for oid in ids:
            o = g.object(oid)
            if o:
                objects[str(oid)] = o
        return objects, players

    def observe(self) -> dict[str, Any]:
        all_objects, player_list = self._all_objects()
        st = {"objects": all_objects, "stack": self.stack(), "players": player_list}
        f = self.facts
        objects: dict[str, Any] = {}
        for k, o in st["objects"].items():
            oid = int(k)
            zone = ZONE.get(o.get("zone"), str(o.get("zone")).lower())
            types = list((o.get("card_types") or {}).get("core_types") or [])
            counters = {("+1/+1" if c == "P1P1" else "-1/-1" if c == "M1M1" else c): int(n)
                        for c, n in (o.get("counters") or {}).items() if int(n)}
            on_bf = zone == "battlefield"
            cost = o.get("mana_cost") or {}
            mv = int(cost.get("generic", 0)) + len([s for s in cost.get("shards") or [] if s != "X"])
            objects[f.cid(oid)] = {
                "card": f.card(oid, o.get("name"), bool(o.get("is_token"))), "name": o.get("name"), "zone": zone,
                "owner": player_name(o.get("owner", 0)),
                "controller": player_name(o.get("controller", 0)) if zone in ("battlefield", "stack") else None,
                "tapped": bool(o.get("tapped")), "counters": counters, "damage": int(o.get("damage_marked") or 0),
                "mana_value": mv, "types": types,
                "subtypes": list((o.get("card_types") or {}).get("subtypes") or []),
                "supertypes": list((o.get("card_types") or {}).get("supertypes") or []),
                "colors": sorted(c for c in (COLOR_LETTERS.get(x) for x in o.get("color") or []) if c),
                "power": o.get("power") if on_bf and "Creature" in types else None,
                "toughness": o.get("toughness") if on_bf and "Creature" in types else None,
                "keywords": sorted(_kw(k) for k in o.get("keywords") or []) if on_bf else [],
                **({"token": True} if o.get("is_token") else {}),
            }
        stack = []
        for e in st["stack"]:
            sid = int(e["id"])
            seen = f.stack_seen.get(sid) or {}
            kind = (e.get("kind") or {}).get("type")
            if kind == "Spell":
                o = st["objects"].get(str(sid)) or self.obj(sid)
                stack.append({"object": f.cid(sid), "card": f.card(sid, o.get("name")),
                              "controller": player_name(e.get("controller", 0)), "copy": bool(seen.get("copy"))})
            else:
                src = e.get("source_id")
                so = st["objects"].get(str(src)) or self.obj(int(src))
                stack.append({"object": seen.get("object", f"ab{sid}"), "card": f.card(int(src), so.get("name")),
                              "source": f.cid(src), "ability": seen.get("ability"),
                              "controller": player_name(e.get("controller", 0)), "copy": False})
        players = {player_name(p["id"]): {"life": int(p["life"]), "poison": int(p.get("poison_counters", 0))}
                   for p in player_list}
        return {"players": players, "objects": objects, "stack": stack, "step": self.step(),
                "turn": int(self.g.turn), "active_player": player_name(self._active())}


COLOR_LETTERS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}


def _kw(k: Any) -> str:
    name = k if isinstance(k, str) else (next(iter(k)) if isinstance(k, dict) and k else str(k))
    out = ""
    for ch in str(name):
        out += (" " + ch.lower()) if ch.isupper() and out else ch.lower()
    return out


def _symbols(mana: str) -> list[str]:
    out = []
    for part in mana.replace("}", "").split("{"):
        if not part:
            continue
        if part.isdigit():
            out += ["C"] * int(part)
        else:
            out.append(part)
    return out
