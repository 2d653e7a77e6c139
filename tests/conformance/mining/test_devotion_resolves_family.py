"""The devotion-ability-resolves family (700.5, 608.2h): an ability's devotion is counted as it
resolves, and its source counts only if still on the battlefield; the family's mutant (the
gone source still counts) fails each case the reference engine passes."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine

TEXT = "If an activated ability or triggered ability has an effect that depends on your " \
    "devotion to a color, you count the number of mana symbols of that color among the mana " \
    "costs of permanents you control as the ability resolves. The permanent with that ability " \
    "will be counted if it’s still on the battlefield at that time."
FAMILY = "devotion-ability-resolves"


@pytest.mark.parametrize(("card", "state"), [
    ("Gray Merchant of Asphodel", {"life": {"p1": 21, "p2": 19}}),
    ("Evangel of Heliod", {"count": [{"card": "Soldier Token", "zone": "battlefield",
                                      "count": 1}]}),
    ("Fanatic of Mogis", {"life": {"p2": 19}}),
    ("Blight-Breath Catoblepas", {"objects": {"big2": {"power": 6, "toughness": 6}}}),  # -X/-X
    ("Nylea's Huntmaster", {"objects": {"h1": {"power": 3, "toughness": 2}}}),  # Bears +X/+0
])
def test_the_bounced_source_is_not_counted(card: str, state: dict[str, object]) -> None:
    data = mined_one(card, TEXT, FAMILY)
    assert {k: v for k, v in data["expect"]["state"].items() if k in state} == state
    assert_kills_its_mutant(data, FAMILY)


@pytest.mark.parametrize("card", ["Reverent Hunter",  # counters on the gone source
                                  "Aspect of Hydra"])  # a spell
def test_no_case_when_nothing_shows_or_for_a_spell(card: str) -> None:
    r = mine([RulingGroup("g", card, "2013-09-20", {"en": TEXT})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
