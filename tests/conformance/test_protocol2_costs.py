"""Protocol 2: the ``costs`` of ``cast`` and ``activate`` (SPEC.md, "costs"): schema and lint,
negotiation, the reference engine's rules and the cases that kill the cost mutants."""

from __future__ import annotations

import sys

import pytest
from committed_suite import committed_cases
from conformance_testlib import FACE_CAST, FEATURES, lint_error_on_line, planted_suite, suite_case

from conformance.case_lint import lint
from conformance.engines.protocol import V1_ACTIONS, V1_CHOICES, V2_COSTS, EngineInfo
from conformance.engines.stdio import info_from_wire, info_to_wire
from conformance.errors import EngineReportedError
from conformance.reference.costs import COSTS
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import RunOptions, execute_case, run_cases, unsupported_reason

CAST = FACE_CAST

# --- schema and lint: a planted misuse of each addition is an error on its line -------------


def _cast_with(costs: str) -> str:
    return f"  - cast: {{player: p1, object: bolt, targets: [p2], costs: {costs}}}\n"


PLANTED = [
    (_cast_with("{kicker: -1}"), "actions/0/cast/costs/kicker", "kicker"),
    (_cast_with("{kicker: once}"), "actions/0/cast/costs/kicker", "kicker"),
    (_cast_with("{alternative: flashbak}"), "actions/0/cast/costs/alternative", "flashbak"),
    (_cast_with("{kick: 1}"), "Additional properties are not allowed ('kick'", "kick"),
    (_cast_with("{sacrifice: []}"), "actions/0/cast/costs/sacrifice", "sacrifice"),
    *[(_cast_with(f"{{{kind}: [ghost]}}"), "action 0 refers to unknown object 'ghost'", kind)
      for kind in ("sacrifice", "discard", "exile", "tap", "convoke", "delve", "improvise")],
    (_cast_with("{convoke: [bolt], improvise: [bolt]}"),
     "action 0 costs: 'bolt' pays both convoke and improvise", "improvise"),
    (_cast_with("{delve: [bolt, bolt]}"), "actions/0/cast/costs/delve", "delve"),
    (CAST + "  - activate: {player: p1, object: bolt, costs: {convoke: [bolt]}}\n",
     "Additional properties are not allowed ('convoke'", "activate"),
    (CAST + "  - activate: {player: p1, object: bolt, costs: {alternative: flashback}}\n",
     "Additional properties are not allowed ('alternative'", "activate"),
    (CAST + "  - activate: {player: p1, object: bolt, costs: {tap: [ghost]}}\n",
     "action 1 refers to unknown object 'ghost'", "activate"),
    (_cast_with("{alternative: madness}"), "action 0 costs: a card is cast for its madness cost "
     "only as its madness trigger resolves", "madness"),
    (_cast_with("{alternative: foretel}"), "actions/0/cast/costs/alternative", "foretel"),
    (CAST + "  - activate: {player: p1, object: bolt, costs: {alternative: dash}}\n",
     "Additional properties are not allowed ('alternative'", "activate"),
    (CAST + "  - foretell: {player: p1}\n", "'object' is a required property", "foretell"),
    (CAST + "  - foretell: {player: p1, object: ghost}\n",
     "action 1 refers to unknown object 'ghost'", "foretell"),
    (CAST + "  - foretell: {player: p1, object: bolt, costs: {alternative: foretell}}\n",
     "Additional properties are not allowed ('costs'", "foretell"),
    (_cast_with("{alternative: morf}"), "actions/0/cast/costs/alternative", "morf"),
    (CAST.replace("targets: [p2]", "targets: [p2], fuse: yes-please"),
     "actions/0/cast/fuse", "fuse"),
    (CAST.replace("targets: [p2]", "targets: [p2], fuse: true, half: Bolt"),
     "action 0 cast: fuse: true casts both halves as one fused split spell; it names no half",
     "fuse"),
    (CAST + "  - suspend: {player: p1}\n", "'object' is a required property", "suspend"),
    (CAST + "  - suspend: {player: p1, object: ghost}\n",
     "action 1 refers to unknown object 'ghost'", "suspend"),
    (CAST + "  - suspend: {player: p1, object: bolt, costs: {alternative: suspend}}\n",
     "Additional properties are not allowed ('costs'", "suspend"),
    (CAST + "  - turn_face_up: {player: p1}\n", "'object' is a required property",
     "turn_face_up"),
    (CAST + "  - turn_face_up: {player: p1, object: ghost}\n",
     "action 1 refers to unknown object 'ghost'", "turn_face_up"),
]


