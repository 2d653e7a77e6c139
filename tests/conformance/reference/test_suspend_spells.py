"""Effects of suspend's spells (conformance/reference/suspend_text.py, suspend_spells.py):
Living End's "Each player exiles all creature cards from their graveyard, then sacrifices all
creatures they control, then puts all cards they exiled this way onto the battlefield."; and
Nantuko Shaman's "When CARDNAME enters the battlefield, if you control no tapped lands, draw a
card." (an intervening "if", 603.4: oracle_chapters.py "If you control no <kind>s, ...",
chapter_rules.py, target_kinds.py "tapped land"); Inevitable Betrayal's "Search target
opponent's library for a creature card and put that card onto the battlefield under your
control. Then that player shuffles." (oracle_library.py, effects_library.py)."""

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


def _nantuko(land_tapped: bool) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("t/nantuko", {
        "active_player": "p1", "step": "precombat_main", "turn": 3,
        "players": {
            "p1": {"library": _library("p1"),
                   "exile": [{"id": "ns", "card": "Nantuko Shaman", "counters": {"time": 1}}],
                   "battlefield": [{"id": "isl", "card": "Island", "tapped": land_tapped}]},
            "p2": {"library": _library("p2")}}})
    engine.act({"remove_counters": {"object": "ns", "counter": "time", "n": 1}})
    engine.act({"resolve_top": {}})  # suspend casts the Shaman
    engine.act({"resolve_top": {}})  # it resolves and enters the battlefield
    return engine


def _hand(engine: ReferenceEngine) -> list[str]:
    objects = engine.observe().state["objects"]
    return [oid for oid, o in objects.items() if o["zone"] == "hand"]


def test_nantuko_shaman_draws_when_its_controller_controls_no_tapped_lands():
    engine = _nantuko(False)
    assert [s.get("ability") for s in engine.observe().state["stack"]] == ["enters"]
    engine.act({"resolve_top": {}})
    assert _hand(engine) == ["p1l0"]


def test_with_a_tapped_land_nantuko_shamans_ability_does_not_trigger():
    engine = _nantuko(True)
    assert engine.observe().state["stack"] == []
    assert not [e for e in engine.observe().events if e["type"] == "triggered"
                and e.get("source") == "ns" and e.get("ability") == "enters"]


def test_a_land_tapped_before_it_resolves_stops_the_draw():
    """The intervening "if" is checked again as the ability resolves (603.4)."""
    engine = _nantuko(False)
    engine.act({"activate": {"player": "p1", "object": "isl", "ability": 0}})  # {T}: Add {U}
    engine.act({"resolve_top": {}})
    assert _hand(engine) == []


def test_inevitable_betrayal_puts_a_creature_from_the_opponents_library_under_your_control():
    engine = ReferenceEngine()
    engine.setup("t/betrayal", {
        "active_player": "p1", "step": "precombat_main", "turn": 3,
        "players": {
            "p1": {"library": [{"id": "mine", "card": "Grizzly Bears"}, *_library("p1")],
                   "exile": [{"id": "ib", "card": "Inevitable Betrayal",
                              "counters": {"time": 1}}]},
            "p2": {"library": [{"id": "theirs", "card": "Hill Giant"},
                               {"id": "b2", "card": "Grizzly Bears"}, *_library("p2")]}}})
    engine.act({"remove_counters": {"object": "ib", "counter": "time", "n": 1}})
    engine.act({"resolve_top": {}})
    engine.act({"choose": {"choice": "targets", "source": "ib", "targets": ["p2"]}})
    engine.act({"resolve_top": {}})
    assert engine._pending is not None
    choice = engine._pending[1]
    assert choice.kind == "cards" and choice.detail["player"] == "p1"
    assert sorted(choice.detail["cards"]) == ["b2", "theirs"]  # p2's creature cards only
    engine.act({"choose": {"choice": "cards", "cards": ["theirs"]}})
    giant = engine.observe().state["objects"]["theirs"]
    assert giant["zone"] == "battlefield" and giant["controller"] == "p1"
    assert engine.observe().state["objects"]["mine"]["zone"] == "library"
