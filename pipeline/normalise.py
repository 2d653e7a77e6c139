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

__all__ = ["APOSTROPHE", "QUOTE", "normalise"]

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
