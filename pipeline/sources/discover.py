"""Turn the files and folders given to the pipeline into a sorted list of input files.

Folders are searched recursively. What cannot be read is never skipped silently: a folder that
cannot be listed, a broken symbolic link, a FIFO or device with a supported extension, a link that
leaves the input folders, a file whose name is not UTF-8 each become an :class:`InputFile` with a
``problem`` (a quarantined record of the build, an error naming the path).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pipeline.errors import InputError
from pipeline.sources.files import describe_mode

DATASET_MARKER = "_build.json"
"""Marks a dataset directory (see :mod:`pipeline.store.atomic`); never read as input."""

__all__ = [
    "SUPPORTED_SUFFIXES",
    "InputFile",
    "InputFormat",
    "InputProblem",
    "UNREAD_COMPRESSIONS",
    "discover",
    "format_of",
]

InputFormat = Literal["seed", "json", "jsonl", "gz"]

SUPPORTED_SUFFIXES: dict[str, InputFormat] = {
    ".txt": "seed",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".gz": "gz",
}
"""File extension -> reader. ``.gz`` files are read by the extension before ``.gz``."""

UNREAD_COMPRESSIONS = (".bz2", ".xz", ".lzma", ".zst", ".lz4", ".br", ".zip", ".7z")
"""Compressions that are not read: ``rulings.jsonl.xz`` in a folder is reported, not skipped."""


@dataclass(frozen=True, slots=True, order=True)
class InputProblem:
    """Why an input found in a folder is not read: a quarantine ``reason`` and a sentence."""

    reason: str
    detail: str


@dataclass(frozen=True, slots=True, order=True)
class InputFile:
    """One input file: ``source`` is how it is named in records and messages (posix form).

    ``path`` is what is opened (the target, for a symbolic link that may be read). ``problem``
    is set for an input that cannot be read (its ``format`` is then that of its extension, or
    ``seed`` for a folder); it is quarantined as one record.
    """

    source: str
    path: Path
    format: InputFormat
    problem: InputProblem | None = None


def format_of(path: Path) -> InputFormat | None:
    """The reader of ``path`` by its extension (case-insensitive), or ``None``."""
    return SUPPORTED_SUFFIXES.get(path.suffix.lower())


def _unread_compression(path: Path) -> bool:
    """``rulings.jsonl.xz``: an input name under a compression this reader does not read."""
    suffixes = [s.lower() for s in path.suffixes[-2:]]
    return (
        len(suffixes) == 2
        and suffixes[1] in UNREAD_COMPRESSIONS
        and suffixes[0] in SUPPORTED_SUFFIXES
    )


def _printable(path: str | Path) -> str:
    """``path`` as text that can be written anywhere: bytes that are not UTF-8 as ``\\xNN``."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _display(path: Path) -> str:
    """A stable display name: relative to the working directory when inside it."""
    try:
        rel = path.resolve().relative_to(Path.cwd().resolve())
        return rel.as_posix()
    except ValueError:
        return path.resolve().as_posix()


