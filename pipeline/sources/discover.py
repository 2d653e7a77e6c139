"""Turn the files and folders given to the pipeline into a sorted list of input files."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pipeline.errors import InputError

DATASET_MARKER = "_build.json"
"""Marks a dataset directory (see :mod:`pipeline.store.atomic`); never read as input."""

__all__ = ["SUPPORTED_SUFFIXES", "InputFile", "InputFormat", "discover", "format_of"]

InputFormat = Literal["seed", "json", "jsonl", "gz"]

SUPPORTED_SUFFIXES: dict[str, InputFormat] = {
    ".txt": "seed",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".gz": "gz",
}
"""File extension -> reader. ``.gz`` files are read by the extension before ``.gz``."""


@dataclass(frozen=True, slots=True, order=True)
class InputFile:
    """One input file: ``source`` is how it is named in records and messages (posix form)."""

    source: str
    path: Path
    format: InputFormat


def format_of(path: Path) -> InputFormat | None:
    """The reader of ``path`` by its extension (case-insensitive), or ``None``."""
    return SUPPORTED_SUFFIXES.get(path.suffix.lower())


def _display(path: Path) -> str:
    """A stable display name: relative to the working directory when inside it."""
    try:
        rel = path.resolve().relative_to(Path.cwd().resolve())
        return rel.as_posix()
    except ValueError:
        return path.resolve().as_posix()


def discover(inputs: Sequence[Path | str]) -> list[InputFile]:
    """Expand ``inputs`` (files and folders, searched recursively) into supported files.

    Files given explicitly must have a supported extension; inside folders, other files and
    hidden entries and dataset directories written by the pipeline (holding ``_build.json``)
    are skipped. The result is sorted by source name and free of duplicates.
    Raises :class:`~pipeline.errors.InputError` for a missing path, an unsupported file given
    explicitly, or when nothing at all is found.
    """
    if not inputs:
        raise InputError("no input given")
    found: dict[str, InputFile] = {}
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                if DATASET_MARKER in files:  # a dataset written by the pipeline: not an input
                    dirs[:] = []
                    continue
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if name.startswith("."):
                        continue
                    child = Path(root) / name
                    fmt = format_of(child)
                    if fmt is not None and child.is_file():
                        src = _display(child)
                        found[src] = InputFile(src, child, fmt)
        elif path.is_file():
            fmt = format_of(path)
            if fmt is None:
                raise InputError(
                    f"{path}: unsupported input (expected {', '.join(sorted(SUPPORTED_SUFFIXES))})"
                )
            src = _display(path)
            found[src] = InputFile(src, path, fmt)
        elif path.exists():
            raise InputError(f"{path}: not a regular file or folder")
        else:
            raise InputError(f"{path}: no such file or folder")
    if not found:
        raise InputError(
            "no input files found in "
            + ", ".join(str(i) for i in inputs)
            + f" (looked for {', '.join(sorted(SUPPORTED_SUFFIXES))})"
        )
    return sorted(found.values())
