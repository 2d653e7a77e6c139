"""The stdio transport: an engine program speaking JSON lines over its stdin/stdout.

:class:`StdioEngine` starts the program, sends ``start``, and then implements the
:class:`~conformance.engines.protocol.Engine` protocol by sending one request line per call and
reading one response line. Nothing on the wire can block the harness:

* the engine's stdin, stdout and stderr are non-blocking and served by one selector, so a request
  written to an engine that stops reading, an answer that never comes and an engine that fills its
  stderr all cost at most the time left before the deadline (the case's time limit);
* stderr is drained into a bounded buffer (its tail is attached to crash reports), also while a
  request is being written;
* the engine runs in a process group (session) of its own; killing it kills the group, so the
  processes it started die with it, and an engine that exits while a child of its still holds its
  stdout is a ``crash`` at once (its exit is watched with a pidfd), not a ``timeout``;
* an answer is read in large chunks, scanning only new bytes for the newline, and is bounded by
  ``max_answer_bytes`` (:data:`MAX_ANSWER_BYTES`, ``rulings run --max-answer-mb``): a longer line
  is the :class:`~conformance.errors.EngineAnswerTooLarge` failure (status ``error``);
* an answer must be strict JSON: ``NaN``/``Infinity``, lone surrogates (``\\ud800``), nesting
  deeper than the parser can take, a ``seq`` that is not the integer sent are protocol errors.

Failures while a case runs become :class:`~conformance.errors.EngineTimeout`,
:class:`~conformance.errors.EngineCrashed`, :class:`~conformance.errors.EngineProtocolError` or
:class:`~conformance.errors.EngineAnswerTooLarge`; after any of them the process group is killed
and the object is dead (the runner starts a new one). Every live engine is listed in
:mod:`conformance.engines.reaper`, which kills them all when the harness gets SIGTERM, SIGINT or
SIGHUP.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from conformance import schemas
from conformance.engines import reaper
from conformance.engines.protocol import (
    MAX_PROTOCOL,
    PROTOCOL_VERSION,
    PROTOCOLS,
    V1_ACTIONS,
    V1_CHOICES,
    EngineInfo,
    Observation,
)
from conformance.errors import (
    EngineAnswerTooLarge,
    EngineCloseError,
    EngineCrashed,
    EngineFailure,
    EngineProtocolError,
    EngineReportedError,
    EngineStartError,
    EngineTimeout,
    ProtocolVersionMismatch,
)

STDERR_LIMIT = 64 * 1024
"""Bytes of an engine's stderr kept (the tail)."""
MAX_ANSWER_BYTES = 256 * 1024 * 1024
"""Default bound of one answer line (``rulings run --max-answer-mb``, default 256)."""
READ_CHUNK = 1 << 20
"""Bytes read from the engine's stdout per system call."""
WRITE_CHUNK = 1 << 16
"""Bytes written to the engine's stdin per system call."""
CLOSE_TIMEOUT = 5.0
"""Seconds ``close`` gives the engine to answer ``stop`` and to exit."""


_LEADING_WS = re.compile(rb"[ \t\r\n]*")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def info_from_wire(data: Mapping[str, Any]) -> EngineInfo:
    """An :class:`EngineInfo` from the ``engine`` object of a ``start`` response.

    A protocol-2 engine's ``actions``, ``choices`` and (optional) ``setup`` fields are its
    declared support; a protocol-1
    engine supports exactly the protocol-1 actions and choices (its ``extra`` keeps whatever it
    sent under those keys).
    """
    protocol = int(data["protocol"])
    known = {"name", "version", "protocol", "features", "cards"}
    if protocol >= 2:
        known |= {"actions", "choices", "setup"}
    return EngineInfo(
        name=str(data["name"]), version=str(data["version"]), protocol=protocol,
        features=frozenset(data["features"]), cards=frozenset(data["cards"]),
        extra={k: v for k, v in data.items() if k not in known},
        actions=frozenset(data["actions"]) if protocol >= 2 else V1_ACTIONS,
        choices=frozenset(data["choices"]) if protocol >= 2 else V1_CHOICES,
        setup=frozenset(data.get("setup") or ()) if protocol >= 2 else frozenset(),
    )


def info_to_wire(info: EngineInfo) -> dict[str, Any]:
    """The ``engine`` object of a ``start`` response for ``info``."""
    out = {**info.extra, "name": info.name, "version": info.version, "protocol": info.protocol,
           "features": sorted(info.features), "cards": sorted(info.cards)}
    if info.protocol >= 2:
        out.update(actions=sorted(info.actions), choices=sorted(info.choices))
        if info.setup:
            out["setup"] = sorted(info.setup)
    return out


