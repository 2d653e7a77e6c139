"""Masking of English card names inside a text.

Localized rulings cite cards by their English name ("Cooperate può copiare ...", "come
Chandra’s Pyrohelix"): such a name is a card reference, not untranslated prose, so it is masked
before a text is judged. :class:`NameMasker` matches ~25,000 names with a token-level index
(first token -> the token tuples of the names starting with it): building it takes a few tens
of milliseconds, and matching costs O(words x longest name starting there).

Matching is case-sensitive, on whole words only, and ignores the punctuation between the words
of a name ("Chandra's" = "Chandra’s", "G.F. Cerberus" = "G. F. Cerberus",
"Destined // Lead"). A match never starts or ends inside a word, including a hyphenated
compound ("Fire" does not match in "Fire-Breathing").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pipeline.language.lexicon import ENGLISH

MASK = "\ue000"
"""The character that replaces each character of a masked name (not a letter, not a space)."""

_TOKEN_RE = re.compile(r"[^\W_]+")
_MAX_GAP = 4
"""Most characters allowed between two words of one name in a text (" // ", ": ", ". ")."""


class NameMasker:
    """Finds and masks whole-word occurrences of the given names, longest match first.

    Single-word names that are English function words (the cards "When", "What", "Who") are not
    masked on their own: masking them would hide English prose; they are masked as part of a
    longer name ("Who // What // When // Where // Why").
    """

    def __init__(self, names: Iterable[str]) -> None:
        index: dict[str, set[tuple[str, ...]]] = {}
        longest: dict[str, int] = {}
        count = 0
        for name in names:
            toks = tuple(_TOKEN_RE.findall(name))
            if not toks:
                continue
            if len(toks) == 1 and toks[0].lower() in ENGLISH:
                continue
            index.setdefault(toks[0], set()).add(toks)
            longest[toks[0]] = max(longest.get(toks[0], 0), len(toks))
            count += 1
        self._index = index
        self._longest = longest
        self.size = count
        """How many names the masker matches."""

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The ``(start, end)`` character spans of the names found in ``text``, left to right."""
        toks = [(m.group(), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]
        out: list[tuple[int, int]] = []
        i = 0
        n = len(toks)
        while i < n:
            first = toks[i][0]
            cands = self._index.get(first)
            matched = 0
            if cands is not None and not _joined_before(text, toks[i][1]):
                for length in range(min(self._longest[first], n - i), 0, -1):
                    key = tuple(t[0] for t in toks[i : i + length])
                    if key not in cands:
                        continue
                    if any(
                        toks[k + 1][1] - toks[k][2] > _MAX_GAP
                        or "\n" in text[toks[k][2] : toks[k + 1][1]]
                        for k in range(i, i + length - 1)
                    ):
                        continue
                    if _joined_after(text, toks[i + length - 1][2]):
                        continue
                    matched = length
                    break
            if matched:
                out.append((toks[i][1], toks[i + matched - 1][2]))
                i += matched
            else:
                i += 1
        return out

    def mask(self, text: str) -> str:
        """``text`` with each character of each found name replaced by :data:`MASK`.

        The result has the same length as ``text``, so offsets carry over.
        """
        spans = self.spans(text)
        if not spans:
            return text
        parts: list[str] = []
        pos = 0
        for start, end in spans:
            parts.append(text[pos:start])
            parts.append(MASK * (end - start))
            pos = end
        parts.append(text[pos:])
        return "".join(parts)


def _joined_before(text: str, start: int) -> bool:
    """True when the word at ``start`` is the tail of a hyphenated compound ("Söldner-Token")."""
    return start >= 2 and text[start - 1] == "-" and text[start - 2].isalnum()


def _joined_after(text: str, end: int) -> bool:
    """True when the word ending at ``end`` is the head of a hyphenated compound."""
    return end + 1 < len(text) and text[end] == "-" and text[end + 1].isalnum()
