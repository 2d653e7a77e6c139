"""The language of a seed file, which no file declares, from the languages of its rulings."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline import languages
from pipeline.records import Lang, LanguageGuess

LOCALIZED_MIN_SHARE = 0.075
"""Share of the total confidence weight the localized language needs to be the file's language."""
LOCALIZED_MIN_WEIGHT = 0.75
"""Confidence weight the localized language needs in absolute terms (about one sure ruling)."""
TITLE_WEIGHT = 0.5
"""A title guess counts as this fraction of a ruling (titles are short card names)."""
TITLE_MIN_CONFIDENCE = 0.5
"""Least confidence for a title guess to decide alone, when no ruling has a language."""


def detect_file_language(
    guesses: Sequence[LanguageGuess], title_guess: LanguageGuess | None = None
) -> Lang:
    """The language of a seed file, given the detected language of each of its rulings.

    Each ruling votes for its language with its confidence (``und`` guesses do not vote); the
    title, when given, votes with :data:`TITLE_WEIGHT` times its confidence. English rulings are
    ignored as soon as a localized language has a clear presence, because the file of an Italian
    or German card can keep rulings left untranslated in English: the localized language with
    the most weight (ties go to the title's language, then to the first registered one) is the
    file's language when its weight is at least :data:`LOCALIZED_MIN_WEIGHT` and at least
    :data:`LOCALIZED_MIN_SHARE` of the total. Otherwise the file is ``en`` if anything voted for
    English, else the localized language if anything voted for it, else ``und``.

    A file whose rulings are all English is therefore English; a file with one Italian ruling
    among nine English ones is Italian.
    """
    localized = languages.localized()
    weight: dict[str, float] = dict.fromkeys((*localized, languages.ENGLISH), 0.0)
    for g in guesses:
        if g.lang in weight and g.confidence > 0.0:
            weight[g.lang] += g.confidence
    if title_guess is not None and title_guess.lang in weight and title_guess.confidence > 0.0:
        if not any(weight.values()):
            if title_guess.confidence >= TITLE_MIN_CONFIDENCE:
                return title_guess.lang
            return "und"
        weight[title_guess.lang] += TITLE_WEIGHT * title_guess.confidence
    total = sum(weight.values())
    if total <= 0.0:
        return "und"
    title_lang = title_guess.lang if title_guess is not None else None
    rank = {lang: -i for i, lang in enumerate(localized)}  # earlier registered wins a tie
    best: Lang = max(localized, key=lambda lang: (weight[lang], lang == title_lang, rank[lang]))
    loc_weight = weight[best]
    if loc_weight >= LOCALIZED_MIN_WEIGHT and loc_weight >= LOCALIZED_MIN_SHARE * total:
        return best
    if weight[languages.ENGLISH] > 0.0:
        return languages.ENGLISH
    return best
