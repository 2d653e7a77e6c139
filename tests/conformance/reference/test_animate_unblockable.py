""""CARDNAME becomes a 3/2 blue and black Elemental creature until end of turn and can't be
blocked this turn. It's still a land." (animation_text AnimateSelf ``unblockable``): Creeping
Tar Pit animated attacks and a block of it is illegal (509.1b)."""

from __future__ import annotations

import pytest

from conformance.errors import EngineReportedError
from conformance.reference.engine import ReferenceEngine


def test_creeping_tar_pit_animated_cannot_be_blocked() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{1}{U}{B}", "battlefield": [
                              {"id": "pit", "card": "Creeping Tar Pit"}]},
                              "p2": {"battlefield": [{"id": "b2", "card": "Grizzly Bears"}]}}})
    engine.act({"activate": {"player": "p1", "object": "pit", "ability": 1}})
    engine.act({"resolve_stack": {}})
    pit = engine.observe().state["objects"]["pit"]
    assert (pit["power"], pit["toughness"]) == (3, 2) and "Land" in pit["types"]
    engine.act({"advance": {"to": "declare_attackers"}})
    engine.act({"declare_attackers": {"player": "p1", "attackers": {"pit": "p2"}}})
    engine.act({"advance": {"to": "declare_blockers"}})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        engine.act({"declare_blockers": {"player": "p2", "blocks": {"b2": "pit"}}})
