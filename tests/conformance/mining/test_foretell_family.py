"""The foretell families (rules 116.2h, 702.143a): foretelling is a special action taken in
response to a spell too, and a foretold card cast from exile keeps its type's timing. Each case
passes on the reference engine and fails on the family's mutant; cards the generator cannot
script yield no case."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

SPECIAL = ("Because exiling a card with foretell from your hand is a special action, you can do "
           "so any time you have priority during your turn, including in response to spells and "
           "abilities. Once you announce you\u2019re taking the action, no other player can "
           "respond by trying to remove the card from your hand.")
TIMING = ("Casting a foretold card from exile follows the timing rules for that card. If you "
          "foretell an instant card, you can cast it as soon as the next player\u2019s turn. In "
          "most cases, if you foretell a card that isn\u2019t an instant (or doesn\u2019t have "
          "flash), you\u2019ll have to wait until your next turn to cast it.")


def _one_case(card: str, text: str, mutant: str) -> dict[str, object]:
    r = mine([RulingGroup("g", card, "2021-02-05", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"
    return data


@pytest.mark.parametrize("card", ["Demon Bolt", "Augury Raven", "Doomskar"])
def test_foretelling_in_response_to_a_spell(card: str) -> None:
    data = _one_case(card, SPECIAL, "foretell_needs_empty_stack")
    assert data["actions"][1] == {"foretell": {"player": "p1", "object": "ft"}}


@pytest.mark.parametrize("card", ["Doomskar", "Augury Raven", "Ravenform", "Scorn Effigy"])
def test_a_foretold_sorcery_speed_card_keeps_its_timing(card: str) -> None:
    data = _one_case(card, TIMING, "foretold_ignores_timing")
    assert data["expect"]["error"]["kind"] == "illegal_action"  # type: ignore[index]


def test_no_timing_case_for_an_instant() -> None:
    r = mine([RulingGroup("g", "Demon Bolt", "2021-02-05", {"en": TIMING})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert "instant" in r.outcomes[0].reason
