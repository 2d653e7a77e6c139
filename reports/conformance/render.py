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

The page carries a Content-Security-Policy that forbids every fetch and allows only its own
inline script (by hash), so even a ruling that slipped through unescaped could not run or load
anything. Output is deterministic: the same runs, cases and history give the same bytes.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from reports.common.html import Html, esc, h, join, raw
from reports.conformance.cases import CaseInfo
from reports.conformance.history import HistoryRow
from reports.conformance.load import FAILING, STATUSES, CaseLine, ConformanceRun
from reports.conformance.summary import (
    BLOCKER_KINDS,
    BLOCKER_LABELS,
    CHANGE_KINDS,
    Agreement,
    Blocker,
    Change,
    Tally,
    UnsupportedSummary,
    agreement,
    by_card,
    by_feature,
    diff_statuses,
    percent,
    unsupported_summary,
)

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

PALETTE: tuple[str, ...] = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
                            "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22")
"""Line colours of the trend chart, given to engines in name order."""

STATUS_COLOURS: Mapping[str, str] = {
    "pass": "#2e7d32", "fail": "#c62828", "error": "#ef6c00", "crash": "#6a1b9a",
    "timeout": "#5d4037", "unsupported": "#9e9e9e"}

CSS = """
:root{--fg:#1b1f24;--muted:#5b6470;--line:#d8dde3;--bg:#fff;--soft:#f5f7f9}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);
background:var(--bg);margin:0 auto;padding:16px 24px 48px;max-width:1400px}
h1{font-size:24px;margin:4px 0}h2{font-size:19px;margin:28px 0 8px;border-bottom:2px solid
var(--line);padding-bottom:4px}h3{font-size:15px;margin:14px 0 6px}
.muted{color:var(--muted)}code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
pre{white-space:pre-wrap;word-break:break-word;margin:0;background:var(--soft);padding:4px 6px;
border-radius:4px}
nav a{margin-right:14px}a{color:#0b5cad}
table{border-collapse:collapse;margin:4px 0 8px}th,td{border-bottom:1px solid var(--line);
padding:3px 8px;text-align:left;vertical-align:top}th{background:var(--soft);font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.cards{display:flex;flex-wrap:wrap;gap:10px}
.card{border:1px solid var(--line);border-radius:8px;padding:10px 12px;min-width:250px;
flex:1 1 250px;max-width:340px}
.card .rate{font-size:28px;font-weight:700}.card .name{font-weight:600;overflow-wrap:anywhere}
.card .name .muted{white-space:nowrap}
.stack{display:flex;height:10px;border-radius:5px;overflow:hidden;background:#eee;margin:6px 0}
.stack span{display:block;height:100%}
.bar{position:relative;width:160px;height:12px;background:#eceff1;border-radius:6px;
overflow:hidden}.bar span{position:absolute;left:0;top:0;bottom:0;border-radius:6px}
.matrix td.cell{text-align:center;min-width:72px;white-space:nowrap;font-variant-numeric:tabular-nums;padding:2px 6px}
.matrix th{padding:2px 8px}.matrix small{color:#37474f}
.matrix th.eng{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;
font-weight:600}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:18px}
details.engine{border:1px solid var(--line);border-radius:8px;padding:6px 12px;margin:8px 0}
details.engine>summary{cursor:pointer;font-weight:600}
.badge{display:inline-block;padding:0 7px;border-radius:9px;color:#fff;font-size:12px;
font-weight:600;vertical-align:1px}
.badge.unexpected{background:#b71c1c}.badge.known{background:#607d8b}
article.case{border:1px solid var(--line);border-left:5px solid #c62828;border-radius:6px;
padding:8px 12px;margin:10px 0}
article.case.known{border-left-color:#90a4ae}
article.case h3{margin:0 0 4px}
.rulings{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:8px;
margin-top:6px}
.ruling{background:var(--soft);border-radius:6px;padding:6px 10px;margin:0}
.ruling figcaption{font-size:11px;font-weight:700;color:var(--muted);text-transform:uppercase}
.ruling blockquote{margin:2px 0 0}
.filters{display:flex;gap:16px;align-items:center;margin:6px 0}
.filters input[type=search]{width:320px;padding:4px 8px}
.legend span{margin-right:14px;white-space:nowrap}.legend i{display:inline-block;width:12px;
height:12px;border-radius:2px;margin-right:4px;vertical-align:-1px}
.kind-broken{color:#b71c1c;font-weight:600}.kind-fixed{color:#2e7d32;font-weight:600}
.unsupp{margin-top:4px;font-size:13px}.unsupp ol{margin:2px 0 0;padding-left:20px}
table.reasons td.note{max-width:560px;color:var(--muted);font-size:12px}
table.reasons td.why{max-width:420px;overflow-wrap:anywhere}
.tag{display:inline-block;padding:0 6px;border-radius:4px;background:#eceff1;color:#37474f;
font-size:11px;font-weight:600;margin-right:4px;white-space:nowrap}
.empty{color:var(--muted);font-style:italic}
"""

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


