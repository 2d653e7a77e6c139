"""The devotion families (rule 700.5): hybrid and Phyrexian symbols count toward devotion,
text-box symbols don't. Each case the reference engine passes is failed by the family's
mutant, and a card the generator cannot script gets no case."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.families.devotion import symbols
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

HYBRID = "Hybrid mana symbols, monocolored hybrid mana symbols, and Phyrexian mana symbols do " \
    "count toward your devotion to their color(s)."
TEXT_BOX = "Mana symbols in the text boxes of permanents you control don't count toward your " \
    "devotion to any color."


def test_symbols_count_hybrid_and_phyrexian_once() -> None:
    assert symbols("{3}{B}{B}", "B") == 2
    assert symbols("{B/R}{B/R}{B/R}", "B") == 3 and symbols("{B/R}{B/R}{B/R}", "R") == 3
    assert symbols("{1}{B/P}", "B") == 1 and symbols("{2/G}", "G") == 1
    assert symbols("{B/R}{B/P}", "B", hybrid=False) == 0


@pytest.mark.parametrize(("text", "card", "mutant"), [
    (HYBRID, "Gray Merchant of Asphodel", "devotion_ignores_hybrid"),
    (HYBRID, "Aspect of Hydra", "devotion_ignores_hybrid"),  # an instant: its cost is no permanent's
    (HYBRID, "Blight-Breath Catoblepas", "devotion_ignores_hybrid"),  # a targeted trigger
    (TEXT_BOX, "Nylea's Disciple", "devotion_counts_text_symbols"),
    (TEXT_BOX, "Evangel of Heliod", "devotion_counts_text_symbols"),
])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, card: str,
                                                               mutant: str) -> None:
    r = mine([RulingGroup("g", card, "2013-09-15", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_gray_merchant_drains_for_its_own_and_the_hybrid_symbols() -> None:
    """{3}{B}{B} + Ashenmoor Gouger's {B/R}x3 + Vault Skirge's {B/P}: devotion to black 6."""
    r = mine([RulingGroup("g", "Gray Merchant of Asphodel", "2013-09-15", {"en": HYBRID})])
    (data,) = r.cases.values()
    assert data["expect"]["state"]["life"] == {"p1": 26, "p2": 14}


def test_no_case_for_a_devotion_card_the_generator_cannot_script() -> None:
    """Nykthos adds mana equal to devotion (a mana ability with a color choice); Abhorrent
    Overlord is not built (its upkeep sacrifice)."""
    r = mine([RulingGroup("n", "Nykthos, Shrine to Nyx", "2013-09-15", {"en": HYBRID}),
              RulingGroup("a", "Abhorrent Overlord", "2013-09-15", {"en": HYBRID})])
    assert not r.cases
    assert all(o.status == NOT_EXECUTABLE for o in r.outcomes)


GENERIC = "Numeric mana symbols ({0}, {1}, and so on) in mana costs of permanents you control " \
    "don't count toward your devotion to any color."


def test_the_generic_case_fails_the_devotion_counts_generic_mutant() -> None:
    r = mine([RulingGroup("g", "Gray Merchant of Asphodel", "2013-09-15", {"en": GENERIC})])
    (data,) = r.cases.values()
    assert data["setup"]["players"]["p1"]["battlefield"] == [{"id": "h1",
                                                              "card": "Dakmor Scorpion"}]
    assert data["expect"]["state"]["life"] == {"p1": 23, "p2": 17}  # {3}{B}{B} + {1}{B}
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["devotion_counts_generic"](), case, timeout=10.0).status != "pass"


@pytest.mark.parametrize(("text", "mutant", "creature"), [
    (HYBRID, "devotion_ignores_hybrid", True),
    (TEXT_BOX, "devotion_counts_text_symbols", False),
    (GENERIC, "devotion_counts_generic", False),
])
def test_a_god_is_a_creature_exactly_at_its_devotion(text: str, mutant: str,
                                                     creature: bool) -> None:
    """Nylea, God of the Hunt ({3}{G}, "devotion to green is less than five"): no action, the
    god and helpers on the battlefield; its types show the devotion counted."""
    r = mine([RulingGroup("g", "Nylea, God of the Hunt", "2013-09-15", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["actions"] == []
    types = data["expect"]["state"]["objects"]["god"]["types"]
    assert ("Creature" in types) is creature
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"
