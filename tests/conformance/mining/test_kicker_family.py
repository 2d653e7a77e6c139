"""The kicker-once family (rules 702.33a, 702.33d): a kicker cost is paid at most once. Casting a
kicker card kicked twice is refused by the reference engine and accepted by the family's mutant;
a card without a kicker yields no case."""

from __future__ import annotations

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

ONCE = "You can't pay a kicker cost more than once."


@pytest.mark.parametrize("card", ["Into the Roil", "Vastwood Surge"])  # a target, none
def test_kicking_twice_is_refused_and_the_mutant_accepts_it(card: str) -> None:
    r = mine([RulingGroup("g", card, "2009-10-01", {"en": ONCE})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["actions"][0]["cast"]["costs"] == {"kicker": 2}
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS["kicker_paid_twice"](), case, timeout=10.0).status != "pass"


def test_no_case_without_a_kicker() -> None:
    r = mine([RulingGroup("g", "Lightning Bolt", "2009-10-01", {"en": ONCE})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


MEANING = ("Kicker represents an optional additional cost that you may choose to pay as you cast "
           "the spell. A spell cast with that additional cost paid is \u201ckicked.\u201d")
TOTAL = ("To determine a spell's total cost, start with the mana cost (or an alternative cost if "
         "another card's effect allows you to pay one instead), add any cost increases (such as "
         "kicker), then apply any cost reductions. The converted mana cost of the spell is "
         "determined only by its mana cost, no matter what the total cost to cast the spell was.")
NOT_CAST = ("If you put a permanent with a kicker ability onto the battlefield without casting "
            "it, you can\u2019t kick it.")
TRIGGER = ("An ability that triggers when a player casts a kicked spell resolves before the spell "
           "that caused it to trigger, but after targets have been chosen for that spell. It "
           "resolves even if that spell is countered.")


def _one_case(card: str, text: str, mutant: str) -> dict[str, object]:
    r = mine([RulingGroup("g", card, "2020-09-25", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"
    return data


@pytest.mark.parametrize("card", ["Ghastly Gloomhunter", "Roost of Drakes", "Into the Roil",
                                  "Scorch Rider"])  # counters, trigger (token, haste), a draw
def test_a_kicked_spell_does_what_kicked_says(card: str) -> None:
    data = _one_case(card, MEANING, "kicker_ignored")
    assert data["actions"][0]["cast"]["costs"] == {"kicker": 1}


def test_the_kicked_counters_are_expected() -> None:
    data = _one_case("Cragplate Baloth", MEANING, "kicker_ignored")
    assert data["expect"]["state"]["objects"] == {"kick": {"counters": {"+1/+1": 4}}}


@pytest.mark.parametrize("card", ["Cragplate Baloth", "Into the Roil", "Nullpriest of Oblivion"])
def test_the_kicker_cost_is_part_of_the_total_cost(card: str) -> None:
    data = _one_case(card, TOTAL, "kicker_not_in_total_cost")
    assert data["expect"]["error"] == {"kind": "illegal_action", "action": 0}


@pytest.mark.parametrize("card,returner", [("Ghastly Gloomhunter", "Zombify"),
                                           ("Tazeem Roilmage", "Zombify"),
                                           ("Roost of Drakes", "Obzedat's Aid")])
def test_a_permanent_put_onto_the_battlefield_is_not_kicked(card: str, returner: str) -> None:
    data = _one_case(card, NOT_CAST, "kicker_on_put_onto_battlefield")
    assert returner in data["cards"]  # type: ignore[operator]


def test_no_not_cast_case_for_an_instant() -> None:
    r = mine([RulingGroup("g", "Into the Roil", "2020-09-25", {"en": NOT_CAST})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


@pytest.mark.parametrize("card", ["Into the Roil", "Cragplate Baloth"])
def test_the_kicked_cast_trigger_resolves_first(card: str) -> None:
    data = _one_case(card, TRIGGER, "trigger_under_its_spell")
    assert "Roost of Drakes" in data["cards"]  # type: ignore[operator]


def test_roost_of_drakes_and_the_kicked_templates_are_built() -> None:
    from conformance.reference.cards import load_cards

    cards = load_cards()
    baloth = cards["Cragplate Baloth"].faces[0].text
    assert baloth.kicked_counters == (("+1/+1", 4),)
    roost = cards["Roost of Drakes"].faces[0].text
    assert {t.event for t in roost.triggered} == {"enters_kicked", "cast_kicked"}


COPY = ("If you copy a kicked spell, the copy is also kicked. If a card or token enters the "
        "battlefield as a copy of a permanent that\u2019s already on the battlefield, the new "
        "permanent isn\u2019t kicked, even if the original was.")


def test_a_copy_of_a_kicked_spell_is_kicked() -> None:
    data = _one_case("Into the Roil", COPY, "copy_not_kicked")
    assert data["expect"]["state"]["count"] == [{"zone": "hand", "owner": "p1", "count": 2}]


def test_no_copy_case_for_a_permanent() -> None:
    r = mine([RulingGroup("g", "Cragplate Baloth", "2020-09-25", {"en": COPY})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
