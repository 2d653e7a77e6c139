"""One game: a case's position inside python-mtg, the id map, the zones and the event log; the
actions are :class:`~mtg_harness.actions.Actions`, the observation is :meth:`Game.observe`."""

from __future__ import annotations

import contextlib
from typing import Any

from mtg_rulings_harness import HarnessError, unsupported

from .actions import Actions
from .engine import ENGINE_LOG, Mtg
from .model import (
    ABILITY_LABEL,
    COLOR_LETTER,
    COLOR_WORD_LETTER,
    COUNTER_FROM_ENGINE,
    COUNTER_TO_ENGINE,
    SET_ZONES,
    STEPS,
    ZONE_RELS,
    mana_value,
    parse_mana,
)


class Game(Actions):
    """A case's position inside python-mtg plus the id map and the event log."""

    OBJECT_KEYS = {"id", "card", "tapped", "counters", "damage", "attacking", "blocking", "summoning_sick",
                   "face_down"}

    def __init__(self, m: Mtg, case_id: str, setup: dict[str, Any]) -> None:
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
        with contextlib.redirect_stdout(ENGINE_LOG):
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
            pool = parse_mana((players.get(p) or {}).get("mana", ""))
            d._set_floating(st, p, pool)
            if pool:
                st["mana_pool"] = {r for r in st.get("mana_pool", set()) if r[0] != p} | \
                    {(p, c, n) for c, n in pool.items()}
                st["mana_available"] = {r for r in st.get("mana_available", set()) if r[0] != p} | \
                    {(p, sum(pool.values()))}
            with contextlib.redirect_stdout(ENGINE_LOG):
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
        with contextlib.redirect_stdout(ENGINE_LOG):
            handler(args)
        self.sync_zones()


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
                "mana_value": mana_value(card.get("manaCost")),
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

