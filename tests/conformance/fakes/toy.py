"""ToyEngine: a tiny, honest in-test engine double (burn spells, vanilla creatures, lands).

It implements just enough of the contract to drive the harness in tests: ``cast`` of a burn
spell with one target, ``resolve_top``/``resolve_stack``, ``pass_priority`` (two passes resolve),
state-based deaths. Casting anything else is refused as ``illegal_action``; any other action is
refused with ``EngineReportedError(kind="unsupported")``.
"""

from __future__ import annotations

import copy
from typing import Any

from conformance.engines.protocol import (
    PROTOCOL_VERSION,
    EngineInfo,
    EngineReportedError,
    Observation,
)

BURN = {"Lightning Bolt": 3, "Shock": 2}
CREATURES = {"Grizzly Bears": (2, 2), "Hill Giant": (3, 3)}
LANDS = {"Mountain"}
ZONES = ("library", "hand", "battlefield", "graveyard", "exile")


class ToyEngine:
    """An in-process Engine for tests."""

    name = "toy"
    features = frozenset({"damage", "target.single", "sba.lethal_damage"})

    def __init__(self) -> None:
        self.objects: dict[str, dict[str, Any]] = {}
        self.life: dict[str, int] = {}
        self.stack: list[str] = []
        self.events: list[dict[str, Any]] = []
        self.setup_info: dict[str, Any] = {}
        self.passes = 0

    def info(self) -> EngineInfo:
        return EngineInfo(name=self.name, version="0.1", protocol=PROTOCOL_VERSION,
                          features=self.features,
                          cards=frozenset(BURN) | frozenset(CREATURES) | frozenset(LANDS))

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        self.objects, self.stack, self.events, self.passes = {}, [], [], 0
        self.setup_info = setup
        self.life = {p: v.get("life", 20) for p, v in setup["players"].items()}
        for pid, player in setup["players"].items():
            for zone in ZONES:
                for o in player.get(zone, []) or []:
                    self.objects[o["id"]] = {"card": o["card"], "zone": zone, "owner": pid,
                                             "controller": pid, "damage": o.get("damage", 0),
                                             "tapped": o.get("tapped", False),
                                             "counters": dict(o.get("counters", {}))}

    def _obj(self, oid: str) -> dict[str, Any]:
        if oid not in self.objects:
            raise EngineReportedError("unknown_object", f"no object {oid!r}")
        return self.objects[oid]

    def _move(self, oid: str, to: str) -> None:
        o = self.objects[oid]
        self.events.append({"type": "zone_change", "object": oid, "card": o["card"],
                            "from": o["zone"], "to": to})
        o["zone"] = to

    def act(self, action: dict[str, Any]) -> None:
        (name, args), = action.items()
        if name == "cast":
            o = self._obj(args["object"])
            if o["card"] not in BURN:
                # not `unsupported`: that kind makes a case `unsupported`, these cases test `error`
                raise EngineReportedError("illegal_action", f"cannot cast {o['card']}")
            if o["zone"] != "hand":
                raise EngineReportedError("illegal_action", f"{args['object']} is not in hand")
            targets = args.get("targets") or []
            if len(targets) != 1:
                raise EngineReportedError("illegal_action", "one target needed")
            if targets[0] not in self.life:
                self._obj(targets[0])
            o["targets"] = targets
            self.events.append({"type": "cast", "player": args["player"], "object": args["object"],
                                "card": o["card"], "copy": False})
            self._move(args["object"], "stack")
            self.stack.append(args["object"])
        elif name == "resolve_top":
            self._resolve()
        elif name == "resolve_stack":
            while self.stack:
                self._resolve()
        elif name == "pass_priority":
            self.passes += 1
            if self.passes == 2:
                self.passes = 0
                self._resolve()
        else:
            raise EngineReportedError("unsupported", f"action {name!r}")

    def _resolve(self) -> None:
        if not self.stack:
            raise EngineReportedError("illegal_action", "the stack is empty")
        oid = self.stack.pop()
        o = self.objects[oid]
        target = o["targets"][0]
        amount = BURN[o["card"]]
        self.events.append({"type": "damage", "source": oid, "target": target, "amount": amount,
                            "combat": False})
        if target in self.life:
            self.life[target] -= amount
            self.events.append({"type": "life_change", "player": target, "amount": -amount})
        else:
            self.objects[target]["damage"] += amount
        self.events.append({"type": "resolved", "object": oid})
        self._move(oid, "graveyard")
        for cid, c in self.objects.items():
            if c["zone"] == "battlefield" and c["card"] in CREATURES and c["damage"] >= CREATURES[c["card"]][1]:
                c["damage"] = 0
                self._move(cid, "graveyard")

    def observe(self) -> Observation:
        objs = {}
        for oid, o in self.objects.items():
            pt = CREATURES.get(o["card"], (None, None))
            objs[oid] = {k: v for k, v in o.items() if k != "targets"} | {
                "name": o["card"], "power": pt[0], "toughness": pt[1]}
        return Observation(
            events=copy.deepcopy(self.events),
            state={"players": {p: {"life": v} for p, v in self.life.items()},
                   "objects": objs,
                   "stack": [{"object": s, "card": self.objects[s]["card"],
                              "controller": self.objects[s]["controller"], "copy": False}
                             for s in self.stack],
                   "step": self.setup_info.get("step"), "turn": self.setup_info.get("turn", 1),
                   "active_player": self.setup_info.get("active_player")})

    def close(self) -> None:
        pass


