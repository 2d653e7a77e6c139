"""The Sliver families (rules 611.3a, 613.1d, 613.4c) and the lord template they rest on: the
reference engine builds "All Sliver creatures get +1/+1" / "Sliver creatures you control have
flying" as a static ability over whatever is a Sliver at each moment, two copies add up, the
``set_subtypes`` action removes a creature type, and each family's mutant fails the cases the
reference passes."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.cases_io import case_from_mapping
from conformance.errors import EngineReportedError
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.abilities import SubtypeLord
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mutants import MUTANTS
from conformance.reference.oracle_lords import lord_line
from conformance.runner import execute_case

CUMULATIVE = "Abilities that Slivers grant, as well as power/toughness boosts, are cumulative. " \
    "However, for some abilities, like flying, having more than one instance of the ability " \
    "doesn't provide any additional benefit."
OWN_TYPE = "If the creature type of a Sliver changes so it's no longer a Sliver, it will no " \
    "longer be affected by its own ability. Its ability will continue to affect other Sliver " \
    "creatures."
OWN_TYPE_M14 = "If you change the creature type of a Sliver you control so it’s no longer a " \
    "Sliver, it will no longer be affected by its own ability. Its ability will continue to " \
    "affect other Sliver creatures you control."


def test_lord_lines() -> None:
    assert lord_line("All Sliver creatures get +1/+1.") == SubtypeLord(
        "Sliver", 1, 1, (), yours=False, creatures_only=True)
    assert lord_line("Sliver creatures you control have flying and haste.") == SubtypeLord(
        "Sliver", 0, 0, ("flying", "haste"), yours=True, creatures_only=True)
    assert lord_line("All Slivers have shroud.") == SubtypeLord(
        "Sliver", 0, 0, ("shroud",), yours=False, creatures_only=False)
    assert lord_line("Other Elf creatures you control get +1/+1.") == SubtypeLord(
        "Elf", 1, 1, (), yours=True, creatures_only=True, other=True)
    assert lord_line("Creatures you control get +1/+1.") == SubtypeLord(
        "", 1, 1, (), yours=True, creatures_only=True)
    granted = lord_line('All Slivers have "{2}: Regenerate this permanent."')
    assert granted is not None and granted.granted is not None
    assert (granted.subtype, granted.creatures_only, len(granted.granted.activated)) == \
        ("Sliver", False, 1)
    with pytest.raises(OracleTemplateError):  # a quoted static ability is not granted
        lord_line('All Slivers have "CARDNAME can\'t be blocked."')
    for line in ("Attacking creatures you control get +1/+0.",
                 "Commander creatures you control get +2/+2.",
                 "All Sliver creatures get +1/+1 for each other Sliver on the battlefield."):
        assert lord_line(line) is None, line


def _engine(p1: list[dict[str, Any]], p2: list[dict[str, Any]] | None = None,
            engine: ReferenceEngine | None = None) -> ReferenceEngine:
    e = engine or ReferenceEngine()
    e.setup("t/sliver", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                         "players": {"p1": {"battlefield": p1},
                                     "p2": {"battlefield": p2 or []}}})
    return e


def _pt(e: ReferenceEngine, oid: str) -> tuple[int, int, list[str]]:
    o = e.observe().state["objects"][oid]
    return o["power"], o["toughness"], o["keywords"]


def test_all_slivers_and_slivers_you_control() -> None:
    e = _engine([{"id": "muscle", "card": "Muscle Sliver"},
                 {"id": "gale", "card": "Galerider Sliver"}],
                [{"id": "theirs", "card": "Metallic Sliver"}])
    assert _pt(e, "muscle") == (2, 2, ["flying"])  # both abilities affect both
    assert _pt(e, "gale") == (2, 2, ["flying"])
    assert _pt(e, "theirs") == (2, 2, [])  # "All Sliver creatures": p2's too; not "you control"


def test_set_subtypes_layer_four_and_refusal() -> None:
    e = _engine([{"id": "a", "card": "Muscle Sliver"}, {"id": "b", "card": "Muscle Sliver"}])
    assert _pt(e, "a")[:2] == (3, 3)
    e.act({"set_subtypes": {"object": "a", "remove": ["Sliver"], "add": ["Goblin"]}})
    obj = e.observe().state["objects"]["a"]
    assert obj["subtypes"] == ["Goblin"] and (obj["power"], obj["toughness"]) == (1, 1)
    assert _pt(e, "b")[:2] == (3, 3)
    with pytest.raises(EngineReportedError):
        e.act({"set_subtypes": {"object": "a"}})


def _mined(card: str, text: str, mutant: str) -> dict[str, Any]:
    r = mine([RulingGroup("g", card, "2013-07-01", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status == "fail"
    return data


@pytest.mark.parametrize("card", ["Muscle Sliver", "Predatory Sliver", "Watcher Sliver"])
def test_cumulative_cases_kill_their_mutant(card: str) -> None:
    data = _mined(card, CUMULATIVE, "sliver_boosts_not_cumulative")
    assert [o["card"] for o in data["setup"]["players"]["p1"]["battlefield"]] == \
        [card, card, "Metallic Sliver"]


def test_keyword_only_sliver_has_no_cumulative_case() -> None:
    r = mine([RulingGroup("g", "Winged Sliver", "2004-10-04", {"en": CUMULATIVE})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert "keywords only" in (r.outcomes[0].reason or "")


@pytest.mark.parametrize(("card", "text"), [("Winged Sliver", OWN_TYPE),
                                            ("Might Sliver", OWN_TYPE),
                                            ("Galerider Sliver", OWN_TYPE_M14)])
def test_own_type_cases_kill_their_mutant(card: str, text: str) -> None:
    data = _mined(card, text, "sliver_affects_itself_always")
    assert data["actions"] == [{"set_subtypes": {"object": "sliver", "remove": ["Sliver"]}}]
    assert execute_case(MUTANTS["sliver_boosts_not_cumulative"](), case_from_mapping(data),
                        timeout=10.0).status == "pass"


def test_granted_abilities_are_had_by_the_group_and_add_up() -> None:
    """Spectral Sliver grants "{2}: CARDNAME gets +1/+1 until end of turn" to every Sliver:
    with two of them, Metallic Sliver has two instances (the second activates and pumps it);
    a Spectral Sliver that is no longer a Sliver has none."""
    e = _engine([{"id": "s1", "card": "Spectral Sliver"}, {"id": "s2", "card": "Spectral Sliver"},
                 {"id": "m", "card": "Metallic Sliver"}])
    e.act({"set_subtypes": {"object": "s1", "remove": ["Sliver"]}})
    e.players["p1"].pool.add("C")
    e.players["p1"].pool.add("C")
    e.act({"activate": {"player": "p1", "object": "m", "ability": 1}})
    e.act({"resolve_top": {}})
    assert _pt(e, "m")[:2] == (2, 2)
    with pytest.raises(EngineReportedError):
        e.act({"activate": {"player": "p1", "object": "s1", "ability": 0}})


@pytest.mark.parametrize(("card", "text", "mutant"), [
    ("Spectral Sliver", CUMULATIVE, "sliver_boosts_not_cumulative"),
    ("Darkheart Sliver", CUMULATIVE, "sliver_boosts_not_cumulative"),  # sacrificed: life
    ("Spectral Sliver", OWN_TYPE, "sliver_affects_itself_always"),
    ("Acidic Sliver", OWN_TYPE, "sliver_affects_itself_always"),  # a target
])
def test_granted_ability_cases_kill_their_mutant(card: str, text: str, mutant: str) -> None:
    r = mine([RulingGroup("g", card, "2004-10-04", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_unbuilt_sliver_is_not_executable() -> None:
    r = mine([RulingGroup("g", "Sliver Legion", "2004-10-04", {"en": OWN_TYPE})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
