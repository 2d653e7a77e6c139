"""The convoke families (rules 702.51a-b, 202.3, 302.6): a spell cast with convoke keeps the
mana value of its mana cost, a multicolored creature pays one mana of any of its colors, and a
summoning-sick creature can be tapped for convoke. Each case the reference engine passes is
failed by the family's mutant; a card the generator cannot script yields no case, with why."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

MANA_VALUE = "Convoke doesn't change a spell's mana cost or mana value."
MULTICOLORED = "Tapping a multicolored creature using convoke will pay for {1} or one mana of " \
    "your choice of any of that creature's colors."
SICK = "You can tap an untapped creature you haven't controlled continuously since the " \
    "beginning of your most recent turn to convoke a spell."

MANA_ABILITY = "If a creature you control has a mana ability with {T} in the cost, activating " \
    "that ability while casting a spell with convoke will result in the creature being tapped " \
    "when you pay the spell's costs. You won't be able to tap it again for convoke."

MANA_ABILITY_LATER = "If a creature you control has a mana ability with {T} in the cost, " \
    "activating that ability while casting a spell with convoke will result in the creature " \
    "being tapped before you pay the spell's costs. You won't be able to tap it again for " \
    "convoke. Similarly, if you sacrifice a creature to activate a mana ability while casting " \
    "a spell with convoke, that creature won't be on the battlefield when you pay the " \
    "spell's costs, so you won't be able to tap it for convoke."


@pytest.mark.parametrize(("text", "card", "mutant"), [
    (MANA_VALUE, "Conclave Equenaut", "convoke_lowers_mana_value"),  # a creature spell
    (MANA_VALUE, "Crowd's Favor", "convoke_lowers_mana_value"),  # {R}: a red creature pays
    (MULTICOLORED, "Stoke the Flames", "convoke_multicolored_pays_generic"),  # any target
    (MULTICOLORED, "Sundering Vitae", "convoke_multicolored_pays_generic"),  # an artifact
    (SICK, "Gather Courage", "convoke_needs_unsick_creatures"),  # a creature target
    (MANA_ABILITY, "Conclave Equenaut", "tapped_creature_convokes"),
    (MANA_ABILITY, "Stoke the Flames", "tapped_creature_convokes"),
    (MANA_ABILITY_LATER, "Siege Wurm", "tapped_creature_convokes"),  # the later wording
])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, card: str,
                                                               mutant: str) -> None:
    r = mine([RulingGroup("g", card, "2014-07-18", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_the_mana_value_on_the_stack_is_the_mana_cost_s() -> None:
    r = mine([RulingGroup("g", "Conclave Equenaut", "2014-07-18", {"en": MANA_VALUE})])
    (data,) = r.cases.values()
    assert data["expect"]["state"]["objects"]["cv"] == {"zone": "stack", "mana_value": 6}
    assert data["actions"][0]["cast"]["costs"] == {"convoke": ["conv1", "conv2"]}


@pytest.mark.parametrize(("card", "why"), [
    ("Devouring Light", "attacking_or_blocking"),  # a target the generator does not script
    ("Worldsoul Colossus", "{X}"),
    ("Sprouting Renewal", "modal"),
    ("Lightning Bolt", "no convoke"),  # the ruling is about another card
])
def test_no_case_for_a_card_the_generator_cannot_script(card: str, why: str) -> None:
    r = mine([RulingGroup("g", card, "2014-07-18", {"en": MANA_VALUE})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert why in r.outcomes[0].reason


def test_no_multicolored_case_without_a_colored_symbol() -> None:
    r = mine([RulingGroup("g", "Will-Forged Golem", "2014-07-18", {"en": MULTICOLORED})])
    assert not r.cases and "no colored symbol" in r.outcomes[0].reason


def test_a_creature_tapped_for_mana_is_refused_for_convoke() -> None:
    r = mine([RulingGroup("g", "Conclave Equenaut", "2014-07-18", {"en": MANA_ABILITY})])
    (data,) = r.cases.values()
    assert data["actions"][0] == {"activate": {"player": "p1", "object": "tapper", "ability": 0}}
    assert data["expect"]["error"] == {"kind": "illegal_action", "action": 1}
    assert data["setup"]["players"]["p1"]["mana"] == "{W}{W}{C}{C}"  # {4}{W}{W} less {2}


def test_no_mana_ability_case_below_two_generic() -> None:
    r = mine([RulingGroup("g", "Crowd's Favor", "2014-07-18", {"en": MANA_ABILITY})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
