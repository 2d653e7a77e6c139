"""The delve families (rules 702.66a-b, 202.3): a spell cast with delve keeps the mana value of
its mana cost, delve pays no colored symbol, and no more cards are exiled than the generic part
of the cost. The reference engine passes each case and the family's mutant fails it."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

MANA_VALUE = "Delve doesn't change a spell's mana cost or mana value. For example, Dead Drop's " \
    "mana value is 10 even if you exiled three cards to cast it."
COLORED = "You can't exile cards to pay for the colored mana requirements of a spell with delve."
EXCESS = "You can't exile more cards than the generic mana requirement of a spell with delve. " \
    "For example, you can't exile more than nine cards from your graveyard to cast Dead Drop."


@pytest.mark.parametrize(("text", "card", "mutant"), [
    (MANA_VALUE, "Murderous Cut", "delve_lowers_mana_value"),
    (COLORED, "Murderous Cut", "delve_pays_colored"),
    (EXCESS, "Murderous Cut", "delve_exiles_extra"),
    (EXCESS, "Hooting Mandrills", "delve_exiles_extra"),
])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, card: str,
                                                               mutant: str) -> None:
    r = mine([RulingGroup("g", card, "2014-09-20", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_the_excess_case_names_one_card_more_than_the_generic_part() -> None:
    r = mine([RulingGroup("g", "Murderous Cut", "2014-09-20", {"en": EXCESS})])  # {4}{B}
    (data,) = r.cases.values()
    assert len(data["actions"][0]["cast"]["costs"]["delve"]) == 5
    assert data["setup"]["players"]["p1"]["mana"] == "{B}"
