"""The reference engine's Vehicles (301.7, crew 702.122a, 208.3) and exert (701.39): what the
mined families do not show — the refusals of a crew cost, a Vehicle's power in a hand, the
checks of ``declare_attackers``' ``exert`` list, the negotiation of the cost ``exert``."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import engine, obj

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS


def crew(ids: list[str], vehicle: str = "v", ability: int = 0) -> dict[str, Any]:
    return {"activate": {"player": "p1", "object": vehicle, "ability": ability,
                         "costs": {"tap": ids}}}


def test_a_vehicle_has_its_power_off_the_battlefield_not_on_it() -> None:
    e = engine({"battlefield": [obj("v", "Smuggler's Copter")],
                "hand": [obj("h", "Smuggler's Copter")]})
    objects = e.observe().state["objects"]
    assert (objects["v"]["power"], objects["v"]["toughness"]) == (None, None)  # 208.3
    assert (objects["h"]["power"], objects["h"]["toughness"]) == (3, 3)
    assert objects["v"]["types"] == ["Artifact"] and objects["v"]["subtypes"] == ["Vehicle"]


@pytest.mark.parametrize(("battlefield", "tap", "why"), [
    ([obj("b", "Grizzly Bears")], ["b"], "total power"),  # 2 < crew 3
    ([obj("b", "Grizzly Bears", tapped=True), obj("g", "Hill Giant")], ["b", "g"], "b cannot"),
    ([obj("i", "Island")], ["i"], "i cannot"),  # not a creature
])
def test_a_crew_cost_the_creatures_cannot_pay_is_refused(battlefield: list[Any],
                                                         tap: list[str], why: str) -> None:
    e = engine({"battlefield": [obj("v", "Irontread Crusher"), *battlefield]})
    with pytest.raises(EngineReportedError, match=why):
        e.act(crew(tap))
    assert e.observe().state["stack"] == []


def test_an_opponents_creature_cannot_crew() -> None:
    e = engine({"battlefield": [obj("v", "Sky Skiff")]},
               {"battlefield": [obj("b", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError, match="b cannot"):
        e.act(crew(["b"]))


def test_crewed_until_end_of_turn_then_an_artifact_again() -> None:
    e = engine({"battlefield": [obj("v", "Sky Skiff"), obj("b", "Grizzly Bears")],
                "library": [obj("l1", "Island")]}, {"library": [obj("l2", "Island")]})
    e.act(crew(["b"]))
    e.act({"resolve_top": {}})
    assert e.observe().state["objects"]["v"]["types"] == ["Artifact", "Creature"]
    e.act({"advance": {"to": "precombat_main", "next_turn": True}})
    v = e.observe().state["objects"]["v"]
    assert (v["types"], v["power"]) == (["Artifact"], None)


def _attack(exert: list[str], attackers: dict[str, str] | None = None) -> ReferenceEngine:
    e = engine({"battlefield": [obj("x", "Hooded Brawler"), obj("b", "Grizzly Bears")]})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": attackers or {"x": "p2"},
                                 "exert": exert}})
    return e


def test_only_an_attacker_is_exerted() -> None:
    with pytest.raises(EngineReportedError, match="not declared as an attacker"):
        _attack(["x"], {"b": "p2"})


def test_exerting_triggers_when_you_do() -> None:
    e = _attack(["x"])
    e.act({"resolve_stack": {}})
    x = e.observe().state["objects"]["x"]
    assert (x["power"], x["toughness"], x["tapped"]) == (5, 4, True)


def test_the_reference_declares_the_cost_exert_and_every_mutant_too() -> None:
    assert "exert" in ReferenceEngine().info().costs
    assert "exert" in MUTANTS["exert_any_creature"]().info().costs
