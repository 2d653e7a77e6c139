"""Name normalisation and name-derived card ids.

:func:`name_key` is the form under which titles and card names are compared;
:func:`stable_card_id` and :func:`title_id` derive deterministic ids from names.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

__all__ = ["name_key", "stable_card_id", "title_id", "STABLE_ID_PREFIX"]

STABLE_ID_PREFIX = "name:"
"""Prefix of :func:`stable_card_id` ids; Scryfall oracle ids (UUIDs) never contain ``:``."""

_TRANSLATE = str.maketrans(
    {c: "'" for c in "\u2019\u2018\u02bc\u0060\u00b4\u2032"} | {"\u2010": "-", "\u2011": "-"}
)
_TRANSLATED = re.compile("[" + "".join(map(chr, _TRANSLATE)) + "]")
"""Matches the characters :data:`_TRANSLATE` rewrites."""
_SPACE_BEFORE_PUNCT = re.compile(r" (?=[,.:;!?])")
_SLASHES = re.compile(r" ?// ?")
# An initial ("G.") followed by a space and another initial ("F."): "G. F." -> "G.F.".
_SPACED_INITIALS = re.compile(r"(?<!\w)(\w)\. (?=\w\.)")


def name_key(name: str) -> str:
    """Return the comparison form of a card name or title.

    The form is: Unicode NFC; apostrophe look-alikes (``’ ‘ ʼ ` ´ ′``) as ``'``; the hyphens
    U+2010/U+2011 as ``-``; whitespace runs as one space, stripped; no space before
    ``, . : ; ! ?``; ``//`` with exactly one space each side; spaced initials joined
    (``G. F. Cerberus`` -> ``G.F. Cerberus``); then ``str.casefold``.

    Diacritics, hyphens versus spaces and other punctuation are kept: they tell real names
    apart, and ignoring them would create false matches.
    """
    # Each step runs only when the name holds what it rewrites: most names are printable ASCII
    # with single spaces and need nothing but the case folding.
    if name.isascii():
        s = name.replace("`", "'") if "`" in name else name  # the one ASCII char of _TRANSLATE
    else:
        s = name.translate(_TRANSLATE) if _TRANSLATED.search(name) else name
        if not s.isascii():
            s = unicodedata.normalize("NFC", s)
    # Every whitespace character but " " is unprintable.
    if not s.isprintable() or "  " in s or s[:1] == " " or s[-1:] == " ":
        s = " ".join(s.split())
    if " " in s:
        if "//" in s:
            s = _SLASHES.sub(" // ", s)
        if ". " in s:
            s = _SPACED_INITIALS.sub(r"\1.", s)
        if " ," in s or " ." in s or " :" in s or " ;" in s or " !" in s or " ?" in s:
            s = _SPACE_BEFORE_PUNCT.sub("", s)
    elif "//" in s:
        s = _SLASHES.sub(" // ", s)
    return s.casefold()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def stable_card_id(name: str) -> str:
    """Return the stable id of a card known only by its English name.

    The form is ``"name:"`` followed by the first 16 hex digits of the SHA-256 of the UTF-8
    :func:`name_key` of ``name`` (NFC, apostrophes and spacing unified, casefolded), e.g.
    ``stable_card_id("Summon: G.F. Cerberus")``. Used where the oracle id is unknown; it cannot
    collide with an oracle id (a UUID, no ``:``).
    """
    return STABLE_ID_PREFIX + _digest(name_key(name))


def title_id(prefix: str, title: str) -> str:
    """Return ``prefix + ":" +`` the first 16 hex digits of SHA-256 of ``name_key(title)``.

    Used for titles that name no card (``unresolved:…``) or several (``ambiguous:…``).
    """
    return f"{prefix}:{_digest(name_key(title))}"
