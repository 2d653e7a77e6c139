"""The templates of ``conformance.reference.oracle_more`` (issue #14: split, aftermath, Saga
and copy cards of the shipped pool built from their text): target filters, mass effects,
graveyards and libraries, each played on the reference engine."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine, card_names
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle import parse_face
from conformance.reference.target_kinds import parse_kind


def game(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"active_player": "p1", "step": "precombat_main", "turn": 3,
            "players": {"p1": p1, "p2": p2 or {}}}


def obj(i: str, card: str) -> dict[str, Any]:
    return {"id": i, "card": card}


def cast(o: str, **kw: Any) -> dict[str, Any]:
    return {"cast": {"player": "p1", "object": o, **kw}}


RESOLVE = {"resolve_stack": {}}


def play(setup: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    engine = ReferenceEngine()
    engine.setup("unit", setup)
    for a in actions:
        engine.act(a)
    return engine.observe().state


def zones(state: dict[str, Any]) -> dict[str, str]:
    return {k: v["zone"] for k, v in state["objects"].items()}


def test_the_new_split_and_aftermath_cards_are_built() -> None:
    assert {"Dead // Gone", "Rough // Tumble", "Heaven // Earth", "Warrant // Warden",
            "Never // Return", "Dusk // Dawn", "Cut // Ribbons", "Claim // Fame",
            "Expansion // Explosion", "Status // Statue", "Boom // Bust"} <= card_names()


@pytest.mark.parametrize(("words", "kind"), [
    ("creature you don't control", "perm:Creature:opp"),
    ("creature an opponent controls", "perm:Creature:opp"),
    ("artifact, creature, or enchantment", "perm:Artifact|Creature|Enchantment"),
    ("attacking creature with flying", "perm:Creature:attacking:flying"),
    ("nonland permanent", "perm:nonland"),
    ("noncreature spell", "spell:noncreature"),
    ("instant or sorcery spell with mana value 4 or less", "spell:Instant|Sorcery:mv<=4"),
    ("instant or sorcery card from your graveyard", "gy:Instant|Sorcery:you"),
    ("creature card with mana value 2 or less from your graveyard", "gy:Creature:you:mv<=2"),
    ("player or planeswalker", "player_or_planeswalker"),
    ("creature with power 2 or less", "perm:Creature:pow<=2"),
    ("creature with a +1/+1 counter on it", None),
])
def test_target_words_are_read_as_filters_or_refused(words: str, kind: str | None) -> None:
    assert parse_kind(words) == kind


def test_words_no_filter_reads_refuse_the_card() -> None:
    with pytest.raises(OracleTemplateError, match="target not understood"):
        parse_face("Destroy target creature with a +1/+1 counter on it.", ("X",))


def test_gone_targets_only_a_creature_you_do_not_control() -> None:
    setup = game({"mana": "{2}{R}", "hand": [obj("g", "Dead // Gone")],
                  "battlefield": [obj("mine", "Grizzly Bears")]},
                 {"battlefield": [obj("theirs", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError) as exc:
        play(setup, [cast("g", half="Gone", targets=["mine"])])
    assert exc.value.kind == "illegal_action"
    state = play(setup, [cast("g", half="Gone", targets=["theirs"]), RESOLVE])
    assert zones(state)["theirs"] == "hand" and zones(state)["mine"] == "battlefield"


def test_rough_and_tumble_split_the_board_by_flying() -> None:
    setup = game({"mana": "{1}{R}", "hand": [obj("r", "Rough // Tumble")]},
                 {"battlefield": [obj("bears", "Grizzly Bears"), obj("drake", "Wind Drake")]})
    state = play(setup, [cast("r", half="Rough"), RESOLVE])
    assert zones(state)["bears"] == "graveyard" and zones(state)["drake"] == "battlefield"


def test_earth_deals_x_damage_from_the_graveyard() -> None:
    setup = game({"mana": "{2}{R}{R}", "graveyard": [obj("e", "Heaven // Earth")]},
                 {"battlefield": [obj("bears", "Grizzly Bears"), obj("drake", "Wind Drake")]})
    state = play(setup, [cast("e", half="Earth", x=2), RESOLVE])
    assert zones(state) == {"e": "exile", "bears": "graveyard", "drake": "battlefield"}


def test_dusk_destroys_the_big_creatures_and_dawn_returns_the_small_ones() -> None:
    setup = game({"mana": "{2}{W}{W}", "hand": [obj("d", "Dusk // Dawn")],
                  "battlefield": [obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears")]})
    state = play(setup, [cast("d", half="Dusk"), RESOLVE])
    assert zones(state)["giant"] == "graveyard" and zones(state)["bears"] == "battlefield"
    setup = game({"mana": "{3}{W}{W}", "graveyard": [
        obj("d", "Dusk // Dawn"), obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears")]})
    state = play(setup, [cast("d", half="Dawn"), RESOLVE])
    assert zones(state) == {"d": "exile", "giant": "graveyard", "bears": "hand"}


def test_thought_scour_mills_the_target_player_then_draws() -> None:
    lib = [obj(f"l{i}", "Island") for i in range(3)]
    state = play(game({"mana": "{U}", "hand": [obj("t", "Thought Scour")], "library": lib}),
                 [cast("t", targets=["p1"]), RESOLVE])
    assert [zones(state)[f"l{i}"] for i in range(3)] == ["graveyard", "graveyard", "hand"]


def test_warden_creates_a_flying_vigilant_sphinx() -> None:
    state = play(game({"mana": "{3}{W}{U}", "hand": [obj("w", "Warrant // Warden")]}),
                 [cast("w", half="Warden"), RESOLVE])
    tokens = [o for o in state["objects"].values() if o.get("name") == "Sphinx Token"]
    assert len(tokens) == 1
    assert {"flying", "vigilance"} <= set(tokens[0]["keywords"])


def test_ribbons_makes_each_opponent_lose_x_life() -> None:
    state = play(game({"mana": "{3}{B}{B}", "graveyard": [obj("c", "Cut // Ribbons")]}),
                 [cast("c", half="Ribbons", x=3), RESOLVE])
    assert state["players"]["p2"]["life"] == 17 and state["players"]["p1"]["life"] == 20


def test_it_cant_be_regenerated_ignores_a_regeneration_shield() -> None:
    """Spite // Malice: "Destroy target nonblack creature. It can't be regenerated." (701.15c);
    Drudge Skeletons ({B}: Regenerate) is black, so Malice's target is a nonblack regenerator."""
    setup = game({"mana": "{3}{B}{G}", "hand": [obj("m", "Spite // Malice")]},
                 {"battlefield": [obj("bears", "Grizzly Bears")]})
    state = play(setup, [cast("m", half="Malice", targets=["bears"]), RESOLVE])
    assert zones(state)["bears"] == "graveyard"
    with pytest.raises(EngineReportedError):  # nonblack only
        play(game({"mana": "{3}{B}", "hand": [obj("m", "Spite // Malice")]},
                  {"battlefield": [obj("sk", "Drudge Skeletons")]}),
             [cast("m", half="Malice", targets=["sk"])])


