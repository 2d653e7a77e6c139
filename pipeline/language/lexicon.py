"""Function words (closed-class words) of English and the localized languages, and the word tokenizer.

Used by :class:`~pipeline.language.clauses.EnglishClauseFinder` as evidence that does not depend
on a statistical detector: English prose is dense in English function words, which are rare in
Italian and German text. Words written the same in English and the localized language ("a",
"in", "come", "die", "was", ...) count for neither side (see :func:`english_only`).
Hand-written, closed lists: deterministic and independent of the evaluation data. They are the
languages' data in the registry (:class:`pipeline.languages.Language`).
"""

from __future__ import annotations

import re
from functools import cache

from pipeline import languages
from pipeline.language.errors import UnsupportedLanguageError
from pipeline.languages import Language

ENGLISH: frozenset[str] = languages.get(languages.ENGLISH).function_words
"""English function words (from the language registry, :mod:`pipeline.languages`)."""

ENGLISH_GAME_WORDS: frozenset[str] = languages.get(languages.ENGLISH).game_words
"""English game vocabulary (content words) that the localized rulings translate:
weaker evidence than function words, counted with them (see ``EnglishClauseFinder``)."""


WORD_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
"""A word: letters, possibly joined by apostrophes or hyphens ("that's", "dell'abilità",
"non-Saga", "Söldner-Kreaturenspielstein")."""


def check_lang(lang: str) -> str:
    """``lang`` if it is a registered localized language, else :class:`UnsupportedLanguageError`."""
    if lang not in languages.localized():
        raise UnsupportedLanguageError(
            f"unsupported localized language {lang!r}; choose one of: "
            + ", ".join(languages.localized())
        )
    return lang


def english_only(lang: str) -> frozenset[str]:
    """English function words that are not also words of the localized language ``lang``."""
    return _english_only(languages.get(check_lang(lang)))


@cache
def _english_only(loc: Language) -> frozenset[str]:
    return ENGLISH - loc.function_words - loc.ambiguous


def localized_only(lang: str) -> frozenset[str]:
    """Function words of ``lang`` that are not also English words."""
    return _localized_only(languages.get(check_lang(lang)))


@cache
def _localized_only(loc: Language) -> frozenset[str]:
    return loc.function_words - ENGLISH - loc.ambiguous


SYMBOL_RE = re.compile(r"\{[^{}]*\}")
"""A mana or game symbol: ``{T}``, ``{2}{W}``, ``{X}``."""


def words(text: str) -> list[str]:
    """The lower-cased words of ``text`` outside symbols; curly apostrophes become ``'``."""
    return [w.lower().replace("’", "'") for w in WORD_RE.findall(SYMBOL_RE.sub(" ", text))]


def is_localized(word: str, lang: str) -> bool:
    """True when the (lower-cased) ``word`` is evidence of ``lang``: a function word, an elided
    article or preposition ("dell'abilità"), or a word with a letter of its orthography."""
    if word in localized_only(lang):
        return True
    loc = languages.get(lang)
    if any(ch in loc.letters for ch in word):
        return True
    if loc.elisions and "'" in word:
        head = word.split("'", 1)[0]
        return head in loc.elisions
    return False


def english_game_only(lang: str) -> frozenset[str]:
    """English game words that are not also words of the localized language ``lang``."""
    return _english_game_only(languages.get(check_lang(lang)))


@cache
def _english_game_only(loc: Language) -> frozenset[str]:
    return ENGLISH_GAME_WORDS - loc.function_words - loc.ambiguous


def is_english(word: str, lang: str) -> bool:
    """True when the (lower-cased) ``word`` is an English function word foreign to ``lang``."""
    return word in english_only(lang)


def is_english_game_word(word: str, lang: str) -> bool:
    """True when the (lower-cased) ``word`` is English game vocabulary foreign to ``lang``."""
    return word in english_game_only(lang)
