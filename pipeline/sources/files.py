"""Reading the bytes of one input file, bounded: regular files only, every gzip member.

Nothing here follows a symbolic link (:mod:`pipeline.sources.discover` decides which links are
read and hands over their target), blocks on a FIFO or device, or reads more than
:attr:`InputLimits.max_input_bytes` of a file, compressed or not. A file that cannot be read this
way raises :class:`UnreadableInput`, which the caller turns into a quarantined record.
"""

from __future__ import annotations

import errno
import os
import stat
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.errors import InputError

__all__ = [
    "DEFAULT_MAX_BAD_RECORDS",
    "DEFAULT_MAX_GZIP_RATIO",
    "DEFAULT_MAX_INPUT_BYTES",
    "GZIP_RATIO_FLOOR",
    "GunzipResult",
    "InputLimits",
    "UnreadableInput",
    "describe_mode",
    "gunzip",
    "read_regular_file",
]

DEFAULT_MAX_INPUT_BYTES = 1 << 30
"""Largest input accepted, in bytes as read or, for ``.gz``, once decompressed (1 GiB)."""

DEFAULT_MAX_GZIP_RATIO = 100
"""A ``.gz`` input may inflate to at most this many times its own size (real JSON: 5-10x)."""

DEFAULT_MAX_BAD_RECORDS = 10_000
"""A file stops being read once this many of its records are quarantined (a flood of bad
records would otherwise cost seconds and megabytes of report each)."""

GZIP_RATIO_FLOOR = 1 << 20
"""Any ``.gz`` may inflate to this many bytes (1 MiB) whatever its ratio: small files are cheap."""

_CHUNK = 1 << 18
"""Compressed bytes fed to the decompressor at a time (the output of earlier chunks survives a
corrupt later one)."""

_OPEN_FLAGS = (
    os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
)


@dataclass(frozen=True, slots=True)
class InputLimits:
    """The bounds of reading inputs (``rulings build`` flags of the same names)."""

    max_input_bytes: int = DEFAULT_MAX_INPUT_BYTES
    """``--max-input-bytes``: per file, as read or once decompressed."""
    max_gzip_ratio: int = DEFAULT_MAX_GZIP_RATIO
    """``--max-gzip-ratio``: decompressed size over compressed size (beyond the first MiB)."""
    follow_symlinks: bool = False
    """``--follow-symlinks``: read symbolic links that leave the input folders too."""
    max_bad_records: int = DEFAULT_MAX_BAD_RECORDS
    """``--max-bad-records``: per file; past it, the rest of the file is one quarantined record."""

    def __post_init__(self) -> None:
        if self.max_input_bytes < 1 or self.max_gzip_ratio < 1 or self.max_bad_records < 1:
            raise InputError("input limits must be positive")

    def key_options(self) -> dict[str, Any]:
        """The limits that differ from the defaults (they change what a build reads)."""
        default = InputLimits()
        return {
            name: getattr(self, name)
            for name in ("max_input_bytes", "max_gzip_ratio", "follow_symlinks", "max_bad_records")
            if getattr(self, name) != getattr(default, name)
        }

    def gzip_budget(self, compressed: int) -> int:
        """The most bytes a ``.gz`` input of ``compressed`` bytes may inflate to."""
        return min(self.max_input_bytes, max(self.max_gzip_ratio * compressed, GZIP_RATIO_FLOOR))


