"""Output folders: what a command may replace, overwrite or delete, proven by a marker file.

Every command that writes a folder (``build``, ``export``, ``report translation``, ``report
conformance``, ``mine``) goes through this module, and it follows one rule, like rsync and git:
**never delete or overwrite what this tool did not write**.

* A folder this tool writes holds a *marker*: ``_build.json`` for a dataset, ``.rulings-output.json``
  for the other kinds. Its ``written`` mapping lists every file the tool wrote there, by path
  relative to the folder, with ``bytes`` and ``sha256`` (the format: :mod:`pipeline.store.marker`,
  whose names this module re-exports).
* A file is *owned* when the marker lists it, it is a regular file (not a symlink) and its path is
  one of the names that kind of output writes (:class:`Layout`): a forged or stray marker that lists
  ``src/main.py`` or ``.git/`` does not make them deletable. A directory is owned when every entry
  in it is owned. Content is not part of ownership, so a damaged dataset file is rebuilt; the
  hashes let a build check what it reuses (:func:`verify_written`).
* :func:`check_replaceable` (replace a whole folder: ``build``, ``export``) accepts a folder that
  does not exist, is empty, or holds only owned entries; anything else is refused with
  :class:`UnsafeOutputError` naming the folder and the foreign entries. :func:`remove_owned`
  deletes only owned entries, so even a file added while a build ran survives.
* :func:`write_into` (add files to a folder: the reports, mined cases) never overwrites a file that
  is not owned, and writes every file atomically (a unique temporary file, then ``os.replace``).
* :func:`check_disjoint` refuses an output folder that contains an input or lies inside one
  (symlinks resolved).
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.errors import DatasetError
from pipeline.store.marker import (
    CONFORMANCE_REPORT,
    DATASET,
    EXPORT,
    LAYOUTS,
    MINED_CASES,
    OUTPUT_MARKER,
    TOOL,
    TRANSLATION_REPORT,
    Layout,
    Legacy,
    file_record,
    marker_bytes,
    marker_json,
    read_marker,
    read_written,
    record_file,
)

__all__ = [
    "CONFORMANCE_REPORT",
    "DATASET",
    "EXPORT",
    "LAYOUTS",
    "MINED_CASES",
    "OUTPUT_MARKER",
    "TOOL",
    "TRANSLATION_REPORT",
    "Layout",
    "Legacy",
    "Scan",
    "UnsafeOutputError",
    "atomic_write",
    "check_disjoint",
    "check_replaceable",
    "file_record",
    "marker_bytes",
    "marker_json",
    "prepare_into",
    "read_written",
    "record_file",
    "remove_owned",
    "scan",
    "verify_written",
    "write_into",
    "write_marker",
]

MAX_LISTED = 20
"""How many foreign entries an error message names (the rest are counted)."""


class UnsafeOutputError(DatasetError):
    """An output folder cannot be written without deleting or overwriting what this tool did not
    write (or it overlaps an input). The message names the folder and the entries at fault."""


def write_marker(root: Path, layout: Layout, written: Mapping[str, Mapping[str, Any]]) -> None:
    """Write ``root/.rulings-output.json`` for a non-dataset ``layout`` (:func:`marker_bytes`)."""
    atomic_write(root / OUTPUT_MARKER, marker_bytes(layout, written))


# ---------------------------------------------------------------------------------- ownership


@dataclass
class Scan:
    """What an existing folder holds, as far as ownership goes."""

    root: Path
    layout: Layout | None
    """The kind of output the marker says the folder holds (``None``: no marker)."""
    owned: list[str] = field(default_factory=list)
    """Owned files (the marker included), relative paths."""
    foreign: list[str] = field(default_factory=list)
    """Entries this tool did not write (the top-most of each foreign subtree), relative paths."""

    def describe_foreign(self) -> str:
        """The foreign entries for a message: the first :data:`MAX_LISTED`, then a count."""
        names = [f"{rel}/" if (self.root / rel).is_dir() and not (self.root / rel).is_symlink()
                 else rel for rel in self.foreign[:MAX_LISTED]]
        more = len(self.foreign) - len(names)
        return ", ".join(names) + (f" and {more} more" if more > 0 else "")


def _legacy_listing(root: Path, legacy: Legacy | None) -> tuple[Layout, dict[str, None]] | None:
    """Every file of the layout under ``root``, when ``legacy`` recognises the folder."""
    if legacy is None:
        return None
    layout, recognise = legacy
    try:
        if not recognise(root):
            return None
    except OSError:
        return None
    listed: dict[str, None] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        for name in filenames:
            rel = name if rel_dir == "." else f"{rel_dir}/{name}".replace(os.sep, "/")
            if layout.may_write(rel):
                listed[rel] = None
        dirnames[:] = [d for d in dirnames if not os.path.islink(os.path.join(dirpath, d))]
    return layout, listed


def scan(root: Path, legacy: Legacy | None = None) -> Scan:
    """Classify every entry under the directory ``root`` (not following symlinks); a folder
    without a marker that ``legacy`` recognises owns the files of its layout."""
    root = Path(root)
    found = read_marker(root) or _legacy_listing(root, legacy)
    if found is None:
        result = Scan(root, None)
        result.foreign = sorted(e.name for e in os.scandir(root))
        return result
    layout, listed = found
    result = Scan(root, layout)
    owned_files = {rel for rel in listed if layout.may_write(rel)}
    owned_dirs: set[str] = set(layout.dirs)
    for rel in owned_files:
        parts = rel.split("/")
        for i in range(1, len(parts)):
            owned_dirs.add("/".join(parts[:i]))

    def walk(path: str, prefix: str) -> None:
        with os.scandir(path) as it:
            entries = sorted(it, key=lambda e: e.name)
        for entry in entries:
            rel = prefix + entry.name
            if rel == layout.marker and not prefix:
                if entry.is_file(follow_symlinks=False):
                    result.owned.append(rel)
                else:
                    result.foreign.append(rel)
            elif entry.is_dir(follow_symlinks=False):
                if rel in owned_dirs:
                    walk(entry.path, rel + "/")
                else:
                    result.foreign.append(rel)
            elif rel in owned_files and entry.is_file(follow_symlinks=False):
                result.owned.append(rel)
            else:
                result.foreign.append(rel)

    walk(os.fspath(root), "")
    return result


def check_replaceable(out: Path, what: str = "output folder",
                      legacy: Legacy | None = None) -> Scan | None:
    """Raise :class:`UnsafeOutputError` unless ``out`` may be replaced whole: it does not exist, is
    an empty directory, or holds only files this tool wrote (see the module docstring). Returns
    the scan of an existing folder, ``None`` when ``out`` does not exist."""
    out = Path(out)
    try:
        st = os.lstat(out)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UnsafeOutputError(f"{out}: cannot inspect the {what}: {exc.strerror or exc}") from exc
    if stat.S_ISLNK(st.st_mode):
        raise UnsafeOutputError(
            f"{out}: is a symbolic link; refusing to replace it (give the real folder)")
    if not stat.S_ISDIR(st.st_mode):
        raise UnsafeOutputError(f"{out}: exists and is not a directory; refusing to replace it")
    try:
        result = scan(out, legacy)
    except OSError as exc:
        raise UnsafeOutputError(f"{out}: cannot list the {what}: {exc.strerror or exc}") from exc
    if result.foreign:
        if result.layout is None:
            why = f"not empty and holds no {DATASET.marker} or {OUTPUT_MARKER} of this tool"
        else:
            why = f"holds files this tool did not write ({result.layout.marker} does not list them)"
        raise UnsafeOutputError(
            f"{out}: {why}; refusing to replace it. Nothing was deleted. Foreign entries: "
            f"{result.describe_foreign()}. Choose an empty or new folder, or move them away."
        )
    return result


def remove_owned(root: Path, legacy: Legacy | None = None) -> list[str]:
    """Delete what the marker of ``root`` proves this tool wrote, then the folders left empty
    (``root`` included). Returns the entries left in place because this tool did not write them
    (e.g. added while a build ran)."""
    result = scan(root, legacy)
    marker = result.layout.marker if result.layout else None
    dirs = {""} | (set(result.layout.dirs) if result.layout else set())
    for rel in result.owned:
        parts = rel.split("/")
        dirs.update("/".join(parts[:i]) for i in range(1, len(parts)))
        if rel != marker:
            _unlink(root / rel)
    if marker is not None and marker in result.owned:
        _unlink(root / marker)
    for rel in sorted(dirs, key=lambda d: (-d.count("/"), -len(d))):
        try:
            os.rmdir(root / rel if rel else root)
        except OSError:
            pass
    return result.foreign


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


# --------------------------------------------------------------------------------- verification


def verify_written(root: Path, written: Mapping[str, Mapping[str, Any] | None], *,
                   trust_before_ns: int | None = None) -> list[str]:
    """Files of ``written`` that are missing or whose size or SHA-256 differ (relative paths,
    sorted); an entry without a record (an earlier version's dataset) always differs.

    With ``trust_before_ns`` (the status-change time of the marker, written after every file),
    a file of the right size whose status-change time (``st_ctime``: any write, truncation or
    rename sets it, and no user call can set it back) is older is trusted without reading it,
    as git trusts its index; every other file is read and hashed.
    """
    root = Path(root)

    def bad(item: tuple[str, Mapping[str, Any] | None]) -> bool:
        rel, rec = item
        if rec is None:
            return True
        path = os.path.join(root, rel)
        try:
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode) or st.st_size != rec.get("bytes"):
                return True
            if trust_before_ns is not None and st.st_ctime_ns < trust_before_ns:
                return False
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError:
            return True
        return hashlib.sha256(data).hexdigest() != rec.get("sha256")

    items = sorted(written.items())
    return [rel for rel, rec in items if bad((rel, rec))]


# ------------------------------------------------------------------------------------- overlap


def _real(path: Path) -> Path:
    return Path(os.path.realpath(os.path.abspath(path)))


def check_disjoint(out: Path, inputs: Iterable[Path | str], what: str = "input", *,
                   may_contain: bool = False) -> None:
    """Raise :class:`UnsafeOutputError` when the output folder ``out`` is an input, lies inside
    one, or (unless ``may_contain``: an output written into, never replaced whole) contains one
    (symbolic links resolved on both sides)."""
    real_out = _real(Path(out))
    for inp in inputs:
        real_in = _real(Path(inp))
        if real_in == real_out or real_in in real_out.parents:
            raise UnsafeOutputError(
                f"{out}: the output folder is or lies inside the {what} {inp}; writing it would "
                "replace that input or change it. Choose a folder outside it."
            )
        if real_out in real_in.parents and not may_contain:
            raise UnsafeOutputError(
                f"{out}: the output folder contains the {what} {inp}; replacing it would delete "
                "that input. Choose a folder that does not hold it."
            )


# ------------------------------------------------------------------------------- write into


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a unique temporary file in the same folder, then
    ``os.replace`` (a reader sees the old file or the new one; an existing file named like the
    temporary file is never touched)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:100]}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def prepare_into(out: Path, layout: Layout, names: Iterable[str],
                 legacy: Callable[[Path], bool] | None = None) -> dict[str, dict[str, Any]]:
    """Check that files ``names`` (relative paths) may be written into the folder ``out`` and
    return the marker entries to keep. Creates ``out`` if needed.

    Refused (:class:`UnsafeOutputError`): ``out`` is not a directory; it holds a marker of another
    kind of output; a file to write exists and this tool did not write it (not listed, not a
    regular file, or a directory in its way). In a folder with no marker, ``legacy(path)`` may
    recognise a file of ``names`` as this tool's own work of an earlier version.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UnsafeOutputError(f"{out}: exists and is not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UnsafeOutputError(f"{out}: cannot create: {exc.strerror or exc}") from exc
    found = read_marker(out)
    listed: dict[str, dict[str, Any] | None] = {}
    if found is not None:
        other, listed = found
        if other is not layout:
            raise UnsafeOutputError(
                f"{out}: holds a {other.kind} written by this tool ({other.marker}); refusing to "
                f"write a {layout.kind} into it. Choose another folder.")
    elif os.path.lexists(out / layout.marker):
        raise UnsafeOutputError(
            f"{out}: {layout.marker} is not a marker of this tool; refusing to overwrite it")
    conflicts = []
    for rel in sorted(set(names)):
        if not layout.may_write(rel):
            raise DatasetError(f"{layout.kind}: not a name this output writes: {rel}")
        path = out / rel
        if not os.path.lexists(path):
            parent = path.parent
            while parent != out:
                if os.path.lexists(parent) and (parent.is_symlink() or not parent.is_dir()):
                    conflicts.append(parent.relative_to(out).as_posix())
                    break
                parent = parent.parent
            continue
        if path.is_symlink() or not path.is_file():
            conflicts.append(rel)
        elif rel not in listed and not (found is None and legacy is not None
                                        and _recognised(legacy, path)):
            conflicts.append(rel)
    if conflicts:
        raise UnsafeOutputError(
            f"{out}: refusing to overwrite what this tool did not write: "
            f"{', '.join(sorted(set(conflicts))[:MAX_LISTED])}. Nothing was written. Choose "
            "another folder, or move those files away."
        )
    return {rel: rec for rel, rec in listed.items()
            if rec is not None and layout.may_write(rel) and (out / rel).is_file()
            and not (out / rel).is_symlink()}


def _recognised(legacy: Callable[[Path], bool], path: Path) -> bool:
    try:
        return bool(legacy(path))
    except (OSError, ValueError):
        return False


def write_into(out: Path, layout: Layout, files: Mapping[str, bytes],
               delete: Iterable[str] = (), *, adopted: Iterable[str] = (),
               legacy: Callable[[Path], bool] | None = None) -> list[Path]:
    """Write ``files`` (relative path -> bytes) into the folder ``out``, each atomically, and
    delete the owned files ``delete``; update the marker. Returns the paths written.

    ``adopted`` names files of the layout the caller wrote itself after checking them with
    :func:`prepare_into` (e.g. a history it appended to): the marker lists them too. Nothing is
    written or deleted when a check of :func:`prepare_into` fails, or when a file to delete is
    not owned (:class:`UnsafeOutputError`).
    """
    out = Path(out)
    delete = sorted(set(delete))
    keep = prepare_into(out, layout, [*files, *delete], legacy)
    for rel in adopted:
        path = out / rel
        if layout.may_write(rel) and path.is_file() and not path.is_symlink():
            keep[rel] = record_file(path)
    missing = [rel for rel in delete if rel not in keep and os.path.lexists(out / rel)]
    if missing:
        raise UnsafeOutputError(
            f"{out}: refusing to delete what this tool did not write: {', '.join(missing)}")
    written = []
    try:
        for rel, data in sorted(files.items()):
            path = out / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(path, data)
            keep[rel] = file_record(data)
            written.append(path)
        for rel in delete:
            _unlink(out / rel)
            keep.pop(rel, None)
            parent = (out / rel).parent
            while parent != out:
                try:
                    parent.rmdir()
                except OSError:
                    break
                parent = parent.parent
        write_marker(out, layout, keep)
    except OSError as exc:
        raise UnsafeOutputError(f"{out}: cannot write: {exc.strerror or exc}") from exc
    return written
