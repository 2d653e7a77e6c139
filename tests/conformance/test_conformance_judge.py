"""The judge: partial matches, event subsequences, counts, state checks, expected errors."""

from __future__ import annotations

from conformance.engines.protocol import Observation
from conformance.judge import judge, judge_error, matches

EVENTS = [
    {"type": "cast", "object": "bolt", "player": "p1", "copy": False},
    {"type": "crime_committed", "player": "p1", "source": "bolt"},
    {"type": "damage", "source": "bolt", "target": "p2", "amount": 3},
    {"type": "life_change", "player": "p2", "amount": -3},
    {"type": "zone_change", "object": "bolt", "from": "stack", "to": "graveyard"},
]
STATE = {
    "players": {"p1": {"life": 20}, "p2": {"life": 17, "poison": 0}},
    "objects": {
        "bolt": {"card": "Lightning Bolt", "zone": "graveyard", "owner": "p1", "counters": {}},
        "akp": {"card": "At Knifepoint", "zone": "battlefield", "controller": "p1",
                "counters": {"lore": 2}},
        "t1": {"card": "Mercenary Token", "zone": "battlefield", "controller": "p1"},
        "t2": {"card": "Mercenary Token", "zone": "battlefield", "controller": "p1"},
    },
    "stack": [{"object": "x", "card": "Arc Lightning", "controller": "p1", "copy": False}],
    "step": "precombat_main", "turn": 1, "active_player": "p1",
}
OBS = Observation(EVENTS, STATE)


def where(expect):
    return [m.where for m in judge(expect, OBS)]


def test_partial_match_rules():
    assert matches({"a": 1}, {"a": 1, "b": 2})
    assert not matches({"a": 1, "c": 3}, {"a": 1})
    assert matches({"c": None}, {"a": 1})
    assert matches({"n": {"x": 1}}, {"n": {"x": 1, "y": 2}})
    assert matches([1, {"a": 1}], [1, {"a": 1, "b": 0}])
    assert not matches([1], [1, 2])
    assert not matches(True, 1) and not matches(1, True) and not matches(0, False)
    assert matches(False, False)
    assert not matches({"a": 1}, [1])


def test_events_are_an_ordered_subsequence():
    assert where({"events": [{"type": "cast"}, {"type": "damage", "amount": 3}]}) == []
    assert where({"events": [{"type": "damage"}, {"type": "cast"}]}) == ["events[1]"]
    assert where({"events": [{"type": "countered"}]}) == ["events[0]"]
    m = judge({"events": [{"type": "damage", "amount": 4}]}, OBS)[0]
    assert m.expected == {"type": "damage", "amount": 4}
    assert m.observed == [EVENTS[2]]  # the events of that type are shown


def test_absent_and_counts():
    assert where({"events_absent": [{"type": "cast", "copy": True}]}) == []
    assert where({"events_absent": [{"type": "cast"}]}) == ["events_absent[0]"]
    assert where({"event_counts": [{"match": {"type": "crime_committed"}, "count": 1}]}) == []
    ms = judge({"event_counts": [{"match": {"type": "crime_committed"}, "count": 2}]}, OBS)
    assert [(m.expected, m.observed) for m in ms] == [(2, 1)]


def test_state_checks():
    good = {"state": {"life": {"p2": 17}, "zones": {"bolt": "graveyard"},
                      "objects": {"akp": {"counters": {"lore": 2}}},
                      "players": {"p2": {"poison": 0}},
                      "count": [{"zone": "battlefield", "card": "Mercenary Token", "count": 2}],
                      "stack": ["Arc Lightning"], "step": "precombat_main", "turn": 1,
                      "active_player": "p1"}}
    assert where(good) == []
    bad = {"state": {"life": {"p2": 16, "p1": 20}, "zones": {"bolt": "exile", "ghost": "exile"},
                     "objects": {"akp": {"counters": {"lore": 3}}, "ghost": {"zone": "exile"}},
                     "count": [{"zone": "battlefield", "card": "Mercenary Token", "count": 1}],
                     "stack": [], "turn": 2}}
    assert where(bad) == ["state.life.p2", "state.zones.bolt", "state.zones.ghost",
                          "state.objects.akp", "state.objects.ghost", "state.count[0]",
                          "state.stack", "state.turn"]
    assert where({"state": {"stack": [{"card": "Arc Lightning", "copy": False}]}}) == []
    assert where({"state": {"stack": [{"card": "Arc Lightning", "copy": True}]}}) == ["state.stack"]


def test_expected_errors():
    want = {"error": {"kind": "unanswered_choice", "action": 1}}
    assert judge_error(want, (1, "unanswered_choice", "which order?")) == []
    assert [m.where for m in judge_error(want, None)] == ["error"]
    assert judge_error(want, (0, "unanswered_choice", ""))[0].observed == {
        "kind": "unanswered_choice", "action": 0}
    assert judge_error({"error": {"kind": "illegal_action"}}, (4, "illegal_action", "")) == []
    assert judge_error({}, None) == []
