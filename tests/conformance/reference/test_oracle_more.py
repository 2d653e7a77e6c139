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
    ("player or planeswalker", "player_or_planeswalker"),  # conformance.reference.target_filters
    ("creature with the greatest power", None),
])
def test_target_words_are_read_as_filters_or_refused(words: str, kind: str | None) -> None:
    assert parse_kind(words) == kind


def test_words_no_filter_reads_refuse_the_card() -> None:
    with pytest.raises(OracleTemplateError, match="target not understood"):
        parse_face("Destroy target creature with the greatest power.", ("X",))


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
    from conformance.reference.abilities import CreateDelayedCopyTrigger
    from conformance.reference.cards import load_cards

    chapters = load_cards()["The Mirari Conjecture"].faces[0].text.chapters
    assert [c.chapters for c in chapters] == [(1,), (2,), (3,)]
    assert chapters[2].effects == (CreateDelayedCopyTrigger(1, whole_turn=True),)
