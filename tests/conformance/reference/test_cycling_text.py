"""Cycling's variants (cycling_text.py, casting._cycle): typecycling searches for its type
(702.29e), a hybrid cycling cost, "When you cycle CARDNAME, <effect>" goes on the stack above the
cycling ability and resolves first (702.29c), "you may have target creature get ...", and
"<Subtype> creatures get ... until end of turn" for every such creature."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference.cycling_text import typecycling_line

ISLANDS = [obj("lib1", "Island"), obj("lib2", "Plains")]


def _cycle(oid: str, ability: int = 0) -> dict[str, Any]:
    return {"activate": {"player": "p1", "object": oid, "ability": ability}}


def _zones(e: Any) -> dict[str, str]:
    return {k: v["zone"] for k, v in e.observe().state["objects"].items()}


def test_islandcycling_finds_only_an_island() -> None:
    e = engine({"mana": "{2}", "hand": [obj("pb", "Sanctum Plowbeast")], "library": ISLANDS})
    e.act(_cycle("pb", 1))  # "Plainscycling {2}, islandcycling {2}": the second ability
    assert _zones(e)["pb"] == "graveyard"
    e.act({"pass_priority": {"player": "p1"}})
    e.act({"pass_priority": {"player": "p2"}})
    assert e._pending is not None and e._pending[1].detail["cards"] == ["lib1"]
    e.act({"choose": {"choice": "cards", "cards": ["lib1"]}})
    assert _zones(e)["lib1"] == "hand" and _zones(e)["lib2"] == "library"


def test_plainscycling_refuses_an_island_and_has_no_third_ability() -> None:
    e = engine({"mana": "{2}", "hand": [obj("pb", "Sanctum Plowbeast")], "library": ISLANDS})
    e.act(_cycle("pb", 0))
    e.act(RESOLVE)
    with pytest.raises(EngineReportedError):
        e.act({"choose": {"choice": "cards", "cards": ["lib1"]}})
    e = engine({"mana": "{4}", "hand": [obj("pb", "Sanctum Plowbeast")], "library": ISLANDS})
    with pytest.raises(EngineReportedError):
        e.act(_cycle("pb", 2))


def test_hybrid_cycling_cost_is_paid_with_either_color() -> None:
    e = engine({"mana": "{R}", "hand": [obj("mc", "Monstrous Carabid")], "library": ISLANDS})
    e.act(_cycle("mc"))
    e.act(RESOLVE)
    assert _zones(e)["lib1"] == "hand"
    e = engine({"mana": "{G}", "hand": [obj("mc", "Monstrous Carabid")], "library": ISLANDS})
    with pytest.raises(EngineReportedError):
        e.act(_cycle("mc"))


def test_cycle_trigger_resolves_before_the_draw() -> None:
    e = engine({"mana": "{1}{W}", "hand": [obj("rf", "Renewed Faith")], "library": ISLANDS})
    e.act(_cycle("rf"))
    stack = e.observe().state["stack"]
    assert len(stack) == 2  # the trigger on top of the cycling ability
    e.act({"pass_priority": {"player": "p1"}})
    e.act({"pass_priority": {"player": "p2"}})
    e.act({"choose": {"choice": "may", "accept": True}})
    state = e.observe().state
    assert state["players"]["p1"]["life"] == 22 and _zones(e)["lib1"] == "library"
    e.act(RESOLVE)
    assert _zones(e)["lib1"] == "hand" and e.observe().state["players"]["p1"]["life"] == 22


def test_cycle_trigger_may_have_target_creature_get() -> None:
    e = engine({"mana": "{1}{B}{B}", "hand": [obj("dp", "Death Pulse")], "library": ISLANDS},
               {"battlefield": [obj("elf", "Llanowar Elves")]})
    e.act(_cycle("dp"))
    e.act({"choose": {"choice": "targets", "targets": ["elf"]}})
    e.act({"pass_priority": {"player": "p1"}})
    e.act({"pass_priority": {"player": "p2"}})
    e.act({"choose": {"choice": "may", "accept": True}})
    e.act(RESOLVE)
    assert _zones(e)["elf"] == "graveyard"


def test_cycle_trigger_pumps_every_elf() -> None:
    e = engine({"mana": "{2}{G}{G}", "hand": [obj("gs", "Gempalm Strider")], "library": ISLANDS,
                "battlefield": [obj("e1", "Llanowar Elves")]},
               {"battlefield": [obj("e2", "Llanowar Elves"), obj("b", "Grizzly Bears")]})
    e.act(_cycle("gs"))
    e.act(RESOLVE)
    objs = e.observe().state["objects"]
    assert objs["e1"]["power"] == objs["e2"]["power"] == 3 and objs["b"]["power"] == 2


def test_typecycling_line_shapes() -> None:
    assert typecycling_line("Cycling {2}") is None
    assert [c for c, _ in typecycling_line("Basic landcycling {1}{G}") or ()] == ["{1}{G}"]
    assert len(typecycling_line("Plainscycling {2}, islandcycling {2}") or ()) == 2


def test_cycle_trigger_may_prevent_the_next_damage() -> None:
    e = engine({"mana": "{1}{W}{R}", "hand": [obj("sb", "Sunfire Balm"), obj("s1", "Shock")],
                "library": ISLANDS, "battlefield": [obj("bears", "Grizzly Bears")]})
    e.act(_cycle("sb"))
    e.act({"choose": {"choice": "targets", "targets": ["bears"]}})
    e.act({"pass_priority": {"player": "p1"}})
    e.act({"pass_priority": {"player": "p2"}})
    e.act({"choose": {"choice": "may", "accept": True}})
    e.act(RESOLVE)
    e.act({"cast": {"player": "p1", "object": "s1", "targets": ["bears"]}})
    e.act(RESOLVE)
    assert e.observe().state["objects"]["bears"]["damage"] == 1
