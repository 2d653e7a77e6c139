"""Child interpreters of a build, and the frames they exchange with it.

A build runs some work in fresh Python interpreters (the language detector, the second align
worker) started with :mod:`subprocess`: unlike ``os.fork``, this is safe in a process that runs
threads (pyarrow starts some as soon as it is imported; the build runs one of its own). A child
is ``python -m <module> <answers fd> <languages> ...`` (``<languages>``: the languages registered
beyond the built-in ones, as JSON, see :func:`child_setup`): it reads requests on its stdin and
writes answers on
a pipe of their own (not stdout, where a site hook or a library may print), each a frame of a
4-byte little-endian length and a :mod:`marshal` payload (both ends are the same Python). Its
stderr goes to a temporary file, whose last line names the failure when the child dies.
"""

from __future__ import annotations

import marshal
import os
import struct
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from pipeline import languages

__all__ = ["Child", "child_setup", "read_frame", "write_frame"]

_LEN = struct.Struct("<I")
_ROOT = str(Path(__file__).resolve().parents[1])
"""The directory holding the ``pipeline`` package (put on the child's ``PYTHONPATH``)."""


def write_frame(stream: IO[bytes], obj: Any) -> None:
    """Write ``obj`` (marshal-able) as one frame and flush."""
    data = marshal.dumps(obj)
    stream.write(_LEN.pack(len(data)))
    stream.write(data)
    stream.flush()


def read_frame(stream: IO[bytes]) -> Any:
    """Read one frame; :class:`EOFError` at end of stream or on a truncated frame."""
    head = stream.read(4)
    if len(head) < 4:
        raise EOFError("end of stream")
    (size,) = _LEN.unpack(head)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("truncated frame")
    return marshal.loads(data)


def child_setup(argv: Sequence[str]) -> tuple[IO[bytes], list[str]]:
    """In a child's ``__main__``: register the parent's languages and open the answers pipe;
    returns it and the child's own arguments (``argv`` is ``sys.argv``)."""
    languages.register_json(argv[2])
    return os.fdopen(int(argv[1]), "wb"), list(argv[3:])


class Child:
    """A child interpreter running ``python -m module <answers fd> *args``.

    Raises :class:`OSError` or :class:`ValueError` (no ``pass_fds`` on this platform) when it
    cannot be started. :attr:`stdin` takes the requests, :attr:`answers` gives the answers.
    """

    def __init__(self, module: str, args: Sequence[str] = ()) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, env.get("PYTHONPATH")) if p)
        self._stderr = tempfile.TemporaryFile()
        answers_r, answers_w = os.pipe()
        try:
            self.proc: subprocess.Popen[bytes] | None = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    module,
                    str(answers_w),
                    languages.to_json(languages.added()),
                    *args,
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=self._stderr,
                env=env,
                pass_fds=(answers_w,),
            )
        except BaseException:
            os.close(answers_r)
            self._stderr.close()
            raise
        finally:
            os.close(answers_w)
        self.answers: IO[bytes] = os.fdopen(answers_r, "rb")

    @property
    def stdin(self) -> IO[bytes]:
        """The child's standard input (requests); :class:`EOFError` once closed."""
        if self.proc is None or self.proc.stdin is None:
            raise EOFError("the child process is closed")
        return self.proc.stdin

    def failure(self) -> str:
        """Why the child failed: its exit status (waiting up to 5 s, then killing it) and the
        last line of its error output."""
        proc = self.proc
        if proc is not None:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self._stderr.seek(0)
        lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
        status = f"exit status {proc.returncode}" if proc is not None else "closed"
        return f"{status}: {lines[-1] if lines else 'no error output'}"

    def close(self, *, kill: bool = False, timeout: float = 10) -> int | None:
        """End the child: end of input, then wait (killed if it does not end within
        ``timeout`` seconds, or at once with ``kill``). Returns its exit status (``None``
        when already closed). Idempotent."""
        proc, self.proc = self.proc, None
        if proc is None:
            return None
        try:
            if kill:
                proc.kill()
            try:
                proc.stdin.close()  # type: ignore[union-attr]
            except OSError:
                pass
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            return proc.wait()
        finally:
            self.answers.close()
            self._stderr.close()