def test_narsets_reversal_copies_then_returns_the_original_to_its_owners_hand() -> None:
    setup = game({"mana": "{U}{U}", "hand": [obj("n", "Narset's Reversal")]},
                 {"mana": "{R}", "hand": [obj("bolt", "Lightning Bolt")]})
    setup["active_player"] = "p2"
    state = play(setup, [cast("bolt", player="p2", targets=["p1"]),
                         {"pass_priority": {"player": "p2"}},
                         cast("n", targets=["bolt"]),
                         {"resolve_top": {}},
                         {"choose": {"choice": "new_targets", "targets": ["p2"]}},
                         RESOLVE])
    assert zones(state)["bolt"] == "hand"
    assert state["players"]["p2"]["life"] == 17 and state["players"]["p1"]["life"] == 20


def test_the_mirari_conjecture_copies_every_instant_or_sorcery_that_turn() -> None:
    """Chapter III: "Until end of turn, whenever you cast an instant or sorcery spell, copy
    it" triggers for each spell that turn, not only the next (rule 603.7c)."""
    from conformance.reference.cards import load_cards
    from conformance.reference.effect_blocks import CreateDelayedCopyTrigger

    chapters = load_cards()["The Mirari Conjecture"].faces[0].text.chapters
    assert [c.chapters for c in chapters] == [(1,), (2,), (3,)]
    assert chapters[2].effects == (CreateDelayedCopyTrigger(1, whole_turn=True),)


def test_greatest_power_target_allows_only_the_biggest_of_your_creatures() -> None:
    """Triumph of Gerrard, chapter I: "Put a +1/+1 counter on target creature you control
    with the greatest power." (ties would all qualify)."""
    assert parse_kind("creature you control with the greatest power") == \
        "perm:Creature:you:greatest_power"
    assert "Triumph of Gerrard" in card_names()
    saga = game({"battlefield": [obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears"),
                                 {"id": "tg", "card": "Triumph of Gerrard",
                                  "counters": {"lore": 0}}]})
    add_lore = {"add_counters": {"object": "tg", "counter": "lore", "n": 1}}
    with pytest.raises(EngineReportedError) as exc:  # Grizzly Bears (2) is not the greatest
        play(saga, [add_lore, {"choose": {"choice": "targets", "targets": ["bears"]}}])
    assert exc.value.kind == "illegal_action"
    state = play(saga, [add_lore, {"choose": {"choice": "targets", "targets": ["giant"]}},
                        RESOLVE])
    assert state["objects"]["giant"]["power"] == 4
    setup = game({"mana": "{G}{W}", "battlefield": [obj("giant", "Hill Giant"),
                                                    obj("bears", "Grizzly Bears")],
                  "hand": [obj("a", "Assure // Assemble")]})
    state = play(setup, [cast("a", half="Assure", targets=["bears"]), RESOLVE])
    assert state["objects"]["bears"]["power"] == 3
    assert "indestructible" in state["objects"]["bears"]["keywords"]


