"""Atomic replacement of a dataset directory.

A dataset is written into a fresh temporary directory beside ``OUT`` and swapped in at the end:
with Linux ``renameat2(RENAME_EXCHANGE)`` when available (one atomic step), otherwise by two
renames (``OUT`` -> ``.OUT.old-*``, temporary -> ``OUT``) whose only window is repaired by
:func:`recover` at the start of the next build. A run killed at any point therefore leaves the
previous dataset in place (or restorable), never a half-written one.

What may be replaced is decided by :mod:`pipeline.store.outdir`: ``OUT`` must be absent, empty,
or hold only files this tool wrote (checked before the build and again just before the swap), and
of the previous content only those files are deleted afterwards: anything else that appeared in
``OUT`` meanwhile is kept, in ``OUT.kept-*`` beside it (with a warning).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import os
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

from pipeline.errors import DatasetError
from pipeline.store import outdir

__all__ = ["MARKER", "atomic_directory", "recover"]

MARKER = outdir.DATASET.marker
"""The file that marks a directory as a dataset written by this pipeline (``_build.json``)."""

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _renameat2() -> object | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return fn


_RENAMEAT2 = _renameat2()


def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths; ``False`` when the system cannot."""
    if _RENAMEAT2 is None:
        return False
    rc = _RENAMEAT2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)  # type: ignore[operator]
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        return False
    raise DatasetError(f"cannot swap {b} into place: {os.strerror(err)}")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _dispose(old: Path, out: Path, legacy: outdir.Legacy | None = None) -> None:
    """Delete the previous content of ``out`` (now at ``old``), only what this tool wrote; keep
    anything else in ``OUT.kept-*`` beside ``out`` and warn."""
    try:
        left = outdir.remove_owned(old, legacy)
    except OSError:
        left = ["?"]
    if left and os.path.lexists(old):
        keep = Path(tempfile.mkdtemp(prefix=f"{out.name}.kept-", dir=out.parent))
        os.rmdir(keep)
        os.rename(old, keep)
        warnings.warn(
            f"{keep}: kept what appeared in {out} while it was replaced and this tool did not "
            f"write ({', '.join(left[:5])})",
            stacklevel=3,
        )


def recover(out: Path) -> bool:
    """Repair what an interrupted earlier run left beside ``out``.

    Restores ``.OUT.old-*`` when ``out`` is missing (killed between the two fallback renames) and
    removes temporary directories of runs that are no longer alive (a temporary directory holding
    a finished output or a previous one loses only the files its marker proves this tool wrote).
    Returns whether ``out`` was restored.
    """
    parent = out.parent
    restored = False
    if not parent.is_dir():
        return restored
    for entry in sorted(parent.iterdir()):
        name = entry.name
        for kind in ("tmp", "old"):
            prefix = f".{out.name}.{kind}-"
            if not name.startswith(prefix) or entry.is_symlink() or not entry.is_dir():
                continue
            try:
                pid = int(name[len(prefix) :].split("-", 1)[0])
            except ValueError:
                continue
            if _pid_alive(pid) and pid != os.getpid():
                continue
            if kind == "old" and not out.exists():
                os.rename(entry, out)
                restored = True
            elif outdir.read_written(entry) is not None:
                _dispose(entry, out)
            else:  # a partial output: everything in it was written by the run that died
                shutil.rmtree(entry, ignore_errors=True)
    return restored


@contextlib.contextmanager
def atomic_directory(out: Path, legacy: outdir.Legacy | None = None, *,
                     prechecked: bool = False) -> Iterator[Path]:
    """Yield a temporary directory; on normal exit it replaces ``out`` atomically.

    On any exception (``KeyboardInterrupt`` included) the temporary directory is removed and
    ``out`` is left untouched. Raises :class:`~pipeline.store.outdir.UnsafeOutputError` (a
    :class:`~pipeline.errors.DatasetError`) when ``out`` exists but holds anything this tool did
    not write (see :func:`pipeline.store.outdir.check_replaceable`), before and again just before
    the swap. The caller writes the marker of its output into the temporary directory;
    ``legacy`` recognises an output of an earlier version that has none. ``prechecked``: the
    caller has just checked ``out`` itself (one scan of a large folder fewer).
    """
    out = Path(os.path.abspath(out))
    if not prechecked:
        outdir.check_replaceable(out, legacy=legacy)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatasetError(f"{out.parent}: cannot create: {exc.strerror or exc}") from exc
    if recover(out):
        outdir.check_replaceable(out, legacy=legacy)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-{os.getpid()}-", dir=out.parent))
    except OSError as exc:
        raise DatasetError(f"{out.parent}: not writable: {exc.strerror or exc}") from exc
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o777 & ~umask)
    previous: Path | None = None  # where the previous content of out went
    try:
        yield tmp
        outdir.check_replaceable(out, legacy=legacy)  # again: something may have appeared while writing
        if not out.exists():
            os.rename(tmp, out)
        elif _exchange(tmp, out):
            previous = tmp  # now holds the previous content
        else:
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-{os.getpid()}-", dir=out.parent))
            os.rmdir(old)
            os.rename(out, old)
            previous = old
            os.rename(tmp, out)
    except BaseException:
        if previous is None:
            shutil.rmtree(tmp, ignore_errors=True)  # only the new, unfinished output
        raise
    if previous is not None:
        _dispose(previous, out, legacy)