def _inside(real: str, roots: Sequence[str]) -> bool:
    return any(real == r or real.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


class _Finder:
    """Collects the input files of the folders and files given, with their problems."""

    def __init__(self, roots: Sequence[str], follow_symlinks: bool) -> None:
        self.roots = roots
        """Real paths of the folders and files given: links into them are read."""
        self.follow = follow_symlinks
        self.found: dict[tuple[str, bool], InputFile] = {}

    def add(self, path: Path, fmt: InputFormat) -> None:
        src = _display(path)
        if not _is_utf8(src):
            self.problem(path, "bad_file_name", "file name is not UTF-8; not read (rename it)")
            return
        self.found[(src, False)] = InputFile(src, path, fmt)

    def problem(self, path: Path, reason: str, detail: str) -> None:
        src = _printable(os.path.abspath(path))
        try:
            src = Path(src).relative_to(Path.cwd()).as_posix()
        except ValueError:
            src = Path(src).as_posix()
        self.found[(src, True)] = InputFile(
            src, path, format_of(path) or "seed", InputProblem(reason, detail)
        )

    def walk(self, top: Path) -> None:
        """Every supported file under folder ``top`` (hidden entries and datasets skipped)."""
        visited = {os.path.realpath(top)}
        stack = [top]
        while stack:
            folder = stack.pop()
            try:
                with os.scandir(folder) as it:
                    entries = sorted(it, key=lambda e: e.name, reverse=True)
            except OSError as exc:
                self.problem(folder, "unreadable", f"cannot list folder: {exc.strerror or exc}")
                continue
            if any(e.name == DATASET_MARKER for e in entries):
                continue  # a dataset written by the pipeline: not an input
            for entry in entries:
                if not entry.name.startswith("."):
                    self.entry(entry, stack, visited)

    def entry(self, entry: os.DirEntry[str], stack: list[Path], visited: set[str]) -> None:
        path = Path(entry.path)
        fmt = format_of(path)
        is_link = False
        try:
            is_link = entry.is_symlink()
            if not is_link:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(path)
                elif fmt is None and _unread_compression(path):
                    self.problem(
                        path,
                        "unsupported_compression",
                        f"{path.suffix} compression is not read (decompress it, or gzip it)",
                    )
                elif fmt is not None:
                    if entry.is_file(follow_symlinks=False):
                        self.add(path, fmt)
                    else:
                        kind = describe_mode(entry.stat(follow_symlinks=False).st_mode)
                        self.problem(
                            path, "not_regular_file", f"{kind}, not a regular file; not read"
                        )
                return
            st = os.stat(path)
        except OSError as exc:
            if fmt is not None or not is_link:
                why = "broken symbolic link" if is_link else "cannot read"
                self.problem(path, "unreadable", f"{why}: {exc.strerror or exc}")
            return
        real = os.path.realpath(path)
        inside = _inside(real, self.roots)
        if stat.S_ISDIR(st.st_mode):
            if inside:
                return  # its files are read where they lie, in the input folder
            if not self.follow:
                self.problem(
                    path,
                    "symlink_outside",
                    f"symbolic link to a folder outside the inputs ({_printable(real)}); "
                    "not followed (--follow-symlinks reads it)",
                )
            elif real not in visited:
                visited.add(real)
                stack.append(path)
            return
        if fmt is None:
            return
        if not inside and not self.follow:
            self.problem(
                path,
                "symlink_outside",
                f"symbolic link to a file outside the inputs ({_printable(real)}); "
                "not followed (--follow-symlinks reads it)",
            )
        elif stat.S_ISREG(st.st_mode):
            self.add(Path(real), fmt)
        else:
            self.problem(
                path,
                "not_regular_file",
                f"symbolic link to {describe_mode(st.st_mode)}, not a regular file; not read",
            )


def discover(inputs: Sequence[Path | str], *, follow_symlinks: bool = False) -> list[InputFile]:
    """Expand ``inputs`` (files and folders, searched recursively) into supported files.

    Files given explicitly must have a supported extension (a link given explicitly is read).
    Inside folders, other files, hidden entries and dataset directories written by the pipeline
    (holding ``_build.json``) are skipped (an input name under a compression that is not read,
    like ``rulings.jsonl.xz``, is reported instead); symbolic links are read only when their target lies
    inside one of the inputs, or with ``follow_symlinks``. Entries that cannot be read come back
    with a ``problem``. The result is sorted by source name and free of duplicates.
    Raises :class:`~pipeline.errors.InputError` for a missing path, an unsupported file given
    explicitly, or when nothing at all is found.
    """
    if not inputs:
        raise InputError("no input given")
    paths = [Path(item) for item in inputs]
    finder = _Finder([os.path.realpath(p) for p in paths], follow_symlinks)
    for path in paths:
        try:
            st = path.stat()
        except OSError as exc:
            if path.is_symlink():
                raise InputError(
                    f"{_printable(path)}: broken symbolic link ({exc.strerror or exc})"
                ) from exc
            if isinstance(exc, FileNotFoundError):
                raise InputError(f"{_printable(path)}: no such file or folder") from exc
            raise InputError(f"{_printable(path)}: cannot read: {exc.strerror or exc}") from exc
        if stat.S_ISDIR(st.st_mode):
            finder.walk(path)
        elif stat.S_ISREG(st.st_mode):
            fmt = format_of(path)
            if fmt is None:
                raise InputError(
                    f"{_printable(path)}: unsupported input "
                    f"(expected {', '.join(sorted(SUPPORTED_SUFFIXES))})"
                )
            finder.add(Path(os.path.realpath(path)) if path.is_symlink() else path, fmt)
        else:
            raise InputError(f"{_printable(path)}: not a regular file or folder")
    if not finder.found:
        raise InputError(
            "no input files found in "
            + ", ".join(_printable(i) for i in paths)
            + f" (looked for {', '.join(sorted(SUPPORTED_SUFFIXES))})"
        )
    return sorted(finder.found.values())
