"""Counters of a named kind as a cost and an effect (counter_costs): "Remove three quest
counters from CARDNAME and sacrifice it: You gain 8 life." needs three of them; "you may put a
quest counter on CARDNAME" puts one when accepted."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, engine, obj

from conformance.errors import EngineReportedError


def _state(e: Any) -> dict[str, Any]:
    return e.observe().state  # type: ignore[no-any-return]


def test_the_cost_needs_the_counters_and_removes_them_before_the_sacrifice() -> None:
    e = engine({"battlefield": [obj("exp", "Sunspring Expedition", counters={"quest": 2})]})
    with pytest.raises(EngineReportedError):
        e.act({"activate": {"player": "p1", "object": "exp", "ability": 0}})
    e = engine({"battlefield": [obj("exp", "Sunspring Expedition", counters={"quest": 3})]})
    e.act({"activate": {"player": "p1", "object": "exp", "ability": 0}})
    events = [ev["type"] for ev in e.observe().events]
    assert events.index("counter_removed") < events.index("sacrificed")
    e.act(RESOLVE)
    assert _state(e)["objects"]["exp"]["zone"] == "graveyard"
    assert _state(e)["players"]["p1"]["life"] == 28


@pytest.mark.parametrize("accept", [True, False])
def test_you_may_put_a_quest_counter(accept: bool) -> None:
    e = engine({"battlefield": [obj("exp", "Ior Ruin Expedition")],
                "hand": [obj("land", "Island")]})
    e.act({"play_land": {"player": "p1", "object": "land"}})
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "may", "accept": accept}})
    assert _state(e)["objects"]["exp"]["counters"] == ({"quest": 1} if accept else {})

