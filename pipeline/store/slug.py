"""Safe, collision-free directory names for hive partitions (``card=<slug>``)."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable

__all__ = ["MAX_SLUG_TEXT", "slug_for", "slugs_for"]

MAX_SLUG_TEXT = 48
"""Longest readable part of a slug (the hash suffix comes on top)."""

_NOT_SAFE = re.compile(r"[^a-z0-9]+")


def _readable(name: str) -> str:
    ascii_ = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    text = _NOT_SAFE.sub("-", ascii_).strip("-")[:MAX_SLUG_TEXT].strip("-")
    return text or "card"


def slug_for(name: str, key: str, digits: int = 10) -> str:
    """A file-name-safe slug for ``name``, made unique by a hash of ``key`` (the card id).

    Only ``[a-z0-9-]`` appears, so ``../``, ``/``, NUL, spaces or a very long title cannot escape
    or break the partition directory; the result is at most ``MAX_SLUG_TEXT + 1 + digits`` long.
    """
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:digits]
    return f"{_readable(name)}-{digest}"


def slugs_for(items: Iterable[tuple[str, str]]) -> dict[str, str]:
    """``{key: slug}`` for ``(key, name)`` pairs, guaranteed collision-free.

    Slugs use a 10-hex-digit hash of the key; if two distinct keys ever collide, every slug of
    the set is recomputed with a longer hash, so the result is deterministic for a given set.
    """
    pairs = sorted(set(items))
    for digits in (10, 16, 32, 64):
        out = {key: slug_for(name, key, digits) for key, name in pairs}
        if len(set(out.values())) == len(out):
            return out
    raise AssertionError("sha256 collision")  # pragma: no cover
