"""English clauses left untranslated inside an Italian or German ruling.

:class:`EnglishClauseFinder` splits a localized ruling into candidate clauses, masks the English
card names in it, and keeps a candidate only when two independent kinds of evidence agree:

1. function words: the candidate has at least :data:`MIN_WORDS` words, at least two English
   function words foreign to the localized language, a high enough share of them (higher for
   short candidates, on which detectors are unreliable), and no evidence of the localized
   language (no Italian/German function word, elided article, or letter such as "è", "ü");
2. the detector: it judges the candidate English.

Candidates, tried outermost first (an English candidate is not split further):

- each sentence;
- each group in parentheses or quotes ("…", “…”, «…», „…“) and the comma / semicolon / colon /
  dash parts inside it;
- the comma / semicolon / colon / dash parts of the sentence outside those groups.

A clause is returned as it appears in the text, without the enclosing parentheses or quotes and
without leading / trailing whitespace and punctuation: ``"if you control them both"``, not
``"(if you control them both)"``.

A ruling that is English *as a whole* (the detector judges the whole text, card names masked,
English) is not a localized ruling with English clauses: :meth:`EnglishClauseFinder.find`
returns ``[]`` for it, and the caller records the ruling itself as ``en`` (``detect()``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pipeline.language.detectors import LanguageDetector
from pipeline.language.lexicon import (
    check_lang,
    is_english,
    is_english_game_word,
    is_localized,
    words,
)
from pipeline.language.names import MASK, NameMasker

MIN_WORDS = 3
"""Fewest words (after masking card names) a candidate needs to be judged English."""
SHORT_WORDS = 6
"""Candidates of at most this many words are *short*: they need stronger evidence."""
SHORT_MIN_SHARE = 0.4
"""Share of English function words a short candidate needs."""
LONG_MIN_SHARE = 0.2
"""Share of English function words a longer candidate needs."""
MIN_ENGLISH_WORDS = 2
"""Fewest English words (function words + game words) any candidate needs."""
MIN_GAME_WORDS_ALONE = 3
"""English game words a candidate without any English function word needs."""

KEEP_PART_CONFIDENCE = 0.8
"""Least detector confidence in English for an edge part without English words to stay part of
an English clause."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_SPLIT = re.compile(r"[,;:()\[\]]|\s[—–-]\s")
_GROUPS = re.compile(r"\(([^()]*)\)|\"([^\"]*)\"|“([^”]*)”|«([^»]*)»|„([^“”\"]*)[“”\"]")
_TRIM = " \t\r\n.,;:!?—–-()[]\"“”«»„'’‘"


@dataclass(frozen=True, slots=True)
class ClauseEvidence:
    """The evidence gathered on one candidate clause (see :meth:`EnglishClauseFinder.judge`)."""

    words: int
    english_words: int
    """English function words foreign to the localized language."""
    game_words: int
    """English game words ("target", "battlefield", ...) foreign to the localized language."""
    localized_words: int
    detector_lang: str
    detector_confidence: float
    english: bool


