"""The reference engine's morph (conformance/reference/morph.py): casting face down for {3},
the face-down spell and permanent, turning face up as a special action, what it refuses, and
negotiation of the ``turn_face_up`` action."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from conformance.cases_io import CASES_DIR, load_cases
from conformance.engines.protocol import EngineInfo
from conformance.errors import EngineReportedError
from conformance.reference.cards import load_cards
from conformance.reference.engine import ReferenceEngine
from conformance.runner import unsupported_reason

PITMAGE = "Disruptive Pitmage"  # {2}{U} 1/1, Morph {U}
FACE_DOWN = {"name": None, "power": 2, "toughness": 2, "mana_value": 0, "colors": [],
             "subtypes": [], "face_down": True}


def _engine(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("t/morph", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                             "players": {"p1": p1, "p2": p2 or {}}})
    return engine


def _obj(engine: ReferenceEngine, oid: str) -> dict[str, Any]:
    return engine.observe().state["objects"][oid]


def _has(obj: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(obj.get(k) == v for k, v in want.items())


def test_morph_is_read_from_the_card():
    assert dict(load_cards()[PITMAGE].faces[0].text.alternatives)["morph"] == "{U}"


def test_cast_face_down_for_three_then_turned_face_up_for_the_morph_cost():
    engine = _engine({"mana": "{U}{C}{C}{C}", "hand": [{"id": "m", "card": PITMAGE}]})
    engine.act({"cast": {"player": "p1", "object": "m", "costs": {"alternative": "morph"}}})
    assert _has(_obj(engine, "m"), {"zone": "stack", **FACE_DOWN})
    engine.act({"resolve_top": {}})
    assert _has(_obj(engine, "m"), {"zone": "battlefield", **FACE_DOWN})
    engine.act({"turn_face_up": {"player": "p1", "object": "m"}})
    up = _obj(engine, "m")
    assert _has(up, {"zone": "battlefield", "name": PITMAGE, "power": 1, "mana_value": 3})
    assert "face_down" not in up and engine.observe().state["stack"] == []


def test_three_colorless_do_not_pay_the_mana_cost_but_do_pay_the_face_down_spell():
    engine = _engine({"mana": "{C}{C}{C}", "hand": [{"id": "m", "card": PITMAGE}]})
    with pytest.raises(EngineReportedError):
        engine.act({"cast": {"player": "p1", "object": "m"}})
    engine.act({"cast": {"player": "p1", "object": "m", "costs": {"alternative": "morph"}}})
    assert _obj(engine, "m")["zone"] == "stack"


def test_turned_face_up_it_keeps_its_counters_and_damage():
    engine = _engine({"mana": "{U}", "battlefield": [
        {"id": "m", "card": PITMAGE, "face_down": True, "counters": {"+1/+1": 1}}]})
    engine.act({"turn_face_up": {"player": "p1", "object": "m"}})
    assert _has(_obj(engine, "m"), {"name": PITMAGE, "counters": {"+1/+1": 1}, "power": 2})


@pytest.mark.parametrize("p1, p2, who, oid, why", [
    ({"mana": "{U}{U}{C}{C}{C}", "hand": [{"id": "m", "card": PITMAGE}]}, {}, "p1", "m",
     "a face-down spell"),
    ({"mana": "{U}"}, {"battlefield": [{"id": "m", "card": PITMAGE, "face_down": True}]},
     "p1", "m", "another player's permanent"),
    ({"mana": "{C}", "battlefield": [{"id": "m", "card": PITMAGE, "face_down": True}]}, {},
     "p1", "m", "a morph cost the pool cannot pay"),
    ({"mana": "{G}{G}", "battlefield": [{"id": "m", "card": "Grizzly Bears",
                                         "face_down": True}]}, {}, "p1", "m",
     "a card without morph"),
    ({"mana": "{U}", "battlefield": [{"id": "m", "card": PITMAGE}]}, {}, "p1", "m",
     "a face-up permanent"),
])
def test_turning_face_up_is_refused(p1, p2, who, oid, why):
    engine = _engine(p1, p2)
    if why == "a face-down spell":
        engine.act({"cast": {"player": "p1", "object": "m", "costs": {"alternative": "morph"}}})
    before = engine.observe().state
    with pytest.raises(EngineReportedError) as err:
        engine.act({"turn_face_up": {"player": who, "object": oid}})
    assert err.value.kind == "illegal_action", why
    assert engine.observe().state == before, why


def test_a_card_without_morph_is_not_cast_face_down():
    engine = _engine({"mana": "{C}{C}{C}", "hand": [{"id": "b", "card": "Grizzly Bears"}]})
    with pytest.raises(EngineReportedError) as err:
        engine.act({"cast": {"player": "p1", "object": "b", "costs": {"alternative": "morph"}}})
    assert err.value.kind == "illegal_action"


def test_a_case_turning_face_up_is_unsupported_without_the_action():
    base = ReferenceEngine().info()
    without = replace(base, actions=base.actions - {"turn_face_up"})
    case = next(c for c in load_cases([CASES_DIR / "abzan-guide"])
                if c.id.endswith("/mined-morph-same-permanent"))
    assert "turn_face_up" in case.needs.actions and "morph" not in case.needs.costs
    assert unsupported_reason(case, base) is None
    reason = unsupported_reason(case, without)
    assert reason is not None and "turn_face_up" in reason
    assert isinstance(without, EngineInfo)
