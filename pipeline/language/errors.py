"""Exceptions raised by :mod:`pipeline.language`.

Every error of the package derives from :class:`LanguageError`, itself a
:class:`~pipeline.errors.PipelineError`. Text a detector cannot decide on (no letters) is *not*
an error: it gets ``LanguageGuess("und", 0.0)``.
"""

from __future__ import annotations

from pipeline.errors import PipelineError


class LanguageError(PipelineError):
    """Base class of the errors of :mod:`pipeline.language`."""


class UnknownDetectorError(LanguageError, ValueError):
    """:func:`~pipeline.language.get_detector` was given a name it does not know."""


class UnsupportedLanguageError(LanguageError, ValueError):
    """A language code the package does not handle (it knows ``it``, ``de``, ``en``, ``und``)."""


class DetectorError(LanguageError):
    """A detector backend failed on an input (wraps the backend's own exception as ``__cause__``)."""
