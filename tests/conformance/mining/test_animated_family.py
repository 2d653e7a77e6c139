"""The animated-summoning-sick family (rule 302.6) and the self-animation template it rests on:
the reference engine builds "CARDNAME becomes a 2/1 blue Faerie creature with flying until end
of turn. It's still a land." as an activated ability; a permanent animated the turn it came
under its controller's control can't attack nor {T}, one controlled since the turn began can
attack; each mutant fails the cases the reference passes."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.animation_text import AnimateSelf
from conformance.reference.cards import load_cards
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

RULING = "A noncreature permanent that turns into a creature can attack, and its {T} abilities " \
    "can be activated, only if its controller has continuously controlled that permanent " \
    "since the beginning of their most recent turn. It doesn't matter how long the permanent " \
    "has been a creature."


def test_the_template_reads_colors_subtypes_and_keywords() -> None:
    ab = load_cards()["Faerie Conclave"].faces[0].text.activated[1]
    assert ab.cost == "{1}{U}" and ab.effects == (AnimateSelf(
        2, 1, ("Creature",), ("Faerie",), ("U",), ("flying",), until_end_of_turn=True),)
    (brute,) = load_cards()["Darksteel Brute"].faces[0].text.activated
    assert brute.effects[0].types == ("Artifact", "Creature")


def _status(mutant: str | None, data: dict) -> str:
    engine = ReferenceEngine() if mutant is None else MUTANTS[mutant]()
    return execute_case(engine, case_from_mapping(data), timeout=10.0).status


@pytest.mark.parametrize("card", ["Faerie Conclave", "Treetop Village",
                                  # a target land: a spell, a snow land, a creature's ability
                                  "Vivify", "Balduvian Conjurer", "Woodwraith Corrupter",
                                  # a group of lands: a static, a spell
                                  "Kormus Bell", "Natural Affinity"])
def test_three_cases_each_killing_a_mutant(card: str) -> None:
    r = mine([RulingGroup("g", card, "2004-10-04", {"en": RULING})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    cases = {data["id"].rsplit("/", 1)[1]: data for data in r.cases.values()}
    assert sorted(cases) == ["mined-animated-summoning-sick",
                             "mined-animated-summoning-sick-controlled",
                             "mined-animated-summoning-sick-tap"]
    for data in cases.values():
        assert _status(None, data) == "pass"
    sick = cases["mined-animated-summoning-sick"]
    assert sick["setup"]["players"]["p1"]["battlefield"][0]["summoning_sick"] is True
    assert _status("animated_ignores_summoning_sickness", sick) != "pass"
    assert _status("animated_ignores_summoning_sickness",
                   cases["mined-animated-summoning-sick-tap"]) != "pass"
    controlled = cases["mined-animated-summoning-sick-controlled"]
    assert _status("animated_ignores_summoning_sickness", controlled) == "pass"
    assert _status("animated_permanent_sick", controlled) != "pass"


def test_an_artifact_without_a_tap_ability_has_two_cases() -> None:
    r = mine([RulingGroup("g", "Darksteel Brute", "2004-10-04", {"en": RULING})])
    assert len(r.cases) == 2


def test_a_card_the_engine_cannot_animate_is_not_executable() -> None:
    r = mine([RulingGroup("g", "Spawning Pool", "2004-10-04", {"en": RULING})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