class CrashyToy(ToyEngine):
    """Raises an unexpected exception on cases whose id contains ``misbehave`` (in process)."""

    name = "crashy-toy"

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        if "misbehave" in case_id:
            raise RuntimeError("boom")
        super().setup(case_id, setup)


class LiarToy(ToyEngine):
    """Declares another protocol version."""

    def info(self) -> EngineInfo:
        i = super().info()
        return EngineInfo(i.name, i.version, 99, i.features, i.cards)


class PrintyToy(ToyEngine):
    """Prints chatter to stdout on every call (serve must keep it off the protocol)."""

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        print("loading rules for", case_id)
        super().setup(case_id, setup)


class LoopToy(ToyEngine):
    """Loops forever in setup on ``misbehave`` cases, swallowing every ``Exception``."""

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        while "misbehave" in case_id:
            try:
                sum(range(1000))
            except Exception:  # noqa: BLE001, S112 - on purpose: a hostile engine
                continue
        super().setup(case_id, setup)


class SlowToy(ToyEngine):
    """Sleeps 0.3 s in setup on ``misbehave`` cases (an in-process hang, cut short by nothing)."""

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        import time

        if "misbehave" in case_id:
            time.sleep(0.3)
        super().setup(case_id, setup)


class RecordingToy(ToyEngine):
    """Remembers every case id it was sent (class-level, for one test at a time)."""

    sent: list[str] = []

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        RecordingToy.sent.append(case_id)
        super().setup(case_id, setup)


class WeakBolt(ToyEngine):
    """A mutant: Lightning Bolt deals 2."""

    def _resolve(self) -> None:
        BURN["Lightning Bolt"] = 2
        try:
            super()._resolve()
        finally:
            BURN["Lightning Bolt"] = 3


class NoDeath(ToyEngine):
    """A mutant the test suite here cannot kill without the kills-bears case."""

    def _move(self, oid: str, to: str) -> None:
        if to == "graveyard" and self.objects[oid]["card"] in CREATURES:
            return
        super()._move(oid, to)


class StickyToy(ToyEngine):
    """Broken: a second setup keeps the first game's life totals."""

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        old = dict(self.life)
        super().setup(case_id, setup)
        self.life.update(old)


class CountingToy(ToyEngine):
    """Counts the engines made (class-level, for one test at a time)."""

    made = 0

    def __init__(self) -> None:
        CountingToy.made += 1
        super().__init__()
