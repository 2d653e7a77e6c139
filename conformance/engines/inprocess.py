"""In-process engines: a Python :class:`Engine` called directly, guarded like a transport.

:class:`InProcessEngine` wraps an engine factory so that an in-process engine fails the way a
process does: any exception other than :class:`EngineReportedError` becomes
:class:`EngineCrashed` (with the traceback as its "stderr"), and the wrapper is dead afterwards.
A call is cut short at the deadline when it runs in the main thread of a process with
``SIGALRM`` (the runner's case, workers included): a real-time timer raises
:class:`EngineOvertime` (a ``BaseException``, so the engine's ``except Exception`` cannot swallow
it) inside the engine's Python code, and the call is :class:`EngineTimeout`; the wrapper is dead
afterwards. Elsewhere, and for an engine stuck in C code, a call that returns after the deadline
raises :class:`EngineTimeout`. Run such an engine over stdio
(``cmd:python -m conformance.engines.serve SPEC``) to get hard timeouts.
"""

from __future__ import annotations

import signal
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any

from conformance.engines.protocol import Engine, EngineInfo, Observation
from conformance.errors import (
    EngineCrashed,
    EngineReportedError,
    EngineStartError,
    EngineTimeout,
    ProtocolVersionMismatch,
)


class EngineOvertime(BaseException):  # noqa: N818 - a signal, like KeyboardInterrupt
    """Raised inside an in-process engine's call by the deadline timer (never escapes
    :class:`InProcessEngine`: it becomes :class:`EngineTimeout`)."""


def _overtime(_signum: int, _frame: Any) -> None:
    raise EngineOvertime


EngineFactory = Callable[[], Engine]
"""Anything that makes a fresh engine: an engine class, or a function returning one."""


def coerce_observation(value: Any) -> Observation:
    """Accept an :class:`Observation` or a ``{"events": [...], "state": {...}}`` mapping."""
    if isinstance(value, Observation):
        return value
    if isinstance(value, Mapping) and isinstance(value.get("events"), list) and isinstance(
            value.get("state"), Mapping):
        return Observation(events=list(value["events"]), state=dict(value["state"]))
    raise TypeError(f"observe() returned {type(value).__name__}, not an Observation")


class InProcessEngine:
    """A Python engine behind the same failure rules as a process (an :class:`Engine`)."""

    def __init__(self, factory: EngineFactory, *, check_protocol: bool = True) -> None:
        from conformance.engines.protocol import PROTOCOL_VERSION

        try:
            self._engine = factory()
            self._info = self._engine.info()
        except EngineReportedError as exc:
            raise EngineStartError(f"engine refused to start: {exc}") from exc
        except Exception as exc:  # noqa: BLE001 - any failure of foreign code at start
            raise EngineStartError(f"engine failed at start: {exc!r}") from exc
        if check_protocol and self._info.protocol != PROTOCOL_VERSION:
            raise ProtocolVersionMismatch(PROTOCOL_VERSION, self._info.protocol)
        self._deadline: float | None = None
        self._dead = False

    @property
    def engine(self) -> Engine:
        """The wrapped engine object."""
        return self._engine

    def info(self) -> EngineInfo:
        """What the engine declared."""
        return self._info

    def set_deadline(self, deadline: float | None) -> None:
        """Absolute :func:`time.monotonic` time after which an answer counts as a timeout."""
        self._deadline = deadline

    def _call(self, name: str, fn: Callable[..., Any], *args: Any) -> Any:
        if self._dead:
            raise EngineCrashed("engine is not running (it failed earlier)")
        try:
            result = self._timed(fn, *args)
        except EngineOvertime:
            self._dead = True
            raise EngineTimeout(f"engine did not answer `{name}` within the time limit "
                                "(interrupted)", traceback.format_exc(limit=20)) from None
        except EngineReportedError:
            self._check_deadline(name)
            raise
        except Exception as exc:  # noqa: BLE001 - foreign code: any exception is a crash
            self._dead = True
            raise EngineCrashed(f"engine raised {type(exc).__name__} in {name}: {exc}",
                                traceback.format_exc(limit=20)) from exc
        self._check_deadline(name)
        return result

    def _timed(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)``, interrupted by :class:`EngineOvertime` at the deadline when a timer can
        be armed (main thread, SIGALRM, no other real-time timer running)."""
        if (self._deadline is None or not hasattr(signal, "setitimer")
                or threading.current_thread() is not threading.main_thread()
                or signal.getitimer(signal.ITIMER_REAL)[0] > 0):
            return fn(*args)
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise EngineOvertime
        previous = signal.signal(signal.SIGALRM, _overtime)
        try:
            signal.setitimer(signal.ITIMER_REAL, left)
            try:
                return fn(*args)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        finally:
            signal.signal(signal.SIGALRM, previous)

    def _check_deadline(self, name: str) -> None:
        if self._deadline is not None and time.monotonic() > self._deadline:
            self._dead = True
            raise EngineTimeout(f"engine answered `{name}` after the time limit")

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        """Start a fresh game."""
        self._call("setup", self._engine.setup, case_id, setup)

    def act(self, action: dict[str, Any]) -> None:
        """Apply one action."""
        self._call("action", self._engine.act, action)

    def observe(self) -> Observation:
        """Events and state."""
        value = self._call("observe", self._engine.observe)
        try:
            return coerce_observation(value)
        except TypeError as exc:
            self._dead = True
            raise EngineCrashed(str(exc)) from exc

    def close(self) -> None:
        """Close the wrapped engine (errors swallowed once it is dead)."""
        try:
            self._engine.close()
        except Exception:  # noqa: BLE001
            if not self._dead:
                raise
        finally:
            self._dead = True
