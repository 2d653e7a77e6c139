"""Static cost increases (601.2f: conformance.reference.cost_increases): "Noncreature spells cost
{1} more to cast" (Thalia), "Spells cost {1} more to cast" (Sphere of Resistance); and a
suspended card whose increased cost the pool can't pay stays exiled, the player never forced
to activate mana abilities (117.1d), while a pool that pays it casts the card."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine
from conformance.reference.cost_increase_text import SpellsCostMore, cost_increase_line


@pytest.mark.parametrize(("line", "want"), [
    ("Noncreature spells cost {1} more to cast.", SpellsCostMore("{1}", "noncreature")),
    ("Spells cost {1} more to cast.", SpellsCostMore("{1}")),
    ("Nonartifact spells cost {1} more to cast.", SpellsCostMore("{1}", "nonartifact")),
    ("Black spells you cast cost {B} more to cast.", SpellsCostMore("{B}", "B", "you")),
    ("Spells your opponents cast cost {2} more to cast.", SpellsCostMore("{2}", "", "opponents")),
    ("Creature spells cost {2} more to cast.", SpellsCostMore("{2}", "Creature")),
])
def test_cost_increase_lines(line: str, want: SpellsCostMore) -> None:
    assert cost_increase_line(line) == want


def test_other_lines_are_not_cost_increases() -> None:
    assert cost_increase_line("Spells your opponents cast that target CARDNAME cost {2} more to "
                              "cast.") is None


def _engine(taxer: str, mana: str, hand: str) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": mana, "hand": [{"id": "sp", "card": hand}]},
                                      "p2": {"battlefield": [{"id": "t", "card": taxer}]}}})
    return engine


def test_thalia_taxes_a_noncreature_spell_of_either_player() -> None:
    with pytest.raises(EngineReportedError):
        _engine("Thalia, Guardian of Thraben", "{R}", "Lightning Bolt").act(
            {"cast": {"player": "p1", "object": "sp", "targets": ["p2"]}})
    engine = _engine("Thalia, Guardian of Thraben", "{R}{C}", "Lightning Bolt")
    engine.act({"cast": {"player": "p1", "object": "sp", "targets": ["p2"]}})
    assert engine.observe().state["players"]["p1"]["mana"] in ("", None)


def test_thalia_does_not_tax_a_creature_spell_but_sphere_does() -> None:
    _engine("Thalia, Guardian of Thraben", "{1}{G}", "Grizzly Bears").act(
        {"cast": {"player": "p1", "object": "sp"}})
    with pytest.raises(EngineReportedError):
        _engine("Sphere of Resistance", "{1}{G}", "Grizzly Bears").act(
            {"cast": {"player": "p1", "object": "sp"}})


def _suspended(mana: str | None) -> ReferenceEngine:
    """Search for Tomorrow in p1's exile with one time counter, p2's Thalia, p1's Island."""
    engine = ReferenceEngine()
    p1: dict[str, Any] = {"battlefield": [{"id": "island", "card": "Island"}],
                          "exile": [{"id": "sus", "card": "Search for Tomorrow",
                                     "counters": {"time": 1}}]}
    if mana:
        p1["mana"] = mana
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": p1, "p2": {"battlefield": [
                              {"id": "t", "card": "Thalia, Guardian of Thraben"}]}}})
    engine.act({"remove_counters": {"object": "sus", "counter": "time", "n": 1}})
    engine.act({"resolve_top": {}})
    return engine


def test_the_suspended_card_stays_exiled_when_the_increase_is_left_unpaid() -> None:
    state = _suspended(None).observe().state
    assert state["objects"]["sus"]["zone"] == "exile"
    assert not state["objects"]["island"]["tapped"]


def test_a_pool_that_pays_the_increase_casts_the_suspended_card() -> None:
    state = _suspended("{C}").observe().state
    assert state["objects"]["sus"]["zone"] == "stack"
