"""Atomic replacement of a dataset directory.

A dataset is written into a fresh temporary directory beside ``OUT`` and swapped in at the end:
with Linux ``renameat2(RENAME_EXCHANGE)`` when available (one atomic step), otherwise by two
renames (``OUT`` -> ``.OUT.old-*``, temporary -> ``OUT``) whose only window is repaired by
:func:`recover` at the start of the next build. A run killed at any point therefore leaves the
previous dataset in place (or restorable), never a half-written one.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from pipeline.errors import DatasetError

__all__ = ["MARKER", "atomic_directory", "recover"]

MARKER = "_build.json"
"""The file that marks a directory as a dataset written by this pipeline."""

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


def recover(out: Path) -> None:
    """Repair what an interrupted earlier run left beside ``out``.

    Restores ``.OUT.old-*`` when ``out`` is missing (killed between the two fallback renames) and
    removes temporary directories of runs that are no longer alive.
    """
    parent = out.parent
    if not parent.is_dir():
        return
    for entry in sorted(parent.iterdir()):
        name = entry.name
        for kind in ("tmp", "old"):
            prefix = f".{out.name}.{kind}-"
            if not name.startswith(prefix):
                continue
            try:
                pid = int(name[len(prefix) :].split("-", 1)[0])
            except ValueError:
                continue
            if _pid_alive(pid) and pid != os.getpid():
                continue
            if kind == "old" and not out.exists():
                os.rename(entry, out)
            else:
                shutil.rmtree(entry, ignore_errors=True)


def _check_target(out: Path) -> None:
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise DatasetError(f"{out}: exists and is not a directory")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise DatasetError(
            f"{out}: not empty and not a dataset written by this pipeline (no {MARKER}); "
            "refusing to replace it"
        )


@contextlib.contextmanager
def atomic_directory(out: Path) -> Iterator[Path]:
    """Yield a temporary directory; on normal exit it replaces ``out`` atomically.

    On any exception (``KeyboardInterrupt`` included) the temporary directory is removed and
    ``out`` is left untouched. Raises :class:`~pipeline.errors.DatasetError` when ``out`` exists
    but is not a dataset directory written by this pipeline.
    """
    out = Path(os.path.abspath(out))
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatasetError(f"{out.parent}: cannot create: {exc.strerror or exc}") from exc
    recover(out)
    _check_target(out)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-{os.getpid()}-", dir=out.parent))
    except OSError as exc:
        raise DatasetError(f"{out.parent}: not writable: {exc.strerror or exc}") from exc
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o777 & ~umask)
    try:
        yield tmp
        if out.exists():
            if _exchange(tmp, out):
                shutil.rmtree(tmp, ignore_errors=True)  # now holds the previous dataset
            else:
                old = Path(
                    tempfile.mkdtemp(prefix=f".{out.name}.old-{os.getpid()}-", dir=out.parent)
                )
                os.rmdir(old)
                os.rename(out, old)
                os.rename(tmp, out)
                shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
