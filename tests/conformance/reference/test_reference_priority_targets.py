"""The reference engine's rules of issue 14's bugs: state-based actions before a player receives
priority (117.5), tokens ceasing to exist (704.5d), and what "any target" allows (115.4) with
damage to a planeswalker (120.3c, 704.5i)."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine
from conformance.reference.abilities import FaceText
from conformance.reference.cards import CardDef, Face
from conformance.reference.mutants import MUTANTS


def game(p1: dict[str, Any], p2: dict[str, Any]) -> dict[str, Any]:
    return {"active_player": "p1", "step": "precombat_main", "turn": 3,
            "players": {"p1": p1, "p2": p2}}


def test_passing_priority_performs_state_based_actions_first() -> None:
    """117.5: p1 passes; before p2 receives priority, the Bears with lethal damage dies."""
    setup = game({"battlefield": [{"id": "bears", "card": "Grizzly Bears", "damage": 2}]}, {})
    for engine, zone in ((ReferenceEngine(), "graveyard"),
                         (MUTANTS["no_checks_before_priority"](), "battlefield")):
        engine.setup("unit", setup)
        engine.act({"pass_priority": {"player": "p1"}})
        state = engine.observe().state
        assert state["objects"]["bears"]["zone"] == zone
        assert state["priority"] == "p2"


def test_a_bounced_token_ceases_to_exist() -> None:
    setup = game({"mana": "{1}{U}", "hand": [{"id": "roil", "card": "Into the Roil"}]},
                 {"battlefield": [{"id": "tok", "card": "Soldier Token", "token": True}]})
    for engine, left in ((ReferenceEngine(), False),
                         (MUTANTS["tokens_outlive_the_battlefield"](), True)):
        engine.setup("unit", setup)
        engine.act({"cast": {"player": "p1", "object": "roil", "targets": ["tok"]}})
        engine.act({"resolve_stack": {}})
        assert ("tok" in engine.observe().state["objects"]) is left


def _planeswalker(engine: ReferenceEngine, loyalty: int) -> None:
    """Make p2's battlefield object ``pw`` a planeswalker with ``loyalty`` loyalty counters: no
    card the reference builds is one (the shipped card data has no loyalty), so the test gives
    the object a card of its own, a planeswalker face without abilities."""
    face = Face(name="Test Walker", mana_cost="{2}{R}", types=("Planeswalker",),
                subtypes=(), supertypes=(), power=None, toughness=None, text=FaceText())
    obj = engine.objects["pw"]
    obj.card = CardDef("Test Walker", None, "normal", (face,), "test")
    obj.counters = {"loyalty": loyalty}
    engine._statics_cache = None


@pytest.mark.parametrize(("loyalty", "zone", "left"), [(5, "battlefield", 2),
                                                        (3, "graveyard", None)])
def test_any_target_is_a_planeswalker_too_and_damage_removes_loyalty(
        loyalty: int, zone: str, left: int | None) -> None:
    """115.4: Lightning Bolt's "any target" may be a planeswalker; its 3 damage removes three
    loyalty counters (120.3c); with none left it goes to the graveyard (704.5i)."""
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{R}", "hand": [{"id": "bolt", "card": "Lightning Bolt"}]},
                              {"battlefield": [{"id": "pw", "card": "Grizzly Bears"}]}))
    _planeswalker(engine, loyalty)
    engine.act({"cast": {"player": "p1", "object": "bolt", "targets": ["pw"]}})
    engine.act({"resolve_stack": {}})
    obs = engine.observe()
    pw = obs.state["objects"]["pw"]
    assert pw["zone"] == zone
    if left is not None:
        assert pw["counters"] == {"loyalty": left} and pw["damage"] == 0
    assert {"type": "counter_removed", "object": "pw", "counter": "loyalty", "n": 3} in obs.events


def test_an_engine_where_any_target_means_creatures_refuses_a_planeswalker() -> None:
    class CreaturesOnly(ReferenceEngine):
        def any_target_types(self) -> frozenset[str]:
            return frozenset({"Creature"})

    engine = CreaturesOnly()
    engine.setup("unit", game({"mana": "{R}", "hand": [{"id": "bolt", "card": "Lightning Bolt"}]},
                              {"battlefield": [{"id": "pw", "card": "Grizzly Bears"}]}))
    _planeswalker(engine, 5)
    with pytest.raises(EngineReportedError):
        engine.act({"cast": {"player": "p1", "object": "bolt", "targets": ["pw"]}})
