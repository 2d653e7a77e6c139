"""The conformance dashboard: one self-contained HTML page (inline CSS, JS and SVG; no network).

Sections, in order:

* **Engines**: per run, the engine, its pass rate, counts per status, unexpected results, how
  many cases it did not take (unsupported) and the most common reasons.
* **Unsupported**: for each engine's latest run, how many cases it did not take and why: the
  features and cards it did not declare, or its refusals, most cases first (with the engine's
  own note on an undeclared feature when its ``start`` info carries ``extra.not_declared``). An
  engine whose unsupported cases and reasons equal an earlier one's (a mutant of the reference
  engine) points to it instead of repeating the table.
* **Interop**: features × engines, each cell the pass rate of the engine's latest run on the
  cases with that feature (``n/s``: the engine took none of them).
* **Per feature / per card**: for each engine's latest run, pass rate bars.
* **Failing cases**: every case of each engine's latest run that did not pass, with expected vs
  observed for each mismatch, the engine's error and stderr, and the case's ruling in every
  language it has. A filter box and an "unexpected only" switch narrow the list (JS optional).
* **Trends**: an SVG chart of each engine's pass rate over the recorded runs, and the run table.
* **Diff**: for each engine, what changed between its two latest recorded runs.

The sections are built by :mod:`~reports.conformance.sections_engines`,
:mod:`~reports.conformance.sections_matrix`, :mod:`~reports.conformance.sections_cases` and
:mod:`~reports.conformance.sections_history` from the pieces of :mod:`~reports.conformance.widgets`;
the page shell, base stylesheet, palette and charts are the reports' common ones
(:mod:`reports.common`). The page carries their Content-Security-Policy, which forbids every
fetch and allows only its own inline script (by hash), so even a ruling that slipped through
unescaped could not run or load anything. Output is deterministic: the same runs, cases and
history give the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reports.common.html import h, join, page, raw
from reports.conformance.cases import CaseInfo
from reports.conformance.history import HistoryRow
from reports.conformance.load import STATUSES, ConformanceRun
from reports.conformance.sections_cases import failures_section
from reports.conformance.sections_engines import engines_section, unsupported_section
from reports.conformance.sections_history import diff_section, trends_section
from reports.conformance.sections_matrix import breakdown_section, interop_section
from reports.conformance.summary import by_card, by_feature, unsupported_summary
from reports.conformance.widgets import CSS, SCRIPT, STATUS_COLOURS, EngineView, latest_runs

__all__ = ["EngineView", "latest_runs", "render_report"]


def render_report(runs: Sequence[ConformanceRun], cases: Mapping[str, CaseInfo],
                  history: Sequence[HistoryRow] | None = None,
                  title: str = "Conformance report") -> str:
    """The dashboard page for ``runs`` as one HTML document.

    ``cases`` gives titles, cards and rulings by case id; ``history`` is the recorded runs
    (oldest first; they should include ``runs``); without it the trend and diff use ``runs``.
    """
    if not runs:
        raise ValueError("render_report needs at least one run")
    recorded = history is not None
    timeline = (list(history) if history is not None else
                sorted((HistoryRow.of_run(r) for r in runs),
                       key=lambda r: (r.started, r.engine, r.run_id)))
    latest = latest_runs(runs)
    views = [EngineView(r, by_feature(r, cases), by_card(r, cases),
                        unsupported_summary(r, cases)) for r in latest]
    ordered = sorted(runs, key=lambda r: (r.engine_name, r.started, r.run_id))
    suites = sorted({r.suite_version for r in runs})
    total_unexpected = sum(len(r.unexpected) for r in latest)
    intro = h('<p class="muted">{} run(s) of {} engine(s) · suite {} · '
              '{} unexpected result(s) in the latest runs · statuses: {}</p>', len(runs),
              len(latest), ", ".join(suites), total_unexpected,
              join((h('<span style="color:{}">■ {}</span>', STATUS_COLOURS[s], s)
                    for s in STATUSES), " "))
    nav = raw('<nav><a href="#engines">Engines</a><a href="#unsupported">Unsupported</a>'
              '<a href="#interop">Interop</a><a href="#breakdown">Per feature / card</a>'
              '<a href="#failures">Failing cases</a>'
              '<a href="#trends">Trends</a><a href="#diff">Diff</a></nav>')
    body = join([
        h("<header><h1>{}</h1>{}{}</header>", title, intro, nav),
        engines_section(ordered, cases), unsupported_section(views),
        interop_section(views, cases), breakdown_section(views), failures_section(views, cases),
        trends_section(timeline, recorded),
        diff_section(timeline, [v.run.engine_name for v in views]),
        h('<footer class="muted"><p>Runs: {}</p></footer>',
          "; ".join(f"{r.engine_name} ← " + ", ".join(p.name for p in r.sources)
                    for r in ordered)),
    ])
    return page(title, body, css=CSS, script=SCRIPT)
