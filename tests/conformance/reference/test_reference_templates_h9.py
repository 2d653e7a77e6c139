"""The templates of ``conformance.reference.oracle_sagas`` and ``oracle_eldrazi`` (issue #14:
Sagas and devoid cards of the shipped pool built from their text): scry, groups gaining
keywords, counters on each creature, Eldrazi Scion tokens, ingest, processors and colorless
cast triggers, each played on the reference engine."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine, card_names
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle import parse_face
from conformance.reference.oracle_library import Scry
from conformance.reference.template_abilities import CountersOnEach, IngestExile


def game(p1: dict[str, Any], p2: dict[str, Any] | None = None,
         step: str = "precombat_main") -> dict[str, Any]:
    return {"active_player": "p1", "step": step, "turn": 3,
            "players": {"p1": p1, "p2": p2 or {}}}


def obj(i: str, card: str, **kw: Any) -> dict[str, Any]:
    return {"id": i, "card": card, **kw}


def cast(o: str, **kw: Any) -> dict[str, Any]:
    return {"cast": {"player": "p1", "object": o, **kw}}


def choose(choice: str, **kw: Any) -> dict[str, Any]:
    return {"choose": {"choice": choice, **kw}}


RESOLVE = {"resolve_stack": {}}


def play(setup: dict[str, Any], actions: list[dict[str, Any]]) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("unit", setup)
    for a in actions:
        engine.act(a)
    return engine


def zone(engine: ReferenceEngine, oid: str) -> str:
    return str(engine.observe().state["objects"][oid]["zone"])


def test_the_eldrazi_and_scry_cards_are_built() -> None:
    assert {"Culling Drone", "Murk Strider", "Kozilek's Sentinel", "Call the Scions",
            "Brood Monitor", "Blisterpod", "Magma Jet", "Opt", "Basri's Solidarity",
            "Crossbow Ambush"} <= card_names()


LIB = [obj("l1", "Island"), obj("l2", "Forest"), obj("l3", "Mountain")]


def test_scry_puts_the_chosen_cards_on_the_bottom_and_orders_the_rest() -> None:
    setup = game({"mana": "{1}{R}", "hand": [obj("jet", "Magma Jet")], "library": LIB})
    engine = play(setup, [cast("jet", targets=["p2"]), RESOLVE,
                          choose("cards", cards=["l1"], order=["l2"])])
    assert engine.zones[("p1", "library")] == ["l2", "l3", "l1"]
    assert engine.observe().state["players"]["p2"]["life"] == 18
    engine = play(setup, [cast("jet", targets=["p2"]), RESOLVE,
                          choose("cards", cards=[], order=["l2", "l1"])])
    assert engine.zones[("p1", "library")] == ["l2", "l1", "l3"]


def test_scry_refuses_an_answer_that_leaves_cards_unordered_or_not_looked_at() -> None:
    setup = game({"mana": "{1}{R}", "hand": [obj("jet", "Magma Jet")], "library": LIB})
    for answer in ({"cards": []}, {"cards": ["l3"], "order": ["l1", "l2"]}):
        with pytest.raises(EngineReportedError) as exc:
            play(setup, [cast("jet", targets=["p2"]), RESOLVE, choose("cards", **answer)])
        assert exc.value.kind == "illegal_action"


def test_counters_on_each_creature_you_control_only() -> None:
    setup = game({"mana": "{1}{W}", "hand": [obj("bs", "Basri's Solidarity")],
                  "battlefield": [obj("a", "Grizzly Bears"), obj("b", "Hill Giant")]},
                 {"battlefield": [obj("c", "Grizzly Bears")]})
    objects = play(setup, [cast("bs"), RESOLVE]).observe().state["objects"]
    assert objects["a"]["power"] == 3 and objects["b"]["power"] == 4
    assert objects["c"]["power"] == 2


def test_creatures_you_control_gain_a_keyword_until_end_of_turn() -> None:
    setup = game({"mana": "{G}", "hand": [obj("ca", "Crossbow Ambush")],
                  "battlefield": [obj("a", "Grizzly Bears")]},
                 {"battlefield": [obj("c", "Grizzly Bears")]})
    objects = play(setup, [cast("ca"), RESOLVE]).observe().state["objects"]
    assert "reach" in objects["a"]["keywords"] and "reach" not in objects["c"]["keywords"]


def test_scion_tokens_have_their_quoted_mana_ability() -> None:
    setup = game({"mana": "{2}{G}", "hand": [obj("cs", "Call the Scions")]})
    engine = play(setup, [cast("cs"), RESOLVE])
    tokens = [oid for oid, o in engine.objects.items() if o.token is not None]
    assert len(tokens) == 2
    token = engine.objects[tokens[0]].token
    assert token is not None and token.colors == () and token.subtypes == ("Eldrazi", "Scion")
    ability, = token.activated
    assert ability.produces == ("C",) and ability.sacrifice_self and not ability.tap


def test_ingest_exiles_the_top_card_of_the_damaged_players_library() -> None:
    setup = game({"battlefield": [obj("drone", "Culling Drone", attacking="p2")]},
                 {"library": [obj("top", "Island"), obj("next", "Forest")]},
                 step="declare_blockers")
    engine = play(setup, [{"advance": {"to": "combat_damage"}}, RESOLVE])
    assert zone(engine, "top") == "exile" and zone(engine, "next") == "library"
    assert engine.observe().state["players"]["p2"]["life"] == 18


def test_blocked_ingest_creature_exiles_nothing() -> None:
    setup = game({"battlefield": [obj("drone", "Culling Drone", attacking="p2")]},
                 {"library": [obj("top", "Island")],
                  "battlefield": [obj("wall", "Hill Giant", blocking="drone")]},
                 step="declare_blockers")
    engine = play(setup, [{"advance": {"to": "combat_damage"}}, RESOLVE])
    assert zone(engine, "top") == "library"


PROCESS = game({"mana": "{3}{U}", "hand": [obj("ms", "Murk Strider")]},
               {"exile": [obj("ex", "Island")], "battlefield": [obj("bear", "Grizzly Bears")]})
TARGET = choose("targets", targets=["bear"])


def test_processor_puts_the_exiled_card_into_its_owners_graveyard_then_its_effect() -> None:
    engine = play(PROCESS, [cast("ms"), RESOLVE, TARGET, choose("may", accept=True)])
    assert zone(engine, "ex") == "graveyard" and zone(engine, "bear") == "hand"
    assert engine.zones[("p2", "graveyard")] == ["ex"]


def test_processor_declined_does_nothing() -> None:
    engine = play(PROCESS, [cast("ms"), RESOLVE, TARGET, choose("may", accept=False)])
    assert zone(engine, "ex") == "exile" and zone(engine, "bear") == "battlefield"


def test_processor_without_an_opponents_exiled_card_cannot_do_it() -> None:
    setup = game({"mana": "{3}{U}", "hand": [obj("ms", "Murk Strider")],
                  "exile": [obj("mine", "Island")]},
                 {"battlefield": [obj("bear", "Grizzly Bears")]})
    engine = play(setup, [cast("ms"), RESOLVE, TARGET])
    assert zone(engine, "mine") == "exile" and zone(engine, "bear") == "battlefield"


def test_colorless_spell_triggers_and_a_colored_one_does_not() -> None:
    setup = game({"mana": "{1}{B}{U}", "battlefield": [obj("ks", "Kozilek's Sentinel")],
                  "hand": [obj("drone", "Culling Drone"), obj("opt", "Opt")],
                  "library": [obj("l1", "Island")]})
    engine = play(setup, [cast("drone"), RESOLVE])
    assert engine.observe().state["objects"]["ks"]["power"] == 2  # devoid: colorless
    engine = play(setup, [cast("opt"), RESOLVE, choose("cards", cards=[])])
    assert engine.observe().state["objects"]["ks"]["power"] == 1


def test_templates_build_their_effects_and_refuse_what_they_do_not_read() -> None:
    assert parse_face("Scry 2.", ("X",)).spell == (Scry(2),)
    assert parse_face("Put a +1/+1 counter on each Elf you control.", ("X",)).spell == (
        CountersOnEach(1, "+1/+1", "Elf"),)
    ingest = parse_face("Ingest", ("X",)).triggered
    assert ingest[0].event == "combat_damage_player" and ingest[0].effects == (IngestExile(),)
    with pytest.raises(OracleTemplateError):
        parse_face("Creatures you control gain 'T: Add {C}.' until end of turn.", ("X",))
    with pytest.raises(OracleTemplateError):
        parse_face('Create a 1/1 colorless Eldrazi Scion creature token. It has "Whatever '
                   'happens."', ("X",))


HAND3 = [obj("h1", "Island"), obj("h2", "Forest"), obj("h3", "Mountain")]


def test_target_player_discards_the_cards_they_choose() -> None:
    setup = game({"mana": "{2}{B}", "hand": [obj("rot", "Mind Rot")]}, {"hand": HAND3})
    engine = play(setup, [cast("rot", targets=["p2"]), RESOLVE,
                          choose("cards", cards=["h1", "h3"])])
    assert [zone(engine, h) for h in ("h1", "h2", "h3")] == ["graveyard", "hand", "graveyard"]
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("rot", targets=["p2"]), RESOLVE, choose("cards", cards=["h1"])])
    assert exc.value.kind == "illegal_action"


def test_a_player_with_too_few_cards_discards_them_all_without_a_choice() -> None:
    setup = game({"mana": "{2}{B}", "hand": [obj("rot", "Mind Rot")]},
                 {"hand": [obj("h1", "Island")]})
    engine = play(setup, [cast("rot", targets=["p2"]), RESOLVE])
    assert zone(engine, "h1") == "graveyard"


def saga(lore: int, p2: dict[str, Any], p1: dict[str, Any] | None = None) -> ReferenceEngine:
    setup = game({"battlefield": [obj("er", "The Eldest Reborn", counters={"lore": lore})],
                  **(p1 or {})}, p2)
    return play(setup, [{"add_counters": {"object": "er", "counter": "lore", "n": 1}}, RESOLVE])


def test_each_opponent_sacrifices_a_creature_they_choose() -> None:
    p2 = {"battlefield": [obj("a", "Grizzly Bears"), obj("b", "Hill Giant"),
                          obj("land", "Forest")]}
    engine = saga(0, p2)
    engine.act(choose("cards", cards=["b"]))
    assert [zone(engine, i) for i in ("a", "b", "land")] == ["battlefield", "graveyard",
                                                            "battlefield"]
    assert any(e["type"] == "sacrificed" and e["object"] == "b"
               for e in engine.observe().events)


def test_the_controller_does_not_sacrifice_or_discard_for_each_opponent() -> None:
    engine = saga(1, {"hand": [obj("h2", "Forest")]}, {"hand": [obj("h1", "Island")]})
    assert zone(engine, "h1") == "hand" and zone(engine, "h2") == "graveyard"


def test_each_player_returns_the_land_cards_they_choose() -> None:
    setup = game({"battlefield": [obj("ft", "Fall of the Thran", counters={"lore": 1})],
                  "graveyard": [obj("l1", "Island"), obj("l2", "Forest"), obj("l3", "Plains"),
                                obj("bear", "Grizzly Bears")]},
                 {"graveyard": [obj("m1", "Mountain")]})
    engine = play(setup, [{"add_counters": {"object": "ft", "counter": "lore", "n": 1}},
                          RESOLVE, choose("cards", cards=["l1", "l3"])])
    assert [zone(engine, i) for i in ("l1", "l2", "l3", "bear", "m1")] == [
        "battlefield", "graveyard", "battlefield", "graveyard", "battlefield"]
    assert engine.objects["m1"].controller == "p2"


def test_combat_damage_to_a_player_makes_that_player_discard() -> None:
    setup = game({"battlefield": [obj("ca", "Chilling Apparition", attacking="p2")],
                  "hand": [obj("mine", "Island")]},
                 {"hand": [obj("theirs", "Forest")]}, step="declare_blockers")
    engine = play(setup, [{"advance": {"to": "combat_damage"}}, RESOLVE])
    assert zone(engine, "theirs") == "graveyard" and zone(engine, "mine") == "hand"


def test_colorless_spell_untaps_the_source() -> None:
    setup = game({"mana": "{1}{B}", "battlefield": [obj("nd", "Nettle Drone", tapped=True)],
                  "hand": [obj("drone", "Culling Drone")]})
    engine = play(setup, [cast("drone"), RESOLVE])
    assert engine.objects["nd"].tapped is False


def test_may_draw_then_discard() -> None:
    setup = game({"mana": "{1}{R}", "hand": [obj("jet", "Magma Jet"), obj("h1", "Island")],
                  "battlefield": [obj("sd", "Salvage Drone")],
                  "library": [obj("top", "Forest")]})
    killed = [cast("jet", targets=["sd"]), RESOLVE, choose("cards", cards=[])]
    engine = play(setup, [*killed, choose("may", accept=True), choose("cards", cards=["top"])])
    assert zone(engine, "sd") == "graveyard"
    assert zone(engine, "top") == "graveyard" and zone(engine, "h1") == "hand"
    engine = play(setup, [*killed, choose("may", accept=False)])
    assert zone(engine, "top") == "library" and zone(engine, "h1") == "hand"


@pytest.mark.parametrize(("words", "kind"), [
    ("creature with power 4 or greater", "perm:Creature:pow>=4"),
    ("creature an opponent controls with power 2 or less", "perm:Creature:opp:pow<=2"),
    ("tapped creature", "perm:Creature:tapped"),
    ("black creature", "perm:Creature:color=B"),
    ("colorless creature", "perm:Creature:colorless"),
    ("noncreature permanent", "perm:noncreature"),
    ("creature with defender", "perm:Creature:defender"),
    ("creature you control", "perm:Creature:you"),
    ("creature with the greatest power", "perm:Creature:greatest_power"),
    ("creature with a +1/+1 counter on it", None),
])
def test_target_filters(words: str, kind: str | None) -> None:
    from conformance.reference.target_kinds import parse_kind

    assert parse_kind(words) == kind


@pytest.mark.parametrize(("card", "mana", "legal", "illegal"), [
    ("Radiant's Judgment", "{2}{W}", "giant", "bear"),  # power 4 or greater
    ("Swat", "{1}{B}{B}", "bear", "giant"),  # power 2 or less
    ("Death Stroke", "{B}{B}", "tapped", "bear"),  # tapped creature
])
def test_filtered_targets_are_legal_only_when_they_fit(card: str, mana: str, legal: str,
                                                      illegal: str) -> None:
    setup = game({"mana": mana, "hand": [obj("s", card)]},
                 {"battlefield": [obj("bear", "Grizzly Bears"),
                                  obj("giant", "Craw Wurm"),
                                  obj("tapped", "Hill Giant", tapped=True)]})
    assert zone(play(setup, [cast("s", targets=[legal]), RESOLVE]), legal) == "graveyard"
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("s", targets=[illegal])])
    assert exc.value.kind == "illegal_action"


def tokens(engine: ReferenceEngine) -> list[Any]:
    return [o for o in engine.objects.values() if o.token is not None and o.zone == "battlefield"]


def test_half_life_token_is_x_x_and_deals_x_damage_to_you() -> None:
    setup = game({"life": 15, "battlefield": [obj("ct", "Chainer's Torment",
                                                   counters={"lore": 2})]})
    engine = play(setup, [{"add_counters": {"object": "ct", "counter": "lore", "n": 1}},
                          RESOLVE])
    made, = tokens(engine)
    assert made.token.power == made.token.toughness == 8  # half of 15, rounded up
    assert engine.observe().state["players"]["p1"]["life"] == 7
    assert zone(engine, "ct") == "graveyard"  # its final chapter resolved: sacrificed


def test_life_for_each_card_in_your_graveyard() -> None:
    setup = game({"mana": "{5}{W}{W}", "hand": [obj("at", "Ancestral Tribute")],
                  "graveyard": [obj("g1", "Island"), obj("g2", "Forest")]},
                 {"graveyard": [obj("g3", "Island")]})
    engine = play(setup, [cast("at"), RESOLVE])
    assert engine.observe().state["players"]["p1"]["life"] == 24


def test_thirteen_tapped_tokens() -> None:
    setup = game({"mana": "{5}{B}{B}{B}", "hand": [obj("ad", "Army of the Damned")]})
    made = tokens(play(setup, [cast("ad"), RESOLVE]))
    assert len(made) == 13 and all(t.tapped for t in made)


def test_more_tokens_when_cast_from_a_graveyard() -> None:
    hand = game({"mana": "{3}{W}{W}", "hand": [obj("id", "Increasing Devotion")]})
    assert len(tokens(play(hand, [cast("id"), RESOLVE]))) == 5
    grave = game({"mana": "{7}{W}{W}", "graveyard": [obj("id", "Increasing Devotion")]})
    engine = play(grave, [cast("id", **{"from": "graveyard"}), RESOLVE])
    assert len(tokens(engine)) == 10 and zone(engine, "id") == "exile"


def test_damage_to_each_creature_with_flying_and_each_player() -> None:
    setup = game({"mana": "{3}{G}", "hand": [obj("cw", "Claws of Wirewood")],
                  "battlefield": [obj("bear", "Grizzly Bears")]},
                 {"battlefield": [obj("flyer", "Wind Drake")]})
    engine = play(setup, [cast("cw"), RESOLVE])
    state = engine.observe().state
    assert zone(engine, "flyer") == "graveyard" and zone(engine, "bear") == "battlefield"
    assert state["players"]["p1"]["life"] == state["players"]["p2"]["life"] == 17


def test_x_damage_to_each_creature() -> None:
    setup = game({"mana": "{2}{R}{R}", "hand": [obj("ss", "Starstorm")],
                  "battlefield": [obj("bear", "Grizzly Bears"), obj("giant", "Hill Giant")]})
    engine = play(setup, [cast("ss", x=2), RESOLVE])
    assert zone(engine, "bear") == "graveyard" and zone(engine, "giant") == "battlefield"


def test_destroy_all_and_return_all() -> None:
    setup = game({"mana": "{5}{W}{W}{2}{U}", "hand": [obj("av", "Akroma's Vengeance"),
                                                      obj("rb", "Rebuild")],
                  "battlefield": [obj("bear", "Grizzly Bears"), obj("orn", "Ornithopter"),
                                  obj("land", "Forest")]})
    engine = play(setup, [cast("rb"), RESOLVE])
    assert zone(engine, "orn") == "hand" and zone(engine, "bear") == "battlefield"
    engine = play(setup, [cast("av"), RESOLVE])
    assert [zone(engine, i) for i in ("bear", "orn", "land")] == [
        "graveyard", "graveyard", "battlefield"]


def test_player_or_planeswalker_target_is_not_a_creature() -> None:
    setup = game({"mana": "{1}{R}", "hand": [obj("fj", "Flame Jet")]},
                 {"battlefield": [obj("bear", "Grizzly Bears")]})
    engine = play(setup, [cast("fj", targets=["p2"]), RESOLVE])
    assert engine.observe().state["players"]["p2"]["life"] == 17
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("fj", targets=["bear"])])
    assert exc.value.kind == "illegal_action"


def test_enchant_creature_you_control() -> None:
    setup = game({"mana": "{W}", "hand": [obj("cs", "Cartouche of Solidarity")],
                  "battlefield": [obj("mine", "Grizzly Bears")]},
                 {"battlefield": [obj("theirs", "Grizzly Bears")]})
    engine = play(setup, [cast("cs", targets=["mine"]), RESOLVE])
    assert engine.observe().state["objects"]["mine"]["power"] == 3
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("cs", targets=["theirs"])])
    assert exc.value.kind == "illegal_action"
    # attached to a creature its controller does not control: put into the graveyard (704.5m)
    stray = game({"mana": "{U}", "hand": [obj("opt", "Opt")], "library": [obj("l1", "Island")],
                  "battlefield": [obj("cs", "Cartouche of Solidarity", attached_to="theirs")]},
                 {"battlefield": [obj("theirs", "Grizzly Bears")]})
    engine = play(stray, [cast("opt"), RESOLVE, choose("cards", cards=[])])
    assert zone(engine, "cs") == "graveyard"


def test_treasure_token_is_a_noncreature_artifact_sacrificed_for_any_color() -> None:
    setup = game({"mana": "{R}", "hand": [obj("sr", "Strike It Rich")]})
    engine = play(setup, [cast("sr"), RESOLVE])
    treasure, = tokens(engine)
    seen = engine.observe().state["objects"][treasure.id]
    assert seen["types"] == ["Artifact"] and seen["power"] is None and seen["colors"] == []
    engine.act({"activate": {"player": "p1", "object": treasure.id, "ability": 0}})
    assert treasure.id not in engine.battlefield
    assert any(e["type"] == "sacrificed" and e["object"] == treasure.id
               for e in engine.observe().events)


def test_investigate_creates_a_clue_that_draws_a_card() -> None:
    setup = game({"mana": "{1}{U}{2}", "hand": [obj("js", "Jace's Scrutiny")],
                  "battlefield": [obj("bear", "Grizzly Bears")],
                  "library": [obj("l1", "Island")]})
    engine = play(setup, [cast("js", targets=["bear"]), RESOLVE])
    clue, = tokens(engine)
    assert clue.token.subtypes == ("Clue",)
    engine.act({"activate": {"player": "p1", "object": clue.id, "ability": 0}})
    engine.act(RESOLVE)
    assert zone(engine, "l1") == "hand" and clue.id not in engine.battlefield


def eruption(lore: int, battlefield: list[dict[str, Any]],
             hand: list[dict[str, Any]] | None = None) -> ReferenceEngine:
    setup = game({"battlefield": [obj("fe", "The First Eruption", counters={"lore": lore}),
                                  *battlefield], "hand": hand or []})
    return play(setup, [{"add_counters": {"object": "fe", "counter": "lore", "n": 1}},
                        RESOLVE])


def test_a_chapter_adds_mana_that_pays_for_a_spell() -> None:
    engine = eruption(1, [obj("bear", "Grizzly Bears")], [obj("jet", "Magma Jet")])
    engine.act(cast("jet", targets=["bear"]))  # {1}{R} paid with the chapter's {R}{R}
    engine.act(RESOLVE)
    assert zone(engine, "bear") == "graveyard"


def test_sacrifice_a_mountain_if_you_do() -> None:
    engine = eruption(2, [obj("m", "Mountain"), obj("giant", "Hill Giant")])
    assert zone(engine, "m") == "graveyard" and zone(engine, "giant") == "graveyard"
    engine = eruption(2, [obj("f", "Forest"), obj("giant", "Hill Giant")])
    assert zone(engine, "f") == "battlefield" and zone(engine, "giant") == "battlefield"


BEARS = {"battlefield": [obj("bear", "Grizzly Bears")], "library": [obj("l2", "Island")]}


def test_its_controller_gets_a_token_after_the_target_is_destroyed() -> None:
    setup = game({"mana": "{U}", "hand": [obj("pg", "Pongify")]}, BEARS)
    engine = play(setup, [cast("pg", targets=["bear"]), RESOLVE])
    ape, = tokens(engine)
    assert zone(engine, "bear") == "graveyard"
    assert ape.controller == "p2" and ape.token.power == 3


@pytest.mark.parametrize(("card", "mana", "p1_life", "p2_life", "p2_hand"), [
    ("Sip of Hemlock", "{4}{B}{B}", 20, 18, 0),
    ("Path of Peace", "{3}{W}", 20, 24, 0),
    ("Call to Heel", "{1}{U}", 20, 20, 2),  # the bear back and the card drawn
    ("Blur of Blades", "{1}{R}", 20, 18, 0),
    ("Ulcerate", "{B}", 17, 20, 0),
])
def test_what_the_targets_controller_or_owner_or_you_get(card: str, mana: str, p1_life: int,
                                                         p2_life: int, p2_hand: int) -> None:
    setup = game({"mana": mana, "hand": [obj("s", card)]}, BEARS)
    engine = play(setup, [cast("s", targets=["bear"]), RESOLVE])
    players = engine.observe().state["players"]
    assert (players["p1"]["life"], players["p2"]["life"]) == (p1_life, p2_life)
    assert len(engine.zones[("p2", "hand")]) == p2_hand


def test_no_player_effect_when_the_target_became_illegal() -> None:
    setup = game({"mana": "{4}{B}{B}{1}{U}", "hand": [obj("s", "Sip of Hemlock"),
                                                      obj("heel", "Call to Heel")]}, BEARS)
    engine = play(setup, [cast("s", targets=["bear"]), cast("heel", targets=["bear"]),
                          RESOLVE])
    assert engine.observe().state["players"]["p2"]["life"] == 20  # Sip fizzled (608.2b)


def test_tap_target_creature_an_opponent_controls() -> None:
    setup = game({"mana": "{W}", "hand": [obj("ga", "Glaring Aegis")],
                  "battlefield": [obj("mine", "Grizzly Bears")]}, BEARS)
    engine = play(setup, [cast("ga", targets=["mine"]), RESOLVE,
                          choose("targets", targets=["bear"])])
    assert engine.objects["bear"].tapped


@pytest.mark.parametrize(("words", "kind"), [
    ("creature card from a graveyard", "gy:Creature"),
    ("card from your graveyard", "gy:any:you"),
    ("card from an opponent's graveyard", "gy:any:opp"),
])
def test_graveyard_card_filters(words: str, kind: str) -> None:
    from conformance.reference.target_kinds import parse_kind

    assert parse_kind(words) == kind


def test_return_target_card_from_your_graveyard_only() -> None:
    setup = game({"mana": "{1}{G}", "hand": [obj("rg", "Regrowth")],
                  "graveyard": [obj("mine", "Island")]},
                 {"graveyard": [obj("theirs", "Forest")]})
    assert zone(play(setup, [cast("rg", targets=["mine"]), RESOLVE]), "mine") == "hand"
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("rg", targets=["theirs"])])
    assert exc.value.kind == "illegal_action"
