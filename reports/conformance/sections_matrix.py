"""The dashboard's matrices: features and cards × engines with each engine's pass rate and the
engines' agreement (**Interop**), and each engine's pass rate per feature and per card."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from reports.common.html import Html, esc, h, join, raw
from reports.conformance.cases import CaseInfo
from reports.conformance.summary import Agreement, Tally, agreement, percent
from reports.conformance.widgets import EngineView, cell_colour, rate_bar

__all__ = ["breakdown_section", "interop_section"]


def _interop_cell(t: Tally | None) -> Html:
    if t is None:
        return raw('<td class="cell empty" title="no case">·</td>')
    if t.rate is None:
        return h('<td class="cell" style="background:{}" title="{} unsupported">n/s</td>',
                 cell_colour(None), t.unsupported)
    return h('<td class="cell" style="background:{}" title="{} of {} passed{}"><b>{}%</b> '
             '<small>{}/{}</small></td>', cell_colour(t.rate), t.passed, t.taken,
             f", {t.unsupported} unsupported" if t.unsupported else "",
             math.floor(t.rate * 100), t.passed, t.taken)


def _agreement_cell(a: Agreement | None) -> Html:
    if a is None or a.rate is None:
        return raw('<td class="cell empty" title="no case taken by two engines">·</td>')
    return h('<td class="cell" style="background:{}" title="{} of {} cases taken by two or more '
             'engines get the same verdict from all of them"><b>{}%</b> <small>{}/{}</small>'
             '</td>', cell_colour(a.rate), a.agreed, a.compared, math.floor(a.rate * 100),
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


def interop_section(views: Sequence[EngineView],
                     cases: Mapping[str, CaseInfo] | None = None) -> Html:
    """The **Interop** section: features and cards × engines, with the engines' agreement."""
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
                      '</td><td class="num">{}</td></tr>', shown, rate_bar(t.rate),
                      percent(t.rate), t.passed, t.taken, t.unsupported or ""))
    return h('<table><thead><tr><th>{}</th><th>pass rate</th><th class="num">%</th>'
             '<th class="num">passed</th><th class="num">unsupp.</th></tr></thead><tbody>{}'
             '</tbody></table>', label, join(rows))


def breakdown_section(views: Sequence[EngineView]) -> Html:
    """Each engine's pass rate per feature and per card (the first engine's block open)."""
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

