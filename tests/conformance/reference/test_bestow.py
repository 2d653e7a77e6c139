"""The reference engine's bestow (conformance/reference/bestow.py, rule 702.103): a bestowed
Aura spell, the Aura it becomes, and the enchantment creature it is when unattached."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference.engine import ReferenceEngine

L1 = [{"id": f"l{i}", "card": "Island"} for i in range(3)]
L2 = [{"id": f"m{i}", "card": "Island"} for i in range(3)]


def _engine() -> ReferenceEngine:
    engine = ReferenceEngine()
    p1: dict[str, Any] = {"library": L1, "mana": "{R}{R}{B}{B}{B}",
                          "hand": [{"id": "nr", "card": "Nyxborn Rollicker"},
                                   {"id": "mu", "card": "Murder"}],
                          "battlefield": [{"id": "bears", "card": "Grizzly Bears"}]}
    engine.setup("t/bestow", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                              "players": {"p1": p1, "p2": {"library": L2}}})
    return engine


def _objects(engine: ReferenceEngine) -> dict[str, Any]:
    return engine.observe().state["objects"]


def _bestow(engine: ReferenceEngine, target: str = "bears") -> None:
    engine.act({"cast": {"player": "p1", "object": "nr", "targets": [target],
                         "costs": {"alternative": "bestow"}}})


def test_a_bestowed_spell_is_an_aura_and_resolves_attached():
    engine = _engine()
    _bestow(engine)
    nr = _objects(engine)["nr"]
    assert (nr["types"], nr["subtypes"], nr["power"]) == (["Enchantment"], ["Aura"], None)
    engine.act({"resolve_top": {}})
    objs = _objects(engine)
    assert objs["nr"]["attached_to"] == "bears" and objs["nr"]["types"] == ["Enchantment"]
    assert (objs["bears"]["power"], objs["bears"]["toughness"]) == (3, 3)  # +1/+1


def test_unattached_it_becomes_an_untapped_enchantment_creature():
    engine = _engine()
    _bestow(engine)
    engine.act({"resolve_top": {}})
    engine.act({"cast": {"player": "p1", "object": "mu", "targets": ["bears"]}})
    engine.act({"resolve_top": {}})
    nr = _objects(engine)["nr"]
    assert nr["zone"] == "battlefield" and nr["attached_to"] is None
    assert (nr["types"], nr["subtypes"], nr["power"], nr["tapped"]) == (
        ["Enchantment", "Creature"], ["Satyr"], 1, False)


def test_an_illegal_target_makes_it_resolve_as_a_creature():
    engine = _engine()
    _bestow(engine)
    engine.act({"cast": {"player": "p1", "object": "mu", "targets": ["bears"]}})
    engine.act({"resolve_top": {}})  # Murder first: the Bears die
    engine.act({"resolve_top": {}})
    nr = _objects(engine)["nr"]
    assert nr["zone"] == "battlefield" and "Creature" in nr["types"]  # 702.103e


def test_a_bestowed_spell_targets_a_creature():
    engine = _engine()
    with pytest.raises(EngineReportedError, match="illegal_action"):
        _bestow(engine, "p2")
