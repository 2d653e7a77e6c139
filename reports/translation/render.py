"""Write the translation report: a self-contained HTML page, ``findings.csv`` and ``findings.json``.

The HTML page has inline CSS, inline SVG charts (findings per language and per check, split by
severity) and a few lines of inline JavaScript to filter the table; it needs no network. Every
ruling text is escaped; evidence spans are wrapped in ``<mark>``.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pipeline import languages
from reports.common.charts import stacked_bar_chart
from reports.common.html import Html, h, join, page, raw
from reports.common.palette import SEVERITY
from reports.exports.spreadsheet import REPORT_NOTE as CSV_NOTE
from reports.exports.spreadsheet import neutralise
from reports.translation.findings import (
    CHECKS,
    SEVERITIES,
    Finding,
    check_descriptions,
    finding_fields,
    localized_names,
)

__all__ = ["highlight", "render_csv", "render_html", "render_json", "summary"]

SEVERITY_COLORS = {s: SEVERITY[s] for s in SEVERITIES}


def highlight(text: str | None, spans: Sequence[tuple[int, int]]) -> Html:
    """``text`` escaped, with the (merged) ``spans`` wrapped in ``<mark>``."""
    if not text:
        return raw('<span class="muted">—</span>')
    merged: list[list[int]] = []
    for a, b in sorted(spans):
        a, b = max(0, a), min(len(text), b)
        if a >= b:
            continue
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    parts: list[object] = []
    pos = 0
    for a, b in merged:
        parts.append(text[pos:a])
        parts.append(h("<mark>{}</mark>", text[a:b]))
        pos = b
    parts.append(text[pos:])
    return join(parts)


def summary(findings: Sequence[Finding]) -> dict[str, Any]:
    """Counts by severity, check, language, and check × severity (every check listed)."""
    return {
        "findings": len(findings),
        "by_severity": {s: sum(1 for f in findings if f.severity == s) for s in SEVERITIES},
        "by_check": {c: sum(1 for f in findings if f.check == c) for c in CHECKS},
        "by_lang": dict(sorted(Counter(f.lang for f in findings).items())),
        "by_check_severity": {
            c: {s: sum(1 for f in findings if f.check == c and f.severity == s)
                for s in SEVERITIES}
            for c in CHECKS
        },
    }


def render_json(findings: Sequence[Finding], meta: dict[str, Any]) -> str:
    """The JSON document: ``meta``, ``checks`` (id → description), ``summary``, ``findings``."""
    doc = {"meta": meta, "checks": check_descriptions(), "summary": summary(findings),
           "findings": [f.to_dict() for f in findings]}
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def render_csv(findings: Sequence[Finding]) -> str:
    """One row per finding, columns :func:`finding_fields` (spans as JSON). Text cells a
    spreadsheet would run as a formula get a leading ``'`` (:mod:`reports.exports.spreadsheet`)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    fields = finding_fields()
    writer.writerow(fields)
    for f in findings:
        d = f.to_dict()
        row = []
        for col in fields:
            v = d.get(col)
            if col in ("spans", "ref_spans"):
                v = json.dumps(v)
            row.append("" if v is None else neutralise(v))
        writer.writerow(row)
    return buf.getvalue()


_CSS = """
.sum{display:flex;gap:16px;margin:12px 0}
.sum div{border:1px solid var(--line);border-radius:6px;padding:8px 14px;min-width:110px}
.sum b{display:block;font-size:22px}
td.text{max-width:420px}td.text div{margin-bottom:6px}
.lang{font-weight:600;color:var(--muted);font-size:11px;text-transform:uppercase;margin-right:4px}
.sugg{color:var(--ok)}
.checks td:first-child{white-space:nowrap}
tr.hidden{display:none}
"""

_SCRIPT = """
(function(){
  var sel={check:document.getElementById('f-check'),lang:document.getElementById('f-lang'),
           severity:document.getElementById('f-severity')};
  var rows=document.querySelectorAll('#findings tbody tr');
  var count=document.getElementById('shown');
  function apply(){
    var n=0;
    rows.forEach(function(r){
      var ok=Object.keys(sel).every(function(k){var v=sel[k].value;return !v||r.dataset[k]===v;});
      r.classList.toggle('hidden',!ok); if(ok){n++;}
    });
    count.textContent=String(n);
  }
  Object.keys(sel).forEach(function(k){sel[k].addEventListener('change',apply);});
  apply();
})();
"""


def _options(label: str, ident: str, values: Sequence[str]) -> Html:
    opts = join(h('<option value="{v}">{v}</option>', v=v) for v in values)
    return h('<label>{l} <select id="{i}"><option value="">all</option>{o}</select></label>',
             l=label, i=ident, o=opts)


