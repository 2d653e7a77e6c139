"""The "attacks and isn't blocked" family (509.1i): the ability triggers as blockers are
declared, for an attacking creature nothing blocks, declared as an attacker or not; the
family's mutant (it triggers as attackers are declared) fails every case it mines."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.families import MUTANT_OF
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

TEXT = "An ability that triggers when something “attacks and isn’t blocked” triggers in the " \
    "declare blockers step after blockers are declared if (1) that creature is attacking and " \
    "(2) no creatures are declared to block it. It will trigger even if that creature was put " \
    "onto the battlefield attacking rather than having been declared as an attacker in the " \
    "declare attackers step."


@pytest.mark.parametrize(("card", "slugs"), [
    ("Crypt Cobra", {"blocked", "declared", "put-attacking"}),
    ("Abyssal Nightstalker", {"blocked", "declared", "put-attacking"}),
    ("Guiltfeeder", {"declared", "put-attacking"}),  # fear: blocking it is not modelled
    ("Mindstab Thrull", {"blocked", "declared", "put-attacking"}),  # "you may sacrifice it"
    ("Keeper of Tresserhorn", {"blocked", "declared", "put-attacking"}),  # no combat damage
    ("Farrel's Zealot", {"blocked", "declared", "put-attacking"}),  # may deal 3 to a creature
    ("Eternal of Harsh Truths", {"blocked", "declared", "put-attacking"}),  # afflict 2, draw
])
def test_every_case_passes_on_the_reference_and_kills_the_mutant(card: str,
                                                                 slugs: set[str]) -> None:
    r = mine([RulingGroup("g", card, "2008-10-01", {"en": TEXT})])
    assert [(o.family, o.status) for o in r.outcomes] == [("unblocked-trigger", MINED)]
    assert {cid.rsplit("mined-unblocked-trigger-", 1)[1] for cid in r.cases} == slugs
    mutant = MUTANTS[MUTANT_OF["unblocked-trigger"]]
    for data in r.cases.values():
        assert data["provenance"]["rulings"] == {"en": TEXT}
        case = case_from_mapping(data)
        assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
        assert execute_case(mutant(), case, timeout=10.0).status != "pass", case.id


def test_the_declared_case_checks_nothing_triggered_with_attackers() -> None:
    r = mine([RulingGroup("g", "Swamp Mosquito", "2008-10-01", {"en": TEXT})])
    data = r.cases["swamp-mosquito/mined-unblocked-trigger-declared"]
    assert {"check": {"state": {"stack": []}}} in data["actions"]
    assert data["expect"]["state"] == {"players": {"p2": {"poison": 1}}}


def test_a_targeted_ability_targets_p2s_creature_and_combat_goes_on() -> None:
    r = mine([RulingGroup("g", "Dwarven Vigilantes", "2008-10-01", {"en": TEXT})])
    data = r.cases["dwarven-vigilantes/mined-unblocked-trigger-declared"]
    assert data["actions"][-4:] == [
        {"choose": {"choice": "targets", "source": "att", "targets": ["big"]}},
        {"resolve_top": {}}, {"choose": {"choice": "may", "source": "att", "accept": True}},
        {"advance": {"to": "end_of_combat"}}]
    assert data["expect"]["state"] == {"objects": {"big": {"damage": 2}}, "life": {"p2": 20}}


def test_no_case_for_a_card_the_reference_does_not_build() -> None:
    r = mine([RulingGroup("g", "Ophidian", "2008-10-01", {"en": TEXT})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
