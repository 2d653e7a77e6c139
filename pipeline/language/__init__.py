"""The language stage: which language each ruling and each seed file is in.

Public interface:

- :func:`get_detector` (``"lingua"``, the default and most accurate, or ``"langdetect"``)
  returns a :class:`LanguageDetector` restricted to the registered languages, with ``detect(text)`` and the
  batched ``detect_many(texts)``; text without letters gets ``LanguageGuess("und", 0.0)``.
- :func:`detect_file_language`: a seed file's language from its rulings' guesses (English
  rulings left untranslated in a localized file do not make the file English).
- :class:`EnglishClauseFinder`: English clauses inside an Italian or German ruling, with English
  card names masked first.

Errors derive from :class:`LanguageError` (a :class:`~pipeline.errors.PipelineError`).
"""

from __future__ import annotations

from pipeline.language.clauses import ClauseEvidence, EnglishClauseFinder
from pipeline.language.detectors import (
    DETECTOR_NAMES,
    LangdetectDetector,
    LanguageDetector,
    LinguaDetector,
    get_detector,
)
from pipeline.language.errors import (
    DetectorError,
    LanguageError,
    UnknownDetectorError,
    UnsupportedLanguageError,
)
from pipeline.language.file_lang import detect_file_language
from pipeline.language.names import NameMasker

__all__ = [
    "DETECTOR_NAMES",
    "ClauseEvidence",
    "DetectorError",
    "EnglishClauseFinder",
    "LangdetectDetector",
    "LanguageDetector",
    "LanguageError",
    "LinguaDetector",
    "NameMasker",
    "UnknownDetectorError",
    "UnsupportedLanguageError",
    "detect_file_language",
    "get_detector",
]
