"""The conformance dashboard as a person sees it: rendered in headless Chromium.

The page must load without console errors or uncaught exceptions, ask for nothing but itself,
show a ruling containing ``<script>`` as text (and not run it), and filter the failing cases.
A screenshot is taken. Skipped, with the reason, when Chromium is not installed.

The runs are real and made once for the module, on the fixed case set
``tests/reports/data/cases`` (8 hand-written cases, 1 unverified mined case the reference engine
does not support), so the counts below do not depend on the live suite's size.
"""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from reports.common.browser import find_chromium, render_page
from reports.conformance import build_report
from rulings.cli import cli

pytestmark = pytest.mark.skipif(
    find_chromium() is None,
    reason="headless Chromium not installed (apt-get install chromium, or set CHROMIUM)")

CASES = Path(__file__).parent / "data" / "cases"
MUTANT = "crime_per_target"
MUTANT_FAILS = "at-knifepoint/one-crime-for-two-opponent-targets"
INJECTION = "<script>window.__pwned = 1; console.error('pwned')</script>"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dashboard of real runs: the reference engine in two shards and a failing mutant, with
    a ruling of the failing case that tries to run script."""
    d = tmp_path_factory.mktemp("site")
    cases = d / "cases"
    shutil.copytree(CASES, cases)
    f = cases / f"{MUTANT_FAILS}.yaml"
    data = yaml.safe_load(f.read_text(encoding="utf-8"))
    data["provenance"]["rulings"]["de"] = INJECTION + " " + data["provenance"]["rulings"]["de"]
    f.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    runs = []
    for name, args in (("ref-1", ("-e", "reference", "--shard", "1/2")),
                       ("ref-2", ("-e", "reference", "--shard", "2/2")),
                       ("mutant", ("-e", f"mutant:{MUTANT}",))):
        path = d / f"{name}.jsonl"
        res = CliRunner().invoke(cli, ["run", str(CASES), *args, "--jsonl", str(path), "-q"])
        assert path.is_file(), res.output
        runs.append(path)
    build_report(runs, d / "out", cases_dirs=[cases])
    return d / "out" / "index.html"


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", head[16:24])


def test_report_renders_cleanly_with_a_screenshot(site: Path, tmp_path: Path) -> None:
    shot = tmp_path / "conformance-report.png"
    page = render_page(site, screenshot=shot, width=1280, height=2000, evaluate=[
        "document.querySelectorAll('article.case').length",
        "document.querySelectorAll('#interop td.cell').length > 0",
        "document.querySelector('#trends svg circle') !== null",
        "document.querySelectorAll('#unsupported table.reasons tbody tr').length",
        "document.querySelector('#engines .unsupp a').textContent",
        "(() => { const a = document.querySelector('#engines .unsupp a');"
        " const t = document.querySelector(a.getAttribute('href'));"
        " return t && t.closest('section').id; })()",
    ])
    assert page.errors == []
    assert page.network_requests == []
    # 1 failing case (the mutant's); one reasons table (the mutant's is the same as the
    # reference's) with one row: the unverified case's undeclared card; the link finds it
    assert page.values == [1, True, True, 1, "1 unsupported", "unsupported"]
    width, height = png_size(shot)
    assert width == 1280 and height > 1000


def test_ruling_with_script_shows_as_text(site: Path) -> None:
    page = render_page(site, evaluate=[
        "typeof window.__pwned",
        "document.scripts.length",
        "Array.from(document.querySelectorAll('blockquote[lang=de]'))"
        ".map(b => b.textContent).filter(t => t.includes('<script>')).length",
        "document.querySelector('article.case').textContent.includes('window.__pwned = 1')",
    ])
    assert page.values == ["undefined", 1, 1, True]
    assert page.errors == []  # the injected console.error never ran


def test_filter_narrows_the_failing_cases(site: Path) -> None:
    page = render_page(site, evaluate=[
        "document.getElementById('case-count').textContent",
        "(() => { const q = document.getElementById('case-filter'); q.value = 'no such case';"
        " q.dispatchEvent(new Event('input')); return [document.querySelectorAll("
        "'article.case:not([hidden])').length, document.getElementById('case-count')"
        ".textContent]; })()",
    ])
    assert page.values == ["1 of 1 shown", [0, "0 of 1 shown"]]
    assert page.errors == []


def test_the_browser_check_catches_errors_and_network(tmp_path: Path) -> None:
    """The checks above can fail: a page with a console error, an exception and a fetch."""
    bad = tmp_path / "bad.html"
    bad.write_text("<!doctype html><title>bad</title><img src='https://example.invalid/x.png'>"
                   "<script>console.error('boom'); nope();</script>", encoding="utf-8")
    page = render_page(bad)
    text = json.dumps(page.errors)
    assert "boom" in text and "nope is not defined" in text
    assert page.network_requests == ["https://example.invalid/x.png"]
