"""Cross-language similarity of two ruling texts, in [0, 1].

The score is a weighted mean of the signals that survive translation:

* ``lexical`` — IDF-weighted translation coverage, both directions, through the learned
  :class:`~pipeline.align.lexicon.Lexicon`; identical words of three letters or more (card names,
  ``X``-less cognates such as *Pirat*/*pirate*) and shared 5-letter prefixes of words the lexicon
  does not know (*crimine*/*crime*) count as translations too;
* ``anchors`` — mana/tap symbols, power/toughness and numbers (multiset Dice);
* ``names`` — capitalised words inside a sentence (card names quoted in English) found in the
  other text;
* ``shape`` — numbers of quoted spans and of parentheses;
* ``length`` — character-length ratio against the language pair's usual ratio.

Signals with no evidence on either side (no symbols at all, say) are left out of the mean rather
than counted as agreement.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pipeline import languages

from .lexicon import Lexicon, stem
from .text import (
    anchors,
    capitalised,
    count_similarity,
    length_similarity,
    multiset_dice,
    shape,
    words,
)

WEIGHTS: dict[str, float] = {
    "lexical": 0.70,
    "anchors": 0.10,
    "names": 0.05,
    "shape": 0.05,
    "length": 0.10,
}
"""Signal weights of :func:`pair_score` (normalised over the signals that have evidence)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """The precomputed signals of one text in one language."""

    lang: str
    words: tuple[str, ...]
    """Distinct words, in first-occurrence order."""
    weights: tuple[float, ...] | None
    """Per-word weights (see :func:`reweight`); ``None``: the lexicon's IDF."""
    word_set: frozenset[str]
    stem_set: frozenset[str]
    anchors: Counter[str]
    names: frozenset[str]
    quotes: int
    parens: int
    length: int


def profile(text: str, lang: str) -> Profile:
    """Compute the :class:`Profile` of ``text`` written in ``lang``."""
    ws = tuple(dict.fromkeys(words(text)))
    sh = shape(text)
    return Profile(
        lang=lang,
        words=ws,
        weights=None,
        word_set=frozenset(ws),
        stem_set=frozenset(stem(w, lang) for w in ws),
        anchors=anchors(text),
        # German capitalises every noun: there capitals do not hint at card names
        names=frozenset() if _capitalises_nouns(lang) else frozenset(capitalised(text)),
        quotes=sh.quotes,
        parens=sh.parens,
        length=sh.length,
    )


def _capitalises_nouns(lang: str) -> bool:
    """Whether ``lang`` capitalises every noun (a language not registered does not)."""
    return lang in languages.codes() and languages.get(lang).capitalises_nouns


STEM_FACTOR = 0.9
"""Discount of a match found only through the stem table."""
COGNATE_SCORE = 0.7
"""Score of a shared prefix (:func:`_cognate`) for a word the lexicon does not know."""


def _best(tr: Mapping[str, float], targets: frozenset[str]) -> float:
    best = 0.0
    if len(tr) <= len(targets):
        for v, s in tr.items():
            if s > best and v in targets:
                best = s
    else:
        for v in targets:
            s = tr.get(v, 0.0)
            if s > best:
                best = s
    return best


def _cognate(w: str, targets: frozenset[str]) -> bool:
    """A word of ``targets`` shares a prefix of 4+ letters covering 60 % of the shorter word."""
    if len(w) < 4:
        return False
    head = w[:4]
    for v in targets:
        if v.startswith(head):
            n = 4
            m = min(len(w), len(v))
            while n < m and w[n] == v[n]:
                n += 1
            if n >= 0.6 * m:
                return True
    return False


def _translated(
    w: str,
    la: str,
    b: Profile,
    table: Mapping[str, Mapping[str, float]],
    stems: Mapping[str, Mapping[str, float]],
) -> float:
    """How well ``w`` (in ``la``, not ``b``'s language) is translated by some word of ``b`` (0..1),
    through the lexicon's ``table`` of word translations and of ``stems`` from ``la`` to ``b``'s
    language."""
    tr = table.get(w)
    best = _best(tr, b.word_set) if tr else 0.0
    if best < 0.5:
        st = stems.get(stem(w, la))
        if st:
            best = max(best, STEM_FACTOR * _best(st, b.stem_set))
        elif not tr and _cognate(w, b.word_set):
            best = max(best, COGNATE_SCORE)
    return best


def reweight(profiles: Sequence[Profile], lex: Lexicon) -> list[Profile]:
    """Weights for texts of one card in one language: global IDF times a card-local factor.

    A word present in every ruling of the card (the card's mechanic: *crime*, *crimine*) tells the
    rulings apart less than one present in a single ruling, so its weight is scaled by
    ``log(1 + n / df) / log(1 + n)`` (1 for a word in one ruling out of ``n``).
    """
    n = len(profiles)
    if n < 3:
        return [replace(p, weights=tuple(lex.weight(p.lang, w) for w in p.words)) for p in profiles]
    df: Counter[str] = Counter()
    for p in profiles:
        df.update(p.words)
    norm = math.log(1 + n)
    return [
        replace(
            p,
            weights=tuple(lex.weight(p.lang, w) * math.log(1 + n / df[w]) / norm for w in p.words),
        )
        for p in profiles
    ]


def coverage(a: Profile, b: Profile, lex: Lexicon) -> float:
    """Weighted share of ``a``'s words that have a translation in ``b`` (0..1)."""
    num = 0.0
    den = 0.0
    la = a.lang
    weights = a.weights or tuple(lex.weight(la, w) for w in a.words)
    targets = b.word_set
    if la == b.lang:
        for w, wt in zip(a.words, weights, strict=True):
            den += wt
            num += wt * (1.0 if w in targets else 0.0)
    else:
        # a word of three letters or more found as such in b is a match (a name, a cognate);
        # else the lexicon's tables for the pair, looked up once
        table = lex.translation_table(la, b.lang)
        stems = lex.stem_table(la, b.lang)
        for w, wt in zip(a.words, weights, strict=True):
            den += wt
            num += wt * (
                1.0 if len(w) >= 3 and w in targets else _translated(w, la, b, table, stems)
            )
    return num / den if den > 0 else 0.0


def signals(a: Profile, b: Profile, lex: Lexicon) -> dict[str, float | None]:
    """Each signal of :data:`WEIGHTS` for the pair (``None``: no evidence either way)."""
    lexical = 0.5 * (coverage(a, b, lex) + coverage(b, a, lex))
    if a.names or b.names:
        hits = sum(1 for n in a.names if n in b.word_set) + sum(
            1 for n in b.names if n in a.word_set
        )
        names: float | None = hits / (len(a.names) + len(b.names))
    else:
        names = None
    sq = count_similarity(a.quotes, b.quotes)
    sp = count_similarity(a.parens, b.parens)
    shape_sim = None if sq is None and sp is None else min(x for x in (sq, sp) if x is not None)
    return {
        "lexical": lexical,
        "anchors": multiset_dice(a.anchors, b.anchors),
        "names": names,
        "shape": shape_sim,
        "length": length_similarity(a.length, b.length, lex.expected_ratio(a.lang, b.lang)),
    }


def pair_score(a: Profile, b: Profile, lex: Lexicon) -> float:
    """Similarity in [0, 1] of two texts that may be in different languages."""
    num = 0.0
    den = 0.0
    for k, v in signals(a, b, lex).items():
        if v is None:
            continue
        num += WEIGHTS[k] * v
        den += WEIGHTS[k]
    return round(num / den, 6) if den else 0.0
