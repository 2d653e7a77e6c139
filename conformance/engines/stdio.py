"""The stdio transport: an engine program speaking JSON lines over its stdin/stdout.

:class:`StdioEngine` starts the program, sends ``start``, and then implements the
:class:`~conformance.engines.protocol.Engine` protocol by sending one request line per call and
reading one response line. Reading uses a selector on the child's stdout and stderr, so a hung
engine costs at most the time left before the deadline, and stderr is drained into a bounded
buffer (its tail is attached to crash reports).

Failures while a case runs become :class:`~conformance.errors.EngineTimeout`,
:class:`~conformance.errors.EngineCrashed` or :class:`~conformance.errors.EngineProtocolError`;
after any of them the process is killed and the object is dead (the runner starts a new one).
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import time
from collections.abc import Mapping, Sequence
from typing import Any

from conformance import schemas
from conformance.engines.protocol import PROTOCOL_VERSION, EngineInfo, Observation
from conformance.errors import (
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


def info_from_wire(data: Mapping[str, Any]) -> EngineInfo:
    """An :class:`EngineInfo` from the ``engine`` object of a ``start`` response."""
    known = {"name", "version", "protocol", "features", "cards"}
    return EngineInfo(
        name=str(data["name"]), version=str(data["version"]), protocol=int(data["protocol"]),
        features=frozenset(data["features"]), cards=frozenset(data["cards"]),
        extra={k: v for k, v in data.items() if k not in known},
    )


def info_to_wire(info: EngineInfo) -> dict[str, Any]:
    """The ``engine`` object of a ``start`` response for ``info``."""
    return {**info.extra, "name": info.name, "version": info.version, "protocol": info.protocol,
            "features": sorted(info.features), "cards": sorted(info.cards)}


class StdioEngine:
    """An engine program behind the JSON-lines stdio protocol (an :class:`Engine`).

    ``timeout`` bounds each request unless a deadline set with :meth:`set_deadline` comes first;
    ``start_timeout`` bounds ``start``. With ``validate=True`` every response is checked against
    its schema in ``conformance/schema/io/`` (smoke tests do this; runs check only the shape).
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
    ) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.validate = validate
        self._deadline: float | None = None
        self._seq = 0
        self._buf = bytearray()
        self._stderr = bytearray()
        self._dead = False
        self._eof = False
        self._err_open = True
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=dict(env) if env is not None else None, bufsize=0,
            )
        except OSError as exc:
            raise EngineStartError(f"cannot start {self.argv!r}: {exc}") from exc
        assert self._proc.stdout is not None and self._proc.stderr is not None
        self._out_fd = self._proc.stdout.fileno()
        self._err_fd = self._proc.stderr.fileno()
        os.set_blocking(self._out_fd, False)
        os.set_blocking(self._err_fd, False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._out_fd, selectors.EVENT_READ)
        self._sel.register(self._err_fd, selectors.EVENT_READ)
        self._info = self._start(start_timeout)

    # --- lifecycle ------------------------------------------------------------------------------

    def _start(self, start_timeout: float) -> EngineInfo:
        saved = self.timeout
        self.timeout = start_timeout
        try:
            resp = self._request("start", protocol=PROTOCOL_VERSION)
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
        if engine.get("protocol") != PROTOCOL_VERSION:
            self._kill()
            raise ProtocolVersionMismatch(PROTOCOL_VERSION, engine.get("protocol"))
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
        return not self._dead and self._proc.poll() is None

    @property
    def pid(self) -> int:
        """The engine process id."""
        return self._proc.pid

    def stderr_tail(self) -> str:
        """The last bytes the engine wrote to stderr, decoded."""
        self._drain_stderr()
        return self._stderr.decode("utf-8", "replace")

    def close(self) -> None:
        """Send ``stop`` and wait for the process to exit; kill it if it does not.

        Raises :class:`EngineCloseError` when a live engine did not stop cleanly (it is killed).
        A dead engine closes quietly.
        """
        if self._dead or self._proc.poll() is not None:
            self._kill()
            return
        problem: Exception | None = None
        try:
            self.timeout, self._deadline = min(self.timeout, 5.0), None
            self._request("stop")
        except (EngineFailure, EngineReportedError) as exc:
            problem = exc
        try:
            if self._proc.stdin:
                self._proc.stdin.close()
            self._proc.wait(timeout=5)
        except (subprocess.TimeoutExpired, OSError) as exc:
            problem = problem or exc
        self._kill()
        if problem is not None:
            raise EngineCloseError(f"engine did not stop cleanly: {problem}")

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

    def _request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        if self._dead:
            raise EngineCrashed("engine is not running (it failed earlier)", self.stderr_tail())
        seq = self._seq
        self._seq += 1
        line = json.dumps({"seq": seq, "cmd": cmd, **fields}, separators=(",", ":"),
                          ensure_ascii=False).encode("utf-8") + b"\n"
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.write(line)
        except (BrokenPipeError, OSError):
            self._fail(EngineCrashed, self._exit_message(f"died before `{cmd}`"))
        raw = self._read_line(cmd)
        try:
            resp = json.loads(raw)
        except ValueError:
            text = raw.decode("utf-8", "replace")
            self._fail(EngineProtocolError, f"answered `{cmd}` with a line that is not JSON: "
                                            f"{text[:200]!r}")
        if not isinstance(resp, dict) or resp.get("seq") != seq or not isinstance(resp.get("ok"), bool):
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

    def _read_line(self, cmd: str) -> bytes:
        limit = time.monotonic() + self.timeout
        if self._deadline is not None:
            limit = min(limit, self._deadline)
        while True:
            nl = self._buf.find(b"\n")
            if nl >= 0:
                line = bytes(self._buf[:nl])
                del self._buf[: nl + 1]
                if line.strip():
                    return line
                continue
            if self._eof:
                self._fail(EngineCrashed, self._exit_message(f"closed its output during `{cmd}`"))
            left = limit - time.monotonic()
            if left <= 0:
                self._fail(EngineTimeout, f"no answer to `{cmd}` within the time limit")
            for key, _ in self._sel.select(left):
                if key.fd == self._out_fd:
                    chunk = self._read_fd(self._out_fd)
                    if chunk is None:
                        continue
                    if chunk == b"":
                        self._eof = True
                    self._buf += chunk
                else:
                    self._drain_stderr()

    @staticmethod
    def _read_fd(fd: int) -> bytes | None:
        try:
            return os.read(fd, 1 << 16)
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

    def _exit_message(self, what: str) -> str:
        try:
            rc = self._proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            rc = None
        return f"engine {what}" + (f" (exit code {rc})" if rc is not None else "")

    def _fail(self, cls: type[EngineFailure], message: str) -> None:
        self._kill()
        raise cls(message, self.stderr_tail())

    def _kill(self) -> None:
        self._dead = True
        if self._proc.poll() is None:
            try:
                self._proc.kill()
            except OSError:
                pass
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
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