def _csp() -> str:
    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode()
    return (f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'; "
            "img-src data:; base-uri 'none'; form-action 'none'")


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


def _colour(rate: float | None) -> str:
    """Red (0) through amber to green (1); grey for None."""
    if rate is None:
        return "#e0e0e0"
    return f"hsl({round(rate * 120)},62%,{round(88 - rate * 8)}%)"


def _bar_colour(rate: float | None) -> str:
    return "#bdbdbd" if rate is None else f"hsl({round(rate * 120)},60%,42%)"


def _share_bar(share: float) -> Html:
    """A neutral bar for a share (not a pass rate: no red-to-green)."""
    return h('<div class="bar" role="img" aria-label="{}"><span style="width:{}%;'
             'background:#78909c"></span></div>', percent(share), round(share * 100, 1))


def _bar(rate: float | None) -> Html:
    width = 0 if rate is None else round(rate * 100, 1)
    return h('<div class="bar" role="img" aria-label="{}"><span style="width:{}%;background:{}">'
             "</span></div>", percent(rate), width, _bar_colour(rate))


def _status_stack(counts: Mapping[str, int]) -> Html:
    total = sum(counts.values()) or 1
    parts = [h('<span title="{} {}" style="width:{}%;background:{}"></span>', n, s,
               round(100 * n / total, 2), STATUS_COLOURS[s])
             for s, n in counts.items() if n]
    return h('<div class="stack">{}</div>', join(parts))


def _j(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= MAX_JSON else text[:MAX_JSON - 1] + "…"


# --- sections ------------------------------------------------------------------------------------


def _cut(text: str, limit: int = MAX_REASON_TEXT) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _blocker_name(b: Blocker) -> Html:
    """A reason as shown: ``feature <code>x</code>``, ``card X``, ``refused: message``."""
    if b.kind == "feature":
        return h('<span class="tag">feature</span><code>{}</code>', b.name)
    if b.kind == "card":
        return h('<span class="tag">card</span>{}', b.name)
    if b.kind == "refused":
        return h('<span class="tag">refused</span>{}', _cut(b.name))
    return raw('<span class="tag">unknown</span><i>no message</i>')


def _kinds_text(s: UnsupportedSummary) -> Html:
    """``486 feature not declared (17 features) · 155 card not declared (40 cards) · …``."""
    distinct = {k: sum(b.kind == k for b in s.blockers) for k in BLOCKER_KINDS}
    plural = {"feature": "features", "card": "cards", "refused": "messages"}
    return join((h("<b>{}</b> {}{}", n, BLOCKER_LABELS[k],
                   f" ({distinct[k]} {plural[k]})" if k in plural and distinct[k] > 1 else "")
                 for k, n in s.kinds.items()), " · ")


def _unsupported_note(s: UnsupportedSummary, anchor: str) -> Html:
    """The engine card's line: how many cases were unsupported and why (the reasons that each
    keep out at least :data:`TOP_REASON_SHARE` of them, else the kinds of reason)."""
    if not s.unsupported:
        return raw("")
    top = [b for b in s.blockers[:3] if b.cases >= TOP_REASON_SHARE * s.unsupported]
    why = (join((h('{} <span class="muted">{}</span>', _blocker_name(b), b.cases) for b in top),
                ", ") if top else _kinds_text(s))
    return h('<div class="unsupp"><a href="#{}">{} unsupported</a> ({}), mostly: {}</div>',
             anchor, s.unsupported, percent(s.share), why)


def _engine_anchor(name: str) -> str:
    """An ``id`` for an engine's block (stable, from its name)."""
    return "unsupported-" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]


