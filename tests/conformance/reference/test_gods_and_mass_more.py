"""The gods' "As long as your devotion to <color> is less than N, CARDNAME isn't a creature"
(devotion_gods) and the templates of oracle_mass_more: enchantment creature tokens, "destroy all
creatures and planeswalkers", damage to each creature your opponents control, "CARDNAME gains
hexproof until end of turn. Tap it." and +X/+X counting creature cards in your graveyard."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference.cards import load_cards


def _objects(e: Any) -> dict[str, Any]:
    return e.observe().state["objects"]


@pytest.mark.parametrize(("drakes", "creature"), [(3, False), (4, True)])
def test_thassa_is_a_creature_only_with_devotion_to_blue_five(drakes: int,
                                                               creature: bool) -> None:
    """Thassa ({2}{U}) and N Wind Drakes ({2}{U}): devotion to blue 1 + N."""
    e = engine({"battlefield": [obj("th", "Thassa, God of the Sea"),
                                *(obj(f"d{i}", "Wind Drake") for i in range(drakes))]})
    thassa = _objects(e)["th"]
    assert ("Creature" in thassa["types"]) is creature
    assert "Enchantment" in thassa["types"]


def test_a_god_that_is_not_a_creature_cannot_attack_and_becomes_one_as_devotion_grows() -> None:
    e = engine({"mana": "{2}{U}", "hand": [obj("d9", "Wind Drake")],
                "battlefield": [obj("th", "Thassa, God of the Sea"),
                                *(obj(f"d{i}", "Wind Drake") for i in range(3))]})
    e.act({"advance": {"to": "declare_attackers"}})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act({"declare_attackers": {"player": "p1", "attackers": {"th": "p2"}}})
    e2 = engine({"mana": "{2}{U}", "hand": [obj("d9", "Wind Drake")],
                 "battlefield": [obj("th", "Thassa, God of the Sea"),
                                 *(obj(f"d{i}", "Wind Drake") for i in range(3))]})
    e2.act(cast("d9"))
    e2.act(RESOLVE)
    thassa = _objects(e2)["th"]
    assert "Creature" in thassa["types"] and (thassa["power"], thassa["toughness"]) == (5, 5)


def test_fated_intervention_creates_enchantment_creature_tokens() -> None:
    e = engine({"mana": "{2}{G}{G}{G}", "hand": [obj("sp", "Fated Intervention")],
                "library": [obj("l1", "Island"), obj("l2", "Island")]})
    e.act(cast("sp"))
    e.act(RESOLVE)
    assert e._pending is not None and e._pending[1].detail["purpose"] == "scry"
    e.act({"choose": {"choice": "cards", "cards": [], "order": ["l1", "l2"]}})
    tokens = [o for o in _objects(e).values() if o.get("token")]
    assert len(tokens) == 2
    assert all(set(t["types"]) == {"Enchantment", "Creature"} and (t["power"], t["toughness"])
               == (3, 3) for t in tokens)


def test_fated_retribution_destroys_the_creatures_only() -> None:
    e = engine({"mana": "{4}{W}{W}{W}", "hand": [obj("sp", "Fated Retribution")],
                "battlefield": [obj("b1", "Grizzly Bears"), obj("ms", "Millstone")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("o2", "Ornithopter")]})
    e.act(cast("sp"))
    e.act(RESOLVE)  # scry 2 of an empty library: nothing to choose
    objects = _objects(e)  # (no planeswalker card is built by the reference engine)
    assert {objects[i]["zone"] for i in ("b1", "b2", "o2")} == {"graveyard"}
    assert objects["ms"]["zone"] == "battlefield"


def test_scouring_sands_damages_only_the_opponents_creatures() -> None:
    e = engine({"mana": "{1}{R}", "hand": [obj("sp", "Scouring Sands")],
                "battlefield": [obj("b1", "Grizzly Bears")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("o2", "Ornithopter")]})
    e.act(cast("sp"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["b1"]["damage"] == 0 and objects["b2"]["damage"] == 1
    assert objects["o2"]["damage"] == 1


def test_prognostic_sphinx_gains_hexproof_and_taps() -> None:
    e = engine({"hand": [obj("isl", "Island")],
                "battlefield": [obj("sph", "Prognostic Sphinx")]})
    e.act({"activate": {"player": "p1", "object": "sph", "ability": 0,
                        "costs": {"discard": ["isl"]}}})
    e.act(RESOLVE)
    sphinx = _objects(e)["sph"]
    assert sphinx["tapped"] is True and "hexproof" in sphinx["keywords"]


def test_strength_from_the_fallen_counts_creature_cards_in_your_graveyard() -> None:
    e = engine({"mana": "{1}{G}", "hand": [obj("sf", "Strength from the Fallen")],
                "graveyard": [obj("gb", "Grizzly Bears"), obj("gg", "Hill Giant"),
                              obj("gi", "Island")],
                "battlefield": [obj("b1", "Grizzly Bears")]})
    e.act(cast("sf"))
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "targets", "targets": ["b1"]}})
    e.act(RESOLVE)
    bears = _objects(e)["b1"]
    assert (bears["power"], bears["toughness"]) == (4, 4)


def test_sagittars_volley_damages_only_the_opponents_flyers() -> None:
    e = engine({"mana": "{2}{G}", "hand": [obj("sp", "Sagittars' Volley")],
                "battlefield": [obj("d1", "Wind Drake")]},
               {"battlefield": [obj("d2", "Wind Drake"), obj("a2", "Serra Angel"),
                                obj("b2", "Grizzly Bears")]})
    e.act(cast("sp", "d2"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["d2"]["zone"] == "graveyard" and objects["a2"]["damage"] == 1
    assert objects["d1"]["damage"] == 0 and objects["b2"]["damage"] == 0


def test_orcish_cannonade_damages_the_target_and_you() -> None:
    e = engine({"mana": "{1}{R}{R}", "hand": [obj("sp", "Orcish Cannonade")],
                "library": [obj("l1", "Island")]})
    e.act(cast("sp", "p2"))
    e.act(RESOLVE)
    players = e.observe().state["players"]
    assert (players["p1"]["life"], players["p2"]["life"]) == (17, 18)


def test_rookie_mistake_needs_another_target_for_its_second_pump() -> None:
    p2 = {"battlefield": [obj("b2", "Grizzly Bears"), obj("g2", "Hill Giant")]}
    e = engine({"mana": "{U}", "hand": [obj("sp", "Rookie Mistake")]}, p2)
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act(cast("sp", "b2", "b2"))
    e.act(cast("sp", "b2", "g2"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["b2"]["toughness"] == 4 and objects["g2"]["power"] == 1


def test_mangara_exiles_itself_and_its_target_or_nothing() -> None:
    for shroud, zones in ((False, ("exile", "exile")), (True, ("battlefield", "battlefield"))):
        e = engine({"battlefield": [obj("mg", "Mangara of Corondor")]},
                   {"battlefield": [obj("b2", "Grizzly Bears")]})
        e.act({"activate": {"player": "p1", "object": "mg", "ability": 0, "targets": ["b2"]}})
        if shroud:
            e.act({"set_keywords": {"object": "b2", "add": ["shroud"]}})
        e.act(RESOLVE)
        assert (_objects(e)["mg"]["zone"], _objects(e)["b2"]["zone"]) == zones


def test_fell_the_mighty_destroys_the_creatures_more_powerful_than_its_target() -> None:
    e = engine({"mana": "{4}{W}", "hand": [obj("sp", "Fell the Mighty")],
                "battlefield": [obj("b1", "Grizzly Bears")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("g2", "Hill Giant"),
                                obj("o2", "Ornithopter")]})
    e.act(cast("sp", "b1"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["g2"]["zone"] == "graveyard"
    assert all(objects[i]["zone"] == "battlefield" for i in ("b1", "b2", "o2"))


def test_you_gain_life_for_each_creature_you_control_with_flying() -> None:
    e = engine({"mana": "{2}{W}", "hand": [obj("sp", "Aerial Assault")],
                "battlefield": [obj("d1", "Wind Drake"), obj("d3", "Wind Drake"),
                                obj("b1", "Grizzly Bears")]},
               {"battlefield": [obj("d2", "Wind Drake", tapped=True)]})
    e.act(cast("sp", "d2"))
    e.act(RESOLVE)
    assert e.observe().state["players"]["p1"]["life"] == 22


def test_any_number_of_target_creatures_cant_block() -> None:
    (eff,) = load_cards()["Blinding Flare"].faces[0].text.spell
    assert (eff.slots[0].min, eff.slots[0].max) == (0, 99) and eff.what == "cant_block"
