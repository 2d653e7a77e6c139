"""Pure checks over ruling texts: numbers, Roman chapter numerals, symbols, quotes, typography.

Every function takes plain strings and a language code (``en``, ``it``, ``de``) and returns
tokens with their character spans, so the caller can highlight the evidence. Nothing here reads
the dataset.

Language-aware choices (each judged on the seed files, see ``tests/reports``):

* numbers: digits, and number words from two to twenty (``twice`` / ``due volte`` / ``zweimal``
  count as 2). "One" is never counted: ``one`` / ``uno`` / ``una`` / ``ein`` are articles and
  pronouns as often as numbers. Italian ``sei`` ("you are") is not counted either. German number
  words count only in lower case (``Elf`` is a creature type);
* dual words (``both``, ``either``, ``entrambi``, ``beide``) are *soft* twos: a translation may
  spell out "una delle due metà" for "either half", so they may stand for a 2 on the other side
  without being required;
* Roman numerals count only right after a chapter word (``chapter``, ``capitolo``/``capitoli``,
  ``Kapitel``) and its ``and``/``or``/comma list, so the Italian article ``I`` and the variable
  ``X`` are never numbers;
* symbols: ``{…}`` mana/tap symbols and ``+1/+1``-style modifiers, compared as multisets;
* quotes: every language's own pairs (English “…”, Italian «…», German „…“ and »…«, straight
  "…") are normalised to one kind before counting, so typographic conventions never differ.
  Apostrophes (a ``'`` or ``’`` between letters, or closing an English possessive) are not quotes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pipeline import languages

__all__ = [
    "Token",
    "NumberDiff",
    "apostrophes",
    "compare_multisets",
    "compare_numbers",
    "count_parentheses",
    "numbers",
    "quote_pairs",
    "quote_style_pairs",
    "roman_value",
    "soft_twos",
    "symbols",
]

# The texts checked are in the registry's languages (:mod:`pipeline.languages`); the number
# words, dual words and chapter words below are per-language data: a registered language without
# them is checked on digits and symbols.


@dataclass(frozen=True, slots=True)
class Token:
    """A value found in a text: ``value`` (a number, symbol or style name) at ``start:end``."""

    value: str
    start: int
    end: int
    text: str
    """The characters of the text at ``start:end``."""


_WORDS: dict[str, dict[str, int]] = {
    "en": {
        "zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
        "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19, "twenty": 20, "twice": 2, "thrice": 3,
    },
    "it": {
        "zero": 0, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sette": 7, "otto": 8,
        "nove": 9, "dieci": 10, "undici": 11, "dodici": 12, "tredici": 13, "quattordici": 14,
        "quindici": 15, "sedici": 16, "diciassette": 17, "diciotto": 18, "diciannove": 19,
        "venti": 20,
    },
    "de": {
        "null": 0, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7,
        "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "zwanzig": 20,
        "zweimal": 2, "dreimal": 3, "viermal": 4,
    },
}

_SOFT_TWO: dict[str, frozenset[str]] = {
    "en": frozenset({"both", "either", "neither", "pair"}),
    "it": frozenset({"entrambi", "entrambe", "ambedue", "ambo", "ambi", "ambe"}),
    "de": frozenset({"beide", "beiden", "beider", "beides", "beidem"}),
}

_CHAPTER = {
    "en": r"\b[Cc]hapters?",
    "it": r"\b[Cc]apitol[oi]",
    "de": r"\bKapitel[ns]?",
}
_CONJ = {"en": r"and|or", "it": r"e|o|ed|od", "de": r"und|oder"}
_ROMAN_TOKEN = r"[IVX]+\b"

_SYMBOL = re.compile(r"\{[^{}\s]{1,8}\}|(?<![\w/])[+\-−–]\d+/[+\-−–]\d+(?![\w/])")
_DIGITS = re.compile(r"(?<![\w.,/])\d+(?:[.,]\d+)?(?![\w/])")
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_APOS = re.compile(r"(?<=[^\W\d_])['’](?=[^\W\d_])|(?<=s)['’](?=\s)")

_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10}


def roman_value(numeral: str) -> int | None:
    """The value of a canonical Roman numeral of I, V and X (1 to 39); ``None`` otherwise.

    A lone ``X`` is refused: in rulings it is the variable X, not ten.
    """
    if not numeral or numeral == "X" or any(c not in _ROMAN_VALUES for c in numeral):
        return None
    total = 0
    for i, c in enumerate(numeral):
        v = _ROMAN_VALUES[c]
        nxt = _ROMAN_VALUES[numeral[i + 1]] if i + 1 < len(numeral) else 0
        total += -v if v < nxt else v
    if not re.fullmatch(r"X{0,3}(IX|IV|V?I{0,3})", numeral) or total <= 0:
        return None
    return total


def _masked(text: str, spans: Iterable[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        for i in range(a, b):
            chars[i] = " "
    return "".join(chars)


def symbols(text: str) -> list[Token]:
    """Mana/tap symbols (``{X}``, ``{T}``, ``{2}{R}`` as two) and modifiers (``+1/+1``)."""
    out = []
    for m in _SYMBOL.finditer(text):
        value = m.group().replace("−", "-").replace("–", "-")
        out.append(Token(value, m.start(), m.end(), m.group()))
    return out


def _chapter_numerals(text: str, lang: str) -> list[Token]:
    out: list[Token] = []
    item = rf"({_ROMAN_TOKEN})"
    if lang not in _CHAPTER:
        return out
    sep = rf"(?:\s*,\s*|\s+(?:{_CONJ[lang]})\s+)"
    pattern = re.compile(rf"{_CHAPTER[lang]}\s+{item}((?:{sep}{_ROMAN_TOKEN})*)")
    for m in pattern.finditer(text):
        start = m.start(1)
        chunk = text[start : m.end()]
        for r in re.finditer(r"[IVX]+", chunk):
            value = roman_value(r.group())
            if value is not None:
                out.append(Token(str(value), start + r.start(), start + r.end(), r.group()))
    return out


def numbers(text: str, lang: str, *, exclude: Sequence[tuple[int, int]] = ()) -> list[Token]:
    """Numbers in ``text`` (a ruling in ``lang``), as decimal strings, in text order.

    Digits outside symbols, number words of ``lang`` and Roman numerals after a chapter word.
    Character ranges in ``exclude`` (e.g. English clauses of a localized ruling) are skipped.
    """
    _check(lang)
    masked = _masked(text, [*exclude, *((t.start, t.end) for t in symbols(text))])
    out = [Token(m.group().replace(",", "."), m.start(), m.end(), m.group())
           for m in _DIGITS.finditer(masked)]
    words = _WORDS.get(lang, {})
    case_matters = languages.get(lang).capitalises_nouns
    for m in _WORD.finditer(masked):
        w = m.group() if case_matters else m.group().lower()
        if w in words:
            out.append(Token(str(words[w]), m.start(), m.end(), m.group()))
    out += _chapter_numerals(masked, lang)
    return sorted(out, key=lambda t: (t.start, t.end))


def soft_twos(text: str, lang: str, *, exclude: Sequence[tuple[int, int]] = ()) -> list[Token]:
    """Dual words ("both", "entrambi", "beide"): they may stand for a 2 on the other side."""
    _check(lang)
    masked = _masked(text, exclude)
    return [Token("2", m.start(), m.end(), m.group()) for m in _WORD.finditer(masked)
            if m.group().lower() in _SOFT_TWO.get(lang, frozenset())]


@dataclass(frozen=True, slots=True)
class NumberDiff:
    """Values one side has more often than the other (after soft twos are used up)."""

    extra: tuple[Token, ...]
    """Tokens of the checked text without a counterpart in the reference."""
    missing: tuple[Token, ...]
    """Tokens of the reference without a counterpart in the checked text."""

    def __bool__(self) -> bool:
        return bool(self.extra or self.missing)


def compare_multisets(
    checked: Sequence[Token],
    reference: Sequence[Token],
    *,
    checked_soft: Sequence[Token] = (),
    reference_soft: Sequence[Token] = (),
) -> NumberDiff:
    """Which values differ between two token lists, compared as multisets of ``value``.

    Soft tokens of one side may absorb surplus tokens of the same value on the other side.
    The surplus tokens reported are the last ones of each value, in text order.
    """
    a = Counter(t.value for t in checked)
    b = Counter(t.value for t in reference)
    soft_a = Counter(t.value for t in checked_soft)
    soft_b = Counter(t.value for t in reference_soft)
    extra: list[Token] = []
    missing: list[Token] = []
    for value in sorted(set(a) | set(b)):
        diff = a[value] - b[value]
        if diff > 0:
            diff = max(0, diff - soft_b[value])
            extra += [t for t in checked if t.value == value][len(
                [t for t in checked if t.value == value]) - diff:] if diff else []
        elif diff < 0:
            need = max(0, -diff - soft_a[value])
            if need:
                toks = [t for t in reference if t.value == value]
                missing += toks[len(toks) - need:]
    key = lambda t: (t.start, t.end)  # noqa: E731
    return NumberDiff(tuple(sorted(extra, key=key)), tuple(sorted(missing, key=key)))


def compare_numbers(
    text: str,
    lang: str,
    reference: str,
    ref_lang: str,
    *,
    exclude: Sequence[tuple[int, int]] = (),
) -> NumberDiff:
    """Numbers of ``text`` (in ``lang``) against those of ``reference`` (in ``ref_lang``)."""
    return compare_multisets(
        numbers(text, lang, exclude=exclude),
        numbers(reference, ref_lang),
        checked_soft=soft_twos(text, lang, exclude=exclude),
        reference_soft=soft_twos(reference, ref_lang),
    )


# ----------------------------------------------------------------------------- quotes


_PAIR_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("low-9", re.compile(r"„[^„“”\"\n]*[“”\"]")),
    ("guillemets", re.compile(r"«[^«»\n]*»|»[^«»\n]*«")),
    ("curly", re.compile(r"“[^“”\n]*”")),
    ("straight", re.compile(r"\"[^\"\n]*\"")),
)
"""Quote pair styles, tried in this order (German „…“ before English “…”)."""

_QUOTE_CHARS = "\"“”„«»"


def quote_style_pairs(text: str) -> list[Token]:
    """Every quoted pair of ``text`` with its style: ``low-9`` („…“), ``guillemets`` («…» or
    »…«), ``curly`` (“…”) or ``straight`` ("…"); unpaired marks come as style ``unpaired``."""
    taken = [False] * len(text)
    out: list[Token] = []
    for style, pattern in _PAIR_PATTERNS:
        for m in pattern.finditer(text):
            if any(taken[m.start() : m.end()]):
                continue
            for i in range(m.start(), m.end()):
                taken[i] = True
            out.append(Token(style, m.start(), m.end(), m.group()))
    for i, c in enumerate(text):
        if c in _QUOTE_CHARS and not taken[i]:
            out.append(Token("unpaired", i, i + 1, c))
    return sorted(out, key=lambda t: (t.start, t.end))


def quote_pairs(text: str) -> int:
    """How many quoted passages ``text`` has, whatever the language's quote style."""
    return sum(1 for t in quote_style_pairs(text) if t.value != "unpaired")


def count_parentheses(text: str) -> tuple[int, int]:
    """``(opening, closing)`` round brackets."""
    return text.count("("), text.count(")")


def apostrophes(text: str) -> list[Token]:
    """Apostrophes (between letters, or closing a plural possessive), value ``'`` or ``’``."""
    return [Token(m.group(), m.start(), m.end(), m.group()) for m in _APOS.finditer(text)]


def _check(lang: str) -> None:
    if lang not in languages.codes():
        raise ValueError(f"language {lang!r} not supported (use one of {languages.codes()})")
