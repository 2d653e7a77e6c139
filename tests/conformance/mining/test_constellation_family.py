"""The constellation families (rules 207.2c, 603.6a, 603.3b): an enchantment creature entering
triggers constellation, and constellation abilities triggering together go on the stack in the
chosen order. Each case the reference engine passes is failed by the family's mutant."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

ANY = "A constellation ability triggers whenever an enchantment enters the battlefield under " \
    "your control for any reason. Enchantments with other card types, such as enchantment " \
    "creatures, will also cause constellation abilities to trigger."
ORDER = "When an enchantment enters the battlefield under your control, each constellation " \
    "ability of permanents you control will trigger. You can put these abilities on the " \
    "stack in any order. The last one you put on the stack will be the first one to resolve."


@pytest.mark.parametrize(("text", "card", "mutant"), [
    (ANY, "Eidolon of Blossoms", "constellation_pure_enchantments_only"),  # draws a card
    (ANY, "Triton Waverider", "constellation_pure_enchantments_only"),  # gains flying
    (ANY, "Grim Guardian", "constellation_pure_enchantments_only"),
    (ORDER, "Nexus Wardens", "trigger_order_ignored"),
    (ORDER, "Doomwake Giant", "trigger_order_ignored"),
])
def test_the_family_mutant_fails_the_case_the_reference_passes(text: str, card: str,
                                                               mutant: str) -> None:
    r = mine([RulingGroup("g", card, "2015-01-23", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_no_case_when_the_constellation_effect_targets() -> None:
    """Sage of Mysteries: "target player mills two cards" (a target the case does not
    choose)."""
    r = mine([RulingGroup("g", "Sage of Mysteries", "2015-01-23", {"en": ANY}),
              RulingGroup("h", "Sage of Mysteries", "2015-01-23", {"en": ORDER})])
    assert not r.cases and {o.status for o in r.outcomes} == {NOT_EXECUTABLE}
