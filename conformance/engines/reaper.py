"""Every live stdio engine of this process, and the signal handlers that kill them.

Engines run in process groups of their own (so a terminal's Ctrl-C does not reach them, and so
killing one kills what it started); the harness must therefore kill them itself when it is
interrupted. :func:`register` / :func:`unregister` keep the list (each stdio engine's
:class:`~conformance.engines.pipes.EngineProcess` calls them);
:func:`kill_all` kills every listed engine's process group; :func:`handling_signals` installs
SIGTERM/SIGINT/SIGHUP handlers for the duration of a run: they kill every engine, call the ``on_signal``
hook (the runner stops its worker processes there), and exit with the conventional status
``128 + signal number`` (129 for SIGHUP, 130 for SIGINT, 143 for SIGTERM).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any, Protocol


class Killable(Protocol):
    """What the reaper needs of an engine."""

    def kill(self) -> None:
        """Kill the engine's process group now."""
        ...


_live: dict[int, Killable] = {}
_lock = threading.Lock()

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                if hasattr(signal, name))
"""The signals a run cleans up after (SIGHUP: the terminal closed)."""


def register(engine: Killable) -> None:
    """List a started engine."""
    with _lock:
        _live[id(engine)] = engine


def unregister(engine: Killable) -> None:
    """Forget an engine (it was killed and reaped)."""
    with _lock:
        _live.pop(id(engine), None)


def live() -> list[Killable]:
    """The engines listed now."""
    with _lock:
        return list(_live.values())


def kill_all() -> None:
    """Kill every listed engine's process group (errors ignored: this runs while exiting)."""
    for engine in live():
        with contextlib.suppress(Exception):
            engine.kill()


def exit_status(signum: int) -> int:
    """The conventional exit status after signal ``signum``: ``128 + signum``."""
    return 128 + signum


@contextlib.contextmanager
def handling_signals(on_signal: Callable[[int], None] | None = None) -> Iterator[None]:
    """Within the block, SIGTERM, SIGINT and SIGHUP kill every engine, call ``on_signal(signum)``, and
    exit with status ``128 + signum`` by raising ``SystemExit`` (``finally`` blocks run).

    Outside the main thread this does nothing (Python delivers signals to the main thread only).
    The previous handlers are restored on leaving the block.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, _frame: Any) -> None:
        for s in SIGNALS:  # a second signal while cleaning up must not interrupt the cleanup
            signal.signal(s, signal.SIG_IGN)
        kill_all()
        if on_signal is not None:
            with contextlib.suppress(Exception):
                on_signal(signum)
        raise SystemExit(exit_status(signum))

    previous = {s: signal.getsignal(s) for s in SIGNALS}
    for s in SIGNALS:
        signal.signal(s, handler)
    try:
        yield
    finally:
        for s, h in previous.items():
            signal.signal(s, h if h is not None else signal.SIG_DFL)


def install_exit_handlers() -> None:
    """For a worker process: SIGTERM, SIGINT and SIGHUP kill every engine, then ``os._exit(128 + n)``
    (a worker's task loop would catch ``SystemExit``)."""

    def handler(signum: int, _frame: Any) -> None:
        for s in SIGNALS:
            signal.signal(s, signal.SIG_IGN)
        kill_all()
        os._exit(exit_status(signum))

    for s in SIGNALS:
        signal.signal(s, handler)
