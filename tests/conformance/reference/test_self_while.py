""""CARDNAME [gets +N/+M and] has <keywords> as long as <condition>" (self_while.py, 611.3a):
the bonus is there exactly while the condition holds, checked continuously."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import engine, obj

from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle import parse_face
from conformance.reference.self_while import self_while_line


def _state(e: Any, oid: str) -> dict[str, Any]:
    return e.observe().state["objects"][oid]


def test_first_strike_only_while_attacking() -> None:
    e = engine({"battlefield": [obj("ks", "Kor Scythemaster")]}, {})
    assert "first strike" not in _state(e, "ks")["keywords"]
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"ks": "p2"}}})
    assert "first strike" in _state(e, "ks")["keywords"]


def test_first_strike_only_on_its_controllers_turn() -> None:
    e = engine({"battlefield": [obj("lynx", "Pouncing Lynx")]},
               {"battlefield": [obj("lynx2", "Pouncing Lynx")]})
    assert "first strike" in _state(e, "lynx")["keywords"]
    assert "first strike" not in _state(e, "lynx2")["keywords"]


def test_metalcraft_counts_three_artifacts_you_control() -> None:
    two = [obj(f"o{i}", "Ornithopter") for i in range(2)]
    e = engine({"battlefield": [obj("ae", "Auriok Edgewright"), *two]},
               {"battlefield": [obj("o9", "Ornithopter")]})
    assert "double strike" not in _state(e, "ae")["keywords"]
    e = engine({"battlefield": [obj("ae", "Auriok Edgewright"), *two, obj("o3", "Ornithopter")]})
    assert "double strike" in _state(e, "ae")["keywords"]


def test_gets_while_you_control_a_land_subtype() -> None:
    e = engine({"battlefield": [obj("ape", "Kird Ape")]}, {"battlefield": [obj("f", "Forest")]})
    assert (_state(e, "ape")["power"], _state(e, "ape")["toughness"]) == (1, 1)
    e = engine({"battlefield": [obj("ape", "Kird Ape"), obj("f", "Forest")]})
    assert (_state(e, "ape")["power"], _state(e, "ape")["toughness"]) == (2, 3)


def test_threshold_gets_and_has_with_seven_cards_in_graveyard() -> None:
    six = [obj(f"g{i}", "Island") for i in range(6)]
    e = engine({"battlefield": [obj("av", "Battlewise Aven")], "graveyard": six})
    assert "first strike" not in _state(e, "av")["keywords"]
    e = engine({"battlefield": [obj("av", "Battlewise Aven")],
                "graveyard": [*six, obj("g7", "Island")]})
    av = _state(e, "av")
    assert "first strike" in av["keywords"] and (av["power"], av["toughness"]) == (3, 3)


def test_hellbent_and_untapped() -> None:
    e = engine({"battlefield": [obj("pit", "Rakdos Pit Dragon")],
                "hand": [obj("h", "Island")]})
    assert "double strike" not in _state(e, "pit")["keywords"]
    e = engine({"battlefield": [obj("pit", "Rakdos Pit Dragon"), obj("dr", "Paradise Druid"),
                                obj("dr2", "Paradise Druid", tapped=True)]})
    assert "double strike" in _state(e, "pit")["keywords"]
    assert "hexproof" in _state(e, "dr")["keywords"]
    assert "hexproof" not in _state(e, "dr2")["keywords"]


def test_delirium_counts_card_types_in_graveyard() -> None:
    three = [obj("l", "Island"), obj("c", "Grizzly Bears"), obj("i", "Shock")]
    e = engine({"battlefield": [obj("dc", "Deathcap Cultivator")], "graveyard": three})
    assert "deathtouch" not in _state(e, "dc")["keywords"]
    e = engine({"battlefield": [obj("dc", "Deathcap Cultivator")],
                "graveyard": [*three, obj("s", "Divination")]})
    assert "deathtouch" in _state(e, "dc")["keywords"]


def test_unknown_conditions_and_keywords_stay_refused() -> None:
    assert self_while_line("CARDNAME has flying as long as an opponent has 10 or less life.") \
        is None
    with pytest.raises(OracleTemplateError):
        self_while_line("CARDNAME has banding as long as it's attacking.")
    with pytest.raises(OracleTemplateError):
        parse_face("CARDNAME has flying as long as you've cast two spells this turn.", ("X",))


def test_equipped_hand_size_and_colors() -> None:
    e = engine({"battlefield": [obj("kd", "Kor Duelist"), obj("kd2", "Kor Duelist"),
                                obj("bs", "Bonesplitter", attached_to="kd"),
                                obj("au2", "Akki Underling")],
                "hand": [obj(f"h{i}", "Island") for i in range(7)]},
               {"battlefield": [obj("au", "Akki Underling")],
                "hand": [obj(f"k{i}", "Island") for i in range(6)]})
    assert "double strike" in _state(e, "kd")["keywords"]
    assert "double strike" not in _state(e, "kd2")["keywords"]
    assert "first strike" not in _state(e, "au")["keywords"]  # six cards in its player's hand
    assert "first strike" in _state(e, "au2")["keywords"]  # seven
    e = engine({"battlefield": [obj("bsb", "Bant Sureblade")]},
               {"battlefield": [obj("opp", "Bant Sureblade")]})
    assert "first strike" not in _state(e, "bsb")["keywords"]  # "another" of yours
    e = engine({"battlefield": [obj("bsb", "Bant Sureblade"), obj("b2", "Bant Sureblade")]})
    assert "first strike" in _state(e, "bsb")["keywords"]


def test_two_protections_on_one_keyword_line() -> None:
    e = engine({"battlefield": [obj("pv", "Paladin en-Vec")]})
    assert {"first strike", "protection from black", "protection from red"} <= set(
        _state(e, "pv")["keywords"])
