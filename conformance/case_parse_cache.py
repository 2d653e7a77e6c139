"""The parsed YAML of suite files, kept in the per-user cache (:mod:`pipeline.user_cache`) so
that a new process does not build the same mappings again: building them is most of the time
``load_cases`` takes (the YAML constructor is Python code), and every ``rulings run``, ``lint``
and test process loads the whole suite.

An entry is keyed by the SHA-256 of a file's text, so an edited file is parsed again; the cache
file is keyed by this module's and :mod:`conformance.case_yaml`'s sources, PyYAML's version and
the interpreter's, so a change to the reader (its rules: no aliases, no duplicate keys, tags
without a JSON value) parses everything again. Only files that parse are kept: a bad file is
parsed each time, and raises what :func:`~conformance.case_yaml.parse_yaml` raises, with its
line. The value of a hit is the value :func:`~conformance.case_yaml.parse_yaml` returned for
that text (a fresh copy each time). The cache is an optimisation only: disabled
(``MTG_RULINGS_CACHE=``) or unwritable, files are simply parsed.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path
from typing import Any

import yaml

from conformance import case_yaml
from pipeline.user_cache import cache_dir, write_atomic

__all__ = ["ParseCache"]

_PREFIX = "case-yaml-"
MAX_ENTRIES = 50_000
"""Past this many entries, a save keeps only the entries this process used."""


def _cache_key() -> str:
    digest = hashlib.sha256(f"{yaml.__version__}\0{sys.version}\0".encode())
    for module in (case_yaml, sys.modules[__name__]):
        source = getattr(module, "__file__", None)
        if source:
            digest.update(Path(source).read_bytes())
    return digest.hexdigest()[:32]


class ParseCache:
    """Parsed suite files by the SHA-256 of their text; :meth:`parse` then :meth:`save`."""

    def __init__(self) -> None:
        directory = cache_dir()
        self.path = directory / f"{_PREFIX}{_cache_key()}.marshal" if directory else None
        self._entries: dict[bytes, bytes] = {}
        self._used: set[bytes] = set()
        self._added = False
        if self.path is not None:
            try:
                loaded = marshal.loads(self.path.read_bytes())
            except (OSError, EOFError, ValueError, TypeError):
                loaded = None
            if isinstance(loaded, dict):
                self._entries = loaded

    def parse(self, text: str, where: str) -> Any:
        """The value of the YAML ``text`` (read from ``where``), as
        :func:`~conformance.case_yaml.parse_yaml` gives it."""
        if self.path is None:
            return case_yaml.parse_yaml(text, where)
        key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
        self._used.add(key)
        blob = self._entries.get(key)
        if blob is not None:
            try:
                return marshal.loads(blob)
            except (EOFError, ValueError, TypeError):
                pass
        value = case_yaml.parse_yaml(text, where)
        try:
            self._entries[key] = marshal.dumps(value)
            self._added = True
        except ValueError:  # a value marshal cannot write: not cached
            pass
        return value

    def save(self) -> None:
        """Write the entries back when this process added some (best-effort)."""
        if self.path is None or not self._added:
            return
        entries = self._entries
        if len(entries) > MAX_ENTRIES:
            entries = {k: v for k, v in entries.items() if k in self._used}
        write_atomic(self.path, marshal.dumps(entries), prune=(f"{_PREFIX}*.marshal",))
        self._added = False
