"""The one shell of both HTML reports (reports/common): the page, its Content-Security-Policy
pinned to the page's own script, the palette and the line chart of the dashboard's trends."""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from reports.common.browser import find_chromium, render_page
from reports.common.charts import Point, line_chart
from reports.common.html import BASE_CSS, csp, h, page
from reports.common.palette import SERIES, SEVERITY
from reports.conformance.cases import load_case_index
from reports.conformance.load import load_runs
from reports.conformance.render import render_report
from reports.conformance.widgets import CSS as DASHBOARD_CSS
from reports.conformance.widgets import SCRIPT as DASHBOARD_SCRIPT
from reports.conformance.widgets import STATUS_COLOURS
from reports.translation.findings import Finding
from reports.translation.render import _SCRIPT as TRANSLATION_SCRIPT
from reports.translation.render import SEVERITY_COLORS, render_html
from rulings.cli import cli

CASES = Path(__file__).parent / "data" / "cases"


def _policy(doc: str) -> str:
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', doc)
    assert found
    return html.unescape(found.group(1))


def _sha(script: str) -> str:
    return base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()


def test_policy_pins_the_page_script() -> None:
    assert csp() == ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                     "font-src data:; base-uri 'none'; form-action 'none'")
    assert f"script-src 'sha256-{_sha('f()')}'" in csp("f()")
    assert "script-src 'unsafe-inline'" not in csp("f()")
    doc = page("t", h("<p>{}</p>", "x"), script="f()")
    assert _policy(doc) == csp("f()") and "<script>f()</script>" in doc
    assert "script-src" not in _policy(page("t", h("<p>{}</p>", "x")))


def test_both_reports_share_one_shell(tmp_path: Path) -> None:
    finding = Finding(check="numbers", severity="error", card_id="c", card_name="C", lang="it",
                      ruling_id="r", message="m", evidence="2", text="2 carte", spans=((0, 1),))
    translation = render_html([finding], {"dataset": "ds"})
    run = tmp_path / "ref.jsonl"
    res = CliRunner().invoke(cli, ["run", str(CASES), "-e", "reference", "--jsonl", str(run),
                                   "-q"])
    assert res.exit_code == 0, res.output
    dashboard = render_report(load_runs([run]), load_case_index(CASES))
    for doc, script in ((translation, TRANSLATION_SCRIPT), (dashboard, DASHBOARD_SCRIPT)):
        head = doc[:doc.index("<body>")]
        assert head.startswith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')
        assert _policy(doc) == csp(script)
        assert "<style>" + BASE_CSS in head  # the one base stylesheet, first
        assert doc.endswith("<script>" + script + "</script>\n</body>\n</html>\n")
    assert SEVERITY_COLORS == {k: SEVERITY[k] for k in ("error", "warning", "info")}
    assert STATUS_COLOURS["pass"] == SEVERITY["ok"] and STATUS_COLOURS["fail"] == SEVERITY["error"]
    # the dashboard adds components only: no palette or page rules of its own
    assert ":root" not in DASHBOARD_CSS and "box-sizing" not in DASHBOARD_CSS
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b", DASHBOARD_CSS)
    assert '<div class="chart"><svg' in dashboard  # the trend chart is the common line chart


def test_line_chart_is_deterministic_escaped_svg() -> None:
    series = {"ref<1>": [Point(0, 1.0, "a <b>"), Point(3600, 0.5, "b")],
              "other": [Point(1800, 0.25, "c")], "none": []}
    svg = line_chart(series, "Pass <rate>")
    assert svg == line_chart(dict(series), "Pass <rate>")
    assert svg.startswith("<svg") and "<title>Pass &lt;rate&gt;</title>" in svg
    assert "ref&lt;1&gt;" in svg and "<title>a &lt;b&gt;</title>" in svg and "<b>" not in svg
    assert svg.count("<circle ") == 3 and svg.count("<polyline ") == 1  # one line of two points
    assert f'fill="{SERIES[0]}"' in svg and f'fill="{SERIES[1]}"' in svg
    assert "none" not in re.sub(r'fill="none"', "", svg)  # an empty series has no legend entry
    assert "1970-01-01 00:00" in svg and "1970-01-01 01:00" in svg  # the time axis, in UTC
    assert "no data" in line_chart({}, "t") and "no data" in line_chart({"a": []}, "t")
    many = {f"engine-number-{i}": [Point(i, 0.5, "x")] for i in range(12)}
    wide = line_chart(many, "t", width=400)
    ys = {float(y) for y in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="10"', wide)}
    assert len(ys) > 2  # the legend wraps instead of running off the chart


@pytest.mark.skipif(find_chromium() is None, reason="no Chromium")
def test_injected_script_does_not_run_under_the_policy(tmp_path: Path) -> None:
    """A script that slipped into the page unescaped is refused; the page's own one runs."""
    own = "document.title = 'own ran';"
    doc = page("t", h("<p>{}</p>", "x"), script=own)
    doc = doc.replace("<p>x</p>", "<script>document.body.dataset.pwned = '1';</script><p>x</p>")
    f = tmp_path / "index.html"
    f.write_text(doc, encoding="utf-8")
    report = render_page(f, evaluate=["document.title", "document.body.dataset.pwned || ''"])
    assert report.values == ["own ran", ""]


def test_pages_of_earlier_shells_are_still_recognised(tmp_path: Path) -> None:
    """An output folder without a marker: the pages the versions before the common shell wrote
    are still recognised as the reports' own (and so may be replaced), a user's page is not."""
    from reports.conformance.report import _earlier_index
    from reports.translation.report import _earlier_report

    translation = tmp_path / "t" / "index.html"
    translation.parent.mkdir()
    translation.write_text(
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv='
        '"Content-Security-Policy" content="default-src &#x27;none&#x27;; style-src &#x27;'
        "unsafe-inline&#x27;; script-src &#x27;unsafe-inline&#x27;; img-src data:; font-src "
        'data:">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>Translation consistency report</title>\n", encoding="utf-8")
    assert _earlier_report(translation)
    dashboard = tmp_path / "c" / "index.html"
    dashboard.parent.mkdir()
    dashboard.write_text(
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-'
        'Security-Policy" content="default-src &#x27;none&#x27;; style-src &#x27;unsafe-inline'
        '&#x27;"><title>Conformance report</title></head><body><section id="engines"></section>'
        '<section id="failures"></section></body></html>\n', encoding="utf-8")
    assert _earlier_index(dashboard)
    dashboard.write_text("<h1>my site</h1>", encoding="utf-8")
    translation.write_text("<h1>my site</h1>", encoding="utf-8")
    assert not _earlier_index(dashboard) and not _earlier_report(translation)
