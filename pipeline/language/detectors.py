"""Language detectors restricted to the registered languages (:mod:`pipeline.languages`).

Two backends share one interface (:class:`LanguageDetector`):

- ``lingua`` (default): ``lingua-language-detector`` built once per process (and per registry)
  for the registered languages with preloaded models; :meth:`LinguaDetector.detect_many` uses its parallel batch API.
- ``langdetect``: ``langdetect`` 1.0.9 with only the registered languages' profiles loaded. Its algorithm is
  randomised; the factory's seed is set to 0 when the detector is constructed, so results are
  identical from run to run and from process to process.

Both return ``LanguageGuess("und", 0.0)`` for a text without letters outside mana symbols
(langdetect raises on such text; lingua would return an arbitrary guess).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pipeline import languages
from pipeline.language.errors import DetectorError, UnknownDetectorError
from pipeline.records import LanguageGuess

DETECTOR_NAMES: tuple[str, ...] = ("lingua", "langdetect")
"""The names :func:`get_detector` accepts; the first is the default."""


def detector_langs() -> tuple[str, ...]:
    """The languages every detector is restricted to: the registry's, localized first."""
    return languages.detector_codes()


UND = LanguageGuess("und", 0.0)

CONFIDENCE_DECIMALS = 9
"""Confidences are rounded to this many decimals: lingua's floating-point sums differ in the
last bit from call to call (same text, same process), which would break determinism."""


_SYMBOL_RE = re.compile(r"\{[^{}]*\}")


def has_letters(text: str) -> bool:
    """True when ``text`` has an alphabetic character outside mana / game symbols (``{2}{R}``
    and ``{T}`` are not words)."""
    return any(ch.isalpha() for ch in _SYMBOL_RE.sub("", text))


@runtime_checkable
class LanguageDetector(Protocol):
    """A language detector restricted to ``it``, ``de`` and ``en``.

    ``detect_many(texts)[i] == detect(texts[i])`` for every ``i``; both are deterministic. A text
    without letters gets ``LanguageGuess("und", 0.0)``. ``confidence`` is the detector's
    probability (in [0, 1]) of the returned language among the three.
    """

    name: str

    def detect(self, text: str) -> LanguageGuess:
        """The language of one text."""
        ...

    def detect_many(self, texts: Sequence[str]) -> list[LanguageGuess]:
        """The language of each text, in order (batched; use this for many texts)."""
        ...


# --------------------------------------------------------------------------------------- lingua

_LINGUA_LOCK = threading.Lock()
_LINGUA_BACKENDS: dict[tuple[str, ...], Any] = {}


def _lingua_backend() -> Any:
    """The process-wide lingua detector for the registered languages (built on first use, then
    cached per set of languages)."""
    codes = detector_langs()
    with _LINGUA_LOCK:
        backend = _LINGUA_BACKENDS.get(codes)
        if backend is None:
            from lingua import Language, LanguageDetectorBuilder

            members = [getattr(Language, languages.get(c).lingua) for c in codes]
            backend = _LINGUA_BACKENDS[codes] = (
                LanguageDetectorBuilder.from_languages(*members)
                .with_preloaded_language_models()
                .build()
            )
        return backend


def _lingua_guess(values: Sequence[Any]) -> LanguageGuess:
    """The top entry of lingua's sorted ``ConfidenceValue`` list as a :class:`LanguageGuess`."""
    if not values:
        return UND
    top = values[0]
    code = top.language.iso_code_639_1.name.lower()
    conf = float(top.value)
    if code not in detector_langs() or conf <= 0.0:
        return UND
    return LanguageGuess(code, round(min(1.0, conf), CONFIDENCE_DECIMALS))


