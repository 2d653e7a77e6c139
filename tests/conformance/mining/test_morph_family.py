"""The morph families (rules 702.37, 708.3-708.8): each morph ruling mined for a morph card the
reference engine builds gives a case the reference engine passes and the family's mutant fails;
a card the generator cannot script yields no case, with the reason."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.families import BY_ID
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

MEANING = ("Morph lets you cast a card face down by paying {3}, and lets you turn the face-down "
           "permanent face up any time you have priority by paying its morph cost.")
MANA_VALUE = ("The face-down spell has no mana cost and has a mana value of 0. When you cast a "
              "face-down spell, put it on the stack face down so no other player knows what it "
              "is, and pay {3}. This is an alternative cost.")
ENTERS = ("When the spell resolves, it enters the battlefield as a 2/2 creature with no name, "
          "mana cost, creature types, or abilities. It’s colorless and has a mana value of 0. "
          "Other effects that apply to the creature can still grant it any of these "
          "characteristics.")
SAME = ("A permanent that turns face up or face down changes characteristics but is otherwise "
        "the same permanent. Spells and abilities that were targeting that permanent, as well "
        "as Auras and Equipment that were attached to the permanent, aren’t affected.")
SPECIAL = ("Any time you have priority, you may turn the face-down creature face up by revealing "
           "what its morph cost is and paying that cost. This is a special action. It doesn’t "
           "use the stack and can’t be responded to. Only a face-down permanent can be turned "
           "face up this way; a face-down spell cannot.")
NO_ENTERS = ("Because the permanent is on the battlefield both before and after it’s turned "
             "face up, turning a permanent face up doesn’t cause any enters-the-battlefield "
             "abilities to trigger.")


@pytest.mark.parametrize("text, family", [(MEANING, "morph-meaning"),
                                          (MANA_VALUE, "morph-mana-value"),
                                          (ENTERS, "morph-enters-face-down"),
                                          (SAME, "morph-same-permanent"),
                                          (SPECIAL, "morph-special-action")])
@pytest.mark.parametrize("card", ["Abzan Guide", "Monastery Flock"])
def test_the_reference_passes_and_the_mutant_fails(text: str, family: str, card: str) -> None:
    r = mine([RulingGroup("g", card, "2014-09-20", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["provenance"]["rulings"]["en"] == text
    case = case_from_mapping(data)
    mutant = BY_ID[family].mutant
    assert mutant is not None
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


@pytest.mark.parametrize("text", [MEANING, MANA_VALUE, ENTERS, SAME, SPECIAL, NO_ENTERS])
def test_no_case_for_a_card_without_morph(text: str) -> None:
    r = mine([RulingGroup("g", "Grizzly Bears", "2014-09-20", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def test_no_enters_trigger_case_for_a_morph_card_without_one() -> None:
    r = mine([RulingGroup("g", "Abzan Guide", "2014-09-20", {"en": NO_ENTERS})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert "no enters-the-battlefield trigger" in (r.outcomes[0].reason or "")
