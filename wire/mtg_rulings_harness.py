"""The stdio loop shared by the engine harnesses that run in virtual environments of their own
(``engines/python-mtg``, ``engines/phase``): standard library and ``mtg_rulings_wire`` only.

A harness subclasses :class:`Harness` (``start``, ``setup``, ``act``, ``observe``) and calls
:func:`main`. The loop reads one request a line, checks it with ``mtg_rulings_wire`` (framing,
command order), dispatches it, and answers one line: ``ok`` with the harness's fields, or a refusal
(:class:`HarnessError` gives the kind; any other exception is kind ``internal`` with a traceback, and
the harness keeps serving).

Memory: before a ``setup``, once the harness has played ``<PREFIX>_RESTART_EVERY`` games (default 500)
or its resident memory exceeds ``<PREFIX>_MAX_RSS_MB`` (default 1024), it re-executes itself: a fresh
interpreter on the same pipes answers that ``setup`` first, then every request already read. The
runner sees one engine; ``observe``'s ``extra.restarts`` counts the re-executions.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TextIO

import mtg_rulings_wire as wire

__all__ = ["Bounds", "FdLines", "Harness", "HarnessError", "exit_now", "main", "rss_mb", "serve",
           "unsupported"]

MAX_PENDING_CHARS = 100_000
"""Most read-ahead input a re-execution carries (an environment string holds at most 128 KiB); with
more, the harness does not restart before that setup."""


class HarnessError(Exception):
    """A refusal: ``{"ok": false, "error": {"kind": kind, "message": message}}``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


def unsupported(message: str) -> HarnessError:
    """A case the engine (or its harness) cannot express: never a silent approximation."""
    return HarnessError("unsupported", message)


def rss_mb() -> float:
    """Resident set size of this process in MiB (from /proc; 0.0 where unavailable)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024.0, 1)
    except OSError:
        pass
    return 0.0


class Harness:
    """One engine behind the protocol; :meth:`handle` dispatches a checked request to it."""

    protocol = 1
    """The protocol version the harness speaks (``start`` of another version is refused)."""

    def __init__(self) -> None:
        self.games = 0
        """Games set up since this process started."""
        self.restarts = 0
        """Times the harness re-executed itself before this process (set by :func:`serve`)."""

    def start(self, req: dict[str, Any]) -> dict[str, Any]:
        """The ``engine`` object of the ``start`` answer (``req`` may offer ``cards``)."""
        raise NotImplementedError

    def setup(self, case: str, setup: dict[str, Any]) -> None:
        """Set up a fresh game for case ``case`` (the previous game is dropped first)."""
        raise NotImplementedError

    def act(self, action: dict[str, Any]) -> None:
        """Apply one action to the current game."""
        raise NotImplementedError

    def observe(self) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The current game's events and state."""
        raise NotImplementedError

    def handle(self, req: dict[str, Any]) -> dict[str, Any]:
        """The fields of the ``ok`` answer to ``req`` (checked by ``mtg_rulings_wire``: well formed,
        in lifecycle order); raises :class:`HarnessError` for a refusal."""
        cmd = req["cmd"]
        if cmd == "start":
            return {"engine": self.start(req)}
        if cmd == "setup":
            self.setup(req["case"], req["setup"])
            self.games += 1
            return {}
        if cmd == "action":
            self.act(req["action"])
            return {}
        if cmd == "observe":
            events, state = self.observe()
            return {"events": events, "state": state,
                    "extra": {"rss_mb": rss_mb(), "games": self.games, "restarts": self.restarts}}
        return {}                                           # stop


