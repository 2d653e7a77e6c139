"""The landfall family (rules 207.2c, 603.6a): a land put onto the battlefield by a spell
triggers landfall as a played land does; the family's mutant (landfall only for a played land)
fails each case the reference engine passes."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

TEXT = "A landfall ability triggers whenever a land enters the battlefield under your control " \
    "for any reason. It triggers whenever you play a land, as well as whenever a spell or " \
    "ability puts a land onto the battlefield under your control."


@pytest.mark.parametrize("card", ["Steppe Lynx", "Kazandu Nectarpot", "Canyon Jerboa",
                                  "Ior Ruin Expedition"])  # "you may": accepted
def test_the_mutant_fails_the_case_the_reference_passes(card: str) -> None:
    r = mine([RulingGroup("g", card, "2009-10-01", {"en": TEXT})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["landfall_only_when_played"](), case,
                        timeout=10.0).status != "pass"


def test_no_case_when_the_landfall_effect_needs_a_target() -> None:
    """Hedron Crab: "target player mills three cards" (a target the case does not choose)."""
    r = mine([RulingGroup("g", "Hedron Crab", "2009-10-01", {"en": TEXT})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def _lynx_power(engine: ReferenceEngine, actions: list[dict[str, Any]],
                land_owner: str = "p1") -> int:
    p1: dict[str, Any] = {"battlefield": [{"id": "lynx", "card": "Steppe Lynx"}],
                          "hand": [{"id": "land", "card": "Forest"}] if land_owner == "p1"
                          else []}
    p2: dict[str, Any] = {"hand": [{"id": "land", "card": "Forest"}] if land_owner == "p2"
                          else []}
    engine.setup("unit", {"active_player": land_owner, "step": "precombat_main", "turn": 3,
                          "players": {"p1": p1, "p2": p2}})
    for a in actions:
        engine.act(a)
    return int(engine.observe().state["objects"]["lynx"]["power"])


def test_a_played_land_triggers_landfall_on_the_reference_and_the_mutant() -> None:
    play = [{"play_land": {"player": "p1", "object": "land"}}, {"resolve_top": {}}]
    assert _lynx_power(ReferenceEngine(), play) == 2
    assert _lynx_power(MUTANTS["landfall_only_when_played"](), play) == 2


def test_an_opponents_land_does_not_trigger_your_landfall() -> None:
    play = [{"play_land": {"player": "p2", "object": "land"}}]
    assert _lynx_power(ReferenceEngine(), play, land_owner="p2") == 0


ORDER = "When a land enters the battlefield under your control, each landfall ability of the " \
    "permanents you control will trigger. You can put them on the stack in any order. The " \
    "last ability you put on the stack will be the first one to resolve."


@pytest.mark.parametrize("card", ["Steppe Lynx", "Kazandu Nectarpot", "Sunspring Expedition",
                                  "Shoal Serpent"])
def test_the_order_case_scripts_the_non_default_order(card: str) -> None:
    """The card's ability triggered first (battlefield order) and is put on top: an engine
    ignoring the chosen order fails."""
    r = mine([RulingGroup("g", card, "2009-10-01", {"en": ORDER})])
    (data,) = r.cases.values()
    assert data["actions"][0] == {"play_land": {"player": "p1", "object": "land"}}
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["trigger_order_ignored"](), case, timeout=10.0).status != "pass"