def test_a_pump_of_a_filtered_target() -> None:
    face = parse_face("Target creature an opponent controls gets -2/-2 until end of turn.",
                      ("X",))
    assert face.spell is not None and not isinstance(face.spell, type(None))
    (eff,) = face.spell  # type: ignore[misc]
    assert eff.slots[0].kind == "perm:Creature:opp"


def test_an_eldrazi_scion_token_sacrifices_itself_for_colorless_mana() -> None:
    """Eldrazi Skyspawner: "create a 1/1 colorless Eldrazi Scion creature token. It has
    'Sacrifice this creature: Add {C}.'" (a mana ability, 605.1a)."""
    engine = ReferenceEngine()
    engine.setup("unit", game({"mana": "{2}{U}", "hand": [obj("sky", "Eldrazi Skyspawner")]}))
    engine.act(cast("sky"))
    engine.act(RESOLVE)
    state = engine.observe().state
    (tok,) = [k for k, v in state["objects"].items() if v.get("name") == "Eldrazi Scion Token"]
    assert state["objects"][tok]["colors"] == [] and state["objects"][tok]["power"] == 1
    engine.act({"activate": {"player": "p1", "object": tok, "ability": 0}})
    state = engine.observe().state
    assert tok not in state["objects"] or state["objects"][tok]["zone"] != "battlefield"
    assert state["players"]["p1"]["mana"] == "{C}"


def test_ingest_exiles_the_top_card_of_the_damaged_players_library() -> None:
    """Culling Drone: "Ingest" (702.115a: whenever it deals combat damage to a player, that
    player exiles the top card of their library)."""
    setup = game({"battlefield": [{"id": "cd", "card": "Culling Drone", "attacking": "p2"}]},
                 {"library": [obj("top", "Island"), obj("next", "Island")]})
    setup["step"] = "declare_blockers"
    state = play(setup, [{"advance": {"to": "combat_damage"}}, RESOLVE])
    assert zones(state)["top"] == "exile" and zones(state)["next"] == "library"
    assert state["players"]["p2"]["life"] == 18


def test_revenge_doubles_your_life_and_halves_the_opponents_rounded_up() -> None:
    setup = game({"mana": "{4}{W}{B}", "life": 7, "hand": [obj("r", "Revival // Revenge")]},
                 {"life": 15})
    state = play(setup, [cast("r", half="Revenge", targets=["p2"]), RESOLVE])
    assert state["players"]["p1"]["life"] == 14 and state["players"]["p2"]["life"] == 7


def test_onward_adds_the_targets_power_as_it_resolves() -> None:
    setup = game({"mana": "{2}{R}", "hand": [obj("o", "Onward // Victory")],
                  "battlefield": [obj("giant", "Hill Giant")]})
    state = play(setup, [cast("o", half="Onward", targets=["giant"]), RESOLVE])
    assert (state["objects"]["giant"]["power"], state["objects"]["giant"]["toughness"]) == (6, 3)


def test_feed_draws_for_each_creature_with_power_3_or_greater() -> None:
    setup = game({"mana": "{3}{G}", "graveyard": [obj("f", "Mouth // Feed")],
                  "battlefield": [obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears")],
                  "library": [obj("l1", "Island"), obj("l2", "Island")]})
    state = play(setup, [cast("f", half="Feed"), RESOLVE])
    assert zones(state)["l1"] == "hand" and zones(state)["l2"] == "library"


def test_deploy_gains_life_for_each_creature_after_making_the_thopters() -> None:
    setup = game({"mana": "{2}{W}{U}", "hand": [obj("d", "Depose // Deploy")],
                  "battlefield": [obj("bears", "Grizzly Bears")]})
    state = play(setup, [cast("d", half="Deploy"), RESOLVE])
    assert state["players"]["p1"]["life"] == 23  # two Thopters and the Bears
    thopters = [o for o in state["objects"].values() if o.get("name") == "Thopter Token"]
    assert len(thopters) == 2 and thopters[0]["types"] == ["Artifact", "Creature"]


def test_day_pumps_the_creatures_of_the_target_player() -> None:
    setup = game({"mana": "{2}{W}", "hand": [obj("d", "Night // Day")],
                  "battlefield": [obj("mine", "Grizzly Bears")]},
                 {"battlefield": [obj("theirs", "Grizzly Bears")]})
    state = play(setup, [cast("d", half="Day", targets=["p2"]), RESOLVE])
    assert state["objects"]["theirs"]["power"] == 3 and state["objects"]["mine"]["power"] == 2
