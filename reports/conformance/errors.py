"""Exceptions of the conformance report; all are :class:`reports.errors.ReportError`."""

from __future__ import annotations

from reports.errors import ReportError


class RunFileError(ReportError):
    """A JSON Lines run file cannot be read or is not a valid, complete run.

    The message starts with ``path:line:`` when one line is at fault.
    """


class ShardMergeError(ReportError):
    """Run files given as shards do not make one run (a shard missing or given twice, a case in
    two shards, shards of different engines, suites or options)."""


class CaseIndexError(ReportError):
    """A case file (read for its rulings, title, card and features) cannot be parsed."""


class HistoryError(ReportError):
    """The history file cannot be read or written, or is not a conformance history."""
