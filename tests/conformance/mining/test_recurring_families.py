"""The recurring-text families (devoid, Phyrexian mana value, prowess): each case the reference
engine passes is failed by the family's mutant (a planted wrong engine), and a card whose oracle
text does not have the shape the generator needs gets no case."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import CardInfo, FaceInfo, RulingGroup
from conformance.mining.families import BY_ID
from conformance.mining.families.devoid import devoid_card
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

DEVOID = "A card with devoid is just colorless. It's not colorless and the colors of mana in its " \
    "mana cost."
DEVOID_ZONES = "Devoid works in all zones, not just on the battlefield."
PHYREXIAN = "To calculate the mana value of a card with Phyrexian mana symbols in its cost, " \
    "count each Phyrexian mana symbol as 1."
PHYREXIAN_COLOR = "A card with Phyrexian mana symbols in its mana cost is each color that " \
    "appears in that mana cost, regardless of how that cost may have been paid."
PROWESS_TYPES = "Any spell you cast that doesn't have the type creature will cause prowess to " \
    "trigger. If a spell has multiple types, and one of those types is creature (such as an " \
    "artifact creature), casting it won't cause prowess to trigger. Playing a land also won't " \
    "cause prowess to trigger."
PROWESS_TOP = "Prowess goes on the stack on top of the spell that caused it to trigger. It will " \
    "resolve before that spell."
PROWESS_COUNTERED = "Once it triggers, prowess isn't connected to the spell that caused it to " \
    "trigger. If that spell is countered, prowess will still resolve."

FITTING = [
    ("devoid-colorless", "Blinding Drone", DEVOID),
    ("devoid-colorless", "Oblivion Strike", DEVOID),  # a sorcery: checked in hand
    ("devoid-all-zones", "Blinding Drone", DEVOID_ZONES),
    ("phyrexian-mana-value", "Dismember", PHYREXIAN),
    ("phyrexian-color", "Dismember", PHYREXIAN_COLOR),
    ("prowess-noncreature", "Monastery Swiftspear", PROWESS_TYPES),
    ("prowess-on-top", "Jeskai Student", PROWESS_TOP),
    ("prowess-countered", "Monastery Swiftspear", PROWESS_COUNTERED),
]


@pytest.mark.parametrize(("fam", "card", "text"), FITTING)
def test_the_family_mutant_fails_the_case_the_reference_passes(fam: str, card: str,
                                                               text: str) -> None:
    r = mine([RulingGroup("g", card, "2020-01-01", {"en": text})])
    (out,) = r.outcomes
    assert (out.family, out.status) == (fam, MINED), out.reason
    (data,) = r.cases.values()
    assert data["provenance"]["rulings"] == {"en": text}
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    mutant = MUTANTS[BY_ID[fam].mutant or ""]()
    assert execute_case(mutant, case, timeout=10.0).status == "fail"


@pytest.mark.parametrize(("fam", "card", "text", "why"), [
    ("devoid-colorless", "Grizzly Bears", DEVOID, "no devoid keyword line"),
    ("devoid-all-zones", "Kozilek's Channeler", DEVOID_ZONES, "no devoid keyword line"),
    ("phyrexian-mana-value", "Grizzly Bears", PHYREXIAN, "no Phyrexian mana symbol"),
    ("phyrexian-color", "Grizzly Bears", PHYREXIAN_COLOR, "comes only from Phyrexian"),
    ("prowess-noncreature", "Seeker of the Way", PROWESS_TYPES, "mentions casting or spells"),
    ("prowess-on-top", "Lightning Bolt", PROWESS_TOP, "only one-face creature cards"),
    ("prowess-countered", "Grizzly Bears", PROWESS_COUNTERED, "no prowess keyword line"),
])
def test_no_case_for_a_card_without_the_shape(fam: str, card: str, text: str, why: str) -> None:
    r = mine([RulingGroup("g", card, "2020-01-01", {"en": text})])
    (out,) = r.outcomes
    assert (out.family, out.status) == (fam, NOT_EXECUTABLE)
    assert why in out.reason
    assert not r.cases


def test_a_devoid_card_with_a_colorless_cost_is_not_scripted() -> None:
    """Without colored symbols devoid makes no visible difference: no case could kill the
    mutant keeping the mana cost's colors."""
    face = FaceInfo("Made Up Drone", "Creature — Eldrazi Drone", "{3}", "Devoid")
    got = devoid_card(CardInfo("Made Up Drone", None, "normal", (face,)))
    assert got is not None and "no colored mana symbol" in got.reason
    face = FaceInfo("Made Up Drone", "Creature — Eldrazi Drone", "{3}{B}", "Devoid")
    assert devoid_card(CardInfo("Made Up Drone", None, "normal", (face,))) is None


