"""What the dashboard's sections share: limits, colours, its stylesheet and script, and small
pieces of markup (rate bars, status stacks, cut texts), with :class:`EngineView`.

The page shell, base stylesheet, palette and charts are the reports' common ones
(:mod:`reports.common`); :data:`CSS` adds only the dashboard's own components.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from reports.common.html import Html, h, join
from reports.common.palette import NEUTRAL, SERIES, SEVERITY
from reports.conformance.load import ConformanceRun
from reports.conformance.summary import Tally, UnsupportedSummary, percent

__all__ = [
    "CSS",
    "MAX_JSON",
    "MAX_REASONS",
    "MAX_REASON_TEXT",
    "MAX_STDERR",
    "MAX_TREND_ROWS",
    "SCRIPT",
    "STATUS_COLOURS",
    "TOP_REASON_SHARE",
    "EngineView",
    "cell_colour",
    "cut",
    "json_text",
    "latest_runs",
    "rate_bar",
    "rate_colour",
    "share_bar",
    "status_stack",
]

MAX_JSON = 2000
"""Characters of an expected/observed value shown before it is cut."""
MAX_STDERR = 4000
"""Trailing characters of an engine's stderr shown."""
MAX_TREND_ROWS = 30
"""Recorded runs listed in the trend table (the chart shows all)."""
MAX_REASONS = 10
"""Reasons for unsupported cases listed per engine (most cases first)."""
MAX_REASON_TEXT = 300
"""Characters of an engine's refusal message or note shown before it is cut."""
TOP_REASON_SHARE = 0.05
"""An engine card names a reason for unsupported cases when it keeps out at least this share."""

STATUS_COLOURS: Mapping[str, str] = MappingProxyType({
    "pass": SEVERITY["ok"], "fail": SEVERITY["error"], "error": SEVERITY["warning"],
    "crash": SERIES[4], "timeout": SERIES[6], "unsupported": NEUTRAL["missing"]})
"""A colour per case status, from the reports' palette (:mod:`reports.common.palette`)."""

CSS = """
body{margin:0 auto;padding:16px 24px 48px;max-width:1400px}
pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;
word-break:break-word;margin:0;background:var(--alt);padding:4px 6px;border-radius:4px}
nav a{margin-right:14px}a{color:var(--accent)}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.cards{display:flex;flex-wrap:wrap;gap:10px}
.card{border:1px solid var(--line);border-radius:8px;padding:10px 12px;min-width:250px;
flex:1 1 250px;max-width:340px}
.card .rate{font-size:28px;font-weight:700}.card .name{font-weight:600;overflow-wrap:anywhere}
.card .name .muted{white-space:nowrap}
.stack{display:flex;height:10px;border-radius:5px;overflow:hidden;background:var(--alt);
margin:6px 0}
.stack span{display:block;height:100%}
.bar{position:relative;width:160px;height:12px;background:var(--alt);border-radius:6px;
overflow:hidden}.bar span{position:absolute;left:0;top:0;bottom:0;border-radius:6px}
table.matrix{width:auto}.matrix td.cell{text-align:center;min-width:72px;white-space:nowrap;
font-variant-numeric:tabular-nums;padding:2px 6px}
.matrix th{padding:2px 8px}.matrix small{color:var(--fg)}
.matrix th.eng{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;
font-weight:600}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:18px}
details.engine{border:1px solid var(--line);border-radius:8px;padding:6px 12px;margin:8px 0}
details.engine>summary{cursor:pointer;font-weight:600}
.badge.unexpected{background:var(--error)}.badge.known{background:var(--muted)}
article.case{border:1px solid var(--line);border-left:5px solid var(--error);border-radius:6px;
padding:8px 12px;margin:10px 0}
article.case.known{border-left-color:var(--muted)}
article.case h3{margin:0 0 4px}
.rulings{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:8px;
margin-top:6px}
.ruling{background:var(--alt);border-radius:6px;padding:6px 10px;margin:0}
.ruling figcaption{font-size:11px;font-weight:700;color:var(--muted);text-transform:uppercase}
.ruling blockquote{margin:2px 0 0}
.filters input[type=search]{width:320px;padding:4px 8px}
.kind-broken{color:var(--error);font-weight:600}.kind-fixed{color:var(--ok);font-weight:600}
.unsupp{margin-top:4px;font-size:13px}.unsupp ol{margin:2px 0 0;padding-left:20px}
table.reasons td.note{max-width:560px;color:var(--muted);font-size:12px}
table.reasons td.why{max-width:420px;overflow-wrap:anywhere}
.tag{display:inline-block;padding:0 6px;border-radius:4px;background:var(--alt);color:var(--fg);
font-size:11px;font-weight:600;margin-right:4px;white-space:nowrap}
.empty{color:var(--muted);font-style:italic}
"""
"""The dashboard's components, after :data:`reports.common.html.BASE_CSS`."""

