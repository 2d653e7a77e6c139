"""An engine's process and its pipes: the byte level of the stdio transport.

:class:`EngineProcess` starts a program in a process group (session) of its own, with its stdin,
stdout and stderr non-blocking and served by one selector, so that nothing on the wire can block
the harness (see :mod:`conformance.engines.stdio` for the whole list):

* :meth:`~EngineProcess.send` writes one request line and :meth:`~EngineProcess.read_line` reads
  one answer line, both bounded by an absolute deadline, draining stderr into a bounded buffer
  meanwhile (its tail is attached to failures);
* an exit is noticed at once (watched with a pidfd where there is one), also while a child of the
  engine still holds its stdout;
* an answer is read in large chunks, scanning only new bytes for the newline, and is bounded by
  ``max_answer_bytes``;
* every failure kills the process group first (:meth:`~EngineProcess.fail`): what the engine
  started dies with it. A live process is listed in :mod:`conformance.engines.reaper`.

The JSON lines on top (requests, answers, ``start`` and ``stop``) are
:class:`~conformance.engines.stdio.StdioEngine`'s.
"""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from typing import NoReturn

from conformance.engines import reaper
from conformance.errors import (
    EngineAnswerTooLarge,
    EngineCrashed,
    EngineFailure,
    EngineStartError,
    EngineTimeout,
)

__all__ = ["MAX_ANSWER_BYTES", "READ_CHUNK", "STDERR_LIMIT", "WRITE_CHUNK", "EngineProcess"]

STDERR_LIMIT = 64 * 1024
"""Bytes of an engine's stderr kept (the tail)."""
MAX_ANSWER_BYTES = 256 * 1024 * 1024
"""Default bound of one answer line (``rulings run --max-answer-mb``, default 256)."""
READ_CHUNK = 1 << 20
"""Bytes read from the engine's stdout per system call."""
WRITE_CHUNK = 1 << 16
"""Bytes written to the engine's stdin per system call."""

_LEADING_WS = re.compile(rb"[ \t\r\n]*")


