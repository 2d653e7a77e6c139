"""The state snapshot of a phase.rs game in the suite's shape (conformance/SPEC.md, "Engine facts").

Read zone by zone (``Game.player``, ``battlefield``, ``exile``, ``stack``, ``object``): ``Game.state()`` would
also convert the decks, the rules journal and the rest, several times the cost. Standard library only.
"""

from __future__ import annotations

import json
from typing import Any

from facts import Facts, player_name, zone_name

COMBAT_STEPS = frozenset({"declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"})
"""The steps in which a creature can be attacking or blocking (506.4: removed from combat as it ends)."""


class SnapshotMixin:
    """``observe()`` for :class:`game.PhaseGame`."""

    g: Any
    facts: Facts

    def stack(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def obj(self, oid: int) -> dict[str, Any]:
        raise NotImplementedError

    def step(self) -> str:
        raise NotImplementedError

    def _active(self) -> int:
        raise NotImplementedError

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

    def _combat(self) -> tuple[dict[str, str], dict[str, str]]:
        """Who each attacking creature attacks and what each blocking creature blocks (case ids), read
        from phase's combat state in the combat steps only (``Game.state()`` converts the whole game)."""
        if self.step() not in COMBAT_STEPS:
            return {}, {}
        raw = self.g.state()
        inner = raw.get("state") if isinstance(raw, dict) else None
        state = json.loads(inner) if isinstance(inner, str) else inner or {}
        combat = state.get("combat") or {}
        f = self.facts
        attacking: dict[str, str] = {}
        for att in combat.get("attackers") or []:
            target = att.get("attack_target") or {}
            who = (player_name(int(target["data"])) if target.get("type") == "Player"
                   else f.cid(int(target.get("data", -1))))
            attacking[f.cid(int(att["object_id"]))] = who
        blocking = {f.cid(int(b)): f.cid(int(atts[0]))
                    for b, atts in (combat.get("blocker_to_attacker") or {}).items() if atts}
        return attacking, blocking

    def observe(self) -> dict[str, Any]:
        all_objects, player_list = self._all_objects()
        st: dict[str, Any] = {"objects": all_objects, "stack": self.stack(), "players": player_list}
        f = self.facts
        objects: dict[str, Any] = {}
        for k, o in st["objects"].items():
            oid = int(k)
            zone = zone_name(o.get("zone"))
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
                "colors": [c for c in "WUBRG" if c in {COLOR_LETTERS.get(x) for x in o.get("color") or []}],
                "power": o.get("power") if on_bf and "Creature" in types else None,
                "toughness": o.get("toughness") if on_bf and "Creature" in types else None,
                "keywords": sorted(_kw(k) for k in o.get("keywords") or []) if on_bf else [],
                "attached_to": _attached_to(f, o.get("attached_to")),
                **({"summoning_sick": bool(o.get("summoning_sick"))} if on_bf else {}),
                **({"token": True} if o.get("is_token") else {}),
            }
        attacking, blocking = self._combat()
        for oid_s, o in objects.items():
            if o["zone"] == "battlefield" and "Creature" in o["types"]:
                o["attacking"] = attacking.get(oid_s)
                o["blocking"] = blocking.get(oid_s)
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
        players = {player_name(p["id"]): {"life": int(p["life"]), "poison": int(p.get("poison_counters", 0)),
                                          "mana": mana_pool(p.get("mana_pool"))}
                   for p in player_list}
        return {"players": players, "objects": objects, "stack": stack, "step": self.step(),
                "turn": int(self.g.turn), "active_player": player_name(self._active())}



COLOR_LETTERS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
"""phase color -> letter; a snapshot lists colors in WUBRG order (rule 105.1), as cases do."""
MANA_LETTERS = {**COLOR_LETTERS, "Colorless": "C"}


def _attached_to(f: Facts, ref: Any) -> str | None:
    """phase's ``attached_to`` (``{"type": "Object", "data": id}`` or ``Player``) as a case id / player."""
    if not isinstance(ref, dict) or ref.get("data") is None:
        return None
    return player_name(ref["data"]) if ref.get("type") == "Player" else f.cid(ref["data"])


def mana_pool(pool: Any) -> str:
    """A player's mana pool (``Player.mana_pool.mana``, one unit per mana) as our sorted symbol string
    (``{G}{U}``; empty: ``""``), the shape of the setup's ``mana``."""
    units = (pool or {}).get("mana") or [] if isinstance(pool, dict) else []
    letters = [MANA_LETTERS.get(str(u.get("color")), str(u.get("color"))) for u in units if isinstance(u, dict)]
    return "".join(f"{{{x}}}" for x in sorted(letters))


def _kw(k: Any) -> str:
    name = k if isinstance(k, str) else (next(iter(k)) if isinstance(k, dict) and k else str(k))
    out = ""
    for ch in str(name):
        out += (" " + ch.lower()) if ch.isupper() and out else ch.lower()
    return out
