"""The magecraft families: a copy of an instant or sorcery spell triggers magecraft, once for
each copy an effect creates; each mined case passes on the reference engine and fails on the
family's mutant. The magecraft template ("Whenever you cast or copy an instant or sorcery
spell") is checked against the engine directly."""

from __future__ import annotations

from typing import Any

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine

COPY = "If an effect creates a copy of an instant or sorcery spell, this will also cause the " \
    "magecraft ability to trigger."
COPIES = "If an effect creates multiple copies of an instant or sorcery spell, magecraft " \
    "abilities trigger once for each copy created by the effect."


@pytest.mark.parametrize(("text", "family", "card"), [
    (COPY, "magecraft-copy", "Clever Lumimancer"),  # +2/+2 until end of turn
    (COPY, "magecraft-copy", "Archmage Emeritus"),  # draws: a library
    (COPIES, "magecraft-copies", "Witherbloom Apprentice"),  # drain
    (COPIES, "magecraft-copies", "Quandrix Pledgemage"),  # a +1/+1 counter on itself
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family), family)


def test_the_copy_case_counts_three_triggers_and_three_pumps() -> None:
    data = mined_one("Clever Lumimancer", COPY, "magecraft-copy")
    counts = {c["match"]["type"]: c["count"] for c in data["expect"]["event_counts"]}
    assert counts == {"copy_created": 1, "triggered": 3}
    # 0/1, +2/+2 three times, Giant Growth and its copy: +6/+6
    assert data["expect"]["state"]["objects"]["m"] == {"power": 12, "toughness": 13}


def test_the_copies_case_casts_increasing_vengeance_with_flashback() -> None:
    data = mined_one("Witherbloom Apprentice", COPIES, "magecraft-copies")
    assert data["actions"][1]["cast"]["from"] == "graveyard"
    assert data["expect"]["state"]["life"] == {"p1": 24, "p2": 16}


def test_a_targeting_magecraft_ability_aims_at_the_card_each_time_it_triggers() -> None:
    """Karok Wrangler: "put a +1/+1 counter on target creature you control" (a 3/3)."""
    data = mined_one("Karok Wrangler", COPIES, "magecraft-copies")
    aims = [a for a in data["actions"] if a.get("choose", {}).get("choice") == "targets"]
    assert aims == [{"choose": {"choice": "targets", "targets": ["m"]}}] * 4
    assert data["expect"]["state"]["objects"]["m"] == {"power": 3 + 9 + 4, "toughness": 3 + 9 + 4}
    assert_kills_its_mutant(data, "magecraft-copies")


def test_no_case_for_a_card_the_reference_does_not_build() -> None:
    """Dragonsguard Elite: its other ability has no template."""
    r = mine([RulingGroup("g", "Dragonsguard Elite", "2021-04-16", {"en": COPY})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def _engine(card: str, hand: list[dict[str, Any]], mana: str) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": mana, "battlefield": [
                              {"id": "m", "card": card}, {"id": "bears", "card": "Grizzly Bears"}],
                              "hand": hand}, "p2": {}}})
    return engine


def _triggers(engine: ReferenceEngine) -> list[tuple[str, str]]:
    return [(e["source"], e["ability"]) for e in engine.observe().events
            if e["type"] == "triggered"]


def test_magecraft_triggers_for_an_instant_not_for_a_creature_spell() -> None:
    engine = _engine("Eager First-Year", [{"id": "g", "card": "Giant Growth"},
                                          {"id": "b2", "card": "Grizzly Bears"}], "{G}{1}{G}")
    engine.act({"cast": {"player": "p1", "object": "b2"}})
    engine.act({"resolve_stack": {}})
    assert _triggers(engine) == []
    engine.act({"cast": {"player": "p1", "object": "g", "targets": ["bears"]}})
    engine.act({"resolve_stack": {}})
    assert _triggers(engine) == [("m", "magecraft")]
    assert engine.observe().state["objects"]["m"]["power"] == 2 + 1  # +1/+0


def test_a_copy_triggers_magecraft_of_the_copys_controller() -> None:
    engine = _engine("Eager First-Year", [{"id": "g", "card": "Giant Growth"},
                                          {"id": "tw", "card": "Twincast"}], "{G}{U}{U}")
    engine.act({"cast": {"player": "p1", "object": "g", "targets": ["bears"]}})
    engine.act({"cast": {"player": "p1", "object": "tw", "targets": ["g"]}})
    engine.act({"resolve_top": {}})
    engine.act({"resolve_top": {}})
    engine.act({"choose": {"choice": "new_targets", "targets": None}})
    engine.act({"resolve_stack": {}})
    assert _triggers(engine) == [("m", "magecraft")] * 3
    assert engine.observe().state["objects"]["m"]["power"] == 2 + 3