@dataclass(frozen=True)
class Bounds:
    """When and how a harness re-executes itself; its environment variables start with ``prefix``."""

    label: str
    """Names the harness in its stderr notes (``python-mtg harness``)."""
    prefix: str
    """``MTG_HARNESS``: reads ``MTG_HARNESS_RESTART_EVERY`` and ``MTG_HARNESS_MAX_RSS_MB``."""
    script: Path
    """The harness program re-executed."""

    @property
    def restart_every(self) -> int:
        """Games after which the harness restarts before the next setup (0: never)."""
        return int(os.environ.get(f"{self.prefix}_RESTART_EVERY", "500"))

    @property
    def max_rss_mb(self) -> float:
        """Resident MiB above which the harness restarts before the next setup (0: never)."""
        return float(os.environ.get(f"{self.prefix}_MAX_RSS_MB", "1024"))

    def restarts(self) -> int:
        """Re-executions before this process."""
        return int(os.environ.get(f"{self.prefix}_RESTARTS", "0"))

    def pending(self) -> str:
        """The input a re-executed harness answers first (taken from the environment)."""
        return os.environ.pop(f"{self.prefix}_PENDING", "")

    def why(self, games: int) -> str | None:
        """Why to restart before the next game, or None (never before the first game: a fresh process
        already over the memory bound would otherwise re-execute forever)."""
        if games == 0:
            return None
        every = self.restart_every
        if every and games >= every:
            return f"{games} games since start ({self.prefix}_RESTART_EVERY={every})"
        rss, most = rss_mb(), self.max_rss_mb
        if most and rss > most:
            return f"rss {rss} MB > {self.prefix}_MAX_RSS_MB={most:g}"
        return None

    def reexec(self, line: str, rest: str, out: TextIO, why: str) -> NoReturn:
        """Replace this process by a fresh harness that answers ``line``, then ``rest``, first."""
        restarts = self.restarts() + 1
        sys.stderr.write(f"{self.label}: restart {restarts}: {why}\n")
        sys.stderr.flush()
        out.flush()
        os.environ[f"{self.prefix}_PENDING"] = (line if line.endswith("\n") else line + "\n") + rest
        os.environ[f"{self.prefix}_RESTARTS"] = str(restarts)
        os.execv(sys.executable, [sys.executable, str(self.script), *sys.argv[1:]])


class FdLines:
    """Lines of a file descriptor, read with ``os.read`` into a buffer of our own, so that what was read
    but not yet answered can be handed to a re-executed harness (a text ``sys.stdin`` reads ahead into a
    buffer that ``exec`` would drop, losing the requests a client pipelined)."""

    def __init__(self, fd: int, pending: str = "") -> None:
        self.fd = fd
        self.buf = pending.encode("utf-8")

    def __iter__(self) -> Iterator[str]:
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line, self.buf = self.buf[:nl + 1], self.buf[nl + 1:]
                yield line.decode("utf-8", errors="replace")
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                if self.buf:
                    line, self.buf = self.buf, b""
                    yield line.decode("utf-8", errors="replace")
                return
            self.buf += chunk

    def unread(self) -> str:
        """What was read but not yet yielded."""
        return self.buf.decode("utf-8", errors="replace")


def _respond(out: TextIO, obj: dict[str, Any]) -> None:
    out.write(wire.encode(obj))
    out.flush()


def serve(harness: Harness, inp: Iterable[str], out: TextIO, *, bounds: Bounds | None = None,
          after: Callable[[], None] | None = None) -> None:
    """Answer requests from ``inp`` on ``out`` until ``stop`` or end of input. With ``bounds`` (and
    ``inp`` an :class:`FdLines`), a ``setup`` past the bounds re-executes the harness first; ``after``
    runs after each request (e.g. to bound a captured log)."""
    session = wire.Session()
    if bounds is not None:
        harness.restarts = bounds.restarts()
    for line in inp:
        if not line.strip():
            continue
        seq: Any = 0
        try:
            req = wire.decode_request(line, protocol=harness.protocol)
            seq = req["seq"]
            session.check(req)
            if bounds is not None and req["cmd"] == "setup":
                why = bounds.why(harness.games)
                rest = inp.unread() if isinstance(inp, FdLines) else ""
                if why and len(rest) < MAX_PENDING_CHARS:
                    bounds.reexec(line, rest, out, why)
            body = harness.handle(req)
            session.done(req)
            _respond(out, wire.ok_response(seq, **body))
            if req["cmd"] == "stop":
                return
        except wire.WireError as e:
            _respond(out, e.response())
        except HarnessError as e:
            _respond(out, wire.error_response(seq, e.kind, e.message))
        except Exception as e:                     # an engine crash or a harness bug: report, keep serving
            _respond(out, wire.error_response(seq, "internal", f"{type(e).__name__}: {e}",
                                              traceback=traceback.format_exc(limit=6)))
        finally:
            if after is not None:
                after()


def main(harness: Harness, bounds: Bounds, *, chatter: TextIO | None = None,
         after: Callable[[], None] | None = None) -> None:
    """Serve the protocol on stdin/stdout, re-executing within ``bounds``; anything else printed goes
    to ``chatter`` (default stderr), never to the protocol stream."""
    proto_out = sys.stdout
    sys.stdout = chatter if chatter is not None else sys.stderr
    try:
        serve(harness, FdLines(sys.stdin.fileno(), bounds.pending()), proto_out, bounds=bounds,
              after=after)
    finally:
        sys.stdout = proto_out


def exit_now() -> NoReturn:
    """Exit with status 0 at once, the standard streams flushed: an engine's heap (python-mtg's corpus,
    phase's card data) is not torn down object by object, which takes seconds on a loaded machine,
    while the runner waits a bounded time for the exit after ``stop``."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(0)
