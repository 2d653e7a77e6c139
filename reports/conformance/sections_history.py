"""The dashboard's history sections: each engine's pass rate over its recorded runs (**Trends**)
and what changed between its two latest runs (**Diff**)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from reports.common.charts import Point, line_chart
from reports.common.html import Html, h, join, raw
from reports.conformance.history import HistoryRow
from reports.conformance.summary import CHANGE_KINDS, Change, diff_statuses, percent
from reports.conformance.widgets import MAX_TREND_ROWS

__all__ = ["diff_section", "trends_section"]


def _seconds(started: str) -> float:
    """An ISO start time as POSIX seconds (0 when it cannot be parsed)."""
    try:
        when = dt.datetime.fromisoformat(started)
    except ValueError:
        return 0.0
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.timestamp()


def _trend_chart(history: Sequence[HistoryRow]) -> Html:
    """Each engine's pass rate over its recorded runs (engines by name; runs in history order,
    placed by start time, so the runs of one night cluster and nights spread out)."""
    rows = [r for r in history if r.pass_rate is not None]
    if not rows:
        return raw('<p class="empty">No recorded run yet.</p>')
    series = {e: [Point(_seconds(r.started), r.pass_rate or 0,
                        f"{e} {r.engine_version}: {percent(r.pass_rate)} ({r.passed} of "
                        f"{r.cases - r.unsupported} taken) at {r.started}")
                  for r in rows if r.engine == e]
              for e in sorted({r.engine for r in rows})}
    return h('<div class="charts"><div class="chart">{}</div></div>',
             line_chart(series, "Pass rate per engine over runs"))


def trends_section(history: Sequence[HistoryRow], recorded: bool) -> Html:
    """The **Trends** section: the pass-rate chart and the latest recorded runs."""
    note = ("From the history file (one row per recorded run)." if recorded else
            "No history file: the runs of this report only.")
    shown = list(history)[-MAX_TREND_ROWS:][::-1]
    rows = join(h('<tr><td>{}</td><td>{}</td><td>{}</td><td class="num">{}</td>'
                  '<td class="num">{}</td><td class="num">{}</td><td class="num">{}</td>'
                  '<td><code>{}</code></td><td><code>{}</code></td></tr>', r.started, r.engine,
                  r.engine_version, percent(r.pass_rate), f"{r.passed}/{r.cases - r.unsupported}",
                  r.unexpected, r.shards, r.suite_version, r.run_id) for r in shown)
    table = h('<table><thead><tr><th>started</th><th>engine</th><th>version</th>'
              '<th class="num">pass rate</th><th class="num">passed</th>'
              '<th class="num">unexpected</th><th class="num">shards</th><th>suite</th>'
              '<th>run id</th></tr></thead><tbody>{}</tbody></table>', rows)
    more = (h('<p class="muted">Latest {} of {} runs.</p>', MAX_TREND_ROWS, len(history))
            if len(history) > MAX_TREND_ROWS else raw(""))
    return h('<section id="trends"><h2>Trends</h2><p class="muted">{}</p>{}{}{}</section>',
             note, _trend_chart(history), table, more)


def diff_section(history: Sequence[HistoryRow], engines: Sequence[str]) -> Html:
    """The **Diff** section: per engine, what changed between its two latest recorded runs."""
    blocks = []
    for e in engines:
        rows = [r for r in history if r.engine == e]
        if len(rows) < 2:
            blocks.append(h('<h3>{}</h3><p class="empty">Only one recorded run: nothing to '
                            'compare yet.</p>', e))
            continue
        a, b = rows[-2], rows[-1]
        changes = diff_statuses(a.statuses(), b.statuses())
        title = h("<h3>{}</h3><p class=\"muted\">{} ({} {}, suite <code>{}</code>) → {} ({} {}, "
                  "suite <code>{}</code>)</p>", e, a.started, a.engine_version, percent(a.pass_rate),
                  a.suite_version, b.started, b.engine_version, percent(b.pass_rate),
                  b.suite_version)
        if not changes:
            blocks.append(h('{}<p class="empty">No case changed.</p>', title))
            continue
        blocks.append(h("{}{}", title, _changes_table(changes)))
    return h('<section id="diff"><h2>Diff of the two latest runs</h2>{}</section>',
             join(blocks))


def _changes_table(changes: Sequence[Change]) -> Html:
    order = {k: i for i, k in enumerate(CHANGE_KINDS)}
    rows = join(h('<tr><td class="kind-{}">{}</td><td><code>{}</code></td><td>{}</td><td>{}</td>'
                  "<td>{}</td></tr>", c.kind, c.kind, c.id, c.before or "–", c.after or "–",
                  "case edited" if c.edited and c.kind != "edited" else "")
                for c in sorted(changes, key=lambda c: (order[c.kind], c.id)))
    summary = join((h("{} {}", sum(c.kind == k for c in changes), k) for k in CHANGE_KINDS
                    if any(c.kind == k for c in changes)), " · ")
    return h('<p>{}</p><table><thead><tr><th>change</th><th>case</th><th>before</th>'
             '<th>after</th><th></th></tr></thead><tbody>{}</tbody></table>', summary, rows)