class UnreadableInput(InputError):
    """One input cannot be read; ``reason`` is the quarantine reason code."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def describe_mode(mode: int) -> str:
    """What a file of ``mode`` is, in words ("a FIFO", "a folder", ...)."""
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (not a symbolic link), at most ``limit`` of them.

    Opened without following a link and without blocking (a FIFO put in its place is refused,
    not waited on). Raises :class:`UnreadableInput`: ``not_regular_file``, ``too_large``, or
    ``unreadable`` with the system's reason.
    """
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnreadableInput(
                "symlink_not_followed", "symbolic link in place of the file; not followed"
            ) from exc
        raise UnreadableInput("unreadable", f"cannot open: {exc.strerror or exc}") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnreadableInput(
                "not_regular_file", f"{describe_mode(st.st_mode)}, not a regular file; not read"
            )
        if st.st_size > limit:
            raise UnreadableInput(
                "too_large",
                f"{st.st_size:,} bytes: over the limit of {limit:,} bytes (--max-input-bytes); "
                "not read",
            )
        chunks: list[bytes] = []
        total = 0
        want = max(st.st_size + 1, 1 << 16)  # one read for a file that does not grow
        while True:
            chunk = os.read(fd, min(want, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UnreadableInput(
                    "too_large",
                    f"over the limit of {limit:,} bytes (--max-input-bytes); it grew while read",
                )
            want = 1 << 20
    except OSError as exc:
        raise UnreadableInput("unreadable", f"cannot read: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


@dataclass(frozen=True, slots=True)
class GunzipResult:
    """The bytes inflated from a ``.gz`` input; ``problem`` (a quarantine reason and a sentence)
    when its end is missing or corrupt."""

    data: bytes
    members: int
    problem: tuple[str, str] | None = None


def gunzip(data: bytes, limits: InputLimits) -> GunzipResult:
    """Inflate every member of gzip ``data`` (as ``gzip -d`` does), within the limits.

    Zero bytes after the last member are padding (as ``gzip`` allows). A stream that stops before
    its end, is corrupt after some data, or is followed by other bytes keeps what was inflated and
    names the problem. Raises :class:`UnreadableInput`: ``bad_gzip`` when nothing inflates at all,
    ``too_large`` past :meth:`InputLimits.gzip_budget`.
    """
    budget = limits.gzip_budget(len(data))
    out: list[bytes] = []
    total = 0
    members = 0
    pos = 0
    view = memoryview(data)
    problem: tuple[str, str] | None = None
    while pos < len(data):
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        start = pos
        try:
            while not d.eof and pos < len(data):
                piece = view[pos : pos + _CHUNK]
                pos += len(piece)
                chunk = d.decompress(piece, budget + 1 - total)
                out.append(chunk)
                total += len(chunk)
                if d.unconsumed_tail or total > budget:
                    raise _too_large(len(data), total, budget, limits)
        except zlib.error as exc:
            problem = ("bad_gzip", f"corrupt gzip data in member {members + 1}: {exc}")
            break
        if not d.eof:
            problem = (
                "truncated_gzip",
                f"gzip stream truncated: member {members + 1} ends before its end marker "
                f"(cut off after {total:,} bytes inflated)",
            )
            break
        members += 1
        pos -= len(d.unused_data)
        while pos < len(data) and data[pos] == 0:  # zero padding after a member
            pos += 1
        if pos < len(data) and data[pos : pos + 2] != b"\x1f\x8b":
            problem = (
                "bad_gzip",
                f"{len(data) - pos:,} bytes that are not gzip data after member {members}",
            )
            break
        if pos == start:  # cannot happen (a member is at least 18 bytes); never loop forever
            break
    if members == 0 and total == 0:
        raise UnreadableInput(
            "bad_gzip", f"not a valid gzip file: {problem[1] if problem else 'empty'}"
        )
    return GunzipResult(b"".join(out), members, problem)


def _too_large(compressed: int, total: int, budget: int, limits: InputLimits) -> UnreadableInput:
    if budget == limits.max_input_bytes:
        why = f"over the limit of {budget:,} bytes (--max-input-bytes)"
    else:
        why = (
            f"over {budget:,} bytes, {limits.max_gzip_ratio}x its {compressed:,} compressed "
            "bytes (--max-gzip-ratio): a decompression bomb?"
        )
    return UnreadableInput("too_large", f"inflates {why}; not read")
