"""Fuse (rule 702.102: ``conformance.reference.fuse``), the templates of split and aftermath
halves (``oracle_split``) and the copy variants (``oracle_copies``), played on the reference
engine (issue #14: every split, aftermath and copy-a-spell card the engine can build)."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine, card_names
from conformance.reference.cards import interpret, load_cards
from conformance.reference.fuse import strip_fuse


def game(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"active_player": "p1", "step": "precombat_main", "turn": 3,
            "players": {"p1": p1, "p2": p2 or {}}}


def obj(i: str, card: str) -> dict[str, Any]:
    return {"id": i, "card": card}


def play(setup: dict[str, Any], actions: list[dict[str, Any]]) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("unit", setup)
    for a in actions:
        engine.act(a)
    return engine


def state(engine: ReferenceEngine) -> dict[str, Any]:
    return engine.observe().state


def test_fuse_cards_and_halves_are_built() -> None:
    names = card_names()
    assert {"Far // Away", "Profit // Loss", "Toil // Trouble", "Alive // Well",
            "Give // Take", "Ready // Willing", "Wear // Tear", "Prepare // Fight",
            "Struggle // Survive", "Road // Ruin", "Thrash // Threat", "Fast // Furious",
            "Fork", "Increasing Vengeance"} <= names
    cards = load_cards()
    assert cards["Far // Away"].fuse and not cards["Fire // Ice"].fuse


def test_strip_fuse_keeps_the_rest_of_the_text() -> None:
    assert strip_fuse("Draw a card.\nFuse (You may cast one or both halves.)") == \
        ("Draw a card.", True)
    assert strip_fuse("Draw a card.") == ("Draw a card.", False)


def test_fuse_on_one_half_only_is_refused() -> None:
    fuse = "\nFuse (You may cast one or both halves of this card from your hand.)"
    faces: list[dict[str, Any]] = [
        {"face_name": "A", "type": "Instant", "mana_cost": "{U}", "text": "Draw a card." + fuse},
        {"face_name": "B", "type": "Instant", "mana_cost": "{R}", "text": "Draw a card."}]
    row: dict[str, Any] = {"name": "A // B", "oracle_id": None, "layout": "split",
                           "faces": faces}
    assert interpret(row) == "'Fuse' on one half only"
    faces[1]["text"] += fuse
    assert not isinstance(interpret(row), str)


FAR = game({"mana": "{U}{B}{C}{C}{C}", "hand": [obj("fa", "Far // Away")]},
           {"battlefield": [obj("bears", "Grizzly Bears")]})


@pytest.mark.parametrize("cast", [
    {"object": "fa", "fuse": True, "half": "Far", "targets": ["bears", "p2"]},  # both ways
    {"object": "fi", "fuse": True, "targets": ["p2", "bears"]},  # Fire // Ice has no fuse
])
def test_a_fused_cast_needs_fuse_and_no_half(cast: dict[str, Any]) -> None:
    setup = game({"mana": "{U}{B}{C}{C}{C}", "hand": [obj("fa", "Far // Away"),
                                                      obj("fi", "Fire // Ice")]},
                 {"battlefield": [obj("bears", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError, match="cannot be cast fused"):
        play(setup, [{"cast": {"player": "p1", **cast}}])


def test_a_split_card_with_fuse_is_not_fused_from_a_graveyard() -> None:
    setup = game({"mana": "{U}{B}{C}{C}{C}", "graveyard": [obj("fa", "Far // Away")]},
                 {"battlefield": [obj("bears", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError, match="702.102a"):
        play(setup, [{"cast": {"player": "p1", "object": "fa", "fuse": True,
                               "targets": ["bears", "p2"]}}])


def test_one_half_of_a_fuse_card_is_still_cast_alone() -> None:
    engine = play(FAR, [{"cast": {"player": "p1", "object": "fa", "half": "Far",
                                  "targets": ["bears"]}}])
    s = state(engine)
    assert s["objects"]["fa"]["mana_value"] == 2 and s["objects"]["fa"]["half"] == "Far"
    assert s["players"]["p1"]["mana"] == "{B}{C}{C}"


def test_fight_deals_no_damage_when_a_creature_is_gone() -> None:
    """701.12b: the opponent's creature left before Fight resolved: no damage at all."""
    setup = game({"mana": "{G}{U}{C}{C}{C}", "graveyard": [obj("pf", "Prepare // Fight")],
                  "hand": [obj("uns", "Unsummon")],
                  "battlefield": [obj("giant", "Hill Giant")]},
                 {"battlefield": [obj("bears", "Grizzly Bears")]})
    engine = play(setup, [
        {"cast": {"player": "p1", "object": "pf", "half": "Fight",
                  "targets": ["giant", "bears"]}},
        {"cast": {"player": "p1", "object": "uns", "targets": ["bears"]}},
        {"resolve_stack": {}}])
    s = state(engine)
    assert s["objects"]["bears"]["zone"] == "hand"
    assert s["objects"]["giant"]["damage"] == 0


def test_take_draws_as_many_cards_as_counters_removed() -> None:
    setup = game({"mana": "{G}{U}{C}{C}{C}{C}", "hand": [obj("gt", "Give // Take")],
                  "battlefield": [obj("bears", "Grizzly Bears")],
                  "library": [obj(f"l{i}", "Island") for i in range(4)]})
    engine = play(setup, [{"cast": {"player": "p1", "object": "gt", "fuse": True,
                                    "targets": ["bears", "bears"]}}, {"resolve_top": {}}])
    s = state(engine)
    assert s["objects"]["bears"]["counters"].get("+1/+1", 0) == 0
    assert [f"l{i}" for i in range(3)] == [o for o in ("l0", "l1", "l2", "l3")
                                           if s["objects"][o]["zone"] == "hand"]
