"""Normalising ruling texts so that near-identical rulings of different cards compare equal."""

from __future__ import annotations

import re
import unicodedata

SELF = "CARDNAME"
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"',
                         "\u00ab": '"', "\u00bb": '"', "\u201e": '"', "\u2014": "-",
                         "\u2013": "-", "\u00a0": " "})
_SPACE = re.compile(r"\s+")


def card_name_variants(name: str, face_names: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The names a ruling may use for its own card: the full name, each face, and for a
    legendary-style name its short form before the comma (longest first)."""
    names = {name, *face_names, *name.split(" // ")}
    for n in list(names):
        if ", " in n:
            names.add(n.split(", ")[0])
    return tuple(sorted((n for n in names if n), key=lambda n: (-len(n), n)))


def normalise(text: str, names: tuple[str, ...] = ()) -> str:
    """NFC, canonical quotes and dashes, collapsed whitespace, the card's own names replaced by
    ``CARDNAME`` and "converted mana cost" read as "mana value" (the 2021 rename)."""
    t = unicodedata.normalize("NFC", text).translate(_QUOTES)
    for n in names:
        t = t.replace(n, SELF)
    t = t.replace("converted mana cost", "mana value")
    return _SPACE.sub(" ", t).strip()


def key(text: str) -> str:
    """A case-insensitive matching key of a normalised text (letters, digits, CARDNAME)."""
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def slug(name: str) -> str:
    """A readable path slug: ``"Summon: G.F. Cerberus"`` -> ``summon-gf-cerberus``."""
    ascii_ = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    ascii_ = re.sub(r"['.]", "", ascii_.lower())
    return re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-") or "card"
