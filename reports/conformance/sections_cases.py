"""The dashboard's **Failing cases**: every case of each engine's latest run that did not pass,
with expected and observed values, the engine's error and stderr, and the case's rulings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reports.common.html import Html, h, join, raw
from reports.conformance.cases import CaseInfo
from reports.conformance.load import FAILING, CaseLine, ConformanceRun
from reports.conformance.widgets import MAX_STDERR, STATUS_COLOURS, EngineView, json_text

__all__ = ["failures_section"]


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
                      '</td></tr>', m.get("where"), m.get("message"), json_text(m.get("expected")),
                      json_text(m.get("observed"))) for m in c.mismatches)
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


def failures_section(views: Sequence[EngineView], cases: Mapping[str, CaseInfo]) -> Html:
    """The **Failing cases** section: each case of the engines' latest runs that did not pass,
    unexpected ones first, with a filter box."""
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

