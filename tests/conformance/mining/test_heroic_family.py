"""The heroic families (rules 207.2c, 601.2i, 603.2c, 603.3, 707.10): a heroic ability resolves
before the spell that made it trigger, a copy of a spell retargeted at the heroic creature does
not trigger it, and a spell targeting it several times triggers it once. Each case the reference engine passes is failed by the family's mutant."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

ON_TOP = "Heroic abilities will resolve before the spell that caused them to trigger."
COPY = "Heroic abilities won't trigger when a copy of a spell is created on the stack or when " \
    "a spell's targets are changed to include a creature with a heroic ability."

ONCE = "Heroic abilities will trigger only once per spell, even if that spell targets the " \
    "creature with the heroic ability multiple times."


@pytest.mark.parametrize(("text", "card", "mutant"), [
    (ON_TOP, "Fabled Hero", "trigger_under_its_spell"),
    (ON_TOP, "Triton Fortune Hunter", "trigger_under_its_spell"),  # draws: a library
    (COPY, "Fabled Hero", "copy_counts_as_cast"),
    (COPY, "Setessan Battle Priest", "copy_counts_as_cast"),
    (ONCE, "Fabled Hero", "heroic_per_target"),  # a +1/+1 counter
    (ONCE, "Setessan Battle Priest", "heroic_per_target"),  # life gained
])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, card: str,
                                                               mutant: str) -> None:
    r = mine([RulingGroup("g", card, "2013-09-15", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_heroic_triggers_once_for_a_spell_cast_at_it() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{G}", "battlefield": [
                              {"id": "h", "card": "Fabled Hero"}],
                              "hand": [{"id": "g", "card": "Giant Growth"}]}, "p2": {}}})
    engine.act({"cast": {"player": "p1", "object": "g", "targets": ["h"]}})
    engine.act({"resolve_stack": {}})
    obs = engine.observe()
    triggered = [e for e in obs.events if e["type"] == "triggered"]
    assert [(e["source"], e["ability"]) for e in triggered] == [("h", "heroic")]
    assert obs.state["objects"]["h"]["power"] == 2 + 1 + 3  # 2/1, a counter, +3/+3


def test_no_on_top_case_when_the_heroic_effect_targets() -> None:
    """Labyrinth Champion: "deals 2 damage to any target" (a target the case does not choose)."""
    r = mine([RulingGroup("g", "Labyrinth Champion", "2014-02-01", {"en": ON_TOP})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def test_once_case_targets_the_card_three_times_and_counts_one_trigger() -> None:
    r = mine([RulingGroup("g", "Fabled Hero", "2013-09-15", {"en": ONCE})])
    (data,) = r.cases.values()
    assert data["actions"][0]["cast"]["targets"] == ["h", "h", "h"]
    assert data["expect"]["event_counts"] == [{"match": {"type": "triggered", "source": "h"},
                                               "count": 1}]
    assert data["expect"]["state"]["objects"]["h"] == {"power": 6, "toughness": 6}  # 2/2


def test_no_once_case_when_the_heroic_effect_scries() -> None:
    """Chorus of the Tides: "scry 1" (a decision)."""
    r = mine([RulingGroup("g", "Chorus of the Tides", "2014-02-01", {"en": ONCE})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def test_a_heroic_counter_on_each_creature_shows_on_the_card() -> None:
    """Phalanx Leader: "put a +1/+1 counter on each creature you control" (itself too)."""
    r = mine([RulingGroup("g", "Phalanx Leader", "2013-09-15", {"en": ONCE})])
    (data,) = r.cases.values()
    assert data["expect"]["state"]["objects"]["h"] == {"power": 1 + 1 + 3, "toughness": 1 + 1 + 3}
    case = case_from_mapping(data)
    assert execute_case(MUTANTS["heroic_per_target"](), case, timeout=10.0).status != "pass"