class EngineProcess:
    """A running engine program: its process group, pipes, selector and stderr tail.

    Raises :class:`~conformance.errors.EngineStartError` when the program cannot be started.
    After a failure (:meth:`fail`) or :meth:`kill` the process is dead: its group is killed, the
    leader reaped and the pipes closed.
    """

    def __init__(self, argv: Sequence[str], *, cwd: str | None = None,
                 env: Mapping[str, str] | None = None,
                 max_answer_bytes: int = MAX_ANSWER_BYTES) -> None:
        self.argv = list(argv)
        self.max_answer_bytes = max_answer_bytes
        self.dead = False
        """Killed (by a failure or on purpose); nothing more is sent."""
        self._buf = bytearray()
        self._scanned = 0
        """Bytes at the start of ``_buf`` known to hold no newline."""
        self._stderr = bytearray()
        self._reaped = False
        self._eof = False
        self._err_open = True
        self._pidfd: int | None = None
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=dict(env) if env is not None else None, bufsize=0,
                start_new_session=True,
            )
        except OSError as exc:
            raise EngineStartError(f"cannot start {self.argv!r}: {exc}") from exc
        reaper.register(self)
        assert self._proc.stdout is not None and self._proc.stderr is not None
        assert self._proc.stdin is not None
        self._in_fd = self._proc.stdin.fileno()
        self._out_fd = self._proc.stdout.fileno()
        self._err_fd = self._proc.stderr.fileno()
        for fd in (self._in_fd, self._out_fd, self._err_fd):
            os.set_blocking(fd, False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._out_fd, selectors.EVENT_READ)
        self._sel.register(self._err_fd, selectors.EVENT_READ)
        try:
            self._pidfd = os.pidfd_open(self._proc.pid)
            self._sel.register(self._pidfd, selectors.EVENT_READ)
        except (AttributeError, OSError):  # no pidfd (not Linux >= 5.3): poll the exit instead
            self._pidfd = None

    @property
    def pid(self) -> int:
        """The process id (also its process group id)."""
        return self._proc.pid

    def stderr_tail(self) -> str:
        """The last bytes the engine wrote to stderr, decoded."""
        self._drain_stderr()
        return self._stderr.decode("utf-8", "replace")

    def close_stdin(self) -> None:
        """Close the engine's input (end of file: it should exit)."""
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
        except OSError:
            pass

    def send(self, line: bytes, cmd: str, limit: float) -> None:
        """Write one request, serving stdout and stderr meanwhile; bounded by ``limit``."""
        view = memoryview(line)
        pos = 0
        registered = False
        try:
            while pos < len(view):
                try:
                    pos += os.write(self._in_fd, view[pos:pos + WRITE_CHUNK])
                    continue
                except BlockingIOError:
                    pass
                except OSError:  # EPIPE: it closed its input or died
                    self.fail(EngineCrashed, self.exit_message(
                        f"stopped reading its input before `{cmd}` was written"))
                if not registered:
                    self._sel.register(self._in_fd, selectors.EVENT_WRITE)
                    registered = True
                if self.exited():
                    self.fail(EngineCrashed, self.exit_message(
                        f"exited before `{cmd}` was written"))
                left = limit - time.monotonic()
                if left <= 0:
                    self.fail(EngineTimeout, f"did not read the `{cmd}` request within the "
                                              f"time limit ({pos} of {len(view)} bytes taken)")
                self._serve(self._sel.select(self._select_wait(left)), cmd)
        finally:
            if registered and not self.dead:
                self._sel.unregister(self._in_fd)

    def _select_wait(self, left: float) -> float:
        return left if self._pidfd is not None else min(left, 0.05)

    def _serve(self, ready: list[tuple[selectors.SelectorKey, int]], cmd: str) -> None:
        """Read what is ready on stdout and stderr; notice an exit."""
        for key, _ in ready:
            if key.fd == self._out_fd:
                self._read_out(cmd)
            elif key.fd == self._err_fd:
                self._drain_stderr()

    def _read_out(self, cmd: str) -> None:
        chunk = self._read_fd(self._out_fd, READ_CHUNK)
        if chunk is None:
            return
        if chunk == b"":
            self._eof = True
            return
        self._buf += chunk
        if len(self._buf) > self.max_answer_bytes and self._buf.find(b"\n", self._scanned) < 0:
            self.fail(EngineAnswerTooLarge,
                       f"answer to `{cmd}` is over {self.max_answer_bytes} bytes without an end "
                       f"of line (limit: --max-answer-mb)")

    def read_line(self, cmd: str, limit: float) -> bytes:
        """The next non-blank line of stdout (without its newline), by ``limit``; an exit, an end
        of file, the deadline or an over-long line is a failure (``cmd`` names the request in
        its message)."""
        while True:
            m = _LEADING_WS.match(self._buf)  # blank lines, dropped in one go
            blank = m.end() if m is not None else 0
            if blank:
                del self._buf[:blank]
                self._scanned = max(0, self._scanned - blank)
            nl = self._buf.find(b"\n", self._scanned)
            if nl >= 0:
                if nl > self.max_answer_bytes:
                    self.fail(EngineAnswerTooLarge,
                               f"answer to `{cmd}` is {nl} bytes, over the limit of "
                               f"{self.max_answer_bytes} (--max-answer-mb)")
                line = bytes(self._buf[:nl])
                del self._buf[: nl + 1]
                self._scanned = 0
                if line.strip():
                    return line
                continue
            self._scanned = len(self._buf)
            if self._eof:
                self.fail(EngineCrashed, self.exit_message(f"closed its output during `{cmd}`"))
            if self.exited():
                # It exited: what it wrote before is in the pipe. A child of its may still hold
                # the pipe open, so no end of file will come: read what is there, then give up.
                while not self._eof and (chunk := self._read_fd(self._out_fd, READ_CHUNK)):
                    self._buf += chunk
                if self._buf.find(b"\n", self._scanned) >= 0:
                    continue
                self.fail(EngineCrashed, self.exit_message(f"exited during `{cmd}`"))
            left = limit - time.monotonic()
            if left <= 0:
                self.fail(EngineTimeout, f"no answer to `{cmd}` within the time limit")
            self._serve(self._sel.select(self._select_wait(left)), cmd)

    @staticmethod
    def _read_fd(fd: int, size: int = 1 << 16) -> bytes | None:
        try:
            return os.read(fd, size)
        except BlockingIOError:
            return None
        except OSError:
            return b""

    def _drain_stderr(self) -> None:
        while self._err_open:
            chunk = self._read_fd(self._err_fd)
            if not chunk:
                if chunk == b"":
                    self._err_open = False
                    try:
                        self._sel.unregister(self._err_fd)
                    except (KeyError, ValueError, RuntimeError):
                        pass
                return
            self._stderr += chunk
            if len(self._stderr) > STDERR_LIMIT:
                del self._stderr[: len(self._stderr) - STDERR_LIMIT]
            if len(chunk) < 1 << 16:
                return  # drained for now; an endless writer must not keep us here

    def _exit_code(self) -> int | None:
        """The exit status of the finished engine (negative: killed by that signal), without
        reaping it; None while it runs."""
        if self._reaped:
            return self._proc.returncode
        try:
            info = os.waitid(os.P_PID, self._proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return self._proc.returncode
        if info is None:
            return None
        return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status

    def exited(self) -> bool:
        """Whether the process has exited (without reaping it)."""
        if self._reaped:
            return True
        try:
            return os.waitid(os.P_PID, self._proc.pid,
                             os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

    def wait_exit(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the engine to exit (not reaping it); whether it did."""
        end = time.monotonic() + seconds
        while not self.exited():
            left = end - time.monotonic()
            if left <= 0:
                return False
            if self._pidfd is not None:
                sel = selectors.DefaultSelector()
                try:
                    sel.register(self._pidfd, selectors.EVENT_READ)
                    sel.select(left)
                finally:
                    sel.close()
            else:
                time.sleep(min(left, 0.02))
        return True

    def exit_message(self, what: str) -> str:
        """``engine <what>``, with its exit code or signal once it has exited."""
        self.wait_exit(1.0)
        rc = self._exit_code()
        if rc is None:
            return f"engine {what}"
        how = f"killed by signal {-rc}" if rc < 0 else f"exit code {rc}"
        return f"engine {what} ({how})"

    def fail(self, cls: type[EngineFailure], message: str) -> NoReturn:
        """Kill the process group and raise ``cls`` with ``message`` and the stderr tail."""
        self.kill()
        raise cls(message, self.stderr_tail())

    def kill(self) -> None:
        """Kill the process group (before reaping the leader, so its id cannot be reused), reap
        the leader, close the pipes."""
        if self._reaped:
            return
        self.dead = True
        try:
            os.killpg(self._proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self._reaped = True
        reaper.unregister(self)
        self._drain_stderr()
        self._err_open = False
        for f in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
            try:
                if f:
                    f.close()
            except OSError:
                pass
        try:
            self._sel.close()
        except (OSError, ValueError, KeyError):
            pass
        if self._pidfd is not None:
            try:
                os.close(self._pidfd)
            except OSError:
                pass
            self._pidfd = None
