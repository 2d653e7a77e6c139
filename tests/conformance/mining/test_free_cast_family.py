"""The free-cast families (rules 107.3b, 202.3) and cascade (702.85a) in the reference engine:
each ruling text yields cases the reference engine passes and the family's mutant fails; a card
the generator cannot script yields none, with its reason."""

from __future__ import annotations

from typing import Any

import pytest
from family_checks import assert_kills_its_mutant

from conformance.cases_io import case_from_mapping, case_hash
from conformance.mining.corpus import RulingGroup
from conformance.mining.families import BY_ID
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

X_CARD = ("If the card has {X} in its mana cost, you must choose 0 as the value of X when casting "
          "it without paying its mana cost.")
X_SPELL = ("If a spell has {X} in its mana cost, you must choose 0 as the value of X when casting "
           "it without paying its mana cost.")
MANA_VALUE = ("The mana value of a spell cast without paying its mana cost is determined by its "
              "mana cost, even though that cost wasn’t paid.")


def _mined(card: str, text: str, family: str) -> dict[str, Any]:
    r = mine([RulingGroup("g", card, "2021-03-19", {"en": text})])
    assert [(o.family, o.status) for o in r.outcomes] == [(family, MINED)], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["provenance"]["rulings"] == {"en": text}
    return data


@pytest.mark.parametrize(("card", "text", "family"), [
    ("Bloodbraid Elf", X_CARD, "x-free-cast"),
    ("Bituminous Blast", X_CARD, "x-free-cast"),
    ("Shardless Agent", X_SPELL, "x-free-cast"),
    ("Sram's Expertise", X_CARD, "x-free-cast"),
    ("Omnispell Adept", X_SPELL, "x-free-cast"),
    ("Electrodominance", X_SPELL, "x-free-cast"),
    ("Rift Bolt", MANA_VALUE, "free-cast-mana-value"),
    ("Errant Ephemeron", MANA_VALUE, "free-cast-mana-value"),
])
def test_the_case_passes_on_the_reference_and_kills_the_mutant(card, text, family):
    assert_kills_its_mutant(_mined(card, text, family), family)


def test_x_case_scripts_no_x_and_sees_x_as_zero():
    data = _mined("Bloodbraid Elf", X_CARD, "x-free-cast")
    assert not any("x" in body for a in data["actions"] for body in a.values()
                   if isinstance(body, dict))
    assert not any(a.get("choose", {}).get("choice") == "x" for a in data["actions"])
    assert data["expect"]["state"]["life"] == {"p2": 20}
    check = next(a["check"] for a in data["actions"] if "check" in a)
    assert check["state"]["objects"]["xspell"] == {"mana_value": 1}
    # the mutant asks for X as for a paid cast: the case answers no such choice
    result = execute_case(MUTANTS["free_cast_chooses_x"](), case_from_mapping(data),
                          timeout=10.0)
    assert result.status != "pass" and "waits for 'x'" in (result.message or "")


def test_hand_case_casts_the_x_spell_as_the_spell_resolves():
    data = _mined("Yahenni's Expertise", X_CARD, "x-free-cast")
    assert [c["id"] for c in data["setup"]["players"]["p1"]["hand"]] == ["exp", "xspell"]
    assert data["actions"][2] == {"choose": {"choice": "may", "source": "exp", "accept": True}}
    assert data["expect"]["state"]["stack"] == []  # the Expertise resolved, then Blaze
    data = _mined("Omnispell Adept", X_SPELL, "x-free-cast")
    assert data["actions"][0] == {"activate": {"player": "p1", "object": "exp", "ability": 0}}
    # "with mana value X or less": Electrodominance is cast with X = 1 (1 damage), Blaze free
    data = _mined("Electrodominance", X_SPELL, "x-free-cast")
    assert data["actions"][0]["cast"]["x"] == 1
    assert data["expect"]["state"]["life"] == {"p2": 19}


def test_mana_value_case_kills_only_through_the_stack_mana_value():
    data = _mined("Rift Bolt", MANA_VALUE, "free-cast-mana-value")
    assert data["expect"]["state"]["objects"]["sus"]["mana_value"] == 3
    assert "mana" not in data["setup"]["players"]["p1"]  # cast without paying: pool empty


@pytest.mark.parametrize(("card", "text", "reason"), [
    ("Rift Bolt", X_CARD, "casts only the card itself"),
    ("Omniscience", X_SPELL, "does not build the card"),
    ("Lightning Bolt", X_SPELL, "casts no spell without paying its mana cost"),
    ("Ancestral Vision", MANA_VALUE, "its mana value is 0"),
    ("Bloodbraid Elf", MANA_VALUE, "scripted for suspend only"),
])
def test_no_case_when_the_generator_cannot_kill_the_mutant(card, text, reason):
    r = mine([RulingGroup("g", card, "2021-03-19", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert reason in r.outcomes[0].reason


def test_families_are_registered_with_their_mutants():
    assert BY_ID["x-free-cast"].mutant == "free_cast_chooses_x"
    assert BY_ID["free-cast-mana-value"].mutant == "free_cast_mana_value_zero"
    assert BY_ID["x-free-cast"].generate.__module__.endswith("free_cast")


# --- cascade in the reference engine (702.85a) ------------------------------------------------

def _cascade_case(library: list[dict[str, str]], actions: list[dict[str, Any]],
                  expect: dict[str, Any]) -> Any:
    """The mined Shardless Agent case with another library, actions after the cast and
    expectations."""
    data = _mined("Shardless Agent", X_SPELL, "x-free-cast")
    data["setup"]["players"]["p1"]["library"] = library
    data["cards"] = sorted({"Shardless Agent", *(c["card"] for c in library)})
    data["actions"] = [data["actions"][0], *actions]
    data["expect"] = expect
    data["hash"] = case_hash(data["setup"], data["actions"], data["expect"])
    return case_from_mapping(data)


def test_cascade_skips_lands_and_costlier_cards_and_bottoms_the_rest():
    library = [{"id": "land", "card": "Island"}, {"id": "big", "card": "Hill Giant"},
               {"id": "bolt", "card": "Lightning Bolt"}, {"id": "last", "card": "Island"}]
    case = _cascade_case(library, [
        {"resolve_top": {}},
        {"choose": {"choice": "may", "source": "cas", "ability": "cascade", "accept": True}},
        {"choose": {"choice": "targets", "source": "bolt", "targets": ["p2"]}},
        {"resolve_top": {}}],
        {"events": [{"type": "zone_change", "object": "land", "to": "exile"},
                    {"type": "zone_change", "object": "big", "to": "exile"},
                    {"type": "zone_change", "object": "bolt", "to": "exile"},
                    {"type": "cast", "object": "bolt"}],
         "events_absent": [{"type": "zone_change", "object": "last", "to": "exile"}],
         "state": {"life": {"p2": 17}, "zones": {"land": "library", "big": "library",
                                                  "bolt": "graveyard"},
                   "stack": ["Shardless Agent"]}})
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"


def test_cascade_declined_puts_the_card_on_the_bottom():
    library = [{"id": "bolt", "card": "Lightning Bolt"}, {"id": "last", "card": "Island"}]
    case = _cascade_case(library, [
        {"resolve_top": {}},
        {"choose": {"choice": "may", "source": "cas", "ability": "cascade", "accept": False}}],
        {"events_absent": [{"type": "cast", "object": "bolt"}],
         "state": {"life": {"p2": 20}, "zones": {"bolt": "library"},
                   "stack": ["Shardless Agent"]}})
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
