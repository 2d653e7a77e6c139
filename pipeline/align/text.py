"""Text normalisation and the language-independent signals used to compare rulings.

Everything here is pure and deterministic: the same text always gives the same tokens.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

_QUOTE_MAP = str.maketrans(
    {
        "\u2019": "'",  # ’
        "\u2018": "'",  # ‘
        "\u201a": "'",  # ‚
        "\u2032": "'",  # ′
        "`": "'",
        "\u00b4": "'",  # ´
        "\u201c": '"',  # “
        "\u201d": '"',  # ”
        "\u201e": '"',  # „
        "\u00ab": '"',  # «
        "\u00bb": '"',  # »
        "\u2039": '"',  # ‹
        "\u203a": '"',  # ›
        "\u2013": "-",  # –
        "\u2014": "-",  # —
        "\u2212": "-",  # −
        "\u00a0": " ",
        "\u202f": " ",
    }
)
_WS = re.compile(r"\s+")


def normalise(text: str) -> str:
    """NFC, typographic quotes/dashes unified to ASCII, whitespace collapsed, stripped.

    Used to decide whether an English-fallback ruling is *identical* to an English source ruling
    (``’`` vs ``'`` must not matter).
    """
    if not text.isascii() or "`" in text:
        text = unicodedata.normalize("NFC", text).translate(_QUOTE_MAP)
    return _WS.sub(" ", text).strip()


def compare_key(text: str) -> str:
    """:func:`normalise` then casefold: the key for exact English-to-English comparison."""
    return normalise(text).casefold()


_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_SYMBOL = re.compile(r"\{[^{}]{1,8}\}")
_PT = re.compile(r"(?<![\w/])[+-]?(?:\d+|X|\*)/[+-]?(?:\d+|X|\*)(?![\w/])")
_NUMBER = re.compile(r"(?<![\w{/+-])\d+(?![\w}/])")
_CAPWORD = re.compile(r"\b[A-Z][A-Za-z'\-]{2,}")


def words(text: str) -> list[str]:
    """Lower-cased letter runs (apostrophes and hyphens split words: ``dell'avversario``)."""
    return [w.lower() for w in _WORD.findall(normalise(text))]


def anchors(text: str) -> Counter[str]:
    """Language-independent tokens: mana/tap symbols, power/toughness, numbers.

    ``{T}`` and ``+1/+0`` read the same in every language, so they are strong evidence.
    """
    t = normalise(text)
    out: Counter[str] = Counter()
    for m in _SYMBOL.findall(t):
        out["sym:" + m.upper()] += 1
    stripped = _SYMBOL.sub(" ", t)
    for m in _PT.findall(stripped):
        out["pt:" + m.upper()] += 1
    stripped = _PT.sub(" ", stripped)
    for m in _NUMBER.findall(stripped):
        out["num:" + m] += 1
    return out


def capitalised(text: str) -> set[str]:
    """Capitalised words not at a sentence start: candidates for card names quoted verbatim."""
    t = normalise(text)
    out: set[str] = set()
    for m in _CAPWORD.finditer(t):
        start = m.start()
        before = t[:start].rstrip()
        if not before or before[-1] in '.!?:"(—-':
            continue
        out.add(m.group(0).lower())
    return out


@dataclass(frozen=True, slots=True)
class Shape:
    """Punctuation shape: counts of quotes and parentheses, character length."""

    quotes: int
    parens: int
    length: int


def shape(text: str) -> Shape:
    """The punctuation shape of ``text`` (after :func:`normalise`)."""
    t = normalise(text)
    return Shape(quotes=t.count('"') // 2, parens=t.count("("), length=len(t))


def count_similarity(a: int, b: int) -> float | None:
    """1 when equal, decreasing with the difference; ``None`` when both are 0 (no evidence)."""
    if a == 0 and b == 0:
        return None
    return 1.0 - abs(a - b) / (a + b)


def multiset_dice(a: Counter[str], b: Counter[str]) -> float | None:
    """Dice coefficient of two multisets; ``None`` when both are empty (no evidence)."""
    total = sum(a.values()) + sum(b.values())
    if total == 0:
        return None
    inter = sum((a & b).values())
    return 2.0 * inter / total


def length_similarity(len_a: int, len_b: int, expected_ratio: float) -> float:
    """How plausible ``len_b / len_a`` is given the usual ratio for the language pair, in (0, 1]."""
    if len_a <= 0 or len_b <= 0:
        return 0.0
    dev = abs(math.log((len_b / len_a) / expected_ratio))
    return math.exp(-dev / 0.35)
