"""English card names left in Italian or German rulings.

:class:`EnglishNameFinder` indexes every English card name and face name that the names table
gives a localized name for in the language (``Chandra's Pyrohelix`` → ``Piroelica di Chandra``)
and finds them in a text, longest first: ``Destined // Lead`` is one match, not ``Destined`` and
``Lead``. Matching is case-sensitive and on word boundaries (an English possessive ``’s`` may
follow), apostrophes ``'`` and ``’`` are interchangeable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pipeline.cards import NamesTable

__all__ = ["NameHit", "EnglishNameFinder"]

_WORD_CHAR = re.compile(r"[^\W_]", re.UNICODE)


@dataclass(frozen=True, slots=True)
class NameHit:
    """An English card name found in a text."""

    english: str
    """The English name as indexed (card name or face name)."""
    localized: str
    """The localized name the names table gives for it (the suggestion)."""
    card_id: str
    start: int
    end: int
    text: str
    """The characters of the text at ``start:end``."""


def _norm(s: str) -> str:
    return s.replace("’", "'")


class EnglishNameFinder:
    """Finds English card names that have a localized name in ``lang`` (``it`` or ``de``).

    Build it with :meth:`from_table`, or from explicit ``(english, localized, card_id)``
    entries (tests). The first entry of an English name wins (entries are sorted by card id by
    :meth:`from_table`, so the result is deterministic).
    """

    def __init__(self, lang: str, entries: Iterable[tuple[str, str, str]]) -> None:
        self.lang = lang
        self._names: dict[str, tuple[str, str, str]] = {}
        for english, localized, card_id in entries:
            key = _norm(english)
            if len(key) < 3 or key in self._names:
                continue
            self._names[key] = (english, localized, card_id)
        self._by_first: dict[str, list[str]] = {}
        for key in self._names:
            self._by_first.setdefault(key.split(" ", 1)[0], []).append(key)
        for keys in self._by_first.values():
            keys.sort(key=lambda k: (-len(k), k))

    @classmethod
    def from_table(cls, table: NamesTable, lang: str) -> EnglishNameFinder:
        """Index the names table's English card and face names that have a ``lang`` name
        different from the English one."""
        entries: list[tuple[str, str, str]] = []
        for card_id in sorted(table.card_ids()):
            card = table.card(card_id)
            blocks = [f.localized(lang) for f in card.faces]
            first = next((b for b in blocks if b is not None), None)
            if first is not None and _norm(first.name) != _norm(card.name):
                entries.append((card.name, first.name, card_id))
            for face, block in zip(card.faces, blocks, strict=True):
                if face.face_name and block is not None and block.face_name:
                    if _norm(block.face_name) != _norm(face.face_name):
                        entries.append((face.face_name, block.face_name, card_id))
        return cls(lang, entries)

    def __len__(self) -> int:
        return len(self._names)

    def find(self, text: str, *, skip: Iterable[tuple[int, int]] = ()) -> list[NameHit]:
        """English names in ``text``, longest match first, not overlapping, in text order.

        Matches overlapping a range of ``skip`` (e.g. the card's own localized name) are left out.
        """
        norm = _norm(text)
        skipped = list(skip)
        hits: list[NameHit] = []
        i = 0
        n = len(norm)
        while i < n:
            if not _WORD_CHAR.match(norm[i]) or (i > 0 and _WORD_CHAR.match(norm[i - 1])):
                i += 1
                continue
            j = i
            while j < n and norm[j] not in " ":
                j += 1
            first = norm[i:j]
            candidates = self._by_first.get(first, [])
            if not candidates:
                # the first word may end with punctuation ("Lead." / "Lead,"): try its prefix
                stripped = re.match(r"[^\s.,;:!?()«»“”„\"]+", first)
                candidates = self._by_first.get(stripped.group() if stripped else "", [])
            matched = None
            for key in candidates:
                end = i + len(key)
                if norm.startswith(key, i) and (end >= n or not _WORD_CHAR.match(norm[end])
                                                 or norm.startswith("'s", end)):
                    if norm.startswith("'s", end) and end + 2 < n and _WORD_CHAR.match(
                            norm[end + 2]):
                        continue
                    if any(a < end and i < b for a, b in skipped):
                        continue
                    matched = key
                    break
            if matched is None:
                i += 1
                continue
            english, localized, card_id = self._names[matched]
            end = i + len(matched)
            hits.append(NameHit(english, localized, card_id, i, end, text[i:end]))
            i = end
        return hits
