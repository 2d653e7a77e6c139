"""The language-guess cache of a dataset: ``OUT/.cache/lang-<detector>-<version>.parquet``.

One row per distinct normalised text a build sent to (or took from) the detector: ``key`` (a
BLAKE2b digest of the text), ``lang`` and ``confidence``. The next build of the same ``OUT``
detects only texts it does not hold. The file name carries the detector and a hash of this
package's code and data, so a changed detector never reuses old guesses.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.records import LanguageGuess

__all__ = ["cache_file_name", "cache_table", "read_cache", "text_key"]

_PACKAGE_DIR = Path(__file__).resolve().parent
_VERSION: str | None = None


def _version() -> str:
    """Hash of this package's code and data (12 hex digits)."""
    global _VERSION
    if _VERSION is None:
        h = hashlib.sha256()
        paths = sorted(
            p for pat in ("*.py", "*.json", "*.txt", "*.gz") for p in _PACKAGE_DIR.rglob(pat)
        )
        for path in paths:
            if "__pycache__" in path.parts or not path.is_file():
                continue
            h.update(path.relative_to(_PACKAGE_DIR).as_posix().encode())
            h.update(b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
        _VERSION = h.hexdigest()[:12]
    return _VERSION


def cache_file_name(detector: str) -> str:
    """The cache file's name (inside ``OUT/.cache/``) for detector ``detector``."""
    return f"lang-{detector}-{_version()}.parquet"


def text_key(text: str) -> str:
    """The cache key of a normalised text: BLAKE2b-128, hex."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def read_cache(path: Path) -> dict[str, LanguageGuess]:
    """The guesses stored at ``path`` by key; empty when the file is missing or unreadable."""
    if not path.is_file():  # a first build: and pq.read_table would import pandas (~0.5 s)
        return {}
    try:
        t = pq.ParquetFile(path).read()
        keys = t.column("key").to_pylist()
        langs = t.column("lang").to_pylist()
        confs = t.column("confidence").to_pylist()
    except (OSError, pa.ArrowException, KeyError):
        return {}
    return {k: LanguageGuess(lg, c) for k, lg, c in zip(keys, langs, confs, strict=True)}


def cache_table(guesses: Mapping[str, LanguageGuess]) -> pa.Table:
    """The cache file's table of ``guesses`` (key -> guess), rows sorted by key."""
    keys = sorted(guesses)
    return pa.table(
        {
            "key": keys,
            "lang": [guesses[k].lang for k in keys],
            "confidence": [float(guesses[k].confidence) for k in keys],
        }
    )
