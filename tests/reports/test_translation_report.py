"""The translation report as files and as a person sees it (headless Chromium).

The page must load without console errors, ask for nothing but itself, show a ruling containing
``<script>`` as text without running it, and filter its table. A screenshot is taken (into
``$RULINGS_SCREENSHOT_DIR`` when set, else the test's temporary directory). Browser tests skip
with the reason when Chromium is not installed.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_translation_seeds import REPO, SEED, build_seed_dataset

from reports.common.browser import find_chromium, render_page
from reports.translation import TranslationReportError, translation_report
from rulings.cli import cli

INJECTION = "<script>window.__pwned = 1; console.error('pwned')</script>"

needs_chromium = pytest.mark.skipif(
    find_chromium() is None,
    reason="headless Chromium not installed (apt-get install -y chromium, or set CHROMIUM)")


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("report")
    seeds = root / "seeds"
    shutil.copytree(REPO / "fixtures" / "seeds", seeds)
    p = seeds / SEED["004"]
    p.write_text(p.read_text(encoding="utf-8") + "\n\n18/04/2017\n\nUna carta " + INJECTION
                 + " non è una magia finché non viene lanciata dalla mano.", encoding="utf-8")
    return build_seed_dataset(root, seeds)


@pytest.fixture(scope="module")
def report_dir(dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out") / "translation"
    result = CliRunner().invoke(cli, ["report", "translation", str(dataset), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "index.html" in result.output
    return out


def test_files_agree(report_dir: Path) -> None:
    doc = json.loads((report_dir / "findings.json").read_text(encoding="utf-8"))
    with (report_dir / "findings.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == len(doc["findings"]) == doc["summary"]["findings"]
    assert [r["finding_id"] for r in rows] == [f["finding_id"] for f in doc["findings"]]
    extra = [f for f in doc["findings"] if f["check"] == "extra_ruling"]
    assert len(extra) == 1 and INJECTION in extra[0]["text"]
    for f in doc["findings"]:
        assert {"card_name", "lang", "ruling_id", "check", "severity", "evidence", "text_en",
                "suggestion"} <= set(f)


def test_html_escapes_ruling_text(report_dir: Path) -> None:
    html = (report_dir / "index.html").read_text(encoding="utf-8")
    assert INJECTION not in html
    assert "&lt;script&gt;window.__pwned = 1;" in html
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in html


def test_deterministic(dataset: Path, report_dir: Path, tmp_path: Path) -> None:
    again = translation_report(dataset, tmp_path / "again")
    for name in ("index.html", "findings.csv", "findings.json"):
        assert (report_dir / name).read_bytes() == (again.out / name).read_bytes(), name


def test_errors(tmp_path: Path) -> None:
    with pytest.raises(TranslationReportError, match="not a dataset"):
        translation_report(tmp_path, tmp_path / "out")
    result = CliRunner().invoke(cli, ["report", "translation", str(tmp_path), "--out",
                                      str(tmp_path / "out")])
    assert result.exit_code == 2 and "not a dataset" in result.output


@needs_chromium
def test_renders_in_chromium(report_dir: Path, tmp_path: Path) -> None:
    shots = Path(os.environ.get("RULINGS_SCREENSHOT_DIR", tmp_path))
    shot = shots / "translation-report.png"
    page = render_page(report_dir / "index.html", screenshot=shot, evaluate=[
        "typeof window.__pwned",
        "document.body.innerText.includes(\"<script>window.__pwned = 1;\")",
        "document.querySelectorAll('#findings tbody tr').length",
        "(function(){var s=document.getElementById('f-check');s.value='extra_ruling';"
        "s.dispatchEvent(new Event('change'));"
        "return [document.getElementById('shown').textContent,"
        "document.querySelectorAll('#findings tbody tr:not(.hidden)').length];})()",
        "document.querySelectorAll('svg[role=img]').length",
    ])
    assert page.errors == []
    assert page.network_requests == []
    pwned, shown_as_text, rows, filtered, charts = page.values
    assert pwned == "undefined" and shown_as_text is True
    assert rows > 40
    assert filtered == ["1", 1]
    assert charts == 2
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 10_000
