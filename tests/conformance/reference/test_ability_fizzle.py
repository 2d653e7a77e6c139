"""Issue 14: an activated or triggered ability whose targets have all become illegal doesn't
resolve (rule 608.2b applies to abilities as to spells): it leaves the stack with no `resolved`
event. Before the fix the reference engine resolved such an ability anyway."""

from __future__ import annotations

from typing import Any

from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS


def game(p1: dict[str, Any], p2: dict[str, Any]) -> dict[str, Any]:
    return {"active_player": "p1", "step": "precombat_main", "turn": 3,
            "players": {"p1": p1, "p2": p2}}


def _bolt_in_response(engine: ReferenceEngine) -> list[dict[str, Any]]:
    """p1 passes with the ability on the stack; p2 kills the target Bears with Lightning Bolt;
    the stack resolves. The events of the ability's source ``src``."""
    engine.act({"pass_priority": {"player": "p1"}})
    engine.act({"cast": {"player": "p2", "object": "bolt", "targets": ["bears"]}})
    engine.act({"resolve_stack": {}})
    return [e for e in engine.observe().events if e.get("source") == "src"]


P2 = {"mana": "{R}", "hand": [{"id": "bolt", "card": "Lightning Bolt"}],
      "battlefield": [{"id": "bears", "card": "Grizzly Bears"}]}


def test_a_triggered_ability_whose_target_died_does_not_resolve() -> None:
    """Man-o'-War's enters ability targets p2's Bears, which dies in response."""
    setup = game({"mana": "{2}{U}", "hand": [{"id": "src", "card": "Man-o'-War"}]}, P2)
    for engine, resolved in ((ReferenceEngine(), False),
                             (MUTANTS["illegal_targets_resolve"](), True)):
        engine.setup("unit", setup)
        engine.act({"cast": {"player": "p1", "object": "src"}})
        engine.act({"resolve_top": {}})
        engine.act({"choose": {"choice": "targets", "targets": ["bears"]}})
        events = _bolt_in_response(engine)
        assert any(e["type"] == "put_on_stack" for e in events)
        assert any(e["type"] == "resolved" for e in events) is resolved
        assert engine.observe().state["stack"] == []


def test_an_activated_ability_whose_target_died_does_not_resolve() -> None:
    """Prodigal Sorcerer's "{T}: deal 1 damage to any target" at p2's Bears, killed in
    response: no damage, no `resolved`; its other legal target would have been hit."""
    setup = game({"battlefield": [{"id": "src", "card": "Prodigal Sorcerer"}]}, P2)
    for engine, resolved in ((ReferenceEngine(), False),
                             (MUTANTS["illegal_targets_resolve"](), True)):
        engine.setup("unit", setup)
        engine.act({"activate": {"player": "p1", "object": "src", "ability": 0,
                                 "targets": ["bears"]}})
        events = _bolt_in_response(engine)
        assert any(e["type"] == "resolved" for e in events) is resolved
        assert not [e for e in events if e["type"] == "damage"]


def test_an_ability_with_a_legal_target_still_resolves() -> None:
    setup = game({"battlefield": [{"id": "src", "card": "Prodigal Sorcerer"}]}, P2)
    engine = ReferenceEngine()
    engine.setup("unit", setup)
    engine.act({"activate": {"player": "p1", "object": "src", "ability": 0, "targets": ["p2"]}})
    engine.act({"resolve_stack": {}})
    assert engine.observe().state["players"]["p2"]["life"] == 19
