"""Effects of suspend's spells (conformance/reference/suspend_text.py, suspend_spells.py):
Living End's "Each player exiles all creature cards from their graveyard, then sacrifices all
creatures they control, then puts all cards they exiled this way onto the battlefield."."""

from __future__ import annotations

from typing import Any

from conformance.reference.engine import ReferenceEngine


def _library(pid: str) -> list[dict[str, Any]]:
    return [{"id": f"{pid}l{i}", "card": "Island"} for i in range(3)]


def test_living_end_swaps_creatures_on_the_battlefield_for_creature_cards_in_graveyards():
    engine = ReferenceEngine()
    engine.setup("t/living-end", {
        "active_player": "p1", "step": "precombat_main", "turn": 3,
        "players": {
            "p1": {"library": _library("p1"),
                   "exile": [{"id": "le", "card": "Living End", "counters": {"time": 1}}],
                   "graveyard": [{"id": "gy1", "card": "Grizzly Bears"},
                                 {"id": "bolt", "card": "Lightning Bolt"}],
                   "battlefield": [{"id": "bf1", "card": "Hill Giant"},
                                   {"id": "isl", "card": "Island"}]},
            "p2": {"library": _library("p2"),
                   "graveyard": [{"id": "gy2", "card": "Hill Giant"}],
                   "battlefield": [{"id": "bf2", "card": "Grizzly Bears"}]}}})
    engine.act({"remove_counters": {"object": "le", "counter": "time", "n": 1}})
    engine.act({"resolve_stack": {}})  # suspend casts Living End; it resolves
    observed = engine.observe()
    objects = observed.state["objects"]
    zones = {oid: objects[oid]["zone"] for oid in ("gy1", "gy2", "bf1", "bf2", "bolt", "isl",
                                                   "le")}
    assert zones == {"gy1": "battlefield", "gy2": "battlefield", "bf1": "graveyard",
                     "bf2": "graveyard", "bolt": "graveyard", "isl": "battlefield",
                     "le": "graveyard"}
    assert objects["gy2"]["controller"] == "p2"  # under its owner's control
    sacrificed = [e["object"] for e in observed.events if e["type"] == "sacrificed"]
    assert sorted(sacrificed) == ["bf1", "bf2"]
    moves = [(e["object"], e["to"]) for e in observed.events if e["type"] == "zone_change"
             and e["object"] in ("gy1", "gy2", "bf1", "bf2")]
    # exiled first, then the sacrifices, then onto the battlefield: not the creatures that died
    assert moves == [("gy1", "exile"), ("gy2", "exile"), ("bf1", "graveyard"),
                     ("bf2", "graveyard"), ("gy1", "battlefield"), ("gy2", "battlefield")]
