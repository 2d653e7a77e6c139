"""The names table's disk cache: its parts as a :mod:`marshal` file per content key.

A new process loads the table in a fraction of a second instead of parsing the 4.5 MB MTGJSON
file: the first build writes ``names-table-<key>.marshal`` into :func:`cache_dir`, keyed by the
SHA-256 of the input files, of this package's code and of the registered localized languages
(:func:`content_key`); a cache directory keeps the three newest. Best-effort: an unwritable
directory or an unreadable file means a rebuild, never an error.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import marshal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pipeline import languages
from pipeline.records import Issue
from pipeline.user_cache import CACHE_ENV, cache_dir, write_atomic

from .index import Parts, build_parts

__all__ = ["CACHE_ENV", "cache_dir", "content_key", "gc_paused", "load_parts"]

_CACHE_FORMAT = 2
"""Bump when the cached layout (raw cards, index, issues as field tuples) changes."""

_CACHE_SUFFIX = ".marshal"
_CACHE_GLOBS = ("names-table-*" + _CACHE_SUFFIX, "names-table-*.pickle")
"""Cache files pruned by age; ``.pickle`` is the layout of format 1 (left by older versions)."""

_CACHE_KEEP = 3
"""How many names-table cache files a cache directory keeps (the newest)."""


def content_key(root: Path, files: list[Path]) -> str:
    """The disk cache key of the table of ``files``: their contents, this package's code and
    the registry's localized languages."""
    # The input files' contents, this package's code (a changed name_key or loader must not
    # reuse an old index) and the Python version (the marshal format is version-specific).
    digest = hashlib.sha256(
        f"names-table/{_CACHE_FORMAT}/{sys.version_info[:2]}/{languages.localized()}".encode()
    )
    for code in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(code.name.encode() + b"\0" + hashlib.sha256(code.read_bytes()).digest())
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block."""
    # Building or unmarshalling ~200k small containers triggers many useless GC passes.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def load_parts(root: Path, files: list[Path]) -> Parts:
    """The parts of the names table of ``files``: from the disk cache (:func:`cache_dir`) when
    it holds them, else built (:func:`~pipeline.cards.index.build_parts`) and cached."""
    directory = cache_dir()
    path = None
    if directory is not None:
        path = directory / f"names-table-{content_key(root, files)}{_CACHE_SUFFIX}"
        try:
            with gc_paused():
                state = marshal.loads(path.read_bytes())
                if isinstance(state, tuple) and len(state) == 4 and state[0] == _CACHE_FORMAT:
                    issues = tuple(Issue(*fields) for fields in state[3])
                    return state[1], state[2], issues
        except FileNotFoundError:
            pass
        except (OSError, EOFError, ValueError, TypeError):
            pass  # unreadable or stale cache file: rebuild and overwrite it
    with gc_paused():
        raw_cards, index, issues = build_parts(files)
    if path is not None:
        issue_fields = tuple(dataclasses.astuple(issue) for issue in issues)
        _write_cache(path, (_CACHE_FORMAT, raw_cards, index, issue_fields))
    return raw_cards, index, issues


def _write_cache(path: Path, state: tuple[Any, ...]) -> None:
    # marshal, not pickle: the state is plain dicts, lists, tuples, strings, ints, bools and
    # None, which marshal writes three times faster (and reads as fast). Every change of input
    # or code gives a new file (~20 MB): keep only the newest few.
    write_atomic(path, marshal.dumps(state), prune=_CACHE_GLOBS, keep=_CACHE_KEEP)