def _engines_section(runs: Sequence[ConformanceRun], cases: Mapping[str, CaseInfo]) -> Html:
    cards = []
    for r in runs:
        counts = r.counts
        unexpected = r.unexpected
        verdict = (h('<span class="badge unexpected">{} unexpected</span>', len(unexpected))
                   if unexpected else raw('<span class="badge known">as expected</span>'))
        shard_note = join([h(" · merged from {} shards", r.shards) if r.shards > 1 else "",
                           h(" · {} engine restart(s)", r.restarts) if r.restarts else ""])
        counts_text = join((h('<span style="color:{}">{} {}</span>', STATUS_COLOURS[s], n, s)
                            for s, n in counts.items() if n), " · ")
        cards.append(h(
            '<div class="card"><div class="name">{name} <span class="muted">{version}</span>'
            '</div><div class="rate" style="color:{colour}">{rate}</div>{verdict}{stack}'
            '<div>{counts}</div>{unsupp}<div class="muted">{n} cases · spec <code>{spec}</code>'
            '{shards}<br>started {started} · suite <code>{suite}</code></div></div>',
            name=r.engine_name, version=r.engine_version, colour=_bar_colour(r.pass_rate),
            rate=percent(r.pass_rate), verdict=verdict, stack=_status_stack(counts),
            counts=counts_text, unsupp=_unsupported_note(unsupported_summary(r, cases),
                                                         _engine_anchor(r.engine_name)),
            n=len(r.cases), spec=r.spec, shards=shard_note, started=r.started,
            suite=r.suite_version))
    return h('<section id="engines"><h2>Engines</h2><p class="muted">Pass rate = passed / '
             'cases the engine took (unsupported cases excluded).</p>'
             '<div class="cards">{}</div></section>', join(cards))


def _interop_cell(t: Tally | None) -> Html:
    if t is None:
        return raw('<td class="cell empty" title="no case">·</td>')
    if t.rate is None:
        return h('<td class="cell" style="background:{}" title="{} unsupported">n/s</td>',
                 _colour(None), t.unsupported)
    return h('<td class="cell" style="background:{}" title="{} of {} passed{}"><b>{}%</b> '
             '<small>{}/{}</small></td>', _colour(t.rate), t.passed, t.taken,
             f", {t.unsupported} unsupported" if t.unsupported else "",
             math.floor(t.rate * 100), t.passed, t.taken)


def _agreement_cell(a: Agreement | None) -> Html:
    if a is None or a.rate is None:
        return raw('<td class="cell empty" title="no case taken by two engines">·</td>')
    return h('<td class="cell" style="background:{}" title="{} of {} cases taken by two or more '
             'engines get the same verdict from all of them"><b>{}%</b> <small>{}/{}</small>'
             '</td>', _colour(a.rate), a.agreed, a.compared, math.floor(a.rate * 100),
             a.agreed, a.compared)


def _interop_table(label: str, keys: Sequence[str], views: Sequence[EngineView],
                   tallies: Callable[[EngineView], Mapping[str, Tally]],
                   agree: Mapping[str, Agreement]) -> Html:
    head = join(h('<th class="eng" scope="col">{}</th>', v.run.engine_name) for v in views)
    rows = [h('<tr><th scope="row"><code>{}</code></th>{}{}</tr>', key,
              join(_interop_cell(tallies(v).get(key)) for v in views),
              _agreement_cell(agree.get(key))) for key in keys]
    return h('<div style="overflow-x:auto"><table class="matrix"><thead><tr><th>{}</th>{}'
             '<th scope="col">agreement</th></tr></thead><tbody>{}</tbody></table></div>',
             label, head, join(rows))


def _interop_section(views: Sequence[EngineView],
                     cases: Mapping[str, CaseInfo] | None = None) -> Html:
    features = sorted({f for v in views for f in v.features})
    if not features:
        return raw('<section id="interop"><h2>Interop: features × engines</h2>'
                   '<p class="empty">No case has features.</p></section>')
    runs = [v.run for v in views]
    info = cases or {}
    cards = sorted({c for v in views for c in v.cards})
    return h('<section id="interop"><h2>Interop: features × engines</h2><p class="muted">The '
             "engines side by side, each engine's latest run; a cell is the pass rate over the "
             'cases with that feature (n/s: the engine supports none of them). '
             '<b>agreement</b>: of the cases two or more engines took, those on which they all '
             'pass or all fail.</p>{}<h3 id="interop-cards">Per card</h3>{}</section>',
             _interop_table("feature", features, views, lambda v: v.features,
                            agreement(runs, info, "feature")),
             _interop_table("card", cards, views, lambda v: v.cards,
                            agreement(runs, info, "card")))