class StdioEngine:
    """An engine program behind the JSON-lines stdio protocol (an :class:`Engine`).

    ``timeout`` bounds each request (writing it and reading its answer) unless a deadline set with
    :meth:`set_deadline` comes first; ``start_timeout`` bounds ``start``. With ``validate=True``
    every response is checked against its schema in ``conformance/schema/io/`` (smoke tests do
    this; runs check only the shape). ``max_answer_bytes`` bounds one answer line.
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        timeout: float = 10.0,
        start_timeout: float = 30.0,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        validate: bool = False,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
    ) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.validate = validate
        self.max_answer_bytes = max_answer_bytes
        self._deadline: float | None = None
        self._seq = 0
        self._buf = bytearray()
        self._scanned = 0
        """Bytes at the start of ``_buf`` known to hold no newline."""
        self._stderr = bytearray()
        self._dead = False
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
        self._info = self._start(start_timeout)

    # --- lifecycle ------------------------------------------------------------------------------

    def _start(self, start_timeout: float) -> EngineInfo:
        saved = self.timeout
        self.timeout = start_timeout
        try:
            resp = self._request("start", protocol=PROTOCOL_VERSION, max_protocol=MAX_PROTOCOL)
        except (EngineFailure, EngineReportedError) as exc:
            self._kill()
            tail = self.stderr_tail()
            raise EngineStartError(f"{self.argv!r} failed at start: {exc}"
                                   + (f"\nstderr:\n{tail}" if tail else "")) from exc
        finally:
            self.timeout = saved
        engine = resp.get("engine")
        if not isinstance(engine, dict) or schemas.problems("io/start.response", resp):
            self._kill()
            raise EngineStartError(f"invalid start response: {schemas.problems('io/start.response', resp)}")
        if engine.get("protocol") not in PROTOCOLS:
            self._kill()
            raise ProtocolVersionMismatch(" or ".join(map(str, PROTOCOLS)), engine.get("protocol"))
        return info_from_wire(engine)

    def info(self) -> EngineInfo:
        """What the engine declared at ``start``."""
        return self._info

    def set_deadline(self, deadline: float | None) -> None:
        """Absolute :func:`time.monotonic` time by which every answer must have come (or None)."""
        self._deadline = deadline

    @property
    def alive(self) -> bool:
        """Whether the process runs and has not broken the protocol."""
        return not self._dead and not self._exited()

    @property
    def pid(self) -> int:
        """The engine process id (also its process group id)."""
        return self._proc.pid

    def stderr_tail(self) -> str:
        """The last bytes the engine wrote to stderr, decoded."""
        self._drain_stderr()
        return self._stderr.decode("utf-8", "replace")

    def close(self) -> None:
        """Send ``stop``, wait for the process to exit, then kill its process group (what it
        started and left running dies with it).

        Raises :class:`EngineCloseError` when a live engine did not stop cleanly (it is killed).
        A dead engine closes quietly.
        """
        if self._dead or self._exited():
            self._kill()
            return
        problem: Exception | None = None
        try:
            self.timeout, self._deadline = min(self.timeout, CLOSE_TIMEOUT), None
            self._request("stop")
        except (EngineFailure, EngineReportedError) as exc:
            problem = exc
        if not self._dead:
            try:
                assert self._proc.stdin is not None
                self._proc.stdin.close()
            except OSError:
                pass
            if not self._wait_exit(CLOSE_TIMEOUT):
                problem = problem or TimeoutError(f"still running {CLOSE_TIMEOUT:g} s after stop")
        self._kill()
        if problem is not None:
            raise EngineCloseError(f"engine did not stop cleanly: {problem}")

    def kill(self) -> None:
        """Kill the engine's process group now, without a word (signal handlers call this)."""
        self._kill()

    def __enter__(self) -> StdioEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the Engine verbs -----------------------------------------------------------------------

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        """Send ``setup``."""
        self._request("setup", case=case_id, setup=setup)

    def act(self, action: dict[str, Any]) -> None:
        """Send one ``action``."""
        self._request("action", action=action)

    def observe(self) -> Observation:
        """Send ``observe``; the response's events and state."""
        resp = self._request("observe")
        events, state = resp.get("events"), resp.get("state")
        if not isinstance(events, list) or not isinstance(state, dict) or not all(
                isinstance(e, dict) for e in events):
            self._fail(EngineProtocolError, "observe response lacks an events list or a state object")
        return Observation(events=events, state=state)  # type: ignore[arg-type]

    # --- plumbing -------------------------------------------------------------------------------

    def _limit(self) -> float:
        limit = time.monotonic() + self.timeout
        return min(limit, self._deadline) if self._deadline is not None else limit

    def _request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        if self._dead:
            raise EngineCrashed("engine is not running (it failed earlier)", self.stderr_tail())
        seq = self._seq
        self._seq += 1
        line = json.dumps({"seq": seq, "cmd": cmd, **fields}, separators=(",", ":"),
                          ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n"
        limit = self._limit()
        self._send(line, cmd, limit)
        raw = self._read_line(cmd, limit)
        resp = self._parse(raw, cmd)
        if not isinstance(resp, dict) or type(resp.get("seq")) is not int or resp["seq"] != seq \
                or not isinstance(resp.get("ok"), bool):
            self._fail(EngineProtocolError, f"answered `{cmd}` (seq {seq}) with an invalid "
                                            f"response: {str(resp)[:200]}")
        if self.validate:
            found = schemas.problems(f"io/{cmd}.response", resp)
            if found:
                self._fail(EngineProtocolError, f"`{cmd}` response breaks its schema: "
                                                + "; ".join(found[:5]))
        if not resp["ok"]:
            err = resp.get("error")
            if not isinstance(err, dict) or not isinstance(err.get("kind"), str):
                self._fail(EngineProtocolError, f"`{cmd}` refusal without an error kind: {resp!r}"[:300])
            raise EngineReportedError(err["kind"], str(err.get("message", "")))
        return resp

    def _parse(self, raw: bytes, cmd: str) -> Any:
        """Strict JSON of one answer line (see the module docs)."""
        try:
            resp = json.loads(raw, parse_constant=_no_constant)
        except RecursionError:
            self._fail(EngineProtocolError, f"answered `{cmd}` with JSON nested too deeply")
        except ValueError as exc:
            text = raw[:200].decode("utf-8", "replace")
            self._fail(EngineProtocolError, f"answered `{cmd}` with a line that is not JSON "
                                            f"({str(exc)[:100]}): {text!r}")
        if b"\\u" in raw:  # escapes may hide a lone surrogate, which is not Unicode
            try:
                json.dumps(resp, ensure_ascii=False).encode("utf-8")
            except UnicodeEncodeError:
                self._fail(EngineProtocolError, f"answered `{cmd}` with a lone surrogate "
                                                "escape (\\ud800-\\udfff): not valid Unicode")
        return resp

    def _send(self, line: bytes, cmd: str, limit: float) -> None:
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
                    self._fail(EngineCrashed, self._exit_message(
                        f"stopped reading its input before `{cmd}` was written"))
                if not registered:
                    self._sel.register(self._in_fd, selectors.EVENT_WRITE)
                    registered = True
                if self._exited():
                    self._fail(EngineCrashed, self._exit_message(
                        f"exited before `{cmd}` was written"))
                left = limit - time.monotonic()
                if left <= 0:
                    self._fail(EngineTimeout, f"did not read the `{cmd}` request within the "
                                              f"time limit ({pos} of {len(view)} bytes taken)")
                self._serve(self._sel.select(self._select_wait(left)), cmd)
        finally:
            if registered and not self._dead:
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
            self._fail(EngineAnswerTooLarge,
                       f"answer to `{cmd}` is over {self.max_answer_bytes} bytes without an end "
                       f"of line (limit: --max-answer-mb)")

    def _read_line(self, cmd: str, limit: float) -> bytes:
        while True:
            m = _LEADING_WS.match(self._buf)  # blank lines, dropped in one go
            blank = m.end() if m is not None else 0
            if blank:
                del self._buf[:blank]
                self._scanned = max(0, self._scanned - blank)
            nl = self._buf.find(b"\n", self._scanned)
            if nl >= 0:
                if nl > self.max_answer_bytes:
                    self._fail(EngineAnswerTooLarge,
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
                self._fail(EngineCrashed, self._exit_message(f"closed its output during `{cmd}`"))
            if self._exited():
                # It exited: what it wrote before is in the pipe. A child of its may still hold
                # the pipe open, so no end of file will come: read what is there, then give up.
                while not self._eof and (chunk := self._read_fd(self._out_fd, READ_CHUNK)):
                    self._buf += chunk
                if self._buf.find(b"\n", self._scanned) >= 0:
                    continue
                self._fail(EngineCrashed, self._exit_message(f"exited during `{cmd}`"))
            left = limit - time.monotonic()
            if left <= 0:
                self._fail(EngineTimeout, f"no answer to `{cmd}` within the time limit")
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

    def _exited(self) -> bool:
        if self._reaped:
            return True
        try:
            return os.waitid(os.P_PID, self._proc.pid,
                             os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

    def _wait_exit(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the engine to exit (not reaping it); whether it did."""
        end = time.monotonic() + seconds
        while not self._exited():
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

    def _exit_message(self, what: str) -> str:
        self._wait_exit(1.0)
        rc = self._exit_code()
        if rc is None:
            return f"engine {what}"
        how = f"killed by signal {-rc}" if rc < 0 else f"exit code {rc}"
        return f"engine {what} ({how})"

    def _fail(self, cls: type[EngineFailure], message: str) -> NoReturn:
        self._kill()
        raise cls(message, self.stderr_tail())

    def _kill(self) -> None:
        """Kill the process group (before reaping the leader, so its id cannot be reused), reap
        the leader, close the pipes."""
        if self._reaped:
            return
        self._dead = True
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
