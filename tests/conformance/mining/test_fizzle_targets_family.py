"""The fizzle family scripts every target slot the reference engine reads (issue #15): a spell
at a spell (countered by Cancel in response), permanents of any kind it reads (they gain shroud
in response), several targets (all made illegal), decisions never reached (scry, search), and
the Aura ruling of constellation cards (the Aura never enters, constellation doesn't trigger).
Each mined case passes on the reference engine and fails on ``illegal_targets_resolve``."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.families.fizzle_targets import victim_for
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

SINGLE = "If the target is an illegal target by the time {card} tries to resolve, the spell " \
    "doesn't resolve and none of its effects happen."
AURA = "An Aura spell that has an illegal target when it tries to resolve doesn't resolve and " \
    "is instead put into its owner's graveyard. It doesn't enter the battlefield, so " \
    "constellation abilities don't trigger."


def _mined(card: str, text: str) -> dict:
    r = mine([RulingGroup("g", card, "2015-01-01", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["illegal_targets_resolve"](), case, timeout=10.0).status != "pass"
    return data


@pytest.mark.parametrize(("card", "targets", "illegal"), [
    ("Dissolve", ["vsp"], "cast"),  # counter target spell; scry 1
    ("Galestrike", ["tgt1"], "set_keywords"),  # return target tapped creature; draw a card
    ("Frenzied Tilling", ["tgt1"], "set_keywords"),  # destroy target land; search
    ("Artisan's Sorrow", ["tgt1"], "set_keywords"),  # artifact or enchantment; scry 2
    ("Humble the Brute", ["tgt1"], "set_keywords"),  # creature with power 4 or greater
])
def test_a_target_the_reference_engine_reads_is_made_illegal(card: str, targets: list[str],
                                                            illegal: str) -> None:
    data = _mined(card, SINGLE.format(card=card))
    cast = next(a["cast"] for a in data["actions"] if "cast" in a and a["cast"]["object"] == "sp")
    assert cast["targets"] == targets
    assert any(illegal in a for a in data["actions"][1:])
    assert data["expect"]["state"]["zones"]["sp"] == "graveyard"


def test_every_target_of_two_is_made_illegal() -> None:
    data = _mined("Switcheroo", "If all of the spell's targets are illegal when the spell tries "
                  "to resolve, it won't resolve.")
    shrouded = [a["set_keywords"]["object"] for a in data["actions"] if "set_keywords" in a]
    assert shrouded == ["tgt1", "tgt2"]
    assert data["expect"]["state"]["objects"]["tgt2"]["controller"] == "p2"


def test_a_ruling_about_one_of_two_targets_is_not_scripted_as_all() -> None:
    """Not the fizzle family's (all targets illegal): the partial-resolution family's, one case
    per target made illegal."""
    r = mine([RulingGroup("g", "Rabid Bite", "2015-01-01", {
        "en": "If either creature is an illegal target as Rabid Bite tries to resolve, the "
              "creature you control won't deal damage."})])
    assert [(o.status, o.family) for o in r.outcomes] == [("mined", "illegal-target-either")]
    assert sorted(r.cases) == ["rabid-bite/mined-illegal-target-either-first",
                               "rabid-bite/mined-illegal-target-either-second"]


def test_the_aura_ruling_of_a_constellation_card() -> None:
    data = _mined("Nexus Wardens", AURA)
    assert {"type": "triggered", "source": "con"} in data["expect"]["events_absent"]
    assert data["expect"]["state"]["zones"]["aura"] == "graveyard"


def test_victims_fit_the_kind_as_the_engine_reads_it() -> None:
    assert victim_for("perm:Creature:pow>=4") == ("Craw Wurm", False, False)
    assert victim_for("perm:Creature:tapped") == ("Grizzly Bears", False, True)
    assert victim_for("creature_you_control") == ("Grizzly Bears", True, False)
    assert victim_for("land") == ("Island", False, False)
    assert victim_for("player") is None and victim_for("gy:Creature") is None


@pytest.mark.parametrize(("card", "first"), [
    ("Prodigal Sorcerer", "activate"),  # {T}: 1 damage to any target
    ("Man-o'-War", "cast"),  # when it enters, return target creature to its owner's hand
])
def test_an_ability_whose_targets_all_became_illegal_does_not_resolve(card: str,
                                                                     first: str) -> None:
    data = _mined(card, f"If the target creature is an illegal target when {card}'s ability "
                  "tries to resolve, the ability doesn't resolve.")
    assert first in data["actions"][0]
    assert data["expect"]["events_absent"] == [{"type": "resolved", "source": "src"}]
    assert data["expect"]["state"]["zones"]["tgt1"] == "battlefield"


def test_a_ruling_about_an_ability_is_not_scripted_on_a_spell() -> None:
    r = mine([RulingGroup("g", "Lightning Bolt", "2015-01-01", {
        "en": "If the target creature is an illegal target when the ability tries to resolve, "
              "it won't resolve."})])
    assert [o.status for o in r.outcomes] == [NOT_EXECUTABLE]
    assert "only the abilities of permanents" in r.outcomes[0].reason