def _tally_table(label: str, tallies: Mapping[str, Tally], code: bool) -> Html:
    rows = []
    for name, t in tallies.items():
        shown = h("<code>{}</code>", name) if code else esc(name)
        rows.append(h('<tr><td>{}</td><td>{}</td><td class="num">{}</td><td class="num">{}/{}'
                      '</td><td class="num">{}</td></tr>', shown, _bar(t.rate),
                      percent(t.rate), t.passed, t.taken, t.unsupported or ""))
    return h('<table><thead><tr><th>{}</th><th>pass rate</th><th class="num">%</th>'
             '<th class="num">passed</th><th class="num">unsupp.</th></tr></thead><tbody>{}'
             '</tbody></table>', label, join(rows))


def _breakdown_section(views: Sequence[EngineView]) -> Html:
    blocks = []
    for n, v in enumerate(views):
        blocks.append(h(
            '<details class="engine"{open}><summary>{name} {version} — {rate}</summary>'
            '<div class="grid2"><div><h3>Per feature</h3>{feat}</div><div><h3>Per card</h3>'
            '{card}</div></div></details>', open=raw(" open" if n == 0 else ""),
            name=v.run.engine_name, version=v.run.engine_version, rate=percent(v.run.pass_rate),
            feat=_tally_table("feature", v.features, True),
            card=_tally_table("card", v.cards, False)))
    return h('<section id="breakdown"><h2>Pass rate per feature and per card</h2>{}</section>',
             join(blocks))


def _engine_notes(run: ConformanceRun) -> Mapping[str, str]:
    """The engine's own notes on features it did not declare (``start`` ``extra.not_declared``,
    a mapping of feature to text), when it gives them."""
    extra = run.engine.get("extra")
    notes = extra.get("not_declared") if isinstance(extra, Mapping) else None
    if not isinstance(notes, Mapping):
        return {}
    return {str(k): str(v) for k, v in notes.items() if isinstance(v, str | int | float)}


def _unsupported_block(v: EngineView, same_as: EngineView | None) -> Html:
    s, run = v.unsupported, v.run
    head = h('<h3 id="{}">{} {}</h3>', _engine_anchor(run.engine_name), run.engine_name,
             run.engine_version)
    if not s.unsupported:
        return h('{}<p class="empty">Took every one of its {} cases.</p>', head, s.total)
    if same_as is not None:
        return h('{}<p>{} of {} cases unsupported ({}): the same cases, for the same reasons, as '
                 '<a href="#{}">{} {}</a>.</p>', head, s.unsupported, s.total, percent(s.share),
                 _engine_anchor(same_as.run.engine_name), same_as.run.engine_name,
                 same_as.run.engine_version)
    kinds = _kinds_text(s)
    notes = _engine_notes(run)
    rows = []
    for b in s.blockers[:MAX_REASONS]:
        note = notes.get(b.name, "") if b.kind == "feature" else ""
        rows.append(h(
            '<tr><td class="why">{}</td><td>{}</td><td class="num">{}</td><td class="num">{}</td>'
            '<td class="note">{}{}</td></tr>', _blocker_name(b),
            _share_bar(b.cases / s.unsupported), b.cases, b.only or "",
            h("{}<br>", _cut(note)) if note else "",
            h("e.g. <code>{}</code>", b.examples[0]) if b.examples else ""))
    more = (h('<p class="muted">… and {} more reason(s), {} case(s) or fewer each.</p>',
              len(s.blockers) - MAX_REASONS, s.blockers[MAX_REASONS].cases)
            if len(s.blockers) > MAX_REASONS else raw(""))
    return h('{head}<p><b>{n}</b> of {total} cases unsupported ({share}): {kinds}.</p>'
             '<table class="reasons"><thead><tr><th>reason</th><th>share of unsupported</th>'
             '<th class="num">cases</th><th class="num">only reason</th><th>note</th></tr>'
             '</thead><tbody>{rows}</tbody></table>{more}', head=head, n=s.unsupported,
             total=s.total, share=percent(s.share), kinds=kinds, rows=join(rows), more=more)


def _unsupported_section(views: Sequence[EngineView]) -> Html:
    return h('<section id="unsupported"><h2>Unsupported cases</h2><p class="muted">Each '
             "engine's latest run. A case is unsupported when it needs a feature or card the "
             "engine did not declare (it is never sent) or the engine refused it; unsupported "
             'cases are left out of the pass rate. A case may have several reasons; '
             '<i>only reason</i> counts the cases that reason alone keeps out.</p>{}</section>',
             join(_unsupported_block(v, _same_unsupported(v, views[:i]))
                  for i, v in enumerate(views)))


