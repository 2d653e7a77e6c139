"""Setting up a case position in phase.rs: decks, Debug actions, the state round trip, replayed combat.

Standard library and the harnesses' shared loop (its refusal, :class:`HarnessError`) only (the ``phase``
objects come from the caller). :class:`PositionMixin` is the set-up
half of :class:`game.PhaseGame`; see that module's docstring for the whole story.
"""

from __future__ import annotations

from typing import Any

from facts import COUNTER_IN, PHASE_OF_STEP, ZONE, Facts
from mtg_rulings_harness import HarnessError, unsupported

MANA = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
KEYWORD = {"first strike": "FirstStrike", "double strike": "DoubleStrike", "flying": "Flying",
           "vigilance": "Vigilance", "trample": "Trample", "haste": "Haste", "reach": "Reach",
           "deathtouch": "Deathtouch", "lifelink": "Lifelink", "indestructible": "Indestructible",
           "menace": "Menace", "defender": "Defender", "hexproof": "Hexproof"}
SEED = 7
"""The game seed. Setup never depends on phase's shuffles (every object is placed), so results do not
depend on it (tests/engines/test_phase.py runs a case under two seeds)."""
MAX_PASSES = 200


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



class PositionMixin:
    """Builds the case's position (``_setup``) on ``self.engine``; the state lives in ``self.g``."""

    engine: Any
    g: Any
    facts: Facts
    layouts: dict[str, str]

    def oid(self, case_id: Any) -> int:
        raise NotImplementedError

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
                    for key in ("token", "face_down", "face"):
                        if item.get(key):
                            raise unsupported(f"setup object {item.get('id')}: {key}")
                    if item.get("attached_to") and (zone != "battlefield" or item["attached_to"] in ("p1", "p2")):
                        raise unsupported(f"setup object {item.get('id')}: attached_to {item['attached_to']!r} "
                                          f"from the {zone} (phase's Debug Attach joins two permanents)")
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
        for pname in ("p1", "p2"):
            if filler[pname]:
                for oid in pool.get((seat(pname), "island"), []):
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
            if zone == "hand":
                # phase deals the opening hand at random from the deck: with more than seven cards in a
                # deck a hand object may still be in the library (seen: Echo of Eons' 31-card position)
                if (self.g.object(oid) or {}).get("zone") != "Hand":
                    self.debug("MoveToZone", object_id=oid, to_zone="Hand", simulate=False)
            else:
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
        for _pid, _zone, item in placed:
            if item.get("attached_to"):
                # an Aura or Equipment on a permanent of the case: Debug Attach (phase checks nothing)
                self.debug("Attach", object_id=self.oid(item["id"]), target={"type": "Object", "data": self.oid(item["attached_to"])})
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
