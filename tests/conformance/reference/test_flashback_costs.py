""""Flashback—[{mana}, ]<sacrifice or tap cost>." (702.34a with 118.8: the flashback cost's other
parts are paid as the card is cast from the graveyard): "Sacrifice a Mountain" (a land type),
"Sacrifice three creatures", "Tap three untapped white creatures you control" (a color)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference.abilities import CostPart
from conformance.reference.cost_text import cost_part
from conformance.reference.oracle import parse_face


def _fb(oid: str, *targets: str, **costs: Any) -> dict[str, Any]:
    return {"cast": {"player": "p1", "object": oid, "targets": list(targets), "from": "graveyard",
                     **({"costs": costs} if costs else {})}}


def test_the_cost_parts_read() -> None:
    face = parse_face("Draw a card.\nFlashback—{1}{B}, Sacrifice a creature.", ("X",))
    assert (face.flashback, face.flashback_costs) == ("{1}{B}", (CostPart("sacrifice", 1,
                                                                          "creature"),))
    assert cost_part("Sacrifice a Mountain") == CostPart("sacrifice", 1, "Mountain")
    assert cost_part("Tap three untapped white creatures you control") == \
        CostPart("tap", 3, "white creature")
    assert cost_part("Tap an untapped Mountain you control") is None  # tapping lands: mana


def test_lava_dart_sacrifices_a_mountain_to_be_cast_with_flashback() -> None:
    setup = {"graveyard": [obj("ld", "Lava Dart")],
             "battlefield": [obj("mtn", "Mountain"), obj("isl", "Island")]}
    e = engine(setup)
    with pytest.raises(EngineReportedError) as exc:  # an Island is no Mountain
        e.act(_fb("ld", "p2", sacrifice=["isl"]))
    assert exc.value.kind == "illegal_action"
    e = engine(setup)
    with pytest.raises(EngineReportedError):  # the sacrifice is part of the flashback cost
        e.act(_fb("ld", "p2"))
    e = engine(setup)
    for a in (_fb("ld", "p2", sacrifice=["mtn"]), RESOLVE):
        e.act(a)
    state = e.observe().state
    assert state["players"]["p2"]["life"] == 19
    assert {k: state["objects"][k]["zone"] for k in ("ld", "mtn", "isl")} == \
        {"ld": "exile", "mtn": "graveyard", "isl": "battlefield"}


def test_battle_screech_taps_three_white_creatures() -> None:
    whites = [obj(f"w{i}", "Elite Vanguard") for i in (1, 2, 3)]
    e = engine({"graveyard": [obj("bs", "Battle Screech")],
                "battlefield": [*whites[:2], obj("bears", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError):  # Grizzly Bears is not white
        e.act(_fb("bs", tap=["w1", "w2", "bears"]))
    e = engine({"graveyard": [obj("bs", "Battle Screech")], "battlefield": whites})
    for a in (_fb("bs", tap=["w1", "w2", "w3"]), RESOLVE):
        e.act(a)
    state = e.observe().state
    assert all(state["objects"][f"w{i}"]["tapped"] for i in (1, 2, 3))
    assert sum(1 for o in state["objects"].values() if o["card"] == "Bird Token") == 2
    assert state["objects"]["bs"]["zone"] == "exile"


def test_dread_return_sacrifices_three_creatures() -> None:
    bears = [obj(f"b{i}", "Grizzly Bears") for i in (1, 2, 3)]
    e = engine({"graveyard": [obj("dr", "Dread Return"), obj("giant", "Hill Giant")],
                "battlefield": bears})
    with pytest.raises(EngineReportedError):  # three, exactly (118.8)
        e.act(_fb("dr", "giant", sacrifice=["b1", "b2"]))
    e = engine({"graveyard": [obj("dr", "Dread Return"), obj("giant", "Hill Giant")],
                "battlefield": bears})
    for a in (_fb("dr", "giant", sacrifice=["b1", "b2", "b3"]), RESOLVE):
        e.act(a)
    zones = {k: v["zone"] for k, v in e.observe().state["objects"].items()}
    assert (zones["giant"], zones["dr"], zones["b1"]) == ("battlefield", "exile", "graveyard")


def test_acorn_harvest_pays_3_life_with_its_flashback_mana() -> None:
    """"Flashback—{1}{G}, Pay 3 life.": the life is paid as it is cast (119.4), and a player
    with less life cannot pay it."""
    e = engine({"mana": "{G}{C}", "graveyard": [obj("ah", "Acorn Harvest")]})
    for a in (_fb("ah"), RESOLVE):
        e.act(a)
    state = e.observe().state
    assert state["players"]["p1"]["life"] == 17
    assert sum(1 for o in state["objects"].values() if o["card"] == "Squirrel Token") == 2
    e = engine({"mana": "{G}{C}", "life": 2, "graveyard": [obj("ah", "Acorn Harvest")]})
    with pytest.raises(EngineReportedError) as exc:
        e.act(_fb("ah"))
    assert exc.value.kind == "illegal_action"


def test_a_nonland_permanent_pays_rite_of_oblivions_additional_cost() -> None:
    """"As an additional cost to cast this spell, sacrifice a nonland permanent.": an Island is
    refused, Grizzly Bears pays (also when cast with flashback, 702.34a)."""
    assert cost_part("sacrifice a nonland permanent") == \
        CostPart("sacrifice", 1, "nonland permanent")
    setup = {"mana": "{W}{B}{C}{C}", "graveyard": [obj("ro", "Rite of Oblivion")],
             "battlefield": [obj("isl", "Island"), obj("bears", "Grizzly Bears")]}
    theirs = {"battlefield": [obj("giant", "Hill Giant")]}
    e = engine(setup, theirs)
    with pytest.raises(EngineReportedError):
        e.act(_fb("ro", "giant", sacrifice=["isl"]))
    e = engine(setup, theirs)
    for a in (_fb("ro", "giant", sacrifice=["bears"]), RESOLVE):
        e.act(a)
    zones = {k: v["zone"] for k, v in e.observe().state["objects"].items()}
    assert (zones["giant"], zones["bears"], zones["ro"]) == ("exile", "graveyard", "exile")
