""""<effect on target>. Its controller gains / loses life equal to its power [plus its
toughness]" (oracle_spells ThenItsPlayer ``equal_to``): the amount is the target's as it last
was before it left the battlefield (608.2h), and the player is its controller."""

from __future__ import annotations

from typing import Any

from conformance.reference import ReferenceEngine


def game(p1: dict[str, Any], p2: dict[str, Any]) -> dict[str, Any]:
    return {"active_player": "p1", "step": "precombat_main", "turn": 3,
            "players": {"p1": p1, "p2": p2}}


def test_exile_then_its_controller_gains_life_equal_to_its_power() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{W}", "hand": [{"id": "sp",
                                                        "card": "Swords to Plowshares"}]},
                              {"battlefield": [{"id": "ogre", "card": "Gray Ogre"}]}))
    engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["ogre"]}})
    engine.act({"resolve_stack": {}})
    state = engine.observe().state
    assert state["objects"]["ogre"]["zone"] == "exile"
    assert state["players"]["p2"]["life"] == 22 and state["players"]["p1"]["life"] == 20


def test_destroy_then_its_controller_loses_power_plus_toughness() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{3}{B}{B}{B}{B}",
                               "hand": [{"id": "sp", "card": "Phthisis"}]},
                              {"battlefield": [{"id": "ogre", "card": "Gray Ogre"}]}))
    engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["ogre"]}})
    engine.act({"resolve_stack": {}})
    state = engine.observe().state
    assert state["objects"]["ogre"]["zone"] == "graveyard"
    assert state["players"]["p2"]["life"] == 16 and state["players"]["p1"]["life"] == 20