@pytest.mark.parametrize("new, message, line_text", PLANTED,
                         ids=[f"{i}-{p[2]}" for i, p in enumerate(PLANTED)])
def test_lint_places_a_misused_cost_on_its_line(tmp_path, new, message, line_text):
    root, f = planted_suite(tmp_path, CAST, new)
    lint_error_on_line(root, f, message, line_text)


def test_well_formed_costs_lint_clean(tmp_path):
    root, _ = planted_suite(tmp_path, CAST, _cast_with("{kicker: 2, alternative: evoke, tap: [bolt]}"))
    assert [str(p) for p in lint([root], features_file=FEATURES) if p.severity == "error"] == []


# --- negotiation ------------------------------------------------------------------------------

COST_CASES = {
    "into-the-roil/kicked-spell-does-its-kicked-effect": ("kicker_ignored", "kicker"),
    "roil-eruption/kicked-it-deals-its-kicked-damage-instead": ("kicked_effect_adds", "kicker"),
    "apex-hawks/multikicked-twice-enters-with-two-counters": ("multikicker_counts_once",
                                                              "multikicker"),
    "think-twice/flashback-pays-the-flashback-cost": ("flashback_pays_mana_cost", "flashback"),
    "fruit-of-tizerus/escape-exiles-other-cards-and-the-spell-returns-to-the-graveyard": (
        "escaped_spell_exiled", "escape, exile"),
    "dynacharge/overload-affects-each-creature-you-control-without-targets": (
        "overload_keeps_targets", "overload"),
    "reckless-abandon/sacrifice-a-creature-as-an-additional-cost": ("additional_cost_skipped",
                                                                    "sacrifice"),
    "waste-away/discard-a-card-as-an-additional-cost": ("discard_cost_skipped", "discard"),
    "psychatog/exile-two-cards-from-your-graveyard": ("exile_cost_skipped", "discard, exile"),
    "llanowar-behemoth/tap-an-untapped-creature-as-a-cost": ("tap_cost_skipped", "tap"),
    "stoke-the-flames/convoke-pays-colored-mana-with-a-creature-of-that-color": (
        "convoke_pays_generic_only", "convoke"),
    "treasure-cruise/delve-each-exiled-card-pays-one-generic-mana": ("delve_counts_wrong",
                                                                      "delve"),
    "reverse-engineer/improvise-taps-artifacts-to-pay-generic-mana": (
        "improvise_artifacts_stay_untapped", "improvise"),
    "arrogant-wurm/discarded-with-madness-it-is-exiled-and-cast-for-its-madness-cost": (
        "madness_card_to_graveyard", "discard, madness"),
    "fiery-temper/discarded-by-an-opponents-spell-cast-for-madness-with-its-target-chosen-then": (
        "madness_card_to_graveyard", "madness"),
    "mardu-scout/dashed-it-has-haste-and-returns-to-hand-at-the-next-end-step": (
        "dashed_creature_stays", "dash"),
    "mulldrifter/evoked-it-is-sacrificed-as-it-enters-and-its-other-enters-trigger-still-resolves": (
        "evoked_creature_stays", "evoke"),
    "demon-bolt/a-card-foretold-this-turn-cannot-be-cast-this-turn": (
        "foretold_cast_same_turn", "foretell"),
    "demon-bolt/foretold-on-one-turn-cast-on-a-later-turn-for-its-foretell-cost": (
        "foretell_pays_mana_cost", "foretell"),
}


class ReferenceV1(ReferenceEngine):
    """The reference engine answering ``start`` with protocol 1."""

    def info(self) -> EngineInfo:
        base = super().info()
        return EngineInfo(name="reference-v1", version=base.version, protocol=1,
                          features=base.features, cards=base.cards, costs=base.costs)