def _row(f: Finding) -> Html:
    texts = []
    shown = {f.lang}
    texts.append(h('<div><span class="lang">{}</span>{}</div>',
                   f.lang if f.ref_lang is None or f.check != "missing_ruling" else f.ref_lang,
                   highlight(f.text, f.spans)))
    if f.check == "missing_ruling":
        shown.add(f.ref_lang or "en")
    for lang in languages.codes():
        if lang in shown:
            continue
        other = f.text_of(lang)
        if other is None:
            continue
        spans = f.ref_spans if lang == f.ref_lang else ()
        texts.append(h('<div><span class="lang">{}</span>{}</div>', lang,
                       highlight(other, spans)))
    where = f"{f.source}:{f.line}" if f.source and f.line else (f.source or "")
    sugg = (h('<div class="sugg">→ {}</div>', f.suggestion) if f.suggestion else raw(""))
    return h(
        '<tr data-check="{check}" data-lang="{lang}" data-severity="{sev}">'
        '<td><span class="badge sev-{sev}">{sev}</span></td><td><code>{check}</code></td>'
        "<td>{card}<div class=\"muted mono\">{where}</div>"
        '<div class="muted mono" title="ruling id">{rid}</div></td><td>{lang}</td>'
        "<td><div>{msg}</div><div><mark>{ev}</mark></div>{sugg}</td>"
        '<td class="text">{texts}</td></tr>\n',
        check=f.check, lang=f.lang, sev=f.severity, card=f.card_name, where=where,
        rid=f.ruling_id or "", msg=f.message,
        ev=f.evidence if len(f.evidence) <= 160 else f.evidence[:157] + "…", sugg=sugg,
        texts=join(texts),
    )


def render_html(findings: Sequence[Finding], meta: dict[str, Any]) -> str:
    """The whole self-contained HTML report."""
    s = summary(findings)
    langs = sorted({f.lang for f in findings})
    by_lang = {
        (languages.get(lg).name if lg in languages.codes() else lg): {sev: sum(1 for f in findings if f.lang == lg and
                                          f.severity == sev) for sev in SEVERITIES}
        for lg in langs
    }
    by_check = {c: s["by_check_severity"][c] for c in CHECKS if s["by_check"][c]}
    charts = join([
        h('<div class="chart">{}</div>', stacked_bar_chart(
            by_lang, "Findings per language", series=SEVERITIES, colors=SEVERITY_COLORS)),
        h('<div class="chart">{}</div>', stacked_bar_chart(
            by_check, "Findings per check", series=SEVERITIES, colors=SEVERITY_COLORS,
            width=520)),
    ])
    cards = join(h("<div>{}<b>{}</b></div>", k, v) for k, v in
                 [("findings", s["findings"]), *s["by_severity"].items()])
    check_rows = join(h("<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>", c, d,
                        s["by_check"][c]) for c, d in check_descriptions().items())
    filters = join([
        _options("Check", "f-check", [c for c in CHECKS if s["by_check"][c]]),
        _options("Language", "f-lang", langs),
        _options("Severity", "f-severity", [sv for sv in SEVERITIES if s["by_severity"][sv]]),
        h('<span class="muted"><span id="shown">{}</span> shown</span>', len(findings)),
    ])
    rows = join(_row(f) for f in findings)
    body = h(
        "<h1>Translation consistency</h1>"
        '<p class="muted">Dataset <code>{ds}</code> · {cards} cards with {langs} '
        "rulings · {rulings} localized rulings</p>"
        '<div class="sum">{sumcards}</div>'
        '<h2>Summary</h2><div class="charts">{charts}</div>'
        '<h2>Checks</h2><table class="checks"><thead><tr><th>check</th><th>what it finds</th>'
        "<th>findings</th></tr></thead><tbody>{checks}</tbody></table>"
        '<h2>Findings</h2><p class="muted">Also in <code>findings.json</code> and '
        "<code>findings.csv</code>. {csvnote}</p>"
        '<div class="filters">{filters}</div>'
        '<table id="findings"><thead><tr><th>severity</th><th>check</th><th>card / file / '
        "ruling</th><th>lang</th><th>finding</th><th>texts (evidence highlighted)</th></tr>"
        "</thead><tbody>{rows}</tbody></table>",
        ds=meta.get("dataset", ""), cards=meta.get("cards", 0), langs=localized_names(),
        rulings=meta.get("localized_rulings", 0), sumcards=cards, charts=charts,
        checks=check_rows, filters=filters, rows=rows, csvnote=CSV_NOTE,
    )
    return page("Translation consistency report", body, css=_CSS, script=_SCRIPT)
