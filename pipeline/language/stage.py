"""The language stage of a build: every text's language, each seed file's language, and the
English clauses left inside localized rulings.

:func:`detect_languages` runs first (after ``normalise``): it detects each distinct normalised
text once (guesses cached by an earlier build are reused), decides each seed file's language and
each ruling's language. :func:`find_english_clauses` runs after the ``cards`` stage, which it
needs for the card names to mask.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from pipeline import languages
from pipeline.language.cache import text_key
from pipeline.language.clauses import EnglishClauseFinder
from pipeline.language.detectors import LanguageDetector
from pipeline.language.file_lang import detect_file_language
from pipeline.normalise import NormalisedFile
from pipeline.progress import Progress
from pipeline.records import Issue, Lang, LanguageGuess, Ruling

__all__ = [
    "BATCH",
    "DECLARED_OVERRIDE_CONFIDENCE",
    "ClauseResult",
    "LanguageResult",
    "detect_languages",
    "find_english_clauses",
]

DECLARED_OVERRIDE_CONFIDENCE = 0.9
"""A source declaring English is overruled only by a detector this sure of another language."""

BATCH = 4096
"""Texts sent to the detector at once (progress is reported after each batch)."""


@dataclass(slots=True)
class LanguageResult:
    """What the language stage decided."""

    guesses: dict[str, LanguageGuess]
    """Cache key (:func:`~pipeline.language.cache.text_key`) -> guess, for every text of the
    inputs (rulings and titles): what the build stores as its language cache."""
    file_langs: list[Lang]
    """The language of each file, in input order (``en`` for JSON sources)."""
    ruling_langs: list[list[LanguageGuess]]
    """Per file, the language of each ruling and the confidence stored with it (a declared
    language wins unless the detector is sure of another one)."""
    issues: list[Issue] = field(default_factory=list)
    detections: int = 0
    """Texts sent to the detector in this run."""


def detect_languages(
    files: Sequence[NormalisedFile],
    detector: LanguageDetector,
    cached: Mapping[str, LanguageGuess],
    progress: Progress | None = None,
    on_start: Callable[[], None] | None = None,
) -> LanguageResult:
    """Detect the language of every text, file and ruling of ``files``.

    ``cached`` holds guesses of an earlier build by cache key; the other distinct texts go to
    ``detector`` in batches of :data:`BATCH`, sorted by key (stage ``language`` of
    ``progress``); ``on_start()`` is called just before. Seed files get :func:`~pipeline.language.detect_file_language` of their rulings and
    title (a warning when it is ``und``); JSON sources are ``en``.
    """
    key_of: dict[str, str] = {}  # normalised text -> its cache key (hashed once per text)
    for nf in files:
        for n in nf.texts:
            if n not in key_of:
                key_of[n] = text_key(n)
        if nf.title_norm is not None and nf.title_norm not in key_of:
            key_of[nf.title_norm] = text_key(nf.title_norm)
    wanted: dict[str, str] = {k: n for n, k in key_of.items()}
    todo = sorted(k for k in wanted if k not in cached)
    guesses: dict[str, LanguageGuess] = {k: cached[k] for k in wanted if k in cached}
    if on_start is not None:
        on_start()
    with (progress or Progress()).stage("language", len(todo)) as advance:
        for start in range(0, len(todo), BATCH):
            chunk = todo[start : start + BATCH]
            found = detector.detect_many([wanted[k] for k in chunk])
            for k, g in zip(chunk, found, strict=True):
                guesses[k] = g
            advance(len(chunk))

    def guess_of(text_norm: str) -> LanguageGuess:
        return guesses[key_of[text_norm]]

    result = LanguageResult(guesses, [], [], detections=len(todo))
    for nf in files:
        file_lang: Lang = "en"
        if nf.is_seed:
            title_guess = (
                guess_of(nf.title_norm) if nf.title and nf.title_norm is not None else None
            )
            file_lang = detect_file_language([guess_of(n) for n in nf.texts], title_guess)
            if file_lang == "und" and nf.texts:
                result.issues.append(
                    Issue(
                        nf.source,
                        0,
                        "warning",
                        "language_undetermined",
                        "the file's language could not be determined; its rulings are not aligned",
                    )
                )
        result.file_langs.append(file_lang)
        langs = []
        for src, n in zip(nf.rulings, nf.texts, strict=True):
            g = guess_of(n)
            if src.declared_lang is not None:
                lang = src.declared_lang
                conf = g.confidence if g.lang == lang else 0.0
                if g.lang not in (lang, "und") and g.confidence >= DECLARED_OVERRIDE_CONFIDENCE:
                    result.issues.append(
                        Issue(
                            src.source,
                            src.line,
                            "warning",
                            "declared_lang_mismatch",
                            f"source declares {lang} but the ruling "
                            f"reads as {g.lang} ({g.confidence:.2f})",
                        )
                    )
                    lang, conf = g.lang, g.confidence
            elif g.lang != "und":
                lang, conf = g.lang, g.confidence
            else:
                lang, conf = file_lang, 0.0
            langs.append(LanguageGuess(lang, float(conf)))
        result.ruling_langs.append(langs)
    return result


@dataclass(frozen=True, slots=True)
class ClauseResult:
    """What :func:`find_english_clauses` found."""

    english_fallbacks: int
    """Rulings of localized files that are wholly in English."""
    english_clauses: int
    """English clauses found inside the other rulings of localized files."""


def find_english_clauses(
    rulings: Sequence[Ruling],
    detector: LanguageDetector,
    masked_names: Callable[[], Iterable[str]],
    progress: Progress | None = None,
) -> ClauseResult:
    """Set ``english_spans`` of each ruling of a localized file that is not wholly English.

    ``masked_names()`` gives the English card names to mask (called only when some ruling is
    searched, as is stage ``clauses`` of ``progress``).
    """
    loc = set(languages.localized())
    localized = [r for r in rulings if r.file_lang in loc]
    fallbacks = sum(1 for r in localized if r.lang == "en")
    to_search = [r for r in localized if r.lang != "en"]
    if to_search:
        finder = EnglishClauseFinder(detector, masked_names())
        with (progress or Progress()).stage("clauses", len(to_search)) as advance:
            for r in to_search:
                r.english_spans = list(finder.find(r.src.text_raw, r.file_lang))
                advance()
    return ClauseResult(fallbacks, sum(len(r.english_spans) for r in rulings))
