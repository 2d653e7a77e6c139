"""Building the conformance dashboard from run files: load, record in the history, render.

:func:`conformance_report` is what ``rulings report conformance`` calls: :func:`build_report`,
then optionally a screenshot of the page and :func:`markdown_link`, the few lines a CI step
summary needs to point at the dashboard.

``index.html`` (and the default ``history.parquet``) are written into ``OUT`` with
``OUT/.rulings-output.json`` listing them: an ``index.html`` this tool did not write is never
overwritten, a history is only ever appended to, and nothing else in ``OUT`` is touched
(:func:`pipeline.store.outdir.write_into`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import PipelineError
from pipeline.store import outdir
from reports.conformance.cases import load_case_index
from reports.conformance.errors import RunFileError
from reports.conformance.history import HistoryRow, append_runs, read_history
from reports.conformance.load import DEFAULT_CASES_DIR, ConformanceRun, load_runs
from reports.conformance.render import latest_runs, render_report
from reports.conformance.summary import percent
from reports.errors import ReportError

INDEX_NAME = "index.html"
"""The dashboard's file name inside the output directory."""
HISTORY_NAME = "history.parquet"
"""The history file's default name inside the output directory."""


_PAGE_STARTS = (
    b'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
    b'<meta http-equiv="Content-Security-Policy" content="default-src &#x27;none&#x27;;',
    b'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
    b'<meta http-equiv="Content-Security-Policy" content="default-src &#x27;none&#x27;;',
)
"""How the dashboard page (:func:`reports.conformance.render.render_report`) begins: in the
versions with a shell of its own, and in the reports' common shell (:mod:`reports.common`)."""


def _earlier_index(path: Path) -> bool:
    """Whether ``path`` is the ``index.html`` of a dashboard of a version without a marker (or
    whose marker was lost): it begins like the dashboard and has its sections."""
    data = path.read_bytes()
    return data.startswith(_PAGE_STARTS) and all(
        f'id="{section}"'.encode() in data for section in ("engines", "failures"))


@dataclass(frozen=True)
class ReportResult:
    """What :func:`build_report` wrote."""

    index: Path
    """The dashboard page."""
    runs: tuple[ConformanceRun, ...]
    """The runs shown (shards merged)."""
    history: Path | None
    """The history file appended to, or None."""
    recorded: tuple[HistoryRow, ...]
    """Rows this call added to the history (runs already recorded are not added again)."""


def build_report(run_files: Sequence[str | Path], out_dir: str | Path,
                 cases_dirs: Sequence[str | Path] = (DEFAULT_CASES_DIR,),
                 history: str | Path | None = None, use_history: bool = True,
                 title: str = "Conformance report") -> ReportResult:
    """Read ``run_files`` (merging shards), append them to the history, write the dashboard.

    ``history`` defaults to ``OUT/history.parquet``; ``use_history=False`` neither reads nor
    writes one (trends and diff then use the given runs only). Raises
    :class:`~reports.errors.ReportError` subclasses for unreadable or inconsistent input.
    """
    runs = load_runs(run_files)
    out = Path(out_dir)
    try:
        outdir.prepare_into(out, outdir.CONFORMANCE_REPORT, [INDEX_NAME], _earlier_index)
    except PipelineError as exc:
        raise RunFileError(str(exc)) from exc
    cases = load_case_index(*cases_dirs)
    history_path: Path | None = None
    added: list[HistoryRow] = []
    timeline: list[HistoryRow] | None = None
    if use_history:
        history_path = Path(history) if history is not None else out / HISTORY_NAME
        added = append_runs(history_path, runs)
        timeline = read_history(history_path)
    page = render_report(runs, cases, timeline, title=title)
    index = out / INDEX_NAME
    own_history = history_path is not None and history_path.parent.resolve() == out.resolve() \
        and history_path.name == HISTORY_NAME
    try:
        outdir.write_into(out, outdir.CONFORMANCE_REPORT, {INDEX_NAME: page.encode("utf-8")},
                          adopted=[HISTORY_NAME] if own_history else [], legacy=_earlier_index)
    except PipelineError as exc:
        raise RunFileError(f"{index}: cannot write: {exc}") from exc
    return ReportResult(index=index, runs=tuple(runs), history=history_path,
                        recorded=tuple(added))


def markdown_link(runs: Sequence[ConformanceRun], url: str) -> str:
    """A Markdown block for a CI step summary: each engine's pass rate, unexpected results and
    unsupported cases (the pass rate leaves them out), and a dashboard link."""
    lines = ["### Conformance dashboard", "",
             f"[Open the dashboard]({url}) (pass rate per feature and card, failing cases with "
             "their rulings, trends, diff).", "",
             "| engine | pass rate | unexpected | unsupported |", "| --- | --- | --- | --- |"]
    for r in latest_runs(runs):
        name = r.engine_name.replace("|", "\\|")
        lines.append(f"| {name} {r.engine_version} | {percent(r.pass_rate)} "
                     f"| {len(r.unexpected)} | {r.counts['unsupported']} of {len(r.cases)} |")
    return "\n".join(lines) + "\n"


def conformance_report(run_files: Sequence[str | Path], out_dir: str | Path,
                       cases_dirs: Sequence[str | Path] = (DEFAULT_CASES_DIR,), *,
                       history: str | Path | None = None, use_history: bool = True,
                       title: str = "Conformance report", screenshot: str | Path | None = None,
                       summary_file: str | Path | None = None, dashboard_url: str | None = None,
                       on_page_error: Callable[[str], None] | None = None) -> ReportResult:
    """``rulings report conformance``: :func:`build_report`, then (``screenshot``) render the
    page in headless Chromium and save a PNG, then (``summary_file``) append
    :func:`markdown_link` to a Markdown file (a CI step summary) linking ``dashboard_url``
    (default: the written ``index.html``).

    ``on_page_error`` gets each error the page logged in the browser. Raises
    :class:`~reports.errors.ReportError` subclasses for unreadable or inconsistent input, a
    browser that does not render, or a summary file that cannot be appended to.
    """
    result = build_report(run_files, out_dir, cases_dirs, history=history,
                          use_history=use_history, title=title)
    if screenshot is not None:
        from reports.common.browser import render_page

        page = render_page(result.index, screenshot=screenshot)
        for err in page.errors:
            if on_page_error is not None:
                on_page_error(err)
    if summary_file is not None:
        url = dashboard_url or result.index.resolve().as_uri()
        try:
            with open(summary_file, "a", encoding="utf-8") as fh:
                fh.write(markdown_link(result.runs, url) + "\n")
        except OSError as exc:
            raise ReportError(f"{summary_file}: cannot append: {exc}") from exc
    return result