class LinguaDetector:
    """:class:`LanguageDetector` backed by lingua (registered languages, preloaded models,
    shared instance)."""

    name = "lingua"

    def __init__(self) -> None:
        self._backend = _lingua_backend()

    def detect(self, text: str) -> LanguageGuess:
        """The language of one text (the same code path as :meth:`detect_many`, so the
        confidences are bit-identical)."""
        return self.detect_many([text])[0]

    def detect_many(self, texts: Sequence[str]) -> list[LanguageGuess]:
        """The language of each text; texts with letters are sent in one parallel batch."""
        out: list[LanguageGuess] = [UND] * len(texts)
        idx = [i for i, t in enumerate(texts) if has_letters(t)]
        if not idx:
            return out
        batch = [texts[i] for i in idx]
        try:
            results = self._backend.compute_language_confidence_values_in_parallel(batch)
        except Exception as exc:  # pragma: no cover
            raise DetectorError(f"lingua failed on a batch of {len(batch)} texts: {exc}") from exc
        for i, values in zip(idx, results, strict=True):
            out[i] = _lingua_guess(values)
        return out


# ----------------------------------------------------------------------------------- langdetect

_LANGDETECT_LOCK = threading.Lock()
_LANGDETECT_FACTORIES: dict[tuple[str, ...], Any] = {}


def _langdetect_factory() -> Any:
    """A langdetect ``DetectorFactory`` holding only the registered languages' profiles (cached
    per set of languages, seed 0). A language without a langdetect profile is never guessed."""
    from langdetect.detector_factory import (  # type: ignore[import-untyped, unused-ignore]
        PROFILES_DIRECTORY,
        DetectorFactory,
    )
    from langdetect.utils.lang_profile import LangProfile  # type: ignore[import-untyped, unused-ignore]

    profiles = [(c, p) for c in detector_langs() if (p := languages.get(c).langdetect)]
    key = tuple(c for c, _ in profiles)
    with _LANGDETECT_LOCK:
        # Set on the class (the documented switch) and the instance, in every process using it.
        DetectorFactory.seed = 0
        factory = _LANGDETECT_FACTORIES.get(key)
        if factory is None:
            factory = DetectorFactory()
            for index, (_code, profile) in enumerate(profiles):
                path = Path(PROFILES_DIRECTORY) / profile
                try:
                    data = json.loads(path.read_text(encoding="utf-8"))
                except (OSError, ValueError) as exc:
                    raise DetectorError(f"cannot read langdetect profile {path}: {exc}") from exc
                factory.add_profile(LangProfile(**data), index, len(profiles))
            _LANGDETECT_FACTORIES[key] = factory
        factory.set_seed(0)
        return factory


class LangdetectDetector:
    """:class:`LanguageDetector` backed by langdetect (registered languages' profiles only,
    seed 0)."""

    name = "langdetect"

    def __init__(self) -> None:
        self._factory = _langdetect_factory()
        self._codes = {
            p: c for c in detector_langs() if (p := languages.get(c).langdetect) is not None
        }

    def detect(self, text: str) -> LanguageGuess:
        """The language of one text (``und`` when langdetect finds no feature in it)."""
        if not has_letters(text):
            return UND
        from langdetect.lang_detect_exception import (  # type: ignore[import-untyped, unused-ignore]
            LangDetectException,
        )

        detector = self._factory.create()
        detector.append(text)
        try:
            probs = detector.get_probabilities()
        except LangDetectException:
            return UND  # e.g. letters that are not features of any profile
        if not probs:
            return UND
        best = max(probs, key=lambda p: (p.prob, p.lang))
        code = self._codes.get(best.lang)
        if code is None:  # pragma: no cover - only the registered languages' profiles are loaded
            return UND
        return LanguageGuess(code, round(min(1.0, float(best.prob)), CONFIDENCE_DECIMALS))

    def detect_many(self, texts: Sequence[str]) -> list[LanguageGuess]:
        """The language of each text, one after another (langdetect has no batch API)."""
        return [self.detect(t) for t in texts]


_FACTORIES: dict[str, Callable[[], LanguageDetector]] = {
    "lingua": LinguaDetector,
    "langdetect": LangdetectDetector,
}


def get_detector(name: str = "lingua") -> LanguageDetector:
    """A detector by name: ``"lingua"`` (default, most accurate) or ``"langdetect"``.

    Raises :class:`~pipeline.language.errors.UnknownDetectorError` (listing the choices) for any
    other name.
    """
    try:
        factory = _FACTORIES[name]
    except (KeyError, TypeError):
        raise UnknownDetectorError(
            f"unknown language detector {name!r}; choose one of: {', '.join(DETECTOR_NAMES)}"
        ) from None
    return factory()
