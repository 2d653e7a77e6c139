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

import re
import unicodedata

__all__ = ["APOSTROPHE", "QUOTE", "normalise"]

APOSTROPHE = "'"
"""The canonical apostrophe (and single quote) of normalised text."""
QUOTE = '"'
"""The canonical double quotation mark of normalised text."""

_APOSTROPHES = "\u2019\u2018\u02bc\u00b4\u0060\u201a\u201b\u2032"
_QUOTES = "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a\u2033\u301d\u301e"
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"

_TABLE: dict[int, str | None] = {ord(c): APOSTROPHE for c in _APOSTROPHES}
_TABLE.update({ord(c): QUOTE for c in _QUOTES})
_TABLE.update({ord(c): None for c in _ZERO_WIDTH})

_WS = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Return the matching form of ``text`` (NFC, canonical quotes, collapsed whitespace).

    >>> normalise("l\u2019abilit\u00e0  \u00abScegli uno\u00bb\\n")
    'l\\'abilità "Scegli uno"'
    """
    out = unicodedata.normalize("NFC", text)
    out = out.translate(_TABLE)
    out = unicodedata.normalize("NFC", out)
    return _WS.sub(" ", out).strip()