@pytest.mark.ci  # the whole corpus (built and mined once per session): CI only
def test_mine_prints_a_short_summary(mine_from_fixture: Path, tmp_path: Path) -> None:
    from rulings.cli import cli

    res = CliRunner().invoke(cli, ["mine", str(mine_from_fixture), "--out",
                                   str(tmp_path / "cases")])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert len(lines) <= 6, res.stdout
    assert lines[0].startswith("seed: ") and lines[2].startswith("all: ")
    assert "cases over" in lines[2] and "verified" in lines[2]
    assert lines[-1].startswith("time: ")
    assert "| card | family |" not in res.stdout  # the table is COVERAGE.md's
    coverage = (tmp_path / "cases" / "COVERAGE.md").read_text(encoding="utf-8")
    assert "## Recurring ruling texts no family covers yet, by rulings" in coverage




def test_fizzle_case_kills_the_mutant_resolving_illegal_targets() -> None:
    """Fleeting Distraction (-1/-0, draw a card) at a creature killed in response: the
    reference counters it and p1 draws nothing; the mutant lets it resolve and draw."""
    text = "If the target creature is an illegal target by the time Fleeting Distraction " \
        "tries to resolve, the spell doesn't resolve. You won't draw a card."
    r = mine([RulingGroup("g", "Fleeting Distraction", "2020-01-01", {"en": text})])
    (data,) = r.cases.values()
    assert data["provenance"]["source"] == "mined:illegal-target-fizzle"
    assert data["expect"]["state"]["zones"]["lib1"] == "library"
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["illegal_targets_resolve"](), case, timeout=10.0).status == "fail"


@pytest.mark.parametrize(("card", "why"), [
    ("Mind Rot", "its target (player) is not one the generator scripts"),  # a player only
    ("Sudden Shock", "split second"),
    ("Launch Party", "additional costs"),  # sacrifice a creature
    ("Ornithopter", "no single activated or enters ability with targets"),  # no ability
    ("Wild Growth", "targets, choices or costs are not scripted"),  # enchant land
])
def test_no_fizzle_case_without_the_shape(card: str, why: str) -> None:
    text = f"If the target creature is an illegal target by the time {card} tries to " \
        "resolve, the spell doesn't resolve."
    r = mine([RulingGroup("g", card, "2020-01-01", {"en": text})])
    (out,) = r.outcomes
    assert (out.family, out.status) == ("illegal-target-fizzle", NOT_EXECUTABLE)
    assert why in out.reason


def test_an_aura_spell_whose_target_dies_never_enters_the_battlefield() -> None:
    text = "An Aura spell that has an illegal target when it tries to resolve doesn't resolve " \
        "and is instead put into its owner's graveyard. It doesn't enter the battlefield, so " \
        "constellation abilities don't trigger."
    r = mine([RulingGroup("g", "Divine Favor", "2020-01-01", {"en": text})])
    (data,) = r.cases.values()
    assert {"type": "zone_change", "object": "sp", "to": "battlefield"} in \
        data["expect"]["events_absent"]
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["illegal_targets_resolve"](), case, timeout=10.0).status == "fail"
