"""The reference engine's escape additions (702.138b-c), unearth (702.84a) and rebound (702.88a):
the templates read, the rules beyond the mined cases, and what the engine refuses."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference.cards import load_cards
from conformance.reference.unearth_text import is_unearth


def _zone(e: Any, oid: str) -> str:
    return e.observe().state["objects"][oid]["zone"]


def _escape(oid: str, *exiled: str) -> dict[str, Any]:
    return cast(oid, costs={"alternative": "escape", "exile": list(exiled)})


GRAVE = [obj(f"g{i}", "Island") for i in range(1, 5)]


# --- escape ---------------------------------------------------------------------------------


def test_escapes_with_counters_is_read_as_an_escape_condition():
    assert load_cards()["Voracious Typhon"].faces[0].text.enters_with == (("+1/+1", "escape:3"),)


def test_a_creature_escapes_with_its_counters_and_not_when_cast_from_a_hand():
    e = engine({"mana": "{G}{G}{5}", "graveyard": [obj("t", "Voracious Typhon"), *GRAVE]})
    e.act(_escape("t", "g1", "g2", "g3", "g4"))
    e.act(RESOLVE)
    assert e.observe().state["objects"]["t"]["counters"] == {"+1/+1": 3}
    e = engine({"mana": "{G}{G}{2}", "hand": [obj("t", "Voracious Typhon")]})
    e.act(cast("t"))
    e.act(RESOLVE)
    assert e.observe().state["objects"]["t"]["counters"] == {}


def test_an_escaped_creature_that_dies_goes_to_the_graveyard():
    e = engine({"mana": "{B}{B}{G}{G}{6}", "hand": [obj("m", "Murder")],
                "graveyard": [obj("t", "Voracious Typhon"), *GRAVE]})
    e.act(_escape("t", "g1", "g2", "g3", "g4"))
    e.act(RESOLVE)
    e.act(cast("m", "t"))
    e.act(RESOLVE)
    assert _zone(e, "t") == "graveyard"


def test_escape_cannot_exile_the_card_itself():
    e = engine({"mana": "{B}{3}", "graveyard": [obj("f", "Fruit of Tizerus"), *GRAVE[:2]]})
    with pytest.raises(EngineReportedError):
        e.act(cast("f", "p2", costs={"alternative": "escape", "exile": ["f", "g1", "g2"]}))


# --- unearth --------------------------------------------------------------------------------


def test_unearth_is_read_as_an_activated_ability_from_the_graveyard():
    (ab,) = load_cards()["Dregscape Zombie"].faces[0].text.activated
    assert is_unearth(ab) and ab.cost == "{B}" and ab.sorcery_speed and not ab.tap


def test_unearth_returns_the_creature_with_haste_and_exiles_it_at_the_end_step():
    e = engine({"mana": "{B}", "graveyard": [obj("z", "Dregscape Zombie")]})
    e.act({"activate": {"player": "p1", "object": "z", "ability": 0}})
    assert _zone(e, "z") == "graveyard"
    e.act(RESOLVE)
    state = e.observe().state["objects"]["z"]
    assert state["zone"] == "battlefield" and "haste" in state["keywords"]
    e.act({"advance": {"to": "end"}})
    assert [(s["source"], s["ability"]) for s in e.observe().state["stack"]] == [("z", "unearth")]
    e.act(RESOLVE)
    assert _zone(e, "z") == "exile"


@pytest.mark.parametrize(("where", "active"), [("battlefield", "p1"), ("graveyard", "p2")])
def test_unearth_is_refused_off_the_graveyard_or_at_instant_speed(where: str, active: str):
    e = engine({"mana": "{B}", where: [obj("z", "Dregscape Zombie")]})
    if active == "p2":
        e.setup("unit", {"active_player": "p2", "step": "upkeep", "turn": 3, "priority": "p1",
                         "players": {"p1": {"mana": "{B}", where: [obj("z", "Dregscape Zombie")]},
                                     "p2": {}}})
    with pytest.raises(EngineReportedError):
        e.act({"activate": {"player": "p1", "object": "z", "ability": 0}})


# --- rebound --------------------------------------------------------------------------------


def test_rebound_is_a_keyword_of_the_card():
    assert "rebound" in load_cards()["Staggershock"].faces[0].text.keywords


def test_a_rebound_spell_is_cast_again_at_the_next_upkeep_and_then_goes_to_the_graveyard():
    e = engine({"mana": "{R}{2}", "hand": [obj("s", "Staggershock")], "library": GRAVE},
               {"library": [obj("o1", "Island"), obj("o2", "Island")]})
    e.act(cast("s", "p2"))
    e.act(RESOLVE)
    assert _zone(e, "s") == "exile"
    e.act({"advance": {"to": "upkeep", "next_turn": True}})
    assert e.observe().state["stack"] == []  # p2's upkeep: not "your next upkeep"
    e.act({"advance": {"to": "upkeep", "next_turn": True}})
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "may", "source": "s", "ability": "rebound", "accept": True}})
    e.act({"choose": {"choice": "targets", "source": "s", "targets": ["p2"]}})
    e.act(RESOLVE)
    assert _zone(e, "s") == "graveyard"
    assert e.observe().state["players"]["p2"]["life"] == 16
