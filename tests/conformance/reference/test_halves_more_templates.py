"""Templates of :mod:`conformance.reference.oracle_halves_more` (issue 14: the split cards of
the pool), each on a real card played by the reference engine."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine, card_names

CARDS = ("Who // What // When // Where // Why", "Connive // Concoct", "Crime // Punishment",
         "Find // Finality", "Order // Chaos", "Life // Death", "Consecrate // Consume",
         "Carnival // Carnage", "Trial // Error")


def test_the_cards_are_built() -> None:
    assert set(CARDS) <= card_names()


def objects(e: ReferenceEngine) -> dict[str, Any]:
    return e.observe().state["objects"]


def test_who_gains_x_life_for_the_target_player() -> None:
    e = engine({"mana": "{3}{W}", "hand": [obj("w", CARDS[0])]})
    e.act(cast("w", "p2", half="Who", x=3))
    e.act(RESOLVE)
    assert e.observe().state["players"]["p2"]["life"] == 23


def test_connive_takes_a_creature_with_power_2_or_less_only() -> None:
    e = engine({"mana": "{2}{U}{B}", "hand": [obj("cc", CARDS[1])]},
               {"battlefield": [obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("cc", "giant", half="Connive"))
    e.act(cast("cc", "bears", half="Connive"))
    e.act(RESOLVE)
    assert objects(e)["bears"]["controller"] == "p1"


def test_concoct_surveils_then_returns_a_creature_card_it_may_have_milled() -> None:
    e = engine({"mana": "{3}{U}{B}", "hand": [obj("cc", CARDS[1])],
                "graveyard": [obj("old", "Hill Giant")],
                "library": [obj("top", "Grizzly Bears"), obj("l2", "Island")]})
    e.act(cast("cc", half="Concoct"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "cards", "cards": ["top"], "order": ["l2"]}})
    e.act({"choose": {"choice": "cards", "cards": ["top"]}})  # the surveilled Bears
    o = objects(e)
    assert o["top"]["zone"] == "battlefield" and o["old"]["zone"] == "graveyard"


def test_crime_takes_a_creature_card_from_an_opponents_graveyard_only() -> None:
    e = engine({"mana": "{3}{W}{B}", "hand": [obj("cp", CARDS[2])],
                "graveyard": [obj("mine", "Grizzly Bears")]},
               {"graveyard": [obj("theirs", "Hill Giant")]})
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("cp", "mine", half="Crime"))
    e.act(cast("cp", "theirs", half="Crime"))
    e.act(RESOLVE)
    assert objects(e)["theirs"]["zone"] == "battlefield"
    assert objects(e)["theirs"]["controller"] == "p1"


def test_punishment_destroys_each_permanent_of_those_types_with_mana_value_x() -> None:
    e = engine({"mana": "{2}{B}{G}", "hand": [obj("cp", CARDS[2])],
                "battlefield": [obj("bears", "Grizzly Bears"), obj("land", "Forest")]},
               {"battlefield": [obj("giant", "Hill Giant"), obj("b2", "Grizzly Bears")]})
    e.act(cast("cp", half="Punishment", x=2))
    e.act(RESOLVE)
    o = objects(e)
    assert o["bears"]["zone"] == o["b2"]["zone"] == "graveyard"
    assert o["giant"]["zone"] == o["land"]["zone"] == "battlefield"


def test_find_returns_up_to_two_creature_cards() -> None:
    e = engine({"mana": "{B}{G}", "hand": [obj("ff", CARDS[3])],
                "graveyard": [obj("a", "Grizzly Bears"), obj("b", "Hill Giant"),
                              obj("c", "Island")]})
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("ff", "a", "c", half="Find"))
    e.act(cast("ff", "a", "b", half="Find"))
    e.act(RESOLVE)
    assert objects(e)["a"]["zone"] == objects(e)["b"]["zone"] == "hand"


def test_finality_may_save_a_creature_with_counters_then_shrinks_all() -> None:
    e = engine({"mana": "{4}{B}{G}", "hand": [obj("ff", CARDS[3])],
                "battlefield": [obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears")]},
               {"battlefield": [obj("wall", "Living Wall")]})
    e.act(cast("ff", half="Finality"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "may", "accept": True}})
    e.act({"choose": {"choice": "cards", "cards": ["giant"]}})
    o = objects(e)
    assert o["giant"]["zone"] == "battlefield" and o["giant"]["counters"] == {"+1/+1": 2}
    assert o["bears"]["zone"] == "graveyard" and o["wall"]["toughness"] == 2


def test_chaos_stops_every_creature_blocking_this_turn() -> None:
    e = engine({"mana": "{2}{R}", "hand": [obj("oc", CARDS[4])],
                "battlefield": [obj("bears", "Grizzly Bears")]},
               {"battlefield": [obj("wall", "Living Wall")]})
    e.act(cast("oc", half="Chaos"))
    e.act(RESOLVE)
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"bears": "p2"}}})
    e.act({"advance": {"to": "declare_blockers"}})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act({"declare_blockers": {"player": "p2", "blocks": {"wall": "bears"}}})


def test_without_chaos_the_wall_blocks() -> None:
    e = engine({"battlefield": [obj("bears", "Grizzly Bears")]},
               {"battlefield": [obj("wall", "Living Wall")]})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"bears": "p2"}}})
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {"wall": "bears"}}})
    assert objects(e)["wall"]["blocking"] == "bears"


def test_life_makes_your_lands_1_1_creatures_until_end_of_turn() -> None:
    e = engine({"mana": "{G}", "hand": [obj("ld", CARDS[5])],
                "battlefield": [obj("forest", "Forest")]},
               {"battlefield": [obj("m", "Mountain")]})
    e.act(cast("ld", half="Life"))
    e.act(RESOLVE)
    o = objects(e)
    assert "Creature" in o["forest"]["types"] and "Land" in o["forest"]["types"]
    assert (o["forest"]["power"], o["forest"]["toughness"]) == (1, 1)
    assert "Creature" not in o["m"]["types"]
    e.act({"advance": {"to": "cleanup"}})
    assert "Creature" not in objects(e)["forest"]["types"]


def test_death_returns_a_creature_card_and_costs_its_mana_value_in_life() -> None:
    e = engine({"mana": "{1}{B}", "hand": [obj("ld", CARDS[5])],
                "graveyard": [obj("giant", "Hill Giant")]})
    e.act(cast("ld", "giant", half="Death"))
    e.act(RESOLVE)
    assert objects(e)["giant"]["zone"] == "battlefield"
    assert e.observe().state["players"]["p1"]["life"] == 16


def test_consume_sacrifices_the_greatest_power_and_gains_that_much_life() -> None:
    e = engine({"mana": "{2}{W}{B}", "hand": [obj("cc", CARDS[6])]},
               {"battlefield": [obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears")]})
    e.act(cast("cc", "p2", half="Consume"))
    e.act(RESOLVE)  # one creature has the greatest power: no choice
    assert objects(e)["giant"]["zone"] == "graveyard"
    assert objects(e)["bears"]["zone"] == "battlefield"
    assert e.observe().state["players"]["p1"]["life"] == 23


def test_carnival_hits_the_permanent_and_its_controller() -> None:
    e = engine({"mana": "{R}", "hand": [obj("cc", CARDS[7])]},
               {"battlefield": [obj("bears", "Grizzly Bears")]})
    e.act(cast("cc", "bears", half="Carnival"))
    e.act(RESOLVE)
    assert objects(e)["bears"]["damage"] == 1
    assert e.observe().state["players"]["p2"]["life"] == 19


def test_carnage_makes_the_damaged_opponent_discard_two() -> None:
    e = engine({"mana": "{2}{B}{R}", "hand": [obj("cc", CARDS[7])]},
               {"hand": [obj(f"h{i}", "Island") for i in range(3)]})
    e.act(cast("cc", "p2", half="Carnage"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "cards", "cards": ["h0", "h2"]}})
    o = objects(e)
    assert [o[f"h{i}"]["zone"] for i in range(3)] == ["graveyard", "hand", "graveyard"]
    assert e.observe().state["players"]["p2"]["life"] == 17


def test_trial_bounces_the_creatures_blocking_the_target_not_the_target() -> None:
    e = engine({"battlefield": [obj("bears", "Grizzly Bears"), obj("isl", "Island"),
                                obj("pl", "Plains")],
                "hand": [obj("te", CARDS[8])]},
               {"battlefield": [obj("wall", "Living Wall"), obj("b2", "Grizzly Bears")]})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"bears": "p2"}}})
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {"wall": "bears"}}})
    e.act({"activate": {"player": "p1", "object": "isl"}})
    e.act({"activate": {"player": "p1", "object": "pl"}})
    e.act(cast("te", "bears", half="Trial"))
    e.act(RESOLVE)
    o = objects(e)
    assert o["wall"]["zone"] == "hand" and o["bears"]["zone"] == "battlefield"
    assert o["b2"]["zone"] == "battlefield"


def test_error_counters_only_a_multicolored_spell() -> None:
    e = engine({"mana": "{U}{B}{R}{R}{W}", "hand": [obj("te", CARDS[8]), obj("sh", "Shock"),
                                                  obj("lh", "Lightning Helix")]})
    e.act(cast("sh", "p2"))
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("te", "sh", half="Error"))
    e.act(RESOLVE)
    e.act(cast("lh", "p2"))
    e.act(cast("te", "lh", half="Error"))
    e.act(RESOLVE)
    assert objects(e)["lh"]["zone"] == "graveyard"
    assert e.observe().state["players"]["p2"]["life"] == 18  # the Shock only


# --- "Damage can't be prevented this turn. If a source you control would deal damage ..." ------


def test_insult_doubles_your_damage_and_protection_no_longer_prevents_it() -> None:
    e = engine({"mana": "{2}{R}{R}{1}{R}", "hand": [obj("ii", "Insult // Injury"),
                                                   obj("sh", "Shock"), obj("pc", "Pyroclasm")]},
               {"battlefield": [obj("priest", "Soltari Priest"), obj("wall", "Living Wall")]})
    e.act(cast("ii", half="Insult"))
    e.act(RESOLVE)
    e.act(cast("sh", "p2"))
    e.act(RESOLVE)
    assert e.observe().state["players"]["p2"]["life"] == 16  # 2 doubled
    e.act(cast("pc"))
    e.act(RESOLVE)
    o = objects(e)
    assert o["priest"]["zone"] == "graveyard"  # protection from red prevents nothing
    assert o["wall"]["damage"] == 4


def test_insult_does_not_double_an_opponents_damage_nor_last_into_next_turn() -> None:
    e = engine({"mana": "{2}{R}{R}", "hand": [obj("ii", "Insult // Injury"),
                                             obj("sh", "Shock")]},
               {"battlefield": [obj("priest", "Soltari Priest")]})
    e.act(cast("ii", half="Insult"))
    e.act(RESOLVE)
    e.act({"advance": {"to": "upkeep", "next_turn": True}})
    assert e.damage_doubled and e.damage_unpreventable != e.turn
    e.act({"advance": {"to": "precombat_main"}})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p2", "attackers": {"priest": "p1"}}})
    e.act({"advance": {"to": "end_of_combat"}})
    assert e.observe().state["players"]["p1"]["life"] == 18  # p2's 2: not doubled


def test_injury_deals_damage_to_a_creature_and_a_player() -> None:
    e = engine({"mana": "{2}{R}", "graveyard": [obj("ii", "Insult // Injury")]},
               {"battlefield": [obj("bears", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("ii", "p2", "bears", half="Injury"))
    e.act(cast("ii", "bears", "p2", half="Injury"))
    e.act(RESOLVE)
    assert objects(e)["bears"]["zone"] == "graveyard"
    assert e.observe().state["players"]["p2"]["life"] == 18


# --- "Prevent the next N damage that would be dealt to target creature this turn." -------------


def test_stand_prevents_the_next_2_damage_once() -> None:
    e = engine({"mana": "{W}{R}{R}", "hand": [obj("sd", "Stand // Deliver"), obj("s1", "Shock"),
                                             obj("s2", "Shock")]},
               {"battlefield": [obj("wall", "Living Wall")]})
    e.act(cast("sd", "wall", half="Stand"))
    e.act(RESOLVE)
    e.act(cast("s1", "wall"))
    e.act(RESOLVE)
    assert objects(e)["wall"]["damage"] == 0
    e.act(cast("s2", "wall"))
    e.act(RESOLVE)
    assert objects(e)["wall"]["damage"] == 2  # the shield is used up


def test_stand_and_insult_the_damage_cant_be_prevented() -> None:
    e = engine({"mana": "{W}{2}{R}{R}", "hand": [obj("sd", "Stand // Deliver"),
                                                 obj("ii", "Insult // Injury"),
                                                 obj("s1", "Shock")]},
               {"battlefield": [obj("wall", "Living Wall")]})
    e.act(cast("sd", "wall", half="Stand"))
    e.act(RESOLVE)
    e.act(cast("ii", half="Insult"))
    e.act(RESOLVE)
    e.act(cast("s1", "wall"))
    e.act(RESOLVE)
    assert objects(e)["wall"]["damage"] == 4


# --- "Search your library for a basic Forest or Plains card" / "... for a multicolored card" ---


def test_flower_finds_a_basic_forest_or_plains_only() -> None:
    e = engine({"mana": "{G}", "hand": [obj("ff", "Flower // Flourish")],
                "library": [obj("isl", "Island"), obj("pl", "Plains"), obj("fo", "Forest")]})
    e.act(cast("ff", half="Flower"))
    e.act(RESOLVE)
    assert e._pending is not None and e._pending[1].detail["cards"] == ["pl", "fo"]
    e.act({"choose": {"choice": "cards", "cards": ["pl"]}})
    assert objects(e)["pl"]["zone"] == "hand" and objects(e)["fo"]["zone"] == "library"


def test_demand_finds_a_multicolored_card() -> None:
    e = engine({"mana": "{1}{W}{U}", "hand": [obj("sd", "Supply // Demand")],
                "library": [obj("sh", "Shock"), obj("lh", "Lightning Helix")]})
    e.act(cast("sd", half="Demand"))
    e.act(RESOLVE)
    assert e._pending is not None and e._pending[1].detail["cards"] == ["lh"]
    e.act({"choose": {"choice": "cards", "cards": []}})  # a stated quality: may find none
    assert objects(e)["lh"]["zone"] == "library"


def test_supply_creates_x_saprolings() -> None:
    e = engine({"mana": "{3}{G}{W}", "hand": [obj("sd", "Supply // Demand")]})
    e.act(cast("sd", half="Supply", x=3))
    e.act(RESOLVE)
    tokens = [o for o in objects(e).values() if o["token"]]
    assert len(tokens) == 3 and {t["name"] for t in tokens} == {"Saproling Token"}


# --- Hit // Run, Flesh // Blood, Discovery // Dispersal, Hide // Seek, Invert // Invent ----------


def test_hit_deals_the_sacrificed_permanents_mana_value() -> None:
    e = engine({"mana": "{1}{B}{R}", "hand": [obj("hr", "Hit // Run")]},
               {"battlefield": [obj("giant", "Hill Giant"), obj("land", "Mountain")]})
    e.act(cast("hr", "p2", half="Hit"))
    e.act(RESOLVE)  # the Giant is the only artifact or creature: no choice
    assert objects(e)["giant"]["zone"] == "graveyard"
    assert e.observe().state["players"]["p2"]["life"] == 16


def test_run_pumps_each_attacker_for_each_other_attacker() -> None:
    lands = ["Mountain", "Mountain", "Mountain", "Mountain", "Forest"]
    e = engine({"hand": [obj("hr", "Hit // Run")],
                "battlefield": [*(obj(f"b{i}", "Grizzly Bears") for i in range(3)),
                                *(obj(f"m{i}", land) for i, land in enumerate(lands))]})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"b0": "p2", "b1": "p2"}}})
    for i in range(5):
        e.act({"activate": {"player": "p1", "object": f"m{i}"}})
    e.act(cast("hr", half="Run"))
    e.act(RESOLVE)
    o = objects(e)
    assert [o[f"b{i}"]["power"] for i in range(3)] == [3, 3, 2]


def test_flesh_puts_as_many_counters_as_the_exiled_cards_power() -> None:
    e = engine({"mana": "{3}{B}{G}", "hand": [obj("fb", "Flesh // Blood")],
                "battlefield": [obj("bears", "Grizzly Bears")]},
               {"graveyard": [obj("giant", "Hill Giant")]})
    e.act(cast("fb", "giant", "bears", half="Flesh"))
    e.act(RESOLVE)
    o = objects(e)
    assert o["giant"]["zone"] == "exile" and o["bears"]["counters"] == {"+1/+1": 3}


def test_dispersal_returns_the_highest_mana_value_then_discards() -> None:
    e = engine({"mana": "{3}{U}{B}", "hand": [obj("dd", "Discovery // Dispersal")]},
               {"battlefield": [obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears"),
                                obj("land", "Mountain")],
                "hand": [obj("h1", "Island")]})
    e.act(cast("dd", half="Dispersal"))
    e.act(RESOLVE)  # the Giant (mana value 4) is returned, then p2 discards
    assert e._pending is not None and e._pending[1].detail["cards"] == ["h1", "giant"]
    e.act({"choose": {"choice": "cards", "cards": ["h1"]}})
    o = objects(e)
    assert o["giant"]["zone"] == "hand" and o["bears"]["zone"] == "battlefield"
    assert o["h1"]["zone"] == "graveyard"


def test_seek_exiles_a_card_of_the_opponents_library_and_gains_its_mana_value() -> None:
    e = engine({"mana": "{W}{B}", "hand": [obj("hs", "Hide // Seek")]},
               {"library": [obj("isl", "Island"), obj("giant", "Hill Giant")]})
    e.act(cast("hs", "p2", half="Seek"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "cards", "cards": ["giant"]}})
    assert objects(e)["giant"]["zone"] == "exile"
    assert e.observe().state["players"]["p1"]["life"] == 24


def test_invert_switches_power_and_toughness_until_end_of_turn() -> None:
    e = engine({"mana": "{U}", "hand": [obj("ii", "Invert // Invent")]},
               {"battlefield": [obj("wall", "Living Wall"), obj("wurm", "Craw Wurm")]})
    e.act(cast("ii", "wall", "wurm", half="Invert"))
    e.act(RESOLVE)
    o = objects(e)
    assert o["wall"]["zone"] == "graveyard"  # 6/0: toughness 0 (704.5f)
    assert (o["wurm"]["power"], o["wurm"]["toughness"]) == (4, 6)
    e.act({"advance": {"to": "cleanup"}})
    assert (objects(e)["wurm"]["power"], objects(e)["wurm"]["toughness"]) == (6, 4)


def test_invent_finds_at_most_one_instant_and_one_sorcery() -> None:
    e = engine({"mana": "{4}{U}{R}", "hand": [obj("ii", "Invert // Invent")],
                "library": [obj("s1", "Shock"), obj("s2", "Shock"), obj("py", "Pyroclasm"),
                            obj("isl", "Island")]})
    e.act(cast("ii", half="Invent"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "cards", "cards": ["s2", "py"]}})
    o = objects(e)
    assert o["s2"]["zone"] == o["py"]["zone"] == "hand" and o["s1"]["zone"] == "library"


def test_invent_refuses_two_instants() -> None:
    e = engine({"mana": "{4}{U}{R}", "hand": [obj("ii", "Invert // Invent")],
                "library": [obj("s1", "Shock"), obj("s2", "Shock"), obj("py", "Pyroclasm")]})
    e.act(cast("ii", half="Invent"))
    e.act(RESOLVE)
    with pytest.raises(EngineReportedError, match="at most one card of each"):
        e.act({"choose": {"choice": "cards", "cards": ["s1", "s2"]}})


# --- "Counter target activated ability." / "Exile target creature you control. Return that ----
# --- card to the battlefield under its owner's control at the beginning of the next end step." -


def sorcerer_pings(e: ReferenceEngine) -> None:
    e.act({"activate": {"player": "p2", "object": "ps", "ability": 0, "targets": ["p1"]}})
    e.act({"pass_priority": {"player": "p2"}})


def test_bind_counters_an_activated_ability() -> None:
    e = engine({"mana": "{1}{G}", "hand": [obj("bl", "Bind // Liberate")],
                "library": [obj("l1", "Island")]},
               {"battlefield": [obj("ps", "Prodigal Sorcerer")]})
    e.act({"pass_priority": {"player": "p1"}})
    sorcerer_pings(e)
    e.act(cast("bl", {"source": "ps", "ability": "activated_0"}, half="Bind"))  # type: ignore[arg-type]
    e.act(RESOLVE)
    assert e.observe().state["players"]["p1"]["life"] == 20
    assert objects(e)["l1"]["zone"] == "hand"


def test_bind_cannot_target_a_triggered_ability() -> None:
    e = engine({"mana": "{1}{G}{2}{B}{B}", "hand": [obj("bl", "Bind // Liberate"),
                                                obj("rite", "Rite of Belzenlok")]})
    e.act(cast("rite"))
    e.act({"resolve_top": {}})  # the Saga enters: its chapter I triggers
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("bl", {"source": "rite", "ability": "chapter_I"}, half="Bind"))  # type: ignore[arg-type]


def test_liberate_returns_the_card_at_the_next_end_step() -> None:
    e = engine({"mana": "{1}{W}", "hand": [obj("bl", "Bind // Liberate")],
                "battlefield": [obj("bears", "Grizzly Bears", counters={"+1/+1": 1})]})
    e.act(cast("bl", "bears", half="Liberate"))
    e.act(RESOLVE)
    assert objects(e)["bears"]["zone"] == "exile"
    e.act({"advance": {"to": "end"}})
    e.act(RESOLVE)
    bears = objects(e)["bears"]
    assert bears["zone"] == "battlefield" and bears["counters"] == {}  # a new object (400.7)
