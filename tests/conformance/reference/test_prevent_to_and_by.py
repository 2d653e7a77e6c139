""""Prevent all combat damage that would be dealt to and dealt by that creature / CARDNAME this
turn" (prevent_to_and_by, 615): Maze of Ith untaps an attacker that then deals and is dealt no
combat damage; Urborg Phantom's own shield; other creatures' combat damage is not prevented."""

from __future__ import annotations

from typing import Any

from conformance.reference import ReferenceEngine

RESOLVE = {"resolve_stack": {}}


def _combat(engine: ReferenceEngine, attackers: dict[str, str], blocks: dict[str, str],
            before_blocks: list[dict[str, Any]]) -> dict[str, Any]:
    for a in ({"advance": {"to": "declare_attackers"}},
              {"declare_attackers": {"player": "p1", "attackers": attackers}},
              *before_blocks,
              {"advance": {"to": "declare_blockers"}},
              {"declare_blockers": {"player": "p2", "blocks": blocks}},
              {"advance": {"to": "end_of_combat"}}):
        engine.act(a)
    return engine.observe().state


def test_maze_of_ith_untaps_the_attacker_and_prevents_its_combat_damage() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "beginning_of_combat", "turn": 3,
                          "players": {"p1": {"battlefield": [
                              {"id": "ogre", "card": "Gray Ogre"},
                              {"id": "bears", "card": "Grizzly Bears"}]},
                              "p2": {"battlefield": [{"id": "maze", "card": "Maze of Ith"},
                                                     {"id": "wall", "card": "Grizzly Bears"}]}}})
    maze = [{"pass_priority": {"player": "p1"}},
            {"activate": {"player": "p2", "object": "maze", "ability": 0,
                          "targets": ["ogre"]}}, RESOLVE]
    state = _combat(engine, {"ogre": "p2", "bears": "p2"}, {"wall": "ogre"}, maze)
    objects = state["objects"]
    assert objects["ogre"]["tapped"] is False
    assert objects["ogre"]["zone"] == "battlefield" and objects["wall"]["zone"] == "battlefield"
    assert state["players"]["p2"]["life"] == 18  # the unshielded bears' damage is dealt


def test_urborg_phantom_shields_itself() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "beginning_of_combat", "turn": 3,
                          "players": {"p1": {"mana": "{U}", "battlefield": [
                              {"id": "ph", "card": "Urborg Phantom"}]},
                              "p2": {"battlefield": [{"id": "ogre", "card": "Gray Ogre"}]}}})
    engine.act({"activate": {"player": "p1", "object": "ph", "ability": 0}})
    engine.act(RESOLVE)
    state = _combat(engine, {"ph": "p2"}, {"ogre": "ph"}, [])
    assert state["objects"]["ph"]["zone"] == "battlefield"
    assert state["objects"]["ogre"]["zone"] == "battlefield"
