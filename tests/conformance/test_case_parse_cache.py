"""The per-user cache of parsed suite files: the same cases from the cache as from the files,
an edited or bad file parsed again (bad ones still raise with their line), a broken cache
ignored."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conformance_testlib import CASES

from conformance import case_yaml
from conformance.case_parse_cache import ParseCache
from conformance.cases_io import load_case, load_cases
from conformance.errors import YamlFileError


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("MTG_RULINGS_CACHE", str(where))
    return where


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    return Path(shutil.copytree(CASES, tmp_path / "cases"))


def _view(cases):  # noqa: ANN001, ANN202
    return [(c.id, c.hash, c.setup, c.actions, c.expect, str(c.path)) for c in cases]


def test_a_second_load_reads_the_cache_and_gives_the_same_cases(cache, suite, monkeypatch):
    first = load_cases([suite])
    assert list(cache.glob("case-yaml-*.marshal"))

    def no_parsing(text: str, where: str = "", **kw: object) -> object:
        raise AssertionError(f"{where} parsed again")

    monkeypatch.setattr(case_yaml, "parse_yaml", no_parsing)
    assert _view(load_cases([suite])) == _view(first)


def test_an_edited_file_is_parsed_again(cache, suite):
    load_cases([suite])
    path = sorted(suite.rglob("*.yaml"))[0]
    text = path.read_text(encoding="utf-8")
    assert "\ntitle: " in text
    path.write_text(text.replace("\ntitle: ", "\ntitle: Edited ", 1), encoding="utf-8")
    case = load_case(path, check_hash=False, parsed=ParseCache())
    assert case.title.startswith("Edited ")


def test_a_bad_file_raises_with_its_line_every_time(cache, suite):
    load_cases([suite])
    bad = suite / "bad.yaml"
    bad.write_text("id: x\nid: y\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(YamlFileError) as err:
            load_cases([suite])
        assert err.value.line == 2 and "bad.yaml" in str(err.value)


def test_a_broken_cache_file_is_ignored(cache, suite):
    first = _view(load_cases([suite]))
    for f in cache.glob("case-yaml-*.marshal"):
        f.write_bytes(b"\x00not marshal")
    assert _view(load_cases([suite])) == first


def test_disabled_it_writes_nothing(tmp_path, suite, monkeypatch):
    monkeypatch.setenv("MTG_RULINGS_CACHE", "")
    assert ParseCache().path is None
    load_cases([suite])
    assert not list(tmp_path.rglob("case-yaml-*"))
