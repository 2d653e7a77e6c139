""""<effect on target>. Its controller mills N cards / discards a card", "Counter target spell.
Its controller ...", "... deals N damage to that permanent's controller" (oracle_spells
ThenItsPlayer): the player is the target's controller as it last was."""

from __future__ import annotations

from typing import Any

from conformance.reference import ReferenceEngine


def game(p1: dict[str, Any], p2: dict[str, Any]) -> dict[str, Any]:
    return {"active_player": "p1", "step": "precombat_main", "turn": 3,
            "players": {"p1": p1, "p2": p2}}


def _lib(prefix: str, n: int) -> list[dict[str, str]]:
    return [{"id": f"{prefix}{i}", "card": "Island"} for i in range(n)]


def test_destroy_then_its_controller_discards_a_card() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{4}{B}{B}",
                               "hand": [{"id": "sp", "card": "Assassin's Strike"}]},
                              {"hand": [{"id": "h1", "card": "Island"}],
                               "battlefield": [{"id": "bears", "card": "Grizzly Bears"}]}))
    engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["bears"]}})
    engine.act({"resolve_stack": {}})
    objects = engine.observe().state["objects"]
    assert objects["bears"]["zone"] == "graveyard" and objects["h1"]["zone"] == "graveyard"


def test_counter_then_its_controller_mills() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game(
        {"mana": "{1}{G}", "hand": [{"id": "bears", "card": "Grizzly Bears"}],
         "library": _lib("l", 6)},
        {"mana": "{2}{U}{U}", "hand": [{"id": "sp", "card": "Countermand"}]}))
    engine.act({"cast": {"player": "p1", "object": "bears"}})
    engine.act({"pass_priority": {"player": "p1"}})
    engine.act({"cast": {"player": "p2", "object": "sp", "targets": ["bears"]}})
    engine.act({"resolve_stack": {}})
    objects = engine.observe().state["objects"]
    assert objects["bears"]["zone"] == "graveyard"
    assert [objects[f"l{i}"]["zone"] for i in range(6)] == ["graveyard"] * 4 + ["library"] * 2


def test_destroy_then_damage_to_that_permanents_controller() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{R}{G}", "hand": [{"id": "sp",
                                                           "card": "Destructive Revelry"}]},
                              {"battlefield": [{"id": "orn", "card": "Ornithopter"}]}))
    engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["orn"]}})
    engine.act({"resolve_stack": {}})
    state = engine.observe().state
    assert state["objects"]["orn"]["zone"] == "graveyard"
    assert state["players"]["p2"]["life"] == 18