class ReferenceWithoutCosts(ReferenceEngine):
    """The reference engine speaking protocol 2 but declaring no costs."""

    def info(self) -> EngineInfo:
        base = super().info()
        return EngineInfo(name="reference-nocosts", version=base.version, protocol=2,
                          features=base.features, cards=base.cards, actions=base.actions,
                          choices=base.choices)


@pytest.mark.parametrize("case_id", sorted(COST_CASES))
def test_a_case_with_costs_names_what_it_needs(case_id):
    _, names = COST_CASES[case_id]
    needs = suite_case(case_id).needs
    assert sorted(needs.costs) == names.split(", ")
    assert needs.costs <= V2_COSTS and needs.costs <= COSTS


@pytest.mark.parametrize("spec, protocol", [("test_protocol2_costs:ReferenceV1", 1),
                                            ("test_protocol2_costs:ReferenceWithoutCosts", 2)])
def test_a_case_with_costs_is_never_sent_to_an_engine_without_them(spec, protocol):
    cases = [suite_case(c) for c in sorted(COST_CASES)]
    run = run_cases(cases, spec, RunOptions())
    for case, result in zip(cases, run.results, strict=True):
        assert result.status == "unsupported", case.id
        assert f"costs not supported (protocol {protocol}): {COST_CASES[case.id][1]}" in (
            result.message or ""), result.message
        assert result.duration == 0.0  # never sent


def test_existing_cases_need_no_costs():
    """The hand-written cases that name costs are those above; mined cases (e.g. the convoke
    families) may name costs too, only ones the reference engine declares. Fused casts (the cost
    ``fuse``) are the fuse cases' (test_a_fused_cast_needs_the_cost_fuse)."""
    cases = [c for c in committed_cases() if c.needs.costs]
    uses = [c.id for c in cases
            if c.provenance["source"] == "hand-written" and c.needs.costs - {"fuse"}]
    assert sorted(uses) == sorted(COST_CASES)
    assert all(c.needs.costs <= COSTS for c in cases)


def test_a_protocol1_engine_supports_no_costs_whatever_it_declares():
    info = info_from_wire({"name": "old", "version": "1", "protocol": 1, "features": [],
                           "cards": [], "costs": ["kicker"]})
    assert info.supported_costs == frozenset() and info.extra == {"costs": ["kicker"]}
    case = suite_case("into-the-roil/kicked-spell-does-its-kicked-effect")
    assert "costs not supported (protocol 1): kicker" in (unsupported_reason(case, info) or "")


def test_costs_declarations_round_trip_and_are_optional_on_the_wire():
    wire = info_to_wire(ReferenceEngine().info())
    assert wire["costs"] == sorted(COSTS)
    assert info_from_wire(wire).supported_costs == COSTS
    bare = {"name": "v2", "version": "1", "protocol": 2, "features": [], "cards": [],
            "actions": sorted(V1_ACTIONS), "choices": sorted(V1_CHOICES)}
    assert info_from_wire(bare).supported_costs == frozenset()
    assert "costs" not in info_to_wire(info_from_wire(bare))


def test_the_stdio_server_passes_costs_through():
    spec = f"cmd:{sys.executable} -m conformance.engines.serve reference"
    cases = [suite_case("stoke-the-flames/convoke-pays-colored-mana-with-a-creature-of-that-color"),
             suite_case("llanowar-behemoth/tap-an-untapped-creature-as-a-cost")]
    run = run_cases(cases, spec, RunOptions())
    assert run.engine.supported_costs == COSTS
    assert [r.status for r in run.results] == ["pass", "pass"]


# --- the cases and their mutants ---------------------------------------------------------------


@pytest.mark.parametrize("case_id", sorted(COST_CASES))
def test_each_cost_case_passes_on_the_reference_and_kills_its_mutant(case_id):
    case = suite_case(case_id)
    assert case.provenance["source"] == "hand-written"
    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    mutant = COST_CASES[case_id][0]
    result = execute_case(MUTANTS[mutant](), case, 10.0)
    assert result.status in ("fail", "error"), (mutant, result.status)


# --- the reference engine's rules ----------------------------------------------------------------


def _engine(p1: dict, p2: dict | None = None) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("t/costs", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                             "players": {"p1": p1, "p2": p2 or {}}})
    return engine


