"""Exceptions of the shared report helpers; all are :class:`reports.errors.ReportError`."""

from __future__ import annotations

from reports.errors import ReportError


class TemplateError(ReportError):
    """A template of :func:`reports.common.html.h` names a field that was not given."""


class BrowserError(ReportError):
    """Headless Chromium is missing, did not start, or did not render the page in time."""