def _same_unsupported(v: EngineView, earlier: Sequence[EngineView]) -> EngineView | None:
    """An earlier engine whose unsupported cases and reasons are exactly ``v``'s (mutants of
    the reference engine declare what it declares), so that its table is not repeated."""
    if not v.unsupported.unsupported:
        return None
    mine = [c.id for c in v.run.cases if c.status == "unsupported"]
    for e in earlier:
        if (e.unsupported.blockers == v.unsupported.blockers
                and [c.id for c in e.run.cases if c.status == "unsupported"] == mine):
            return e
    return None


def _case_article(run: ConformanceRun, c: CaseLine, info: CaseInfo | None) -> Html:
    parts: list[Html] = []
    tag = (h('<span class="badge unexpected">{}</span>', "unexpected pass"
             if c.outcome == "unexpected_pass" else "unexpected")
           if c.unexpected else raw('<span class="badge known">known failure</span>'))
    parts.append(h('<h3><span class="badge" style="background:{}">{}</span> {} <code>{}</code>'
                   '</h3>', STATUS_COLOURS[c.status], c.status, tag, c.id))
    meta = [h("engine <b>{}</b> {}", run.engine_name, run.engine_version),
            h("expected <b>{}</b>", c.expected)]
    if info:
        meta.insert(0, h("card <b>{}</b>", info.card))
        if info.rules:
            meta.append(h("rules {}", ", ".join(info.rules)))
    if c.reason:
        meta.append(h("reason: {}", c.reason))
    if c.link:
        meta.append(h('<a href="{}" rel="noreferrer">{}</a>', c.link, c.link))
    parts.append(h('<div class="muted">{}</div>', join(meta, " · ")))
    if info and info.title:
        parts.append(h("<p><b>{}</b></p>", info.title))
    if info is None:
        parts.append(raw('<p class="empty">Case file not found: no title or rulings.</p>'))
    elif c.hash and info.hash and c.hash != info.hash:
        parts.append(raw('<p class="muted">The case file was edited since this run.</p>'))
    if c.message:
        parts.append(h("<p>{}</p>", c.message))
    if c.error:
        at = c.error.get("action")
        parts.append(h("<p>Engine error <code>{}</code>{}: {}</p>", c.error.get("kind"),
                       f" at action {at}" if at is not None else "", c.error.get("message")))
    if c.mismatches:
        rows = join(h('<tr><td><code>{}</code><br>{}</td><td><pre>{}</pre></td><td><pre>{}</pre>'
                      '</td></tr>', m.get("where"), m.get("message"), _j(m.get("expected")),
                      _j(m.get("observed"))) for m in c.mismatches)
        parts.append(h('<table class="mismatches"><thead><tr><th>where</th><th>expected</th>'
                       '<th>observed</th></tr></thead><tbody>{}</tbody></table>', rows))
    if c.stderr:
        parts.append(h("<details><summary>engine stderr</summary><pre>{}</pre></details>",
                       c.stderr[-MAX_STDERR:]))
    if info and info.rulings:
        parts.append(h('<div class="rulings">{}</div>', join(
            h('<figure class="ruling"><figcaption>{}</figcaption><blockquote lang="{}">{}'
              '</blockquote></figure>', lang, lang, text) for lang, text in info.rulings)))
    elif info:
        parts.append(raw('<p class="empty">No ruling text in the case file.</p>'))
    cls = "case" if c.unexpected else "case known"
    return h('<article class="{}" data-engine="{}" data-unexpected="{}">{}</article>', cls,
             run.engine_name, "true" if c.unexpected else "false", join(parts))


def _failures_section(views: Sequence[EngineView], cases: Mapping[str, CaseInfo]) -> Html:
    items = [(v.run, c) for v in views for c in v.run.cases if c.status in FAILING]
    items.sort(key=lambda rc: (not rc[1].unexpected, rc[1].id, rc[0].engine_name))
    if not items:
        return raw('<section id="failures"><h2>Failing cases</h2>'
                   '<p class="empty">Every case each engine took passed.</p></section>')
    controls = raw('<div class="filters"><input id="case-filter" type="search" '
                   'placeholder="Filter by id, engine, card, text…" aria-label="Filter cases">'
                   '<label><input id="only-unexpected" type="checkbox"> unexpected only</label>'
                   '<span id="case-count" class="muted"></span></div>')
    return h('<section id="failures"><h2>Failing cases ({})</h2><p class="muted">Each '
             "engine's latest run: every case it took and did not pass, with the ruling it "
             'encodes in every language.</p>{}{}</section>', len(items), controls,
             join(_case_article(r, c, cases.get(c.id)) for r, c in items))