@pytest.mark.parametrize("p1, action, match", [
    ({"mana": "{R}{4}", "hand": [{"id": "s", "card": "Shock"}]},
     {"cast": {"player": "p1", "object": "s", "targets": ["p2"], "costs": {"kicker": 1}}},
     "has no kicker"),
    ({"mana": "{U}{U}{U}{U}{4}", "hand": [{"id": "r", "card": "Into the Roil"}],
      "battlefield": [{"id": "b", "card": "Grizzly Bears"}]},
     {"cast": {"player": "p1", "object": "r", "targets": ["b"], "costs": {"kicker": 2}}},
     "only once"),
    ({"mana": "{U}{2}", "hand": [{"id": "t", "card": "Think Twice"}]},
     {"cast": {"player": "p1", "object": "t", "costs": {"alternative": "flashback"}}},
     "from the hand"),
    ({"mana": "{U}{2}", "hand": [{"id": "t", "card": "Think Twice"}]},
     {"cast": {"player": "p1", "object": "t", "costs": {"alternative": "evoke"}}},
     "no evoke cost"),
    ({"mana": "{R}", "hand": [{"id": "a", "card": "Reckless Abandon"}],
      "battlefield": [{"id": "b", "card": "Grizzly Bears"}]},
     {"cast": {"player": "p1", "object": "a", "targets": ["p2"]}},
     "asks to sacrifice 1"),
    ({"mana": "{R}", "hand": [{"id": "a", "card": "Reckless Abandon"}],
      "battlefield": [{"id": "m", "card": "Mountain"}]},
     {"cast": {"player": "p1", "object": "a", "targets": ["p2"], "costs": {"sacrifice": ["m"]}}},
     "cannot pay costs.sacrifice"),
    ({"mana": "{B}{3}", "graveyard": [{"id": "f", "card": "Fruit of Tizerus"},
                                      {"id": "g", "card": "Island"}]},
     {"cast": {"player": "p1", "object": "f", "targets": ["p2"],
               "costs": {"alternative": "escape", "exile": ["g"]}}},
     "asks to exile 3"),
    ({"mana": "{R}{2}", "hand": [{"id": "d", "card": "Dynacharge"}],
      "battlefield": [{"id": "b", "card": "Grizzly Bears"}]},
     {"cast": {"player": "p1", "object": "d", "targets": ["b"],
               "costs": {"alternative": "overload"}}},
     "needs 0..0 targets"),
    ({"mana": "{R}{2}", "graveyard": [{"id": "d", "card": "Dynacharge"}]},
     {"cast": {"player": "p1", "object": "d", "costs": {"alternative": "overload"}}},
     "cannot be cast"),
    ({"mana": "{R}{3}", "hand": [{"id": "s", "card": "Shock"}],
      "battlefield": [{"id": "b", "card": "Grizzly Bears"}]},
     {"cast": {"player": "p1", "object": "s", "targets": ["p2"], "costs": {"convoke": ["b"]}}},
     "has no convoke"),
    ({"mana": "{R}{R}", "hand": [{"id": "s", "card": "Stoke the Flames"}],
      "battlefield": [{"id": "b", "card": "Grizzly Bears", "tapped": True},
                      {"id": "g", "card": "Raging Goblin"}]},
     {"cast": {"player": "p1", "object": "s", "targets": ["p2"],
               "costs": {"convoke": ["b", "g"]}}},
     "cannot pay costs.convoke"),
    ({"mana": "{U}", "hand": [{"id": "c", "card": "Treasure Cruise"}],
      "graveyard": [{"id": f"g{i}", "card": "Island"} for i in range(8)]},
     {"cast": {"player": "p1", "object": "c", "costs": {"delve": [f"g{i}" for i in range(8)]}}},
     "cannot pay"),
])
def test_the_reference_refuses_costs_the_card_or_the_rules_do_not_allow(p1, action, match):
    engine = _engine(p1)
    before = engine.observe()
    with pytest.raises(EngineReportedError, match=match) as info:
        engine.act(action)
    assert info.value.kind == "illegal_action"
    assert engine.observe() == before  # nothing paid (601.2h: no partial payments)


