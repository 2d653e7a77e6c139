"""Exceptions of the exports; all are :class:`reports.errors.ReportError`."""

from __future__ import annotations

from reports.errors import ReportError


class ExportError(ReportError):
    """The dataset cannot be read, the format is unknown, or the output cannot be written."""
