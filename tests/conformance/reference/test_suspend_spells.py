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


def _resolving(card: str, p1: dict[str, Any], p2: dict[str, Any], *,
               targets: list[str] | None = None) -> ReferenceEngine:
    """``card`` suspended in p1's exile with its last time counter; it is removed, the cast
    trigger casts the card (at ``targets``) and the spell starts resolving."""
    engine = ReferenceEngine()
    p1 = {"library": _library("p1"), **p1,
          "exile": [{"id": "sus", "card": card, "counters": {"time": 1}}]}
    p2 = {"library": _library("p2"), **p2}
    engine.setup("t/resolving", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                                 "players": {"p1": p1, "p2": p2}})
    engine.act({"remove_counters": {"object": "sus", "counter": "time", "n": 1}})
    engine.act({"resolve_top": {}})
    if targets is not None:
        engine.act({"choose": {"choice": "targets", "source": "sus", "targets": targets}})
    engine.act({"resolve_top": {}})
    return engine


def _choice(engine: ReferenceEngine) -> tuple[str, dict[str, Any]]:
    assert engine._pending is not None
    return engine._pending[1].kind, engine._pending[1].detail


def _zone(engine: ReferenceEngine, oid: str) -> str:
    return engine.objects[oid].zone  # also while a choice is pending


def test_hypergenesis_goes_round_until_a_whole_round_puts_nothing():
    engine = _resolving("Hypergenesis",
                        {"hand": [{"id": "a1", "card": "Grizzly Bears"},
                                  {"id": "a2", "card": "Hill Giant"},
                                  {"id": "bolt", "card": "Lightning Bolt"}]},
                        {"hand": [{"id": "b1", "card": "Island"}]})
    kind, detail = _choice(engine)
    assert kind == "cards" and detail["player"] == "p1"  # starting with its controller
    assert sorted(detail["cards"]) == ["a1", "a2"]  # no instant
    engine.act({"choose": {"choice": "cards", "cards": ["a1"]}})
    assert _zone(engine, "a1") == "battlefield"
    assert _choice(engine)[1]["player"] == "p2"
    engine.act({"choose": {"choice": "cards", "cards": []}})  # p2 declines this time
    assert _choice(engine)[1]["player"] == "p1"  # someone put a card: another round
    engine.act({"choose": {"choice": "cards", "cards": []}})
    assert _choice(engine)[1]["player"] == "p2"  # p1 declining does not end the process
    engine.act({"choose": {"choice": "cards", "cards": ["b1"]}})
    engine.act({"choose": {"choice": "cards", "cards": []}})  # p1
    assert engine._pending is None  # p2's hand is empty: a round with nothing put ends it
    assert (_zone(engine, "b1"), _zone(engine, "a2"), _zone(engine, "sus")) == \
        ("battlefield", "hand", "graveyard")
    assert engine.observe().state["objects"]["b1"]["controller"] == "p2"


def test_dichotomancy_finds_cards_named_like_the_opponents_tapped_nonland_permanents():
    engine = _resolving("Dichotomancy", {}, {
        "battlefield": [{"id": "tb", "card": "Grizzly Bears", "tapped": True},
                        {"id": "ug", "card": "Hill Giant"},
                        {"id": "tl", "card": "Island", "tapped": True}],
        "library": [{"id": "lb", "card": "Grizzly Bears"}, {"id": "lg", "card": "Hill Giant"},
                    {"id": "li", "card": "Island"}]}, targets=["p2"])
    kind, detail = _choice(engine)  # one search: only the tapped nonland permanent's name
    assert (kind, detail["player"], detail["cards"]) == ("cards", "p1", ["lb"])
    engine.act({"choose": {"choice": "cards", "cards": ["lb"]}})
    assert engine._pending is None
    state = engine.observe().state["objects"]
    assert (state["lb"]["zone"], state["lb"]["controller"]) == ("battlefield", "p1")
    assert (state["lg"]["zone"], state["li"]["zone"]) == ("library", "library")


def test_restore_balance_keeps_as_many_as_the_fewest_lands_creatures_and_cards():
    lands = [{"id": f"l{i}", "card": "Island"} for i in range(3)]
    engine = _resolving("Restore Balance",
                        {"battlefield": [*lands, {"id": "c1", "card": "Grizzly Bears"}],
                         "hand": [{"id": "h1", "card": "Island"}]},
                        {"battlefield": [{"id": "m1", "card": "Island"},
                                         {"id": "c2", "card": "Grizzly Bears"},
                                         {"id": "c3", "card": "Hill Giant"}],
                         "hand": [{"id": "h2", "card": "Island"},
                                  {"id": "h3", "card": "Island"}]})
    kind, detail = _choice(engine)  # lands: p1 keeps 1 of 3; p2 keeps its one without a choice
    assert (kind, detail["player"], detail["purpose"], detail["n"]) == ("cards", "p1", "keep", 1)
    engine.act({"choose": {"choice": "cards", "cards": ["l1"]}})
    kind, detail = _choice(engine)  # creatures: p2 keeps 1 of 2 (p1 has one)
    assert (detail["player"], sorted(detail["cards"])) == ("p2", ["c2", "c3"])
    engine.act({"choose": {"choice": "cards", "cards": ["c3"]}})
    kind, detail = _choice(engine)  # hands: p2 keeps 1 of 2
    assert (detail["player"], detail["n"]) == ("p2", 1)
    engine.act({"choose": {"choice": "cards", "cards": ["h3"]}})
    zones = {oid: _zone(engine, oid) for oid in
             ("l0", "l1", "l2", "m1", "c1", "c2", "c3", "h1", "h2", "h3")}
    assert zones == {"l0": "graveyard", "l1": "battlefield", "l2": "graveyard",
                     "m1": "battlefield", "c1": "battlefield", "c2": "graveyard",
                     "c3": "battlefield", "h1": "hand", "h2": "graveyard", "h3": "hand"}
    events = engine.observe().events
    assert sorted(e["object"] for e in events if e["type"] == "sacrificed") == ["c2", "l0", "l2"]


def test_if_you_control_no_creatures_is_checked_as_the_end_step_begins():
    """Thran Quarry's "At the beginning of the end step, if you control no creatures, sacrifice
    CARDNAME.": the same intervening "if" (603.4) on another trigger."""
    for creature, sacrificed in ((False, True), (True, False)):
        battlefield = [{"id": "tq", "card": "Thran Quarry"}]
        if creature:
            battlefield.append({"id": "bears", "card": "Grizzly Bears"})
        engine = ReferenceEngine()
        engine.setup("t/quarry", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                                  "players": {"p1": {"library": _library("p1"),
                                                     "battlefield": battlefield},
                                              "p2": {"library": _library("p2")}}})
        engine.act({"advance": {"to": "end"}})
        assert bool(engine.observe().state["stack"]) is sacrificed
        engine.act({"resolve_stack": {}})
        assert (_zone(engine, "tq") == "graveyard") is sacrificed
