"""Exceptions of the reference engine's card loading (game refusals are
:class:`conformance.errors.EngineReportedError`)."""

from __future__ import annotations

from conformance.errors import ConformanceError


class ReferenceEngineError(ConformanceError):
    """Base class of the reference engine's own errors."""


class CardDataError(ReferenceEngineError):
    """The reference card list or the shipped card data it points to is unusable."""


class OracleTemplateError(ReferenceEngineError):
    """A line of oracle text matches none of the engine's ability templates."""
