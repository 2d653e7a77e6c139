"""The dashboard's engine sections: one card per run (**Engines**) and, for each engine's latest
run, how many cases it did not take and why (**Unsupported**)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

from reports.common.html import Html, h, join, raw
from reports.conformance.cases import CaseInfo
from reports.conformance.load import ConformanceRun
from reports.conformance.summary import (
    BLOCKER_KINDS,
    BLOCKER_LABELS,
    Blocker,
    UnsupportedSummary,
    percent,
    unsupported_summary,
)
from reports.conformance.widgets import (
    MAX_REASONS,
    STATUS_COLOURS,
    TOP_REASON_SHARE,
    EngineView,
    cut,
    rate_colour,
    share_bar,
    status_stack,
)

__all__ = ["engine_anchor", "engines_section", "unsupported_section"]


def _blocker_name(b: Blocker) -> Html:
    """A reason as shown: ``feature <code>x</code>``, ``card X``, ``refused: message``."""
    if b.kind == "feature":
        return h('<span class="tag">feature</span><code>{}</code>', b.name)
    if b.kind == "card":
        return h('<span class="tag">card</span>{}', b.name)
    if b.kind == "refused":
        return h('<span class="tag">refused</span>{}', cut(b.name))
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


def engine_anchor(name: str) -> str:
    """An ``id`` for an engine's block (stable, from its name)."""
    return "unsupported-" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]


def engines_section(runs: Sequence[ConformanceRun], cases: Mapping[str, CaseInfo]) -> Html:
    """The **Engines** section: one card per run (pass rate, statuses, why cases were
    unsupported)."""
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
            name=r.engine_name, version=r.engine_version, colour=rate_colour(r.pass_rate),
            rate=percent(r.pass_rate), verdict=verdict, stack=status_stack(counts),
            counts=counts_text, unsupp=_unsupported_note(unsupported_summary(r, cases),
                                                         engine_anchor(r.engine_name)),
            n=len(r.cases), spec=r.spec, shards=shard_note, started=r.started,
            suite=r.suite_version))
    return h('<section id="engines"><h2>Engines</h2><p class="muted">Pass rate = passed / '
             'cases the engine took (unsupported cases excluded).</p>'
             '<div class="cards">{}</div></section>', join(cards))


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
    head = h('<h3 id="{}">{} {}</h3>', engine_anchor(run.engine_name), run.engine_name,
             run.engine_version)
    if not s.unsupported:
        return h('{}<p class="empty">Took every one of its {} cases.</p>', head, s.total)
    if same_as is not None:
        return h('{}<p>{} of {} cases unsupported ({}): the same cases, for the same reasons, as '
                 '<a href="#{}">{} {}</a>.</p>', head, s.unsupported, s.total, percent(s.share),
                 engine_anchor(same_as.run.engine_name), same_as.run.engine_name,
                 same_as.run.engine_version)
    kinds = _kinds_text(s)
    notes = _engine_notes(run)
    rows = []
    for b in s.blockers[:MAX_REASONS]:
        note = notes.get(b.name, "") if b.kind == "feature" else ""
        rows.append(h(
            '<tr><td class="why">{}</td><td>{}</td><td class="num">{}</td><td class="num">{}</td>'
            '<td class="note">{}{}</td></tr>', _blocker_name(b),
            share_bar(b.cases / s.unsupported), b.cases, b.only or "",
            h("{}<br>", cut(note)) if note else "",
            h("e.g. <code>{}</code>", b.examples[0]) if b.examples else ""))
    more = (h('<p class="muted">… and {} more reason(s), {} case(s) or fewer each.</p>',
              len(s.blockers) - MAX_REASONS, s.blockers[MAX_REASONS].cases)
            if len(s.blockers) > MAX_REASONS else raw(""))
    return h('{head}<p><b>{n}</b> of {total} cases unsupported ({share}): {kinds}.</p>'
             '<table class="reasons"><thead><tr><th>reason</th><th>share of unsupported</th>'
             '<th class="num">cases</th><th class="num">only reason</th><th>note</th></tr>'
             '</thead><tbody>{rows}</tbody></table>{more}', head=head, n=s.unsupported,
             total=s.total, share=percent(s.share), kinds=kinds, rows=join(rows), more=more)


def unsupported_section(views: Sequence[EngineView]) -> Html:
    """The **Unsupported** section: each engine's reasons for the cases it did not take."""
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

