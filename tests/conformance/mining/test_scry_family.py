"""The scry families (rule 701.18a): every card looked at may go on the bottom, and the cards put
back go in the order their player chooses. The scry is answered with a ``cards`` choice and
Archivist draws the card left on top; each case the reference engine passes is failed by the
family's mutant, and a card whose scry the generator cannot reach yields no case, with why."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

BOTTOM = "When you scry, you may put all the cards you look at back on top of your library, you " \
    "may put all of those cards on the bottom of your library, or you may put some of those " \
    "cards on top and the rest of them on the bottom."
ORDER = "You choose how to order cards returned to your library after scrying no matter where " \
    "you put them."


@pytest.mark.parametrize(("text", "card", "mutant"), [
    (BOTTOM, "Magma Jet", "scry_bottom_ignored"),  # a spell with a target
    (BOTTOM, "Temple of Mystery", "scry_bottom_ignored"),  # a land played
    (BOTTOM, "Read the Bones", "scry_bottom_ignored"),  # draws after the scry
    (BOTTOM, "Stormcaller of Keranos", "scry_bottom_ignored"),  # an activated scry
    (BOTTOM, "Chorus of the Tides", "scry_bottom_ignored"),  # heroic
    (ORDER, "Horizon Scholar", "scry_order_ignored"),  # an enters trigger
    (ORDER, "Magma Jet", "scry_order_ignored"),
])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, card: str,
                                                               mutant: str) -> None:
    r = mine([RulingGroup("g", card, "2013-09-15", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_the_bottom_case_draws_the_card_under_the_scried_ones() -> None:
    r = mine([RulingGroup("g", "Read the Bones", "2013-09-15", {"en": BOTTOM})])
    (data,) = r.cases.values()
    choice = next(a["choose"] for a in data["actions"] if "choose" in a)
    assert choice == {"choice": "cards", "cards": ["lib1", "lib2"]}
    # Read the Bones draws two after its scry 2, then Archivist draws one
    assert data["expect"]["state"]["zones"] == {"lib1": "library", "lib2": "library",
                                                "lib3": "hand", "lib4": "hand", "lib5": "hand"}


@pytest.mark.parametrize(("text", "card", "why"), [
    (ORDER, "Spark Jolt", "scries 1"),
    (ORDER, "Read the Bones", "does not show"),
    (BOTTOM, "Dissolve", "(spell)"),  # a target spell the generator does not script
    (BOTTOM, "Lightning Bolt", "reaches"),  # no scry: the ruling is about another card
])
def test_no_case_when_the_scry_does_not_show(text: str, card: str, why: str) -> None:
    r = mine([RulingGroup("g", card, "2013-09-15", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert why in r.outcomes[0].reason
