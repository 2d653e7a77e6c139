"""Text normalisation for matching: the ``text_norm`` column.

``normalise`` never replaces the raw text; it produces a second form used to compare, hash and
align rulings. The rules, in order:

1. Unicode NFC.
2. Typographic apostrophes (’ ‘ ʼ ´ ` ‚ ′) become ``'``; quotation marks (“ ” „ ‟ « » ‹ › ″ and
   ``"``) become ``"``, so that ``’`` and ``'`` compare equal.
3. Zero-width characters and the BOM are dropped, then NFC again (dropping one may bring a base
   letter and a combining mark together).
4. Every run of Unicode whitespace (including no-break and thin spaces, tabs and line breaks)
   becomes one ASCII space; leading and trailing whitespace is removed.

The function is idempotent: ``normalise(normalise(x)) == normalise(x)``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.records import SourceRuling

if TYPE_CHECKING:
    from pipeline.sources import SourceResult

__all__ = ["APOSTROPHE", "QUOTE", "NormalisedFile", "normalise", "normalise_files"]

APOSTROPHE = "'"
"""The canonical apostrophe (and single quote) of normalised text."""
QUOTE = '"'
"""The canonical double quotation mark of normalised text."""

_APOSTROPHES = "\u2019\u2018\u02bc\u00b4\u0060\u201a\u201b\u2032"
_QUOTES = "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a\u2033\u301d\u301e"
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"

_REPLACEMENTS: tuple[tuple[str, str], ...] = (
    *((c, APOSTROPHE) for c in _APOSTROPHES),
    *((c, QUOTE) for c in _QUOTES),
    *((c, "") for c in _ZERO_WIDTH),
)
"""Rules 2 and 3 as (character, replacement) pairs. No replacement is itself replaced, so
applying them one after the other maps each character once, as ``str.translate`` would (which
looks up a dict for every character: ~10x slower on non-ASCII text)."""
_ASCII_REPLACEMENTS = tuple((c, r) for c, r in _REPLACEMENTS if c.isascii())
"""The pairs that can apply to ASCII text."""


def normalise(text: str) -> str:
    """Return the matching form of ``text`` (NFC, canonical quotes, collapsed whitespace).

    >>> normalise("l\u2019abilit\u00e0  \u00abScegli uno\u00bb\\n")
    'l\\'abilità "Scegli uno"'
    """
    ascii_only = text.isascii()  # ASCII text is NFC already
    out = text if ascii_only else unicodedata.normalize("NFC", text)
    for char, replacement in _ASCII_REPLACEMENTS if ascii_only else _REPLACEMENTS:
        if char in out:
            out = out.replace(char, replacement)
    if not ascii_only:
        out = unicodedata.normalize("NFC", out)
    # Rule 4. The only whitespace a printable string can hold is the ASCII space (the others
    # are control or separator characters): with no double space, stripping is all it needs.
    if out.isprintable() and "  " not in out:
        return out.strip()
    return " ".join(out.split())


# ----------------------------------------------------------------------------------- the stage


@dataclass(frozen=True, slots=True)
class NormalisedFile:
    """One input file after the ``normalise`` stage: its rulings with their normalised texts."""

    source: str
    """The file as named in records and messages (posix form)."""
    rulings: Sequence[SourceRuling]
    """The file's rulings, in file order."""
    texts: Sequence[str]
    """``text_norm`` of each ruling of :attr:`rulings`, in the same order."""
    title: str | None
    """Seed files: the title line as read; ``None`` for JSON sources."""
    title_norm: str | None
    """:func:`normalise` of :attr:`title` (``None`` when there is no title)."""
    is_seed: bool
    """A localized seed file (its language is detected), not an English JSON source."""


def normalise_files(
    results: Sequence[SourceResult], advance: Callable[[], None] | None = None
) -> list[NormalisedFile]:
    """The ``normalise`` stage: each parsed input file with the normalised text of its rulings.

    A text met several times (the JSON sources repeat rulings across cards) is normalised once.
    ``advance()`` is called after each file.
    """
    cache: dict[str, str] = {}
    out: list[NormalisedFile] = []
    for result in results:
        texts: list[str] = []
        for sr in result.rulings:
            n = cache.get(sr.text_raw)
            if n is None:
                n = cache[sr.text_raw] = normalise(sr.text_raw)
            texts.append(n)
        title = result.title
        out.append(
            NormalisedFile(
                source=result.source,
                rulings=result.rulings,
                texts=texts,
                title=title,
                title_norm=normalise(title) if title is not None else None,
                is_seed=any(r.kind == "seed" for r in result.rulings) or title is not None,
            )
        )
        if advance is not None:
            advance()
    return out