class EnglishClauseFinder:
    """Finds English clauses inside a localized (Italian or German) ruling.

    ``detector`` judges candidates (use the default, :func:`~pipeline.language.get_detector`);
    ``masked_names`` are the English card names to mask before judging (any iterable; the
    ~25,000 names of the card data take well under a second to index).
    """

    def __init__(self, detector: LanguageDetector, masked_names: Iterable[str]) -> None:
        self.detector = detector
        self.masker = NameMasker(masked_names)

    # ---------------------------------------------------------------------------------- API

    def find(self, text: str, file_lang: str) -> list[str]:
        """The English clauses of ``text``, a ruling of a file in ``file_lang``, in text order.

        ``file_lang`` ``en`` or ``und``: ``[]`` (nothing is foreign to an English file). ``it`` or
        ``de``: see the module documentation; ``[]`` when the whole ruling is English. Any other
        code raises :class:`~pipeline.language.errors.UnsupportedLanguageError`.
        """
        if file_lang in ("en", "und"):
            return []
        check_lang(file_lang)
        masked = self.masker.mask(text)
        if self.detector.detect(_for_detector(masked)).lang == "en":
            return []
        found: list[tuple[int, int]] = []
        for start, end in _sentences(masked):
            self._find_in_sentence(text, masked, start, end, file_lang, found)
        return [text[a:b] for a, b in sorted(found)]

    def judge(self, clause: str, file_lang: str) -> ClauseEvidence:
        """The evidence on one candidate clause of a ``file_lang`` ruling (names masked here)."""
        check_lang(file_lang)
        return self._judge(self.masker.mask(clause), file_lang)

    # ------------------------------------------------------------------------------ internals

    def _find_in_sentence(
        self,
        text: str,
        masked: str,
        start: int,
        end: int,
        lang: str,
        found: list[tuple[int, int]],
    ) -> None:
        span = _trim(masked, start, end)
        if span is None:
            return
        if self._judge(masked[span[0] : span[1]], lang).english:
            found.append(self._trim_parts(masked, span, lang))
            return
        outside = list(masked[start:end])
        for m in _GROUPS.finditer(masked, start, end):
            g = next(i for i in range(1, 6) if m.group(i) is not None)
            self._find_in_part(masked, m.start(g), m.end(g), lang, found, split_first=False)
            for i in range(m.start() - start, m.end() - start):
                outside[i] = " "
        rest = "".join(outside)
        pos = 0
        for m in _SPLIT.finditer(rest):
            self._find_in_part(
                masked, start + pos, start + m.start(), lang, found, split_first=True
            )
            pos = m.end()
        self._find_in_part(masked, start + pos, end, lang, found, split_first=True)

    def _find_in_part(
        self,
        masked: str,
        start: int,
        end: int,
        lang: str,
        found: list[tuple[int, int]],
        *,
        split_first: bool,
    ) -> None:
        """Judge ``masked[start:end]`` whole, then (if not English) each of its comma parts."""
        parts: list[tuple[int, int]] = []
        if not split_first:
            parts.append((start, end))
        pos = start
        for m in _SPLIT.finditer(masked, start, end):
            parts.append((pos, m.start()))
            pos = m.end()
        parts.append((pos, end))
        if not split_first and len(parts) == 2:
            parts = parts[:1]  # no separator inside: the whole part is its only part
        for a, b in parts:
            span = _trim(masked, a, b)
            if span is None or span in found:
                continue
            if any(fa <= span[0] and span[1] <= fb for fa, fb in found):
                continue
            clause = masked[span[0] : span[1]]
            if " " not in clause.strip():
                continue
            if self._judge(clause, lang).english:
                found.append(self._trim_parts(masked, span, lang))
                if (a, b) == (start, end):
                    return

    def _judge(self, masked_clause: str, lang: str) -> ClauseEvidence:
        ws = words(masked_clause)
        n = len(ws)
        en = sum(1 for w in ws if is_english(w, lang))
        game = sum(1 for w in ws if is_english_game_word(w, lang))
        loc = sum(1 for w in ws if is_localized(w, lang))
        min_share = SHORT_MIN_SHARE if n <= SHORT_WORDS else LONG_MIN_SHARE
        lexical = (
            n >= MIN_WORDS
            and loc == 0
            and (en >= 1 or game >= MIN_GAME_WORDS_ALONE)
            and en + game >= MIN_ENGLISH_WORDS
            and (en + game) / n >= min_share
        )
        if not lexical:
            return ClauseEvidence(n, en, game, loc, "", 0.0, False)
        guess = self.detector.detect(_for_detector(masked_clause))
        return ClauseEvidence(n, en, game, loc, guess.lang, guess.confidence, guess.lang == "en")

    def _trim_parts(self, masked: str, span: tuple[int, int], lang: str) -> tuple[int, int]:
        """``span`` (judged English) without its leading / trailing comma parts that hold no
        English word and that the detector does not judge English ("Volare, <English>")."""
        start, end = span
        cuts = [(m.start(), m.end()) for m in _SPLIT.finditer(masked, start, end)]
        if not cuts:
            return span
        bounds = [start] + [b for _, b in cuts]
        ends = [a for a, _ in cuts] + [end]
        parts = list(zip(bounds, ends, strict=True))

        def foreign(a: int, b: int) -> bool:
            ws = words(masked[a:b])
            if any(is_english(w, lang) or is_english_game_word(w, lang) for w in ws):
                return False
            if not ws:
                return True
            guess = self.detector.detect(_for_detector(masked[a:b]))
            return guess.lang != "en" or guess.confidence < KEEP_PART_CONFIDENCE

        while len(parts) > 1 and foreign(*parts[0]):
            parts.pop(0)
        while len(parts) > 1 and foreign(*parts[-1]):
            parts.pop()
        return _trim(masked, parts[0][0], parts[-1][1]) or span


def _for_detector(masked: str) -> str:
    """The masked text as a detector should see it: masked names removed."""
    return re.sub(f"{MASK}+", " ", masked)


def _sentences(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    pos = 0
    for m in _SENTENCE_END.finditer(text):
        out.append((pos, m.start()))
        pos = m.end()
    out.append((pos, len(text)))
    return out


def _trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    """``(start, end)`` narrowed past surrounding whitespace, punctuation, brackets and quotes
    (masked names count as text); ``None`` when nothing is left."""
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and text[end - 1] in _TRIM:
        end -= 1
    return (start, end) if start < end else None
