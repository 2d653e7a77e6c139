"""The cast-trigger-first family (rules 601.2i, 603.2, 603.3): an ability that triggers on
casting a spell resolves before that spell, and even if that spell is countered. The reference
engine passes both cases; the first fails ``trigger_under_its_spell`` (the family's mutant), the
second ``trigger_linked_to_its_spell``."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

FIRST = "Guttersnipe's triggered ability resolves before the spell that caused it to trigger. " \
    "It resolves even if that spell is countered."


@pytest.mark.parametrize("card", ["Guttersnipe", "Aven Wind Mage",  # damage, a pump
                                  # filtered cast triggers: p1 casts Grizzly Bears,
                                  # Bonesplitter, Glorious Anthem
                                  "Beast Whisperer", "Sram, Senior Edificer", "Satyr Enchanter",
                                  # "whenever an opponent casts": p2 casts the Bolt
                                  "Arasta of the Endless Web",
                                  # set up with the three +1/+1 counters it enters with
                                  "Rampaging Monument"])
def test_each_case_fails_its_mutant(card: str) -> None:
    text = FIRST.replace("Guttersnipe", card)
    r = mine([RulingGroup("g", card, "2012-10-01", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    for case_id, mutant in (("mined-cast-trigger-first", "trigger_under_its_spell"),
                            ("mined-cast-trigger-first-countered",
                             "trigger_linked_to_its_spell")):
        (data,) = [c for i, c in r.cases.items() if i.endswith("/" + case_id)]
        case = case_from_mapping(data)
        assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
        assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_no_case_for_a_card_with_another_ability() -> None:
    text = FIRST.replace("Guttersnipe", "Thermo-Alchemist")
    r = mine([RulingGroup("g", "Thermo-Alchemist", "2012-10-01", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
