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

The process, its pipes and everything above that is about bytes and deadlines are
:class:`~conformance.engines.pipes.EngineProcess`'s; this module speaks the JSON lines.

Failures while a case runs become :class:`~conformance.errors.EngineTimeout`,
:class:`~conformance.errors.EngineCrashed`, :class:`~conformance.errors.EngineProtocolError` or
:class:`~conformance.errors.EngineAnswerTooLarge`; after any of them the process group is killed
and the object is dead (the runner starts a new one). Every live engine process is listed in
:mod:`conformance.engines.reaper`, which kills them all when the harness gets SIGTERM, SIGINT or
SIGHUP.
"""

from __future__ import annotations

import json
import time
from collections.abc import Collection, Mapping, Sequence
from typing import Any, NoReturn

from conformance import schemas
from conformance.engines.pipes import MAX_ANSWER_BYTES as MAX_ANSWER_BYTES
from conformance.engines.pipes import READ_CHUNK as READ_CHUNK
from conformance.engines.pipes import STDERR_LIMIT as STDERR_LIMIT
from conformance.engines.pipes import WRITE_CHUNK as WRITE_CHUNK
from conformance.engines.pipes import EngineProcess
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
    EngineCloseError,
    EngineCrashed,
    EngineFailure,
    EngineProtocolError,
    EngineReportedError,
    EngineStartError,
    ProtocolVersionMismatch,
)

CLOSE_TIMEOUT = 5.0
"""Seconds ``close`` gives the engine to answer ``stop`` (at most, within its ``timeout``) and
then to exit (the default ``close_grace``)."""


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def info_from_wire(data: Mapping[str, Any]) -> EngineInfo:
    """An :class:`EngineInfo` from the ``engine`` object of a ``start`` response.

    A protocol-2 engine's ``actions``, ``choices`` and optional ``costs`` and ``setup`` fields
    are its declared support; a protocol-1
    engine supports exactly the protocol-1 actions and choices (its ``extra`` keeps whatever it
    sent under those keys).
    """
    protocol = int(data["protocol"])
    known = {"name", "version", "protocol", "features", "cards"}
    if protocol >= 2:
        known |= {"actions", "choices", "costs", "setup"}
    return EngineInfo(
        name=str(data["name"]), version=str(data["version"]), protocol=protocol,
        features=frozenset(data["features"]), cards=frozenset(data["cards"]),
        extra={k: v for k, v in data.items() if k not in known},
        actions=frozenset(data["actions"]) if protocol >= 2 else V1_ACTIONS,
        choices=frozenset(data["choices"]) if protocol >= 2 else V1_CHOICES,
        costs=frozenset(data.get("costs") or ()) if protocol >= 2 else frozenset(),
        setup=frozenset(data.get("setup") or ()) if protocol >= 2 else frozenset(),
    )


def info_to_wire(info: EngineInfo) -> dict[str, Any]:
    """The ``engine`` object of a ``start`` response for ``info``."""
    out = {**info.extra, "name": info.name, "version": info.version, "protocol": info.protocol,
           "features": sorted(info.features), "cards": sorted(info.cards)}
    if info.protocol >= 2:
        out.update(actions=sorted(info.actions), choices=sorted(info.choices))
        if info.costs:
            out.update(costs=sorted(info.costs))
        if info.setup:
            out["setup"] = sorted(info.setup)
    return out


class StdioEngine:
    """An engine program behind the JSON-lines stdio protocol (an :class:`Engine`).

    ``timeout`` bounds each request (writing it and reading its answer) unless a deadline set with
    :meth:`set_deadline` comes first; ``start_timeout`` bounds ``start``. With ``validate=True``
    every response is checked against its schema in ``conformance/schema/io/`` (smoke tests do
    this; runs check only the shape). ``max_answer_bytes`` bounds one answer line. ``cards``, when
    given, are sent in ``start`` (sorted): the cards of the cases the engine may be sent.
    ``close_grace`` bounds how long :meth:`close` waits for the exit once ``stop`` is answered.
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
        cards: Collection[str] | None = None,
        close_grace: float = CLOSE_TIMEOUT,
    ) -> None:
        self.argv = list(argv)
        self.close_grace = close_grace
        self.close_note: str | None = None
        """After :meth:`close`: why the engine was killed although it answered ``stop`` (it was
        still running ``close_grace`` seconds later), else None."""
        self.cards = None if cards is None else sorted(set(cards))
        self.timeout = timeout
        self.validate = validate
        self.max_answer_bytes = max_answer_bytes
        self._deadline: float | None = None
        self._seq = 0
        self._proc = EngineProcess(self.argv, cwd=cwd, env=env,
                                   max_answer_bytes=max_answer_bytes)
        self._info = self._start(start_timeout)

    # --- lifecycle ------------------------------------------------------------------------------

    def _start(self, start_timeout: float) -> EngineInfo:
        saved = self.timeout
        self.timeout = start_timeout
        try:
            offered = {} if self.cards is None else {"cards": self.cards}
            resp = self._request("start", protocol=PROTOCOL_VERSION, max_protocol=MAX_PROTOCOL,
                                 **offered)
        except (EngineFailure, EngineReportedError) as exc:
            self._proc.kill()
            tail = self.stderr_tail()
            raise EngineStartError(f"{self.argv!r} failed at start: {exc}"
                                   + (f"\nstderr:\n{tail}" if tail else "")) from exc
        finally:
            self.timeout = saved
        engine = resp.get("engine")
        if not isinstance(engine, dict) or schemas.problems("io/start.response", resp):
            self._proc.kill()
            raise EngineStartError(f"invalid start response: {schemas.problems('io/start.response', resp)}")
        if engine.get("protocol") not in PROTOCOLS:
            self._proc.kill()
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
        return not self._proc.dead and not self._proc.exited()

    @property
    def pid(self) -> int:
        """The engine process id (also its process group id)."""
        return self._proc.pid

    def stderr_tail(self) -> str:
        """The last bytes the engine wrote to stderr, decoded."""
        return self._proc.stderr_tail()

    def close(self) -> None:
        """Send ``stop``, close the engine's input, wait up to ``close_grace`` seconds for it to
        exit, then kill its process group (what it started and left running dies with it).

        Raises :class:`EngineCloseError` when a live engine did not answer ``stop`` (it refused,
        broke the protocol, or gave no answer within :data:`CLOSE_TIMEOUT`); it is killed. An engine
        that answered ``stop`` but is still running after the grace (a slow exit on a loaded
        machine looks the same as one that ignores the end of its input) is killed without an
        error, and :attr:`close_note` says so: whether the close succeeds never depends on how
        fast a well-behaved engine exits. A dead engine closes quietly.
        """
        if self._proc.dead or self._proc.exited():
            self._proc.kill()
            return
        problem: Exception | None = None
        try:
            self.timeout, self._deadline = min(self.timeout, CLOSE_TIMEOUT), None
            self._request("stop")
        except (EngineFailure, EngineReportedError) as exc:
            problem = exc
        if not self._proc.dead:
            self._proc.close_stdin()
            if not self._proc.wait_exit(self.close_grace) and problem is None:
                self.close_note = (f"still running {self.close_grace:g} s after answering stop: "
                                   "killed")
        self._proc.kill()
        if problem is not None:
            raise EngineCloseError(f"engine did not stop cleanly: {problem}")

    def kill(self) -> None:
        """Kill the engine's process group now, without a word."""
        self._proc.kill()

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
        if self._proc.dead:
            raise EngineCrashed("engine is not running (it failed earlier)", self.stderr_tail())
        seq = self._seq
        self._seq += 1
        line = json.dumps({"seq": seq, "cmd": cmd, **fields}, separators=(",", ":"),
                          ensure_ascii=False, allow_nan=False).encode("utf-8") + b"\n"
        limit = self._limit()
        self._proc.send(line, cmd, limit)
        raw = self._proc.read_line(cmd, limit)
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

    def _fail(self, cls: type[EngineFailure], message: str) -> NoReturn:
        self._proc.fail(cls, message)
