"""The reference engine's "Counter target activated or triggered ability." (Stifle;
conformance/reference/countered_abilities.py, rules 115.1d, 701.5a): a triggered ability on the
stack named by ``{source, ability}`` is the target; countered, its effect doesn't happen."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference.engine import ReferenceEngine

LIBRARY = [{"id": f"l{i}", "card": "Island"} for i in range(3)]
LIBRARY2 = [{"id": f"m{i}", "card": "Island"} for i in range(3)]


def _engine() -> ReferenceEngine:
    """p1's Rift Bolt suspended with one time counter, p1 with Stifle and {U}."""
    engine = ReferenceEngine()
    p1: dict[str, Any] = {"library": LIBRARY, "mana": "{U}",
                          "hand": [{"id": "st", "card": "Stifle"}],
                          "exile": [{"id": "rb", "card": "Rift Bolt", "counters": {"time": 1}}]}
    engine.setup("t/stifle", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                              "players": {"p1": p1, "p2": {"library": LIBRARY2}}})
    engine.act({"remove_counters": {"object": "rb", "counter": "time", "n": 1}})
    return engine


def test_stifle_counters_the_suspend_cast_trigger():
    engine = _engine()
    assert [s["card"] for s in engine.observe().state["stack"]] == ["Rift Bolt"]
    engine.act({"cast": {"player": "p1", "object": "st",
                         "targets": [{"source": "rb", "ability": "suspend_cast"}]}})
    engine.act({"resolve_top": {}})
    obs = engine.observe()
    (countered,) = [e for e in obs.events if e["type"] == "countered"]
    assert countered["source"] == "rb" and countered["ability"] == "suspend_cast"
    assert obs.state["stack"] == [] and obs.state["objects"]["rb"]["zone"] == "exile"
    assert not [e for e in obs.events if e["type"] == "cast" and e["object"] == "rb"]


@pytest.mark.parametrize("target", [{"source": "rb", "ability": "suspend_upkeep"}, "p2"])
def test_stifle_needs_an_ability_on_the_stack(target):
    engine = _engine()
    with pytest.raises(EngineReportedError, match="illegal_action|no ability|not a legal"):
        engine.act({"cast": {"player": "p1", "object": "st", "targets": [target]}})