def _seconds(started: str) -> float:
    """An ISO start time as POSIX seconds (0 when it cannot be parsed)."""
    try:
        when = dt.datetime.fromisoformat(started)
    except ValueError:
        return 0.0
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.timestamp()


def _trend_svg(history: Sequence[HistoryRow]) -> Html:
    rows = [r for r in history if r.pass_rate is not None]
    if not rows:
        return raw('<p class="empty">No recorded run yet.</p>')
    width, height, left, right, top, bottom = 920, 260, 48, 70, 12, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    times = {r.started: _seconds(r.started) for r in rows}
    t0, t1 = min(times.values()), max(times.values())

    def x(started: str) -> float:
        """Position in time (runs of one night cluster, nights spread out)."""
        return left + (plot_w * (times[started] - t0) / (t1 - t0) if t1 > t0 else plot_w / 2)

    def y(rate: float) -> float:
        return top + plot_h * (1 - rate)

    out: list[Html] = [h('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="{}"'
                         ' height="{}" role="img" aria-label="Pass rate per engine over runs">',
                         width, height, width, height)]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        out.append(h('<line x1="{}" x2="{}" y1="{:.1f}" y2="{:.1f}" stroke="#e3e6ea"/>'
                     '<text x="{}" y="{:.1f}" font-size="11" text-anchor="end" fill="#5b6470">'
                     '{}%</text>', left, width - right, y(tick), y(tick), left - 6, y(tick) + 4,
                     round(tick * 100)))
    labels: dict[str, float] = {}  # evenly spaced times, one label each (UTC)
    for k in range(5 if t1 > t0 else 1):
        t = t0 + (t1 - t0) * k / 4
        text = dt.datetime.fromtimestamp(t, dt.UTC).strftime("%Y-%m-%d %H:%M")
        labels.setdefault(text, left + (plot_w * k / 4 if t1 > t0 else plot_w / 2))
    for text, pos in labels.items():
        out.append(h('<text x="{:.1f}" y="{}" font-size="11" text-anchor="middle" '
                     'fill="#5b6470">{}</text>', pos, height - bottom + 16, text))
    engines = sorted({r.engine for r in rows})
    colours = {e: PALETTE[i % len(PALETTE)] for i, e in enumerate(engines)}
    for e in engines:
        pts = [r for r in rows if r.engine == e]
        if len(pts) > 1:
            path = " ".join(f"{x(r.started):.1f},{y(r.pass_rate or 0):.1f}" for r in pts)
            out.append(h('<polyline fill="none" stroke="{}" stroke-width="2" points="{}"/>',
                         colours[e], path))
        for r in pts:
            out.append(h('<circle cx="{:.1f}" cy="{:.1f}" r="4" fill="{}"><title>{} {}: {} '
                         '({} of {} taken) at {}</title></circle>', x(r.started),
                         y(r.pass_rate or 0), colours[e], e, r.engine_version,
                         percent(r.pass_rate), r.passed, r.cases - r.unsupported, r.started))
    out.append(raw("</svg>"))
    legend = join(h('<span><i style="background:{}"></i>{}</span>', colours[e], e)
                  for e in engines)
    return h('{}<div class="legend">{}</div>', join(out), legend)


def _trends_section(history: Sequence[HistoryRow], recorded: bool) -> Html:
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
             note, _trend_svg(history), table, more)


def _diff_section(history: Sequence[HistoryRow], engines: Sequence[str]) -> Html:
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


# --- page ----------------------------------------------------------------------------------------


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
        _engines_section(ordered, cases), _unsupported_section(views), _interop_section(views, cases),
        _breakdown_section(views), _failures_section(views, cases), _trends_section(timeline, recorded),
        _diff_section(timeline, [v.run.engine_name for v in views]),
        h('<footer class="muted"><p>Runs: {}</p></footer>',
          "; ".join(f"{r.engine_name} ← " + ", ".join(p.name for p in r.sources)
                    for r in ordered)),
    ])
    return (
        "<!doctype html>\n"
        + h('<html lang="en"><head><meta charset="utf-8">'
            '<meta http-equiv="Content-Security-Policy" content="{}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="icon" href="data:,"><title>{}</title><style>{}</style></head><body>{}<script>{}</script></body></html>',
            _csp(), title, raw(CSS), body, raw(SCRIPT))
        + "\n")