SCRIPT = """
(function () {
  var q = document.getElementById('case-filter');
  var only = document.getElementById('only-unexpected');
  var count = document.getElementById('case-count');
  if (!q || !only || !count) { return; }
  var items = Array.prototype.slice.call(document.querySelectorAll('article.case'));
  function apply() {
    var needle = q.value.trim().toLowerCase();
    var shown = 0;
    items.forEach(function (el) {
      var ok = (!needle || el.textContent.toLowerCase().indexOf(needle) >= 0) &&
               (!only.checked || el.getAttribute('data-unexpected') === 'true');
      el.hidden = !ok;
      if (ok) { shown += 1; }
    });
    count.textContent = shown + ' of ' + items.length + ' shown';
  }
  q.addEventListener('input', apply);
  only.addEventListener('change', apply);
  apply();
})();
"""
"""The failing cases' filter box and "unexpected only" switch (the page works without it)."""


@dataclass(frozen=True)
class EngineView:
    """An engine's latest run in the report, with its tallies."""

    run: ConformanceRun
    features: Mapping[str, Tally]
    cards: Mapping[str, Tally]
    unsupported: UnsupportedSummary


def latest_runs(runs: Sequence[ConformanceRun]) -> list[ConformanceRun]:
    """The latest run (by start time) of each engine, by engine name."""
    best: dict[str, ConformanceRun] = {}
    for r in runs:
        cur = best.get(r.engine_name)
        if cur is None or (r.started, r.run_id) > (cur.started, cur.run_id):
            best[r.engine_name] = r
    return [best[k] for k in sorted(best)]


def cell_colour(rate: float | None) -> str:
    """A matrix cell's background: light red (0) through amber to green (1); grey for None."""
    if rate is None:
        return NEUTRAL["empty"]
    return f"hsl({round(rate * 120)},62%,{round(88 - rate * 8)}%)"


def rate_colour(rate: float | None) -> str:
    """A pass rate's text and bar colour: red (0) through amber to green (1); grey for None."""
    return NEUTRAL["missing"] if rate is None else f"hsl({round(rate * 120)},60%,42%)"


def share_bar(share: float) -> Html:
    """A neutral bar for a share (not a pass rate: no red-to-green)."""
    return h('<div class="bar" role="img" aria-label="{}"><span style="width:{}%;'
             'background:{}"></span></div>', percent(share), round(share * 100, 1),
             NEUTRAL["bar"])


def rate_bar(rate: float | None) -> Html:
    """A bar as long as the pass rate, in its colour."""
    width = 0 if rate is None else round(rate * 100, 1)
    return h('<div class="bar" role="img" aria-label="{}"><span style="width:{}%;background:{}">'
             "</span></div>", percent(rate), width, rate_colour(rate))


def status_stack(counts: Mapping[str, int]) -> Html:
    """One bar split by status, each part as long as its share of the cases."""
    total = sum(counts.values()) or 1
    parts = [h('<span title="{} {}" style="width:{}%;background:{}"></span>', n, s,
               round(100 * n / total, 2), STATUS_COLOURS[s])
             for s, n in counts.items() if n]
    return h('<div class="stack">{}</div>', join(parts))


def json_text(value: object) -> str:
    """``value`` as JSON, cut after :data:`MAX_JSON` characters."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= MAX_JSON else text[:MAX_JSON - 1] + "…"


def cut(text: str, limit: int = MAX_REASON_TEXT) -> str:
    """``text``, cut after ``limit`` characters (with an ellipsis)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"