def test_an_unkicked_spell_skips_its_kicked_effect():
    engine = _engine({"mana": "{1}{U}", "hand": [{"id": "r", "card": "Into the Roil"}],
                      "library": [{"id": "l", "card": "Island"}]},
                     {"battlefield": [{"id": "b", "card": "Grizzly Bears"}]})
    engine.act({"cast": {"player": "p1", "object": "r", "targets": ["b"], "costs": {"kicker": 0}}})
    engine.act({"resolve_top": {}})
    state = engine.observe().state
    assert state["objects"]["b"]["zone"] == "hand" and state["objects"]["l"]["zone"] == "library"


# --- oracle templates ---------------------------------------------------------------------------


@pytest.mark.parametrize("phrase, expected", [
    ("sacrifice a creature", ("sacrifice", 1, "creature")),
    ("Sacrifice two artifacts", ("sacrifice", 2, "artifact")),
    ("discard a card", ("discard", 1, "card")),
    ("Exile two cards from your graveyard", ("exile", 2, "card")),
    ("Tap an untapped creature you control", ("tap", 1, "creature")),
    ("discard a card at random", None),
    ("sacrifice another creature", None),
    ("exile a card", None),
    ("tap a creature", None),
    ("discard a creature", None),
])
def test_cost_phrases_the_interpreter_accepts(phrase, expected):
    from conformance.reference.cost_text import cost_part

    part = cost_part(phrase)
    assert (None if part is None else (part.kind, part.n, part.what)) == expected


def test_cards_are_built_with_their_costs_or_not_at_all():
    from conformance.reference.cards import load_cards, refused_cards

    cards, refused = load_cards(), refused_cards()
    assert cards["Into the Roil"].faces[0].text.kicker == "{1}{U}"
    assert cards["Apex Hawks"].faces[0].text.multikicker
    assert cards["Stoke the Flames"].faces[0].text.payers == {"convoke"}
    assert cards["Fruit of Tizerus"].faces[0].text.escape == ("{3}{B}", 3)
    assert cards["Dynacharge"].faces[0].text.overload == "{2}{R}"
    assert "Mizzium Mortars" in refused  # overload of a text the interpreter cannot change
    tog = cards["Psychatog"].faces[0].text.activated
    assert [(p.kind, p.n) for ab in tog for p in ab.extra_costs] == [("discard", 1), ("exile", 2)]
    assert tog[0].cost is None and not tog[0].tap
    assert "Ashnod's Altar" in refused  # a mana ability with a sacrifice cost: not modelled
    assert "Verdeloth the Ancient" in refused  # Kicker {X}


def test_too_little_mana_is_an_illegal_action_not_an_internal_error() -> None:
    """Regrowth ({1}{G}) with only {G} in the pool: the cast is refused as an illegal action
    (601.2h), and nothing is paid."""
    from conformance.errors import EngineReportedError
    from conformance.reference import ReferenceEngine

    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{G}",
                                             "hand": [{"id": "re", "card": "Regrowth"}],
                                             "graveyard": [{"id": "b",
                                                            "card": "Grizzly Bears"}]},
                                      "p2": {}}})
    with pytest.raises(EngineReportedError) as refused:
        engine.act({"cast": {"player": "p1", "object": "re", "targets": ["b"]}})
    assert refused.value.kind == "illegal_action"
    state = engine.observe().state
    assert state["players"]["p1"]["mana"] == "{G}"
    assert state["objects"]["re"]["zone"] == "hand"


def test_a_fused_cast_needs_the_cost_fuse() -> None:
    """A cast with ``fuse: true`` is a protocol-2 need (``fuse``, 702.102c): a protocol-1 engine
    is never sent it (it would cast one half); the reference engine declares it."""
    from conformance.case_costs import cost_needs
    from conformance.reference.costs import COSTS

    fused = {"cast": {"player": "p1", "object": "tt", "fuse": True, "targets": ["p2", "p2"]}}
    assert list(cost_needs(fused)) == ["fuse"]
    assert list(cost_needs({"cast": {"player": "p1", "object": "tt", "half": "Toil"}})) == []
    assert "fuse" in V2_COSTS and "fuse" in COSTS
    fused_cases = [c for c in committed_cases() if any(
        isinstance(a.get("cast"), dict) and a["cast"].get("fuse") for a in c.actions)]
    assert fused_cases and all("fuse" in c.needs.costs for c in fused_cases)
