"""Unit tests of the rules the reference engine models (independent of the case files)."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.engines.protocol import Engine, Observation
from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine
from conformance.reference.cards import load_cards
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mutants import MUTANTS
from conformance.reference.oracle import parse_face


def game(p1: dict[str, Any] | None = None, p2: dict[str, Any] | None = None,
         **kw: Any) -> dict[str, Any]:
    return {"active_player": kw.pop("active", "p1"), "step": kw.pop("step", "precombat_main"),
            "turn": kw.pop("turn", 3), "players": {"p1": p1 or {}, "p2": p2 or {}}, **kw}


def play(setup: dict[str, Any], actions: list[dict[str, Any]],
         engine: ReferenceEngine | None = None) -> Observation:
    engine = engine or ReferenceEngine()
    engine.setup("unit", setup)
    for a in actions:
        engine.act(a)
    return engine.observe()


def cast(obj: str, player: str = "p1", **kw: Any) -> dict[str, Any]:
    return {"cast": {"player": player, "object": obj, **kw}}


RESOLVE = {"resolve_stack": {}}


def obj(i: str, card: str, **kw: Any) -> dict[str, Any]:
    return {"id": i, "card": card, **kw}


def test_reference_engine_is_an_engine() -> None:
    assert isinstance(ReferenceEngine(), Engine)


def test_oracle_text_comes_from_the_shipped_data() -> None:
    cards = load_cards()
    bolt = cards["Lightning Bolt"].faces[0]
    assert (bolt.mana_cost, bolt.types) == ("{R}", ("Instant",))
    cer = cards["Summon: G.F. Cerberus"].faces[0]
    assert cer.types == ("Enchantment", "Creature") and cer.subtypes == ("Saga", "Dog")
    assert [c.chapters for c in cer.text.chapters] == [(1,), (2,), (3,)]
    assert cards["At Knifepoint"].oracle_id == "bddb2064-afdb-4184-ae4a-633745e64a3c"


def test_unknown_text_is_refused_not_guessed() -> None:
    with pytest.raises(OracleTemplateError):
        parse_face("Destroy target creature with a +1/+1 counter on it.", ("X",))


# --- split cards and aftermath ---------------------------------------------------------------


def test_split_card_mana_value_combined_off_the_stack_and_per_half_on_it() -> None:
    obs = play(game({"mana": "{1}{B}{3}{G}", "hand": [obj("d", "Destined // Lead")],
                     "graveyard": [obj("l", "Destined // Lead")],
                     "battlefield": [obj("bears", "Grizzly Bears")]}),
               [cast("d", half="Destined", targets=["bears"])])
    objs = obs.state["objects"]
    assert objs["l"]["mana_value"] == 6 and objs["l"]["colors"] == ["B", "G"]
    assert objs["l"]["types"] == ["Instant", "Sorcery"]
    assert (objs["d"]["zone"], objs["d"]["mana_value"], objs["d"]["colors"]) == ("stack", 2, ["B"])
    obs = play(game({"mana": "{3}{G}", "graveyard": [obj("l", "Destined // Lead")],
                     "battlefield": [obj("bears", "Grizzly Bears")]}),
               [cast("l", half="Lead", targets=["bears"])])
    lead = obs.state["objects"]["l"]
    assert (lead["mana_value"], lead["types"], lead["name"]) == (4, ["Sorcery"], "Lead")


def test_aftermath_half_is_exiled_after_resolving_and_only_castable_from_graveyard() -> None:
    setup = game({"mana": "{3}{G}{3}{G}", "graveyard": [obj("l", "Destined // Lead")],
                  "hand": [obj("h", "Destined // Lead")],
                  "battlefield": [obj("bears", "Grizzly Bears")]})
    obs = play(setup, [cast("l", half="Lead", targets=["bears"]), RESOLVE])
    assert obs.state["objects"]["l"]["zone"] == "exile"
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("h", half="Lead", targets=["bears"])])
    assert exc.value.kind == "illegal_action"
    with pytest.raises(EngineReportedError):  # the first half is not castable from a graveyard
        play(setup, [cast("l", half="Destined", targets=["bears"])])
    assert MUTANTS["aftermath_from_hand"]().info().cards  # the mutant is a full engine
    play(setup, [cast("h", half="Lead", targets=["bears"])], MUTANTS["aftermath_from_hand"]())


def test_destined_grants_indestructible_until_end_of_turn() -> None:
    obs = play(game({"mana": "{1}{B}{R}{R}", "hand": [obj("d", "Destined // Lead"),
                                                     obj("bolt", "Lightning Bolt")],
                     "battlefield": [obj("bears", "Grizzly Bears")]}),
               [cast("d", half="Destined", targets=["bears"]), RESOLVE,
                cast("bolt", targets=["bears"]), RESOLVE])
    bears = obs.state["objects"]["bears"]
    assert (bears["zone"], bears["power"], bears["damage"]) == ("battlefield", 3, 3)
    assert "indestructible" in bears["keywords"]
    assert obs.state["objects"]["d"]["zone"] == "graveyard"


# --- copies ----------------------------------------------------------------------------------


def test_copy_goes_on_top_and_resolves_first() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{R}{2}{U}", "hand": [obj("shock", "Shock")],
                               "graveyard": [obj("coop", "Refuse // Cooperate")]}))
    engine.act(cast("shock", targets=["p2"]))
    engine.act(cast("coop", half="Cooperate", targets=["shock"]))
    engine.act({"resolve_top": {}})
    with pytest.raises(EngineReportedError) as exc:  # a choice is pending
        engine.observe()
    assert exc.value.kind == "unanswered_choice"
    engine.act({"choose": {"choice": "new_targets", "targets": None}})
    stack = engine.observe().state["stack"]
    assert [(s["card"], s["copy"]) for s in stack] == [("Shock", False), ("Shock", True)]
    engine.act({"resolve_top": {}})
    resolved = [e for e in engine.observe().events if e["type"] == "resolved"]
    assert resolved[-1]["copy"] is True
    with pytest.raises(EngineReportedError) as exc:
        engine.act({"choose": {"choice": "new_targets", "targets": None}})
    assert exc.value.kind == "unused_answer"


def test_new_targets_must_be_legal_and_keep_their_number() -> None:
    setup = game({"mana": "{R}{2}{U}", "hand": [obj("shock", "Shock")],
                  "graveyard": [obj("coop", "Refuse // Cooperate"), obj("gy", "Grizzly Bears")]})
    acts = [cast("shock", targets=["p2"]), cast("coop", half="Cooperate", targets=["shock"]),
            {"resolve_top": {}}]
    for bad in (["gy"], ["p1", "p2"]):
        with pytest.raises(EngineReportedError) as exc:
            play(setup, [*acts, {"choose": {"choice": "new_targets", "targets": bad}}])
        assert exc.value.kind == "illegal_action"


def test_unanswered_choice_when_the_next_action_is_not_a_choose() -> None:
    setup = game({"mana": "{R}{2}{U}", "hand": [obj("shock", "Shock")],
                  "graveyard": [obj("coop", "Refuse // Cooperate")]})
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("shock", targets=["p2"]),
                     cast("coop", half="Cooperate", targets=["shock"]), RESOLVE])
    assert exc.value.kind == "unanswered_choice"


# --- triggers, crimes, outlaws ---------------------------------------------------------------


def test_crime_trigger_triggers_again_next_turn() -> None:
    """"Only once each turn": a crime on a later turn triggers again."""
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{R}", "hand": [obj("shock", "Shock"), obj("b2", "Shock")],
                               "library": [obj("l1", "Mountain")],
                               "battlefield": [obj("akp", "At Knifepoint"), obj("m", "Mountain")]},
                              {"library": [obj("l2", "Island")]}))
    for a in (cast("shock", targets=["p2"]), RESOLVE,
              {"advance": {"to": "precombat_main", "next_turn": True}},
              {"advance": {"to": "precombat_main", "next_turn": True}},
              {"activate": {"player": "p1", "object": "m", "ability": 0}},
              cast("b2", targets=["p2"]), RESOLVE):
        engine.act(a)
    obs = engine.observe()
    assert len([e for e in obs.events if e["type"] == "token_created"]) == 2
    assert obs.state["turn"] == 5


def test_mercenary_token_ability_needs_no_summoning_sickness_and_is_no_crime() -> None:
    setup = game({"battlefield": [obj("merc", "Mercenary Token", token=True),
                                  obj("bears", "Grizzly Bears")]})
    obs = play(setup, [{"activate": {"player": "p1", "object": "merc", "ability": 0,
                                     "targets": ["bears"]}}, RESOLVE])
    assert obs.state["objects"]["bears"]["power"] == 3
    assert not [e for e in obs.events if e["type"] == "crime_committed"]
    sick = game({"battlefield": [obj("merc", "Mercenary Token", token=True, summoning_sick=True)]})
    with pytest.raises(EngineReportedError):
        play(sick, [{"activate": {"player": "p1", "object": "merc", "ability": 0,
                                  "targets": ["merc"]}}])


def test_outlaw_is_not_a_creature_type_and_humility_timestamps() -> None:
    obs = play(game({"battlefield": [obj("akp", "At Knifepoint"), obj("merc", "Mercenary Token")]}),
               [])
    merc = obs.state["objects"]["merc"]
    assert merc["subtypes"] == ["Mercenary"] and merc["keywords"] == ["first strike"]
    # Humility later than At Knifepoint: the outlaw loses first strike (layer 6, timestamps)
    obs = play(game({"battlefield": [obj("akp", "At Knifepoint"), obj("rogue", "Krovikan Scoundrel"),
                                     obj("hum", "Humility")]}), [])
    assert obs.state["objects"]["rogue"]["keywords"] == []
    assert obs.state["objects"]["rogue"]["power"] == 1
    obs = play(game({"battlefield": [obj("hum", "Humility"), obj("rogue", "Krovikan Scoundrel"),
                                     obj("akp", "At Knifepoint")]}), [])
    assert obs.state["objects"]["rogue"]["keywords"] == ["first strike"]


def test_casting_needs_priority_and_mana() -> None:
    setup = game({"mana": "{R}", "hand": [obj("bolt", "Lightning Bolt")]},
                 {"mana": "{R}", "hand": [obj("shock", "Shock")]})
    with pytest.raises(EngineReportedError):
        play(setup, [cast("shock", player="p2", targets=["p1"])])
    with pytest.raises(EngineReportedError):
        play(game({"hand": [obj("bolt", "Lightning Bolt")]}), [cast("bolt", targets=["p2"])])
    obs = play(setup, [cast("bolt", targets=["p2"]), {"pass_priority": {"player": "p1"}},
                       {"pass_priority": {"player": "p2"}}])
    assert obs.state["players"]["p2"]["life"] == 17


# --- sagas -----------------------------------------------------------------------------------


def _hob_two_chapters(order: list[Any]) -> Observation:
    return play(game({"battlefield": [obj("hob", "History of Benalia", counters={"lore": 1})]}),
                [{"add_counters": {"object": "hob", "counter": "lore", "n": 2}},
                 {"choose": {"choice": "trigger_order", "order": order}}, RESOLVE])


def test_simultaneous_chapters_are_ordered_by_their_controller() -> None:
    first_ii = _hob_two_chapters([{"source": "hob", "ability": "chapter_III"},
                                  {"source": "hob", "ability": "chapter_II"}])
    knight = [o for o in first_ii.state["objects"].values() if o["card"] == "Knight Token"]
    assert [(k["power"], k["toughness"]) for k in knight] == [(4, 3)]
    first_iii = _hob_two_chapters([{"source": "hob", "ability": "chapter_II"},
                                   {"source": "hob", "ability": "chapter_III"}])
    knight = [o for o in first_iii.state["objects"].values() if o["card"] == "Knight Token"]
    assert [(k["power"], k["toughness"]) for k in knight] == [(2, 2)]
    assert first_iii.state["objects"]["hob"]["zone"] == "graveyard"
    with pytest.raises(EngineReportedError):  # one source, two different triggers: ambiguous
        _hob_two_chapters(["hob", "hob"])
    with pytest.raises(EngineReportedError) as exc:
        play(game({"battlefield": [obj("hob", "History of Benalia", counters={"lore": 1})]}),
             [{"add_counters": {"object": "hob", "counter": "lore", "n": 2}}, RESOLVE])
    assert exc.value.kind == "unanswered_choice"


def test_saga_is_sacrificed_only_after_its_last_chapter_leaves_the_stack() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game({"battlefield": [obj("hob", "History of Benalia",
                                                 counters={"lore": 2})]}))
    engine.act({"add_counters": {"object": "hob", "counter": "lore", "n": 1}})
    assert engine.observe().state["objects"]["hob"]["zone"] == "battlefield"
    engine.act({"resolve_top": {}})
    assert engine.observe().state["objects"]["hob"]["zone"] == "graveyard"


def test_saga_enters_with_a_lore_counter_and_chapter_i_triggers() -> None:
    obs = play(game({"mana": "{1}{W}{W}", "hand": [obj("hob", "History of Benalia")]}),
               [cast("hob"), RESOLVE])
    assert obs.state["objects"]["hob"]["counters"] == {"lore": 1}
    assert [e["ability"] for e in obs.events if e["type"] == "triggered"] == ["chapter_I"]


def test_surveil_chapter_needs_a_choice() -> None:
    setup = game({"library": [obj("a", "Mountain"), obj("b", "Island")], "mana": "{2}{R}{R}",
                  "hand": [obj("cer", "Summon: G.F. Cerberus")]})
    obs = play(setup, [cast("cer"), RESOLVE, {"choose": {"choice": "cards",
                                                          "cards": ["a"]}}])
    assert obs.state["objects"]["a"]["zone"] == "graveyard"
    assert obs.state["objects"]["b"]["zone"] == "library"


def test_lose_abilities_action_keeps_a_saga() -> None:
    obs = play(game({"battlefield": [obj("hob", "History of Benalia", counters={"lore": 3})]}),
               [{"lose_abilities": {"object": "hob"}}])
    assert obs.state["objects"]["hob"]["zone"] == "battlefield"


# --- combat ----------------------------------------------------------------------------------


def test_first_strike_removed_after_first_step_no_second_damage() -> None:
    setup = game({"battlefield": [obj("rogue", "Krovikan Scoundrel", attacking="p2",
                                    keywords=["first strike"])]}, step="declare_blockers")
    acts = [{"advance": {"to": "first_strike_damage"}},
            {"set_keywords": {"object": "rogue", "remove": ["first strike"]}},
            {"advance": {"to": "combat_damage"}}]
    assert play(setup, acts).state["players"]["p2"]["life"] == 18
    assert play(setup, acts, MUTANTS["lost_first_strike_deals_again"]()
                ).state["players"]["p2"]["life"] == 16


def test_first_strike_gained_after_first_step_still_deals_regular_damage() -> None:
    setup = game({"battlefield": [obj("ace", "Fencing Ace", attacking="p2"),
                                  obj("giant", "Hill Giant", attacking="p2")]},
                 step="declare_blockers")
    obs = play(setup, [{"advance": {"to": "first_strike_damage"}},
                       {"set_keywords": {"object": "giant", "add": ["first strike"]}},
                       {"advance": {"to": "combat_damage"}}])
    assert obs.state["players"]["p2"]["life"] == 15  # 1 + (1 + 3): rule 702.7c


def test_no_first_strike_step_without_first_or_double_strike() -> None:
    setup = game({"battlefield": [obj("giant", "Hill Giant", attacking="p2")]},
                 step="declare_blockers")
    with pytest.raises(EngineReportedError):
        play(setup, [{"advance": {"to": "first_strike_damage"}}])
    obs = play(setup, [{"advance": {"to": "end_of_combat"}}])
    assert obs.state["players"]["p2"]["life"] == 17
    assert "first_strike_damage" not in [e.get("name") for e in obs.events]


def test_zero_life_is_reported_as_a_loss() -> None:
    obs = play(game({"mana": "{R}", "hand": [obj("bolt", "Lightning Bolt")]}, {"life": 3}),
               [cast("bolt", targets=["p2"]), RESOLVE])
    assert obs.state["players"]["p2"] == {"life": 0, "lost": True, "poison": 0, "energy": 0,
                                          "experience": 0, "mana": ""}


# --- triggered abilities with targets (603.3d) and crimes (700.13) ---------------------------


def test_enters_trigger_asks_for_targets_and_refuses_an_illegal_one() -> None:
    setup = game({"mana": "{3}{R}{R}", "hand": [obj("ftk", "Flametongue Kavu")]},
                 {"battlefield": [obj("bears", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("ftk"), {"resolve_top": {}}, RESOLVE])
    assert exc.value.kind == "unanswered_choice"
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("ftk"), {"resolve_top": {}},
                     {"choose": {"choice": "targets", "targets": ["p2"]}}])
    assert exc.value.kind == "illegal_action"
    obs = play(setup, [cast("ftk"), {"resolve_top": {}},
                       {"choose": {"choice": "targets", "targets": ["bears"]}}, RESOLVE])
    assert obs.state["objects"]["bears"]["zone"] == "graveyard"
    assert [e["source"] for e in obs.events if e["type"] == "crime_committed"] != []


def test_enters_trigger_may_target_its_own_source() -> None:
    """Fire Imp alone on the battlefield: its "target creature" can only be Fire Imp itself,
    and targeting your own creature is no crime."""
    obs = play(game({"mana": "{2}{R}", "hand": [obj("imp", "Fire Imp")]}),
               [cast("imp"), {"resolve_top": {}},
                {"choose": {"choice": "targets", "targets": ["imp"]}}, RESOLVE])
    assert obs.state["objects"]["imp"]["zone"] == "graveyard"  # 2 damage to a 2/1
    assert not [e for e in obs.events if e["type"] == "crime_committed"]


# --- Auras and attached_to (303.4, 704.5m, 704.5p) -------------------------------------------


def test_an_aura_spell_targets_and_is_attached_as_it_resolves() -> None:
    setup = game({"mana": "{W}", "hand": [obj("holy", "Holy Strength")],
                  "battlefield": [obj("bears", "Grizzly Bears")]})
    obs = play(setup, [cast("holy", targets=["bears"]), RESOLVE])
    objs = obs.state["objects"]
    assert objs["holy"]["zone"] == "battlefield" and objs["holy"]["attached_to"] == "bears"
    assert (objs["bears"]["power"], objs["bears"]["toughness"]) == (3, 4)
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("holy")])
    assert exc.value.kind == "illegal_action"


def test_setup_attachment_is_checked_and_a_creature_cannot_stay_attached() -> None:
    with pytest.raises(EngineReportedError) as exc:
        play(game({"battlefield": [obj("holy", "Holy Strength", attached_to="nobody")]}), [])
    assert exc.value.kind == "illegal_action"
    engine = ReferenceEngine()
    engine.setup("unit", game({"battlefield": [obj("b1", "Grizzly Bears"),
                                               obj("b2", "Grizzly Bears", attached_to="b1")]}))
    assert engine.observe().state["objects"]["b2"]["attached_to"] == "b1"
    engine.act({"add_counters": {"object": "b1", "counter": "+1/+1", "n": 1}})
    assert engine.observe().state["objects"]["b2"]["attached_to"] is None  # 704.5p


# --- templates grown in issue 14: activated costs, pumps, bounce, keywords with rules -----------


def test_firebreathing_pays_its_cost_each_time_and_once_each_turn_is_enforced() -> None:
    setup = game({"mana": "{R}{R}", "battlefield": [obj("dragon", "Shivan Dragon"),
                                                   obj("drake", "Fire Drake")]})
    pump = {"activate": {"player": "p1", "object": "dragon", "ability": 0}}
    obs = play(setup, [pump, RESOLVE, pump, RESOLVE])
    assert obs.state["objects"]["dragon"]["power"] == 7 and obs.state["players"]["p1"]["mana"] == ""
    with pytest.raises(EngineReportedError):  # no mana left for a third
        play(setup, [pump, pump, pump])
    drake = {"activate": {"player": "p1", "object": "drake", "ability": 0}}
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [drake, RESOLVE, drake])
    assert "once each turn" in exc.value.message


def test_sweeping_minus_and_bounce_and_exile() -> None:
    obs = play(game({"mana": "{1}{B}", "hand": [obj("nausea", "Nausea")],
                     "battlefield": [obj("bears", "Grizzly Bears")]},
                    {"battlefield": [obj("elf", "Llanowar Elves")]}),
               [cast("nausea"), RESOLVE])
    assert obs.state["objects"]["elf"]["zone"] == "graveyard"
    assert obs.state["objects"]["bears"]["power"] == 1
    obs = play(game({"mana": "{U}", "hand": [obj("uns", "Unsummon")]},
                    {"battlefield": [obj("bears", "Grizzly Bears", counters={"+1/+1": 1})]}),
               [cast("uns", targets=["bears"]), RESOLVE])
    assert obs.state["objects"]["bears"]["zone"] == "hand"
    obs = play(game({"mana": "{W}", "hand": [obj("erase", "Erase")]},
                    {"battlefield": [obj("hum", "Humility")]}),
               [cast("erase", targets=["hum"]), RESOLVE])
    assert obs.state["objects"]["hum"]["zone"] == "exile"


def test_enters_trigger_with_a_lowercase_effect_and_lose_life() -> None:
    obs = play(game({"mana": "{2}{W}", "hand": [obj("monk", "Venerable Monk")]}),
               [cast("monk"), RESOLVE])
    assert obs.state["players"]["p1"]["life"] == 22
    obs = play(game({"mana": "{B}", "hand": [obj("bump", "Bump in the Night")]}),
               [cast("bump", targets=["p2"]), RESOLVE])
    assert obs.state["players"]["p2"]["life"] == 17
    assert [e["type"] for e in obs.events].count("crime_committed") == 1


def test_prowess_triggers_on_noncreature_spells_only() -> None:
    obs = play(game({"mana": "{R}{G}", "hand": [obj("shock", "Shock"), obj("elf", "Llanowar Elves")],
                     "battlefield": [obj("student", "Jeskai Student")]}),
               [cast("elf"), RESOLVE, cast("shock", targets=["p2"]), RESOLVE])
    assert obs.state["objects"]["student"]["power"] == 2
    assert len([e for e in obs.events if e["type"] == "triggered"]) == 1


def test_shroud_stops_its_controller_too_and_tap_target() -> None:
    setup = game({"mana": "{G}", "hand": [obj("gg", "Giant Growth")],
                  "battlefield": [obj("lookout", "Elvish Lookout")]})
    with pytest.raises(EngineReportedError):
        play(setup, [cast("gg", targets=["lookout"])])
    obs = play(game({"battlefield": [obj("barrier", "Relic Barrier")]},
                    {"battlefield": [obj("diamond", "Charcoal Diamond")]}),
               [{"activate": {"player": "p1", "object": "barrier", "ability": 0,
                              "targets": ["diamond"]}}, RESOLVE])
    assert obs.state["objects"]["diamond"]["tapped"] is True


def test_trample_past_a_removed_blocker_hits_the_player() -> None:
    """702.19e: a creature with trample blocked by no creatures assigns all its damage to the
    player; without trample it deals none."""
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{R}{R}", "hand": [obj("bolt", "Lightning Bolt")],
                               "battlefield": [obj("mammoth", "War Mammoth", attacking="p2"),
                                               obj("giant", "Hill Giant", attacking="p2")]},
                              {"battlefield": [obj("b1", "Grizzly Bears", blocking="mammoth"),
                                               obj("b2", "Grizzly Bears", blocking="giant")]},
                              step="declare_blockers"))
    for a in (cast("bolt", targets=["b1"]), RESOLVE, {"advance": {"to": "combat_damage"}}):
        engine.act(a)
    obs = engine.observe()
    assert obs.state["players"]["p2"]["life"] == 17


def test_wither_devoid_counters_and_combat_only_targets() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game({"battlefield": [obj("ripper", "Sickle Ripper", attacking="p2"),
                                               obj("vestige", "Vestige of Emrakul")]},
                              {"battlefield": [obj("wall", "Hill Giant", blocking="ripper")]},
                              step="declare_blockers"))
    engine.act({"advance": {"to": "combat_damage"}})
    objs = engine.observe().state["objects"]
    assert objs["wall"]["counters"] == {"-1/-1": 2} and objs["wall"]["damage"] == 0
    assert objs["wall"]["power"] == 1 and objs["vestige"]["colors"] == []
    obs = play(game({"mana": "{2}{B}{B}", "hand": [obj("skin", "Skinrender")]},
                    {"battlefield": [obj("bears", "Grizzly Bears")]}),
               [cast("skin"), {"resolve_top": {}},
                {"choose": {"choice": "targets", "targets": ["bears"]}}, RESOLVE])
    assert obs.state["objects"]["bears"]["zone"] == "graveyard"
    setup = game({"mana": "{1}{R}", "hand": [obj("oil", "Burning Oil")]},
                 {"battlefield": [obj("bears", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError):  # not attacking or blocking
        play(setup, [cast("oil", targets=["bears"])])


def test_protection_from_a_color_stops_targeting_by_that_color() -> None:
    setup = game({"mana": "{R}", "hand": [obj("shock", "Shock")]},
                 {"battlefield": [obj("smith", "Repentant Blacksmith")]})
    with pytest.raises(EngineReportedError):
        play(setup, [cast("shock", targets=["smith"])])


def test_zero_toughness_is_not_destruction_and_cannot_be_regenerated() -> None:
    obs = play(game({"mana": "{B}{1}{B}", "hand": [obj("nausea", "Nausea")],
                     "battlefield": [obj("skel", "Drudge Skeletons")]}),
               [{"activate": {"player": "p1", "object": "skel", "ability": 0}}, RESOLVE,
                cast("nausea"), RESOLVE])
    assert obs.state["objects"]["skel"]["zone"] == "graveyard"


def test_regeneration_shields_end_with_the_turn() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{B}", "battlefield": [obj("skel", "Drudge Skeletons")]},
                              {"library": [obj("l2", "Island")]}, step="end"))
    engine.act({"activate": {"player": "p1", "object": "skel", "ability": 0}})
    engine.act(RESOLVE)
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})
    assert engine.regenerates(engine.objects["skel"]) is False


def test_painland_mana_of_either_color_and_its_damage() -> None:
    obs = play(game({"hand": [obj("elf", "Llanowar Elves")],
                     "battlefield": [obj("land", "Karplusan Forest")]}),
               [{"activate": {"player": "p1", "object": "land", "ability": 1}}, cast("elf"),
                RESOLVE])
    assert obs.state["objects"]["elf"]["zone"] == "battlefield"
    assert obs.state["players"]["p1"]["life"] == 19


# --- Equipment, entering with counters, can't be countered, sacrifice costs, Fog ---------------


def test_equip_attaches_at_sorcery_speed_and_unattaches_when_the_creature_leaves() -> None:
    setup = game({"mana": "{1}{R}", "hand": [obj("bolt", "Lightning Bolt")],
                  "battlefield": [obj("split", "Bonesplitter"), obj("bears", "Grizzly Bears")]})
    equip = {"activate": {"player": "p1", "object": "split", "ability": 0, "targets": ["bears"]}}
    obs = play(setup, [equip, RESOLVE])
    assert obs.state["objects"]["split"]["attached_to"] == "bears"
    assert obs.state["objects"]["bears"]["power"] == 4
    obs = play(setup, [equip, RESOLVE, cast("bolt", targets=["bears"]), RESOLVE])
    assert obs.state["objects"]["split"]["zone"] == "battlefield"
    assert obs.state["objects"]["split"]["attached_to"] is None  # 704.5n
    with pytest.raises(EngineReportedError):  # only a creature you control
        play(game({"mana": "{1}", "battlefield": [obj("split", "Bonesplitter")]},
                  {"battlefield": [obj("bears", "Grizzly Bears")]}),
             [{"activate": {"player": "p1", "object": "split", "ability": 0,
                            "targets": ["bears"]}}])


def test_x_counters_on_entering_and_cant_be_countered() -> None:
    obs = play(game({"mana": "{3}{G}", "hand": [obj("ivy", "Ivy Elemental")]}),
               [cast("ivy", x=3), RESOLVE])
    ivy = obs.state["objects"]["ivy"]
    assert (ivy["zone"], ivy["power"], ivy["counters"]) == ("battlefield", 3, {"+1/+1": 3})
    obs = play(game({"mana": "{1}{G}{U}{U}", "hand": [obj("mongoose", "Blurred Mongoose"),
                                                     obj("cs", "Counterspell")]}),
               [cast("mongoose"), cast("cs", targets=["mongoose"]), RESOLVE])
    assert obs.state["objects"]["mongoose"]["zone"] == "battlefield"
    assert obs.state["objects"]["cs"]["zone"] == "graveyard"


def test_sacrifice_as_a_cost_and_fog() -> None:
    obs = play(game({"battlefield": [obj("mine", "Strip Mine")]},
                    {"battlefield": [obj("land", "Mountain")]}),
               [{"activate": {"player": "p1", "object": "mine", "ability": 1,
                              "targets": ["land"]}}, RESOLVE])
    assert obs.state["objects"]["mine"]["zone"] == "graveyard"
    assert obs.state["objects"]["land"]["zone"] == "graveyard"
    assert {"type": "sacrificed", "object": "mine", "card": "Strip Mine"} in obs.events
    engine = ReferenceEngine()
    engine.setup("unit", game({"battlefield": [obj("giant", "Hill Giant", attacking="p2")]},
                              {"mana": "{G}", "hand": [obj("fog", "Fog")]},
                              step="declare_blockers", priority="p2"))
    for a in (cast("fog", player="p2"), RESOLVE, {"advance": {"to": "combat_damage"}}):
        engine.act(a)
    assert engine.observe().state["players"]["p2"]["life"] == 20


def test_fast_land_enters_tapped_with_three_other_lands() -> None:
    lands = [obj(f"m{i}", "Mountain") for i in range(3)]
    setup = game({"hand": [obj("cliffs", "Blackcleave Cliffs")], "battlefield": lands})
    engine = ReferenceEngine()
    engine.setup("unit", setup)
    obj_ = engine.objects["cliffs"]
    engine._move(obj_, "battlefield")
    assert obj_.tapped is True
    engine.setup("unit", game({"hand": [obj("cliffs", "Blackcleave Cliffs")],
                               "battlefield": lands[:2]}))
    obj_ = engine.objects["cliffs"]
    engine._move(obj_, "battlefield")
    assert obj_.tapped is False
