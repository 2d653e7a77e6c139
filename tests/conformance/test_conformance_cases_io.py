"""Loading, hashing, linting and rehashing case files."""

from __future__ import annotations

import shutil

import pytest
from conformance_testlib import CASES, FEATURES, STATUSES, planted_suite
from hypothesis import given
from hypothesis import strategies as st

from conformance.case_lint import lint
from conformance.case_vocabulary import load_features
from conformance.cases_io import CaseFilter, case_hash, load_case, load_cases, rehash, shard_of
from conformance.errors import CaseFormatError, VocabularyError


@pytest.fixture
def suite(tmp_path):
    root = tmp_path / "cases"
    shutil.copytree(CASES, root)
    return root


def _lint(root, **kw):
    return [str(p) for p in lint([root], features_file=FEATURES, **kw) if p.severity == "error"]


def test_loads_cases_with_ids_equal_to_paths():
    cases = load_cases([CASES])
    assert [c.id for c in cases] == ["lightning-bolt/face", "lightning-bolt/kills-bears",
                                     "shock/two-passes"]
    face = cases[0]
    assert face.provenance["ruling_date"] == "2004-10-04"  # a string, not a date
    assert face.actions[1] == {"resolve_stack": {}}  # `resolve_stack:` (null) normalised
    assert face.hash == face.computed_hash


def test_clean_suites_lint_clean():
    assert _lint(CASES) == []
    assert _lint(STATUSES) == []


def test_hash_ignores_formatting_but_not_content():
    face = load_case(CASES / "lightning-bolt" / "face.yaml")
    reordered = dict(reversed(list(face.setup.items())))
    assert case_hash(reordered, face.actions, face.expect) == face.hash
    assert case_hash(face.setup, [{"resolve_stack": None} if "resolve_stack" in a else a
                                  for a in face.actions], face.expect) == face.hash
    changed = {**face.expect, "state": {**face.expect["state"], "life": {"p2": 16}}}
    assert case_hash(face.setup, face.actions, changed) != face.hash


@given(st.dictionaries(st.text(min_size=1), st.integers(), max_size=6))
def test_hash_independent_of_key_order(d):
    assert case_hash(d, [], {}) == case_hash(dict(reversed(list(d.items()))), [], {})


def test_lint_reports_a_stale_hash_and_rehash_fixes_it_keeping_comments(suite):
    f = suite / "lightning-bolt" / "face.yaml"
    text = f.read_text().replace("life: {p1: 20, p2: 17}", "life: {p1: 20, p2: 17}  # edited")
    text = text.replace("amount: 3}", "amount: 3, combat: false}")
    f.write_text(text)
    assert any("hash is stale" in p for p in _lint(suite))
    assert rehash([suite]) == [f]
    assert _lint(suite) == []
    new = f.read_text()
    assert "# edited" in new and new.count("\n") == text.count("\n")
    assert rehash([suite]) == []


def test_rehash_inserts_a_missing_hash_after_the_id(suite):
    f = suite / "shock" / "two-passes.yaml"
    f.write_text("\n".join(x for x in f.read_text().splitlines() if not x.startswith("hash:")) + "\n")
    with pytest.raises(CaseFormatError, match="hash"):
        load_case(f)
    rehash([f])
    lines = f.read_text().splitlines()
    assert lines[0].startswith("id:") and lines[1].startswith("hash: sha256:")


def test_rehash_refuses_files_that_are_not_cases(tmp_path):
    f = tmp_path / "cases" / "x" / "y.yaml"
    f.parent.mkdir(parents=True)
    f.write_text("just: a mapping\n")
    with pytest.raises(CaseFormatError):
        rehash([f])
    assert f.read_text() == "just: a mapping\n"


@pytest.mark.parametrize("old, new, message", [
    ("id: lightning-bolt/face", "id: lightning-bolt/other", "differs from its path"),
    ("features: [damage, target.single]", "features: [damage, teleportation]", "unknown feature 'teleportation'"),
    ("cards: [Lightning Bolt]", "cards: [Lightning Bolt, Lightening Bolt]", "unknown card 'Lightening Bolt'"),
    ("targets: [p2]", "targets: [p3]", "action 0 refers to unknown object 'p3'"),
    ("zones: {bolt: graveyard}", "zones: {bolts: graveyard}", "refers to unknown object 'bolts'"),
    ("step: precombat_main", "step: main", "setup/step"),
])
def test_lint_finds(tmp_path, old, new, message):
    suite, _ = planted_suite(tmp_path, old, new, rehash_it="hash" not in message)
    found = _lint(suite)
    assert any(message in p for p in found), found


def test_lint_finds_duplicate_ids_across_roots(suite, tmp_path):
    other = tmp_path / "more" / "cases" / "lightning-bolt"
    other.mkdir(parents=True)
    shutil.copy(suite / "lightning-bolt" / "face.yaml", other / "face.yaml")
    found = [str(p) for p in lint([suite, other.parent], features_file=FEATURES)]
    assert any("also used by" in p for p in found)


def test_setup_cards_missing_from_cards_is_a_warning(suite):
    f = suite / "lightning-bolt" / "face.yaml"
    f.write_text(f.read_text().replace("cards: [Lightning Bolt]", "cards: [Lightning Bolt, Shock]")
                 .replace("hand: [{id: bolt, card: Lightning Bolt}]",
                          "hand: [{id: bolt, card: Lightning Bolt}, {id: g, card: Hill Giant}]"))
    rehash([f])
    problems = lint([suite], features_file=FEATURES)
    assert [p.severity for p in problems if "Hill Giant" in p.message] == ["warning"]


def test_features_vocabulary(tmp_path):
    assert "damage" in load_features(FEATURES)
    wrapped = tmp_path / "f.yaml"
    wrapped.write_text("features:\n  crime: Committing a crime.\n")
    assert load_features(wrapped) == {"crime": "Committing a crime."}
    bad = tmp_path / "bad.yaml"
    bad.write_text("Crime Stuff: yes\n")
    with pytest.raises(VocabularyError):
        load_features(bad)
    multi = tmp_path / "multi.yaml"
    multi.write_text('crime: "two\\nlines"\n')
    with pytest.raises(VocabularyError):
        load_features(multi)


def test_filters_and_shards():
    cases = load_cases([CASES, STATUSES])
    assert {c.id for c in cases if CaseFilter(features=frozenset({"sba.lethal_damage"}))(c)} == {
        "lightning-bolt/kills-bears"}
    assert {c.id for c in cases if CaseFilter(cards=frozenset({"Shock"}))(c)} == {"shock/two-passes"}
    assert {c.id for c in cases if CaseFilter(ids=("status/e*",))(c)} == {
        "status/error", "status/expected-error"}
    for n in (1, 2, 3, 5):
        shards = [{c.id for c in cases if shard_of(c.id, n) == i} for i in range(1, n + 1)]
        assert set().union(*shards) == {c.id for c in cases}
        assert sum(map(len, shards)) == len(cases)
    assert shard_of("lightning-bolt/face", 4) == shard_of("lightning-bolt/face", 4)


def test_unreadable_case_is_a_case_format_error(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("id: [unclosed\n")
    with pytest.raises(CaseFormatError, match="invalid YAML"):
        load_case(f)
