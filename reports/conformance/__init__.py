"""The conformance dashboard (``rulings report conformance``).

Reads JSON Lines run files written by ``rulings run --jsonl`` (never the runner or an engine):

* :mod:`~reports.conformance.load`: read and validate run files, merge ``--shard i/n`` files;
* :mod:`~reports.conformance.cases`: titles, cards and rulings from the case files;
* :mod:`~reports.conformance.history`: the Parquet history of runs (trends, diffs);
* :mod:`~reports.conformance.summary`: pass rates per feature and card, run diffs;
* :mod:`~reports.conformance.render`: the self-contained HTML page, from the sections of
  :mod:`~reports.conformance.sections_engines`, :mod:`~reports.conformance.sections_matrix`,
  :mod:`~reports.conformance.sections_cases` and :mod:`~reports.conformance.sections_history`
  and the pieces of :mod:`~reports.conformance.widgets` (shell, palette and charts:
  :mod:`reports.common`);
* :mod:`~reports.conformance.report`: all of it, as the command runs it.
"""

from __future__ import annotations

from reports.conformance.errors import (
    CaseIndexError,
    HistoryError,
    RunFileError,
    ShardMergeError,
)
from reports.conformance.load import (
    ConformanceRun,
    load_runs,
    merge_shards,
    read_run_file,
    write_run_jsonl,
)
from reports.conformance.report import ReportResult, build_report, markdown_link

__all__ = [
    "CaseIndexError",
    "ConformanceRun",
    "HistoryError",
    "ReportResult",
    "RunFileError",
    "ShardMergeError",
    "build_report",
    "load_runs",
    "markdown_link",
    "merge_shards",
    "read_run_file",
    "write_run_jsonl",
]
