"""The key of a build: what makes two builds the same (inputs, code, data, options).

A dataset records its key in ``_build.json``; a build whose key equals it reuses the dataset.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["FORMAT", "build_key", "code_version"]

FORMAT = "mtg-rulings-dataset/1"
"""Written in the manifest; part of the build key."""

_PIPELINE_DIR = Path(__file__).resolve().parent


def _hash_tree(h: Any, root: Path, patterns: Sequence[str]) -> None:
    for path in sorted(p for pat in patterns for p in root.rglob(pat)):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        h.update(path.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())


_CODE_VERSION: str | None = None


def code_version() -> str:
    """Hash of the pipeline's code and of the data it reads (``fixtures/data``, the shipped
    align lexicon ``fixtures/lexicon``)."""
    global _CODE_VERSION
    if _CODE_VERSION is None:
        h = hashlib.sha256(FORMAT.encode())
        _hash_tree(h, _PIPELINE_DIR, ("*.py", "*.json", "*.txt", "*.gz", "*.yaml"))
        data = _PIPELINE_DIR.parent / "fixtures" / "data"
        if data.is_dir():
            _hash_tree(h, data, ("*.gz", "*.json", "*.txt"))
        lexicon = _PIPELINE_DIR.parent / "fixtures" / "lexicon"
        if lexicon.is_dir():
            _hash_tree(h, lexicon, ("*.gz",))
        _CODE_VERSION = h.hexdigest()[:20]
    return _CODE_VERSION


def build_key(inputs: Sequence[tuple[str, bytes]], options: dict[str, Any]) -> str:
    """The key of a build: input names and bytes, code version and options."""
    h = hashlib.sha256()
    h.update(code_version().encode())
    h.update(json.dumps(options, sort_keys=True).encode())
    for source, data in inputs:
        h.update(source.encode("utf-8", "surrogatepass") + b"\0")
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()
