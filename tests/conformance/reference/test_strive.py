"""Strive (207.2c, 601.2f) and "any number of target creatures each get ..." (oracle_strive):
each target beyond the first adds the strive cost; each legal target is affected."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine


def _engine(mana: str) -> ReferenceEngine:
    """Aerial Formation ({U}; strive {2}{U}: +1/+1 and flying) in p1's hand, two Bears."""
    engine = ReferenceEngine()
    bears: list[dict[str, Any]] = [{"id": "b1", "card": "Grizzly Bears"},
                                   {"id": "b2", "card": "Grizzly Bears"}]
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": mana, "battlefield": bears,
                                             "hand": [{"id": "sp", "card": "Aerial Formation"}]},
                                      "p2": {}}})
    return engine


def test_each_target_beyond_the_first_costs_the_strive_cost() -> None:
    engine = _engine("{2}{U}{U}")
    engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["b1", "b2"]}})
    engine.act({"resolve_stack": {}})
    objects = engine.observe().state["objects"]
    for b in ("b1", "b2"):
        assert objects[b]["power"] == 3 and "flying" in objects[b]["keywords"]


def test_two_targets_are_refused_without_the_strive_cost() -> None:
    engine = _engine("{U}")
    with pytest.raises(EngineReportedError):
        engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["b1", "b2"]}})
    engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["b1"]}})  # one: {U}
