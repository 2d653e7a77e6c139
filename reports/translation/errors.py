"""Exceptions of the translation-consistency report; all are :class:`reports.errors.ReportError`."""

from __future__ import annotations

from reports.errors import ReportError


class TranslationReportError(ReportError):
    """The translation report cannot be built (unreadable dataset, unwritable output)."""


class GlossaryError(TranslationReportError):
    """The glossary override file is missing, unreadable or malformed."""
