"""Protocol 2 ``choose: {choice: cards}`` beyond surveil: scry, searching a library, discarding,
and "put one of them into your hand" (SPEC.md, "choose (protocol 2)"), on the reference engine:
oracle-text templates (:mod:`conformance.reference.oracle_library`), one hand-written case each
and the mutant it kills, strict scripting, and lint of misused answers."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from conformance_testlib import (
    assert_reference_passes_and_mutant_fails,
    lint_error_on_line,
    planted_suite,
    suite_case,
)

from conformance.cases_io import CASES_DIR
from conformance.errors import EngineReportedError
from conformance.reference.cards import card_names
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import RunOptions, execute_case, run_cases

NEW_CASES = {
    "magma-jet/scry-may-put-every-card-looked-at-on-the-bottom":
        ("scry_bottom_ignored", ["state.zones.mountain", "state.zones.island"]),
    "rampant-growth/a-search-for-a-basic-land-card-may-find-nothing":
        ("search_must_find", []),
    "mind-rot/the-discarding-player-chooses-the-cards-discarded":
        ("discard_not_chosen", ["state.zones.island", "state.zones.mountain"]),
    "anticipate/the-rest-go-on-the-bottom-in-the-chosen-order":
        ("bottom_order_ignored", ["state.zones.mountain", "state.zones.island"]),
}
"""Case id -> (the mutant it kills, the mismatches' ``where``; empty when the mutant refuses
an answer the rules allow, an engine error)."""


@pytest.mark.parametrize("case_id", sorted(NEW_CASES))
def test_each_case_passes_on_the_reference_and_kills_its_mutant(case_id):
    mutant, where = NEW_CASES[case_id]
    case = suite_case(case_id)
    assert case.provenance["source"] == "hand-written"
    assert_reference_passes_and_mutant_fails(case, mutant, where)
    for other, _w in NEW_CASES.values():  # each mutant breaks its own rule only
        if other != mutant:
            assert execute_case(MUTANTS[other](), case, 10.0).status == "pass", other


def test_the_search_mutant_refuses_the_empty_answer_citing_the_rule():
    case = suite_case("rampant-growth/a-search-for-a-basic-land-card-may-find-nothing")
    result = execute_case(MUTANTS["search_must_find"](), case, 10.0)
    assert "illegal_action" in (result.message or "") and "701.19b" in result.message


def test_the_mutants_live_with_the_other_choice_mutants_and_name_their_rules():
    from conformance.reference.choice_mutants import CHOICE_MUTANTS

    rules = {"scry_bottom_ignored": "701.18a", "search_must_find": "701.19b",
             "discard_not_chosen": "701.8b", "bottom_order_ignored": "401.4"}
    for name, rule in rules.items():
        assert CHOICE_MUTANTS[name] is MUTANTS[name] and MUTANTS[name].RULE == rule


def test_a_protocol1_engine_gets_unsupported_naming_the_cards_choice():
    cases = [suite_case(cid) for cid in sorted(NEW_CASES)]
    results = run_cases(cases, "toy:ToyEngine", RunOptions()).results
    for r in results:
        assert r.status == "unsupported", (r.id, r.message)
        assert "choices not supported (protocol 1): cards" in (r.message or ""), r.message


def test_real_cards_of_the_pool_build_from_these_templates():
    built = card_names()
    assert {"Opt", "Preordain", "Magma Jet", "Temple of Mystery", "Rampant Growth",
            "Evolving Wilds", "Demonic Tutor", "Mind Rot", "Faithless Looting", "Merfolk Looter",
            "Anticipate", "Sleight of Hand", "Forbidden Alchemy"} <= built
    # a random discard, or a search by name, is not one of them: those cards stay refused
    assert not {"Hymn to Tourach", "Coercion"} & built


# --- strict scripting on the engine ---------------------------------------------------------

def _game(hand: list[dict[str, Any]], mana: str, library: list[str] = (),
          p2_hand: list[str] = ()) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("t/cards", {
        "active_player": "p1", "step": "precombat_main", "turn": 3,
        "players": {"p1": {"mana": mana, "hand": hand,
                           "library": [{"id": c.lower(), "card": c} for c in library]},
                    "p2": {"hand": [{"id": c.lower(), "card": c} for c in p2_hand]}}})
    return engine


def _cast(engine: ReferenceEngine, obj: str, targets: list[str] | None = None) -> None:
    engine.act({"cast": {"player": "p1", "object": obj, **({"targets": targets} if targets
                                                           else {})}})
    engine.act({"resolve_top": {}})


def _zones(engine: ReferenceEngine) -> dict[str, str]:
    return {k: v["zone"] for k, v in engine.observe().state["objects"].items()}


def test_a_pending_cards_choice_without_an_answer_is_unanswered():
    engine = _game([{"id": "opt", "card": "Opt"}], "{U}", ["Island", "Swamp"])
    _cast(engine, "opt")
    with pytest.raises(EngineReportedError, match="unanswered_choice.*'cards'"):
        engine.observe()
    with pytest.raises(EngineReportedError, match="unanswered_choice"):
        engine.act({"pass_priority": {"player": "p1"}})
    with pytest.raises(EngineReportedError, match="unused_answer"):
        engine.act({"choose": {"choice": "may", "accept": True}})


@pytest.mark.parametrize("answer, message", [
    ({"cards": ["swamp"]}, r"scry: choose cards among \['island'\]"),
    ({"cards": ["island", "island"]}, "scry: choose cards among"),
    ({"cards": "island"}, "scry: choose cards among"),
    ({"cards": [], "order": ["island", "swamp"]}, "scry: give the order of"),
])
def test_a_scry_answer_naming_cards_not_looked_at_is_illegal(answer, message):
    engine = _game([{"id": "opt", "card": "Opt"}], "{U}", ["Island", "Swamp"])
    _cast(engine, "opt")
    with pytest.raises(EngineReportedError, match=f"illegal_action.*{message}"):
        engine.act({"choose": {"choice": "cards", **answer}})


def test_scry_keeps_a_card_on_top_and_draws_it():
    engine = _game([{"id": "opt", "card": "Opt"}], "{U}", ["Island", "Swamp"])
    _cast(engine, "opt")
    engine.act({"choose": {"choice": "cards", "cards": []}})
    assert _zones(engine)["island"] == "hand" and _zones(engine)["swamp"] == "library"


def test_a_search_for_a_card_without_a_stated_quality_must_find_one():
    engine = _game([{"id": "tutor", "card": "Demonic Tutor"}], "{1}{B}", ["Island", "Swamp"])
    _cast(engine, "tutor")
    with pytest.raises(EngineReportedError, match=r"illegal_action.*choose 1 of"):
        engine.act({"choose": {"choice": "cards", "cards": []}})
    engine = _game([{"id": "tutor", "card": "Demonic Tutor"}], "{1}{B}", ["Island", "Swamp"])
    _cast(engine, "tutor")
    engine.act({"choose": {"choice": "cards", "cards": ["swamp"]}})
    assert _zones(engine)["swamp"] == "hand" and _zones(engine)["island"] == "library"


def test_a_search_offers_only_matching_cards_and_puts_a_land_onto_the_battlefield_tapped():
    engine = _game([{"id": "growth", "card": "Rampant Growth"}], "{1}{G}",
                   ["Opt", "Forest"])
    _cast(engine, "growth")
    with pytest.raises(EngineReportedError, match=r"illegal_action.*among \['forest'\]"):
        engine.act({"choose": {"choice": "cards", "cards": ["opt"]}})
    engine = _game([{"id": "growth", "card": "Rampant Growth"}], "{1}{G}", ["Opt", "Forest"])
    _cast(engine, "growth")
    engine.act({"choose": {"choice": "cards", "cards": ["forest"]}})
    state = engine.observe().state["objects"]
    assert state["forest"]["zone"] == "battlefield" and state["forest"]["tapped"] is True


def test_a_search_with_nothing_to_find_asks_nothing():
    engine = _game([{"id": "growth", "card": "Rampant Growth"}], "{1}{G}", ["Opt"])
    _cast(engine, "growth")
    assert _zones(engine)["growth"] == "graveyard"
    with pytest.raises(EngineReportedError, match="unused_answer"):
        engine.act({"choose": {"choice": "cards", "cards": []}})


@pytest.mark.parametrize("answer, message", [
    ({"cards": ["island"]}, r"choose 2 of"),
    ({"cards": ["island", "swamp", "mountain"]}, r"choose 2 of"),
    ({"cards": ["island", "rot"]}, "choose cards among"),
    ({"cards": ["island", "swamp"], "order": ["island", "swamp"]}, "discard: no cards to order"),
])
def test_a_discard_answer_of_the_wrong_cards_or_count_is_illegal(answer, message):
    engine = _game([{"id": "rot", "card": "Mind Rot"}], "{2}{B}",
                   p2_hand=["Island", "Swamp", "Mountain"])
    _cast(engine, "rot", ["p2"])
    with pytest.raises(EngineReportedError, match=f"illegal_action.*{message}"):
        engine.act({"choose": {"choice": "cards", **answer}})
    zones = _zones(engine)  # the refused answer moved no card
    assert zones["island"] == zones["swamp"] == zones["mountain"] == "hand"


def test_a_hand_no_larger_than_the_discard_is_discarded_without_a_choice():
    engine = _game([{"id": "rot", "card": "Mind Rot"}], "{2}{B}", p2_hand=["Island", "Swamp"])
    _cast(engine, "rot", ["p2"])
    zones = _zones(engine)
    assert zones["island"] == zones["swamp"] == "graveyard"


def test_looting_draws_then_the_player_discards_a_card_of_their_choice():
    engine = _game([{"id": "loot", "card": "Faithless Looting"},
                    {"id": "bolt", "card": "Lightning Bolt"}], "{R}", ["Island", "Swamp"])
    _cast(engine, "loot")
    engine.act({"choose": {"choice": "cards", "cards": ["bolt", "swamp"]}})
    zones = _zones(engine)
    assert zones["bolt"] == zones["swamp"] == "graveyard" and zones["island"] == "hand"


@pytest.mark.parametrize("answer, message", [
    ({"cards": []}, r"choose 1 of"),
    ({"cards": ["island", "swamp"], "order": ["mountain"]}, r"choose 1 of"),
    ({"cards": ["island"], "order": ["swamp"]}, "give the order of"),
    ({"cards": ["island"]}, "give the order of"),
])
def test_put_one_into_your_hand_takes_exactly_one_and_orders_the_rest(answer, message):
    engine = _game([{"id": "anticipate", "card": "Anticipate"}], "{1}{U}",
                   ["Island", "Swamp", "Mountain"])
    _cast(engine, "anticipate")
    with pytest.raises(EngineReportedError, match=f"illegal_action.*{message}"):
        engine.act({"choose": {"choice": "cards", **answer}})


# --- lint ------------------------------------------------------------------------------------

PLANTED = [
    ("    - island\n    - swamp\n- check:", "    - island\n    - islnd\n- check:",
     "action 2 refers to unknown object 'islnd'", "- choose:"),
    ("    - island\n    - swamp\n- check:", "    - island\n    - island\n- check:",
     "has non-unique elements", "    cards:"),
    ("    choice: cards\n    cards:", "    choice: cards\n    order: 3\n    cards:",
     "is not of type 'array'", "    order: 3"),
    ("    choice: cards\n    cards:", "    choice: cards\n    graveyard: [island]\n    cards:",
     "'graveyard' is not one of", "- choose:"),
]


@pytest.mark.parametrize("old, new, message, line_text", PLANTED,
                         ids=["unknown-card", "twice", "order-not-list", "foreign-field"])
def test_lint_places_a_misused_cards_answer_on_its_line(tmp_path: Path, old, new, message,
                                                        line_text):
    root, f = planted_suite(tmp_path, old, new, source=CASES_DIR / "magma-jet",
                            case=Path("scry-may-put-every-card-looked-at-on-the-bottom.yaml"))
    hit, line = lint_error_on_line(root, f, message, features_file=None)
    assert line.startswith(line_text), (str(hit), line)


def test_the_stdio_server_passes_the_cards_cases():
    spec = f"cmd:{sys.executable} -m conformance.engines.serve reference"
    run = run_cases([suite_case(cid) for cid in sorted(NEW_CASES)], spec, RunOptions())
    assert run.engine.protocol == 2
    assert {r.id: r.status for r in run.results} == dict.fromkeys(NEW_CASES, "pass")


def test_a_spell_that_does_not_resolve_asks_no_cards_choice():
    """Magma Jet's ruling: with its target illegal it doesn't resolve and its controller
    doesn't scry; an engine resolving it anyway waits for the scry's ``cards`` choice."""
    case = suite_case("magma-jet/a-spell-whose-target-is-illegal-does-not-scry")
    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    result = execute_case(MUTANTS["illegal_targets_resolve"](), case, 10.0)
    assert result.status == "error"
    assert "unanswered_choice" in (result.message or "") and "'cards'" in result.message
