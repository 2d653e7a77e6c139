"""Every case under conformance/cases against the reference engine (must pass) and its mutants
(each must fail at least one), judged by the harness's own runner and judge."""

from __future__ import annotations

import re
from functools import cache

from committed_suite import committed_cases

from conformance.case_vocabulary import load_features
from conformance.cases_io import CASES_DIR, Case
from conformance.reference import ReferenceEngine, card_names
from conformance.reference.mutants import MUTANTS, SEED_RULING_MUTANTS
from conformance.reference.rules import HOOKS, Rules
from conformance.runner import unsupported_reason


def all_cases() -> tuple[Case, ...]:
    return committed_cases()


@cache
def reference_cases() -> tuple[Case, ...]:
    """The cases the reference engine declares it supports."""
    info = ReferenceEngine().info()
    return tuple(c for c in all_cases() if unsupported_reason(c, info) is None)


def test_there_are_enough_hand_written_cases() -> None:
    hand = [c for c in all_cases() if c.provenance["source"] == "hand-written"]
    assert len(hand) >= 12


# The reference engine passing every case it declares, in process and over stdio (one run of the
# whole suite each, failures listed by case id):
# tests/conformance/test_conformance_reference.py::test_reference_passes_every_case_it_supports_...


def test_reference_column_of_the_verification_table_is_what_the_engine_does() -> None:
    """The committed verification table credits the reference engine with exactly the cases it
    supports (each of which it passes, see test_conformance_reference), and it declines no
    hand-written case. A case it declines is verified only when another engine passes it."""
    import json

    table = json.loads((CASES_DIR / "verification.json").read_text())["cases"]
    supported = {c.id for c in reference_cases()}
    for case in all_cases():
        row = table[case.id]
        if case.id in supported:
            assert row["engines"]["reference"] == "pass", case.id
            assert case.status == "verified", case.id
        else:
            assert row["engines"]["reference"] == "unsupported", case.id
            assert case.provenance["source"] != "hand-written", case.id
            assert (case.status == "verified") == bool(
                [e for e, s in row["engines"].items() if s == "pass"]), case.id


def test_every_case_hash_is_current() -> None:
    assert [c.id for c in all_cases() if c.hash != c.computed_hash] == []


# Each mutant failing some case the reference passes: one test per mutant in
# tests/conformance/test_conformance_reference.py::test_every_mutant_is_killed_or_explained.


def test_at_least_twelve_mutants_each_breaking_one_hook() -> None:
    """Each mutant overrides one or two hooks of the public rules surface, nothing internal,
    and names the Comprehensive Rules number it breaks."""
    assert len(MUTANTS) >= 12
    for name, cls in MUTANTS.items():
        assert issubclass(cls, ReferenceEngine) and cls is not ReferenceEngine
        assert cls.MUTANT == name
        assert cls.RULE and re.fullmatch(r"\d{3}\.\d+[a-z]?", cls.RULE), (name, cls.RULE)
        overridden = [k for k in vars(cls)
                      if not k.startswith("__") and k not in ("MUTANT", "RULE")]
        assert 1 <= len(overridden) <= 2, (name, overridden)
        assert set(overridden) <= set(HOOKS), (name, set(overridden) - set(HOOKS))
        assert cls().info().name != ReferenceEngine().info().name


def test_every_hook_is_a_documented_member_of_rules() -> None:
    for hook in HOOKS:
        member = getattr(Rules, hook)
        assert isinstance(member, str) or member.__doc__, hook


def test_declared_features_are_in_the_vocabulary_and_cards_are_real() -> None:
    info = ReferenceEngine().info()
    assert info.features <= set(load_features())
    assert info.cards == card_names()
    assert {"At Knifepoint", "Summon: G.F. Cerberus", "Refuse // Cooperate",
            "Destined // Lead"} <= info.cards


def test_cases_use_only_declared_cards_of_the_reference() -> None:
    names = card_names()
    for case in all_cases():
        if case.provenance["source"] == "hand-written":
            assert set(case.cards) <= names, case.id


def test_seed_ruling_mutants_are_mutants() -> None:
    assert SEED_RULING_MUTANTS <= set(MUTANTS)
