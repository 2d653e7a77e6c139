"""The per-user disk cache every part of the project shares: one directory, one way to key and
write a cache file.

Several loaders cache what they derive from the shipped data so that a new process does not
derive it again (the names table, the alignment lexicon, the card names the case linter knows,
the reference engine's card index). They all live in :func:`cache_dir`, are keyed by the SHA-256
of what they were derived from (:func:`file_digest`), and are written atomically
(:func:`write_atomic`): a reader sees a whole file or none. The cache is an optimisation only:
an unwritable directory or an unreadable file means the value is derived again, never an error,
and nothing in the repository is ever written.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

__all__ = ["CACHE_ENV", "LEGACY_CACHE_ENV", "cache_dir", "file_digest", "write_atomic"]

CACHE_ENV = "MTG_RULINGS_CACHE"
"""Environment variable naming the cache directory; set to an empty string to disable the cache."""

LEGACY_CACHE_ENV = "MTG_RULINGS_CACHE_DIR"
"""The names table's former variable, still honoured when :data:`CACHE_ENV` is unset."""


def cache_dir() -> Path | None:
    """The cache directory, or ``None`` when disabled.

    ``$MTG_RULINGS_CACHE`` if set (empty: disabled), else ``$MTG_RULINGS_CACHE_DIR`` likewise,
    else ``$XDG_CACHE_HOME/mtg-rulings`` or ``~/.cache/mtg-rulings``.
    """
    for var in (CACHE_ENV, LEGACY_CACHE_ENV):
        env = os.environ.get(var)
        if env is not None:
            return Path(env) if env.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-rulings"


def file_digest(label: str, files: Iterable[Path], root: Path | None = None) -> str:
    """SHA-256 (hex) of ``label`` and of each file's name (relative to ``root`` when given) and
    bytes, in the order given: the key of a value derived from exactly these files."""
    digest = hashlib.sha256(label.encode() + b"\0")
    for path in files:
        name = path.relative_to(root).as_posix() if root is not None else path.name
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def write_atomic(path: Path, data: bytes, *, prune: Sequence[str] = (), keep: int = 3) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same directory, so a reader
    never sees a torn file; with ``prune`` (globs in the same directory), keep only the
    ``keep`` newest files matching them (``path`` included). Best-effort: an ``OSError`` (a
    read-only home, a full disk) leaves the cache as it was."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        if prune:
            old = sorted((p for pattern in prune for p in path.parent.glob(pattern) if p != path),
                         key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)
            for stale in old[keep - 1:]:
                stale.unlink(missing_ok=True)
    except OSError:
        pass
