"""Templates of :mod:`conformance.reference.oracle_halves` (issue 14: the split, aftermath and
Saga cards of the pool), each on a real card played by the reference engine."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine, card_names
from conformance.reference.effects_halves import assigned


def objects(e: ReferenceEngine) -> dict[str, Any]:
    return e.observe().state["objects"]


def test_the_cards_are_built() -> None:
    assert {"Battle of Frost and Fire", "Catch // Release", "Commit // Memory",
            "Rags // Riches", "Reason // Believe", "Breaking // Entering"} <= card_names()


# --- "deals N damage to each non-<Subtype> creature and each planeswalker" ---------------------


def test_battle_of_frost_and_fire_spares_giants() -> None:
    e = engine({"mana": "{4}{U}{R}", "hand": [obj("bff", "Battle of Frost and Fire")],
                "battlefield": [obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears")]},
               {"battlefield": [obj("wall", "Living Wall")]})
    e.act(cast("bff"))
    e.act(RESOLVE)  # the Saga, then its chapter I
    objects = e.observe().state["objects"]
    assert objects["bff"]["counters"] == {"lore": 1}
    assert objects["giant"]["zone"] == "battlefield" and objects["giant"]["damage"] == 0
    assert objects["bears"]["zone"] == "graveyard"
    assert objects["wall"]["damage"] == 4  # a 0/6: dealt 4, still there


# --- "Each player sacrifices an artifact, a creature, an enchantment, a land, and a ..." -------


def test_assigned_counts_each_permanent_for_one_type_only() -> None:
    art_creature = frozenset({"Artifact", "Creature"})
    types = ("Artifact", "Creature", "Land")
    assert assigned([art_creature], types) == 1
    assert assigned([art_creature, frozenset({"Creature"})], types) == 2
    assert assigned([frozenset({"Creature"}), frozenset({"Creature"})], types) == 1


def release(p1_battlefield: list[dict[str, str]]) -> object:
    e = engine({"mana": "{R}{W}{4}", "hand": [obj("cr", "Catch // Release")],
                "battlefield": p1_battlefield},
               {"battlefield": [obj("o1", "Grizzly Bears"), obj("o2", "Grizzly Bears"),
                                obj("oland", "Mountain")]})
    e.act(cast("cr", half="Release"))
    e.act(RESOLVE)
    return e


def test_release_takes_the_artifact_creature_as_the_artifact_when_it_must() -> None:
    """The Release ruling: an artifact creature and a nonartifact creature both go."""
    e = release([obj("golem", "Obsianus Golem"), obj("bears", "Grizzly Bears"),
                  obj("land", "Mountain")])
    # p1 needs no choice: the three can stand for artifact, creature and land
    assert e._pending is not None and e._pending[1].detail["player"] == "p2"
    with pytest.raises(EngineReportedError, match="one permanent for each"):
        e.act({"choose": {"choice": "cards", "cards": ["o1", "o2"]}})  # two creatures


def test_release_sacrifices_one_of_each_type_at_once() -> None:
    e = release([obj("golem", "Obsianus Golem"), obj("bears", "Grizzly Bears"),
                 obj("land", "Mountain")])
    e.act({"choose": {"choice": "cards", "cards": ["o2", "oland"]}})
    objects = e.observe().state["objects"]
    assert {k for k, v in objects.items() if v["zone"] == "graveyard"} >= \
        {"golem", "bears", "land", "o2", "oland"}
    assert objects["o1"]["zone"] == "battlefield"


# --- "Put target spell or nonland permanent into its owner's library second from the top" -------


def test_commit_puts_a_permanent_second_from_the_top() -> None:
    e = engine({"mana": "{3}{U}", "hand": [obj("cm", "Commit // Memory")]},
               {"battlefield": [obj("bears", "Grizzly Bears")],
                "library": [obj("l1", "Island"), obj("l2", "Island")]})
    e.act(cast("cm", "bears", half="Commit"))
    e.act(RESOLVE)
    assert e.zones[("p2", "library")] == ["l1", "bears", "l2"]


def test_commit_removes_a_spell_from_the_stack_even_one_that_cant_be_countered() -> None:
    e = engine({"mana": "{3}{U}{R}", "hand": [obj("cm", "Commit // Memory"),
                                             obj("sh", "Shock")],
                "library": []})
    e.act(cast("sh", "p2"))
    e.act(cast("cm", "sh", half="Commit"))
    e.act(RESOLVE)
    state = e.observe().state
    assert state["objects"]["sh"]["zone"] == "library"  # the only card of an empty library
    assert state["players"]["p2"]["life"] == 20
    assert "countered" not in [ev.get("type") for ev in e.observe().events]


def test_commit_cannot_target_a_land() -> None:
    e = engine({"mana": "{3}{U}", "hand": [obj("cm", "Commit // Memory")]},
               {"battlefield": [obj("land", "Mountain")]})
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("cm", "land", half="Commit"))


# --- "Each opponent chooses a creature they control. You gain control of those creatures." ------


def test_riches_gains_control_of_the_creature_the_opponent_chooses() -> None:
    e = engine({"mana": "{5}{U}{U}", "graveyard": [obj("rr", "Rags // Riches")]},
               {"battlefield": [obj("a", "Grizzly Bears"), obj("b", "Hill Giant")]})
    e.act(cast("rr", half="Riches"))
    e.act(RESOLVE)
    assert e._pending is not None and e._pending[1].detail["player"] == "p2"
    e.act({"choose": {"choice": "cards", "cards": ["a"]}})
    objects = e.observe().state["objects"]
    assert objects["a"]["controller"] == "p1" and objects["b"]["controller"] == "p2"
    assert objects["rr"]["zone"] == "exile"  # aftermath, cast from the graveyard


# --- "Look at the top card ... You may put it onto the battlefield if it's a creature card." -----


@pytest.mark.parametrize(("accept", "zone"), [(True, "battlefield"), (False, "hand")])
def test_believe_puts_a_creature_onto_the_battlefield_or_into_the_hand(accept: bool,
                                                                     zone: str) -> None:
    e = engine({"mana": "{4}{G}", "graveyard": [obj("rb", "Reason // Believe")],
                "library": [obj("top", "Grizzly Bears"), obj("l2", "Island")]})
    e.act(cast("rb", half="Believe"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "may", "accept": accept}})
    assert e.observe().state["objects"]["top"]["zone"] == zone


def test_believe_puts_a_noncreature_card_into_the_hand_without_a_choice() -> None:
    e = engine({"mana": "{4}{G}", "graveyard": [obj("rb", "Reason // Believe")],
                "library": [obj("top", "Island")]})
    e.act(cast("rb", half="Believe"))
    e.act(RESOLVE)
    assert e._pending is None
    assert e.observe().state["objects"]["top"]["zone"] == "hand"


# --- "Put a creature card from a graveyard onto the battlefield under your control. It gains" ---


def test_entering_takes_a_creature_card_from_any_graveyard_with_haste() -> None:
    e = engine({"mana": "{4}{B}{R}", "hand": [obj("be", "Breaking // Entering")],
                "graveyard": [obj("mine", "Grizzly Bears"), obj("isl", "Island")]},
               {"graveyard": [obj("theirs", "Hill Giant")]})
    e.act(cast("be", half="Entering"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "cards", "cards": ["theirs"]}})
    giant = e.observe().state["objects"]["theirs"]
    assert giant["zone"] == "battlefield" and giant["controller"] == "p1"
    assert "haste" in giant["keywords"] and giant["owner"] == "p2"


# --- "Until end of turn, creatures you control gain <keyword> and "<triggered ability>"" --------


def driven(half: str, zone: str, mana: str) -> ReferenceEngine:
    e = engine({"mana": mana, zone: [obj("dd", "Driven // Despair")],
                "battlefield": [obj("bears", "Grizzly Bears")],
                "library": [obj("l1", "Island")]},
               {"hand": [obj("h1", "Island")], "library": [obj("l2", "Island")]})
    e.act(cast("dd", half=half))
    e.act(RESOLVE)
    return e


def attack(e: ReferenceEngine) -> None:
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"bears": "p2"}}})
    e.act({"advance": {"to": "combat_damage"}})
    e.act(RESOLVE)  # the trigger of the granted ability


def test_driven_grants_trample_and_a_draw_on_combat_damage() -> None:
    e = driven("Driven", "hand", "{1}{G}")
    assert "trample" in e.observe().state["objects"]["bears"]["keywords"]
    attack(e)
    objects = e.observe().state["objects"]
    assert objects["l1"]["zone"] == "hand" and objects["h1"]["zone"] == "hand"
    assert e.observe().state["players"]["p2"]["life"] == 18


def test_despair_makes_the_damaged_player_discard() -> None:
    e = driven("Despair", "graveyard", "{3}{B}")
    assert "menace" in e.observe().state["objects"]["bears"]["keywords"]
    attack(e)
    objects = e.observe().state["objects"]
    assert objects["h1"]["zone"] == "graveyard" and objects["l1"]["zone"] == "library"


def test_the_granted_ability_ends_with_the_turn() -> None:
    e = driven("Driven", "hand", "{1}{G}")
    text = e.abilities(e.objects["bears"])
    assert text is not None and text.triggered[0].event == "combat_damage_player"
    e.act({"advance": {"to": "cleanup"}})
    text = e.abilities(e.objects["bears"])
    assert text is not None and text.triggered == ()


# --- a token "with <keywords>, and "At the beginning of your upkeep, sacrifice another ..."" ----


@pytest.mark.parametrize(("others", "life"), [(1, 20), (0, 14)])
def test_rite_of_belzenloks_demon_eats_another_creature_or_deals_6(others: int,
                                                                  life: int) -> None:
    e = engine({"battlefield": [obj("rite", "Rite of Belzenlok", counters={"lore": 2}),
                                *[obj("bears", "Grizzly Bears")][:others]],
                "library": [obj(f"l{i}", "Island") for i in range(3)]},
               {"library": [obj(f"m{i}", "Island") for i in range(3)]})
    e.act({"add_counters": {"object": "rite", "counter": "lore", "n": 1}})
    e.act(RESOLVE)  # chapter III: the Demon
    objects = e.observe().state["objects"]
    demon = next(k for k, v in objects.items() if v["token"])
    assert objects[demon]["power"] == 6 and set(objects[demon]["keywords"]) == \
        {"flying", "trample"}
    for _ in range(2):  # p2's turn, then p1's upkeep
        e.act({"advance": {"to": "upkeep", "next_turn": True}})
    e.act(RESOLVE)
    state = e.observe().state
    assert state["players"]["p1"]["life"] == life
    assert state["objects"][demon]["zone"] == "battlefield"
    if others:
        assert state["objects"]["bears"]["zone"] == "graveyard"


# --- "Return any number of target permanents you own to your hand." / "Discard any number" -----


def test_leave_returns_only_permanents_you_own() -> None:
    e = engine({"mana": "{1}{W}{U}", "hand": [obj("lc", "Leave // Chance")],
                "battlefield": [obj("a", "Grizzly Bears"), obj("b", "Mountain")]},
               {"battlefield": [obj("c", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("lc", "a", "c", half="Leave"))
    e.act(cast("lc", "a", "b", half="Leave"))
    e.act(RESOLVE)
    objects = e.observe().state["objects"]
    assert objects["a"]["zone"] == objects["b"]["zone"] == "hand"


def test_chance_draws_as_many_cards_as_were_discarded() -> None:
    e = engine({"mana": "{3}{R}", "graveyard": [obj("lc", "Leave // Chance")],
                "hand": [obj("h1", "Island"), obj("h2", "Island"), obj("h3", "Island")],
                "library": [obj(f"l{i}", "Mountain") for i in range(4)]})
    e.act(cast("lc", half="Chance"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "cards", "cards": ["h1", "h3"]}})
    objects = e.observe().state["objects"]
    assert [objects[c]["zone"] for c in ("h1", "h2", "h3")] == ["graveyard", "hand", "graveyard"]
    assert [objects[f"l{i}"]["zone"] for i in range(4)] == ["hand", "hand", "library", "library"]


# --- "Up to three target lands don't untap during their controller's next untap step." ---------


def test_rubble_keeps_the_lands_tapped_through_their_controllers_next_untap_step_only() -> None:
    e = engine({"mana": "{2}{R}", "graveyard": [obj("rr", "Reduce // Rubble")]},
               {"battlefield": [obj("m1", "Mountain", tapped=True),
                                obj("m2", "Mountain", tapped=True)]})
    e.act(cast("rr", "m1", half="Rubble"))
    e.act(RESOLVE)
    e.act({"advance": {"to": "upkeep", "next_turn": True}})  # p2's untap step
    objects = e.observe().state["objects"]
    assert objects["m1"]["tapped"] and not objects["m2"]["tapped"]
    for _ in range(2):  # p1's turn, then p2's next untap step: it untaps
        e.act({"advance": {"to": "upkeep", "next_turn": True}})
    assert not e.observe().state["objects"]["m1"]["tapped"]


# --- "Until end of turn, target creature loses all abilities and becomes a red Weird ..." -------


def test_turn_makes_a_red_weird_0_1_without_abilities_keeping_pump_effects() -> None:
    e = engine({"mana": "{2}{U}{G}", "hand": [obj("tb", "Turn // Burn"),
                                             obj("gg", "Giant Growth")]},
               {"battlefield": [obj("wall", "Living Wall")]})
    e.act(cast("gg", "wall"))
    e.act(RESOLVE)
    e.act(cast("tb", "wall", half="Turn"))
    e.act(RESOLVE)
    wall = e.observe().state["objects"]["wall"]
    assert (wall["power"], wall["toughness"]) == (3, 4)  # 0/1 base, +3/+3 still applies
    assert wall["colors"] == ["R"] and wall["subtypes"] == ["Weird"]
    assert wall["types"] == ["Artifact", "Creature"] and wall["keywords"] == []
    assert e.abilities(e.objects["wall"]) is None
    e.act({"advance": {"to": "cleanup"}})
    wall = e.observe().state["objects"]["wall"]
    assert (wall["power"], wall["toughness"]) == (0, 6) and wall["subtypes"] == ["Wall"]


# --- "Whenever a creature enters the battlefield this turn, you may draw a card." ---------------


def test_beck_draws_for_each_creature_entering_this_turn_only() -> None:
    e = engine({"mana": "{G}{U}{1}{G}{4}{W}{U}",
                "hand": [obj("bc", "Beck // Call"), obj("bears", "Grizzly Bears")],
                "library": [obj(f"l{i}", "Island") for i in range(3)]},
               {"library": [obj(f"m{i}", "Island") for i in range(3)]})
    e.act(cast("bc", half="Beck"))
    e.act(RESOLVE)
    e.act(cast("bears"))
    e.act(RESOLVE)  # the Bears, then the delayed trigger
    e.act({"choose": {"choice": "may", "accept": True}})
    assert e.observe().state["objects"]["l0"]["zone"] == "hand"
    e.act({"advance": {"to": "upkeep", "next_turn": True}})
    assert e._live_turn_triggers("enters") == []  # "this turn" is over


def test_fused_beck_call_draws_for_each_of_the_four_birds() -> None:
    e = engine({"mana": "{G}{U}{4}{W}{U}", "hand": [obj("bc", "Beck // Call")],
                "library": [obj(f"l{i}", "Island") for i in range(5)]})
    e.act(cast("bc", fuse=True))
    e.act(RESOLVE)  # Beck, then Call (left half first): four Birds, four triggers
    e.act({"choose": {"choice": "trigger_order", "order": ["bc"] * 4}})
    for _ in range(4):
        e.act({"choose": {"choice": "may", "accept": True}})
    objects = e.observe().state["objects"]
    assert [objects[f"l{i}"]["zone"] for i in range(5)] == ["hand"] * 4 + ["library"]


# --- "... gets +X/+X, where X is the number of creatures you control" / "Tap up to two target" --


def test_appeal_counts_the_creatures_you_control_as_it_resolves() -> None:
    e = engine({"mana": "{G}", "hand": [obj("aa", "Appeal // Authority")],
                "battlefield": [obj("a", "Grizzly Bears"), obj("b", "Grizzly Bears")]},
               {"battlefield": [obj("c", "Grizzly Bears")]})
    e.act(cast("aa", "a", half="Appeal"))
    e.act(RESOLVE)
    bears = e.observe().state["objects"]["a"]
    assert (bears["power"], bears["toughness"]) == (4, 4) and "trample" in bears["keywords"]


def test_authority_taps_only_creatures_your_opponents_control() -> None:
    e = engine({"mana": "{1}{W}", "graveyard": [obj("aa", "Appeal // Authority")],
                "battlefield": [obj("a", "Grizzly Bears")]},
               {"battlefield": [obj("c", "Grizzly Bears"), obj("d", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("aa", "a", half="Authority"))
    e.act(cast("aa", "c", "d", half="Authority"))
    e.act(RESOLVE)
    objects = e.observe().state["objects"]
    assert objects["c"]["tapped"] and objects["d"]["tapped"]
    assert "vigilance" in objects["a"]["keywords"] and not objects["a"]["tapped"]


# --- "Put a -1/-1 counter on each of up to two target creatures." / "Exile any number of ..." ---


def test_grind_then_dust_exiles_only_creatures_with_a_counter() -> None:
    e = engine({"mana": "{1}{B}{3}{W}", "hand": [obj("gd", "Grind // Dust")],
                "battlefield": [obj("wall", "Living Wall")]},
               {"battlefield": [obj("giant", "Hill Giant"), obj("c", "Grizzly Bears")]})
    e.act(cast("gd", "wall", "giant", half="Grind"))
    e.act(RESOLVE)
    objects = e.observe().state["objects"]
    assert objects["wall"]["counters"] == {"-1/-1": 1} and objects["giant"]["toughness"] == 2
    with pytest.raises(EngineReportedError, match="not a legal target"):
        e.act(cast("gd", "c", half="Dust"))  # no -1/-1 counter on it
    e.act(cast("gd", "giant", half="Dust"))  # now in the graveyard: aftermath
    e.act(RESOLVE)
    objects = e.observe().state["objects"]
    assert objects["giant"]["zone"] == "exile" and objects["wall"]["zone"] == "battlefield"


# --- "Until end of turn, Angels you control gain "{T}: Destroy target creature with power less --
# --- than this creature's power."" ---------------------------------------------------------


def firja() -> ReferenceEngine:
    e = engine({"battlefield": [obj("fr", "Firja's Retribution", counters={"lore": 1}),
                                obj("angel", "Serra Angel"), obj("bears", "Grizzly Bears")]},
               {"battlefield": [obj("wurm", "Craw Wurm"), obj("giant", "Hill Giant"),
                                obj("shivan", "Shivan Dragon")]})
    e.act({"add_counters": {"object": "fr", "counter": "lore", "n": 1}})
    e.act(RESOLVE)  # chapter II
    return e


def test_firjas_angels_destroy_a_creature_with_less_power_than_their_own() -> None:
    e = firja()
    with pytest.raises(EngineReportedError, match="not a legal target"):  # 6 is not less than 4
        e.act({"activate": {"player": "p1", "object": "angel", "ability": 0,
                            "targets": ["wurm"]}})
    e.act({"activate": {"player": "p1", "object": "angel", "ability": 0, "targets": ["giant"]}})
    e.act(RESOLVE)
    objects = e.observe().state["objects"]
    assert objects["giant"]["zone"] == "graveyard" and objects["angel"]["tapped"]


def test_firjas_ability_goes_to_angels_only_and_ends_with_the_turn() -> None:
    e = firja()
    with pytest.raises(EngineReportedError, match="no activated ability"):
        e.act({"activate": {"player": "p1", "object": "bears", "ability": 0,
                            "targets": ["giant"]}})
    e.act({"advance": {"to": "cleanup"}})
    text = e.abilities(e.objects["angel"])
    assert text is not None and text.activated == ()


# --- "Choose a creature you control. Until your next turn, all damage that would be dealt to ---
# --- creatures you control is dealt to that creature instead." -------------------------------


def test_ascent_redirects_damage_to_your_creatures_until_your_next_turn() -> None:
    e = engine({"mana": "{1}{W}{B}", "hand": [obj("aw", "Ascent of the Worthy")],
                "battlefield": [obj("wall", "Living Wall"), obj("bears", "Grizzly Bears")]},
               {"hand": [obj("sh", "Shock")], "battlefield": [obj("giant", "Hill Giant")]})
    e.act(cast("aw"))
    e.act(RESOLVE)  # the Saga, then chapter I
    e.act({"choose": {"choice": "cards", "cards": ["wall"]}})
    e.act({"advance": {"to": "declare_attackers", "next_turn": True}})  # p2's turn
    e.act({"declare_attackers": {"player": "p2", "attackers": {"giant": "p1"}}})
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p1", "blocks": {"bears": "giant"}}})
    e.act({"advance": {"to": "end_of_combat"}})
    o = objects(e)
    assert o["bears"]["zone"] == "battlefield" and o["bears"]["damage"] == 0
    assert o["wall"]["damage"] == 3 and o["giant"]["damage"] == 2
    e.act({"advance": {"to": "upkeep", "next_turn": True}})  # p1's next turn: it ends
    bears = e.objects["bears"].ref
    assert e._redirected(bears) == bears


def test_ascent_chapter_iii_returns_a_flying_angel_warrior() -> None:
    e = engine({"battlefield": [obj("aw", "Ascent of the Worthy", counters={"lore": 2})],
                "graveyard": [obj("bears", "Grizzly Bears")]})
    e.act({"add_counters": {"object": "aw", "counter": "lore", "n": 1}})
    e.act({"choose": {"choice": "targets", "targets": ["bears"]}})
    e.act(RESOLVE)
    bears = objects(e)["bears"]
    assert bears["zone"] == "battlefield" and bears["counters"] == {"flying": 1}
    assert "flying" in bears["keywords"]
    assert bears["subtypes"] == ["Bear", "Angel", "Warrior"]
    e.act({"advance": {"to": "upkeep", "next_turn": True}})  # the types last
    assert objects(e)["bears"]["subtypes"] == ["Bear", "Angel", "Warrior"]
