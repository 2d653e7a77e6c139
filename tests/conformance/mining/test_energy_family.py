"""The energy families (rule 107.14): each mined case passes on the reference engine and is
failed by its family's mutant; a card whose oracle text the reference engine does not build, or
that lacks the shape a ruling needs, gets no case; the rulings that are not game behaviour are
classified with a reason."""

from __future__ import annotations

import pytest
from committed_suite import mined_cases

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.families import BY_ID
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

NOT_MANA = "Energy counters aren't mana. They don't go away as steps, phases, and turns end, " \
    "and effects that add mana \u201cof any type\u201d to your mana pool can't give you energy " \
    "counters."
GET_PAY = "If an effect says you get one or more {E}, you get that many energy counters. To " \
    "pay one or more {E}, you lose that many energy counters. Any effects that interact with " \
    "counters a player gets, has, or loses can interact with energy counters."
OVERPAY = "You can't pay more energy counters than you have."
KIND = "Energy counters are a kind of counter that a player may have. They're not associated " \
    "with specific permanents. (Other kinds of counters that players may have include poison " \
    "and experience.)"
TRACK = "Keep careful track of how many energy counters each player has. You may do so by " \
    "keeping a running count on paper, by using a die, or by any other clear and mutually " \
    "agreeable method."
SYMBOL = "{E} is the energy symbol. It represents one energy counter."


def _mine(card: str, text: str):
    r = mine([RulingGroup("g", card, "2017-02-09", {"en": text})])
    (out,) = r.outcomes
    return r, out


@pytest.mark.parametrize(("fam", "card", "text", "slugs"), [
    ("energy-not-mana", "Sage of Shaila's Claim", NOT_MANA, ["energy-not-mana"]),
    ("energy-not-mana", "Aether Hub", NOT_MANA, ["energy-not-mana"]),  # a land, played
    ("energy-not-mana", "Highspire Infusion", NOT_MANA, ["energy-not-mana"]),  # an instant
    ("energy-get-pay", "Bristling Hydra", GET_PAY, ["energy-get-pay-get", "energy-get-pay-pay"]),
    ("energy-get-pay", "Dynavolt Tower", GET_PAY, ["energy-get-pay-pay"]),
    ("energy-overpay", "Spontaneous Artist", OVERPAY, ["energy-overpay"]),
    ("energy-overpay", "Servant of the Conduit", OVERPAY, ["energy-overpay"]),  # mana ability
])
def test_each_case_passes_on_the_reference_and_kills_the_family_mutant(fam, card, text, slugs):
    r, out = _mine(card, text)
    assert (out.family, out.status) == (fam, MINED), out.reason
    assert sorted(cid.split("/mined-")[1] for cid in r.cases) == sorted(slugs)
    mutant = BY_ID[fam].mutant
    assert mutant is not None
    for data in r.cases.values():
        assert data["provenance"]["rulings"] == {"en": text}
        case = case_from_mapping(data)
        assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
        assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status == "fail", case.id


@pytest.mark.parametrize(("fam", "card", "text", "why"), [
    ("energy-not-mana", "Lathnu Hellion", NOT_MANA, "does not build the card's oracle text"),
    ("energy-not-mana", "Dynavolt Tower", NOT_MANA, "only pays energy"),
    ("energy-get-pay", "Spontaneous Artist", GET_PAY, "only single {E}"),
    ("energy-overpay", "Sage of Shaila's Claim", OVERPAY, "no activated ability costing"),
    ("energy-overpay", "Grizzly Bears", OVERPAY, "no energy the reference engine gets or pays"),
    ("energy-player-counter", "Sage of Shaila's Claim", KIND, "a definition"),
    ("energy-bookkeeping", "Aether Hub", TRACK, "not game behaviour"),
    ("energy-symbol", "Aether Hub", SYMBOL, "energy-get-pay cases test"),
])
def test_no_case_without_the_shape_and_classified_rulings_say_why(fam, card, text, why):
    r, out = _mine(card, text)
    assert (out.family, out.status) == (fam, NOT_EXECUTABLE)
    assert why in out.reason
    assert not r.cases


def test_the_shipped_energy_cases_kill_their_family_mutants():
    """Every mined energy case of the suite passes on the reference engine and fails on its
    family's mutant (the miner keeps a card's cases only when one kills it; here each does)."""
    cases = [c for c in mined_cases()
             if c.provenance["source"].startswith("mined:energy-")]
    fams = {c.provenance["source"].removeprefix("mined:") for c in cases}
    assert fams == {"energy-not-mana", "energy-get-pay", "energy-overpay"}
    assert len(cases) >= 25 and len({c.cards[0] for c in cases}) >= 11
    for case in cases:
        mutant = BY_ID[case.provenance["source"].removeprefix("mined:")].mutant
        assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass", case.id
        assert execute_case(MUTANTS[mutant or ""](), case, timeout=10.0).status == "fail", case.id
