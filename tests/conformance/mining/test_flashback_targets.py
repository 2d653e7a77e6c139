"""Flashback spells whose one target the text phrases do not script are scripted from the target
slot the reference engine builds (issue #14): an artifact, a creature with a toughness limit, a
card in a graveyard, a player; each case passes on the reference engine and fails on its family's
mutant."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.families.flashback_targets import engine_target

MEANING = ("\"Flashback [cost]\" means \"You may cast this card from your graveyard by paying "
           "[cost] rather than paying its mana cost\" and \"If the flashback cost was paid, "
           "exile this card instead of putting it anywhere else any time it would leave the "
           "stack.\"")
EXILED = "A spell cast using flashback will always be exiled afterward."
PRIORITY = ("If a card with flashback is put into your graveyard during your turn, you can cast "
            "it if it's legal to do so before any other player can take any actions.")
TIMING = ("You must still follow any timing restrictions and permissions, including those based "
          "on the card's type. For instance, you can cast a sorcery using flashback only when "
          "you could normally cast a sorcery.")


@pytest.mark.parametrize(("card", "text", "family"), [
    ("Ancient Grudge", MEANING, "flashback-meaning"),
    ("Coffin Purge", EXILED, "flashback-exiled"),
    ("Unburial Rites", PRIORITY, "flashback-priority"),
    ("Dryad's Revival", TIMING, "flashback-timing"),
    ("Chainer's Edict", EXILED, "flashback-exiled"),
    ("Faithless Looting", TIMING, "flashback-timing"),  # no target, discards as it resolves
])
def test_engine_slot_targets_kill_their_familys_mutant(card: str, text: str,
                                                       family: str) -> None:
    data = mined_one(card, text, family)
    assert_kills_its_mutant(data, family)


def test_a_graveyard_target_is_set_up_in_that_graveyard_and_moved() -> None:
    """Unburial Rites returns p1's Grizzly Bears card from the graveyard, then (cast again with
    flashback at once) a second one."""
    data = mined_one("Unburial Rites", PRIORITY, "flashback-priority")
    p1 = data["setup"]["players"]["p1"]
    assert p1["graveyard"] == [{"id": "gybears1", "card": "Grizzly Bears"},
                               {"id": "gybears1b", "card": "Grizzly Bears"}]
    casts = [a["cast"]["targets"] for a in data["actions"] if "cast" in a]
    assert casts == [["gybears1"], ["gybears1b"]]
    assert "graveyard_target" in data["features"]


def test_engine_target_refuses_costs_and_second_targets() -> None:
    assert engine_target("Ancient Grudge", "Destroy target artifact.") is not None
    assert engine_target("Chainer's Edict", "Target player sacrifices a creature.") == "p2"
    assert engine_target("Faithless Looting", "Draw two cards, then discard two cards.") == ""
    assert engine_target("Ancient Grudge", "As an additional cost to cast this spell, "
                         "sacrifice a creature. Destroy target artifact.") is None
    assert engine_target("Not A Card", "Destroy target artifact.") is None


@pytest.mark.parametrize(("card", "family"), [
    ("Lava Dart", "flashback-meaning"), ("Battle Screech", "flashback-priority"),
    ("Dread Return", "flashback-exiled")])
def test_flashback_costs_other_than_mana_are_paid(card: str, family: str) -> None:
    """"Flashback—Sacrifice a Mountain.", "...—Tap three untapped white creatures you
    control.", "...—Sacrifice three creatures.": the cast with flashback names the payers."""
    text = {"flashback-meaning": MEANING, "flashback-priority": PRIORITY,
            "flashback-exiled": EXILED}[family]
    data = mined_one(card, text, family)
    assert_kills_its_mutant(data, family)
    (fb,) = [a["cast"] for a in data["actions"]
             if "cast" in a and a["cast"].get("from") == "graveyard"]
    payers = data["setup"]["players"]["p1"]["battlefield"]
    assert list(fb["costs"].values()) == [[p["id"] for p in payers if p["id"].startswith("pay")]]


def test_a_flashback_cost_paying_life_expects_it_paid() -> None:
    data = mined_one("Acorn Harvest", MEANING, "flashback-meaning")
    assert_kills_its_mutant(data, "flashback-meaning")
    assert data["expect"]["state"]["life"] == {"p1": 17}
    assert "life" in data["features"]


def test_an_additional_cost_is_paid_by_each_cast() -> None:
    """Gaze of Justice ("As an additional cost to cast this spell, tap three untapped white
    creatures you control."): cast from the hand, then with flashback, each cast taps three
    other white creatures (702.34a: a flashback spell pays its additional costs too)."""
    data = mined_one("Gaze of Justice", PRIORITY, "flashback-priority")
    assert_kills_its_mutant(data, "flashback-priority")
    casts = [a["cast"]["costs"] for a in data["actions"] if "cast" in a]
    assert casts == [{"tap": ["add1", "add2", "add3"]}, {"tap": ["add1b", "add2b", "add3b"]}]
    assert "additional_cost" in data["features"]


def test_rite_of_oblivion_sacrifices_a_nonland_permanent_each_cast() -> None:
    data = mined_one("Rite of Oblivion", MEANING, "flashback-meaning")
    assert_kills_its_mutant(data, "flashback-meaning")
    (cast,) = [a["cast"] for a in data["actions"] if "cast" in a]
    assert cast["costs"] == {"sacrifice": ["add1"]} and cast["targets"] == ["bears2"]
