#!/usr/bin/env python3
"""phase.rs (PyPI ``phase-python``, import ``phase``) behind the mtg-rulings stdio protocol (conformance/SPEC.md).

Run with the engine's own virtual environment (``engines/phase/.venv``: phase-python and PyYAML, pinned);
it imports nothing from the project. One JSON request per line on stdin, one response per line on stdout.

* ``start``: builds phase's card data for the cards the runner offers (``start``'s ``cards``: those of
  the suite's cases; the harness reads no case file) from ``fixtures/`` (``carddb.py``, cached),
  declares those whose every face phase parses without a gap marker, and the features the harness
  can script (``FEATURES_NOT_DECLARED`` says why the others are not).
* ``setup`` / ``action`` / ``observe``: ``game.PhaseGame`` on a database holding only the faces of the
  case's cards (a full database makes each new game about 4x slower).

Memory: a game is dropped at the next ``setup``; the harness re-executes itself (a fresh interpreter on
the same pipes) every ``PHASE_HARNESS_RESTART_EVERY`` games (default 500) or once its RSS exceeds
``PHASE_HARNESS_MAX_RSS_MB`` (default 1024), like python-mtg's harness.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import mtg_rulings_wire as wire  # the protocol messages (wire/, installed by engines.mk)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import carddb  # noqa: E402
from game import SEED, HarnessError, PhaseGame  # noqa: E402

PROTOCOL = 1
ENGINE_NAME = "phase"
PHASE_VERSION = "0.103.0"
RESTART_EVERY = int(os.environ.get("PHASE_HARNESS_RESTART_EVERY", "500"))
MAX_RSS_MB = float(os.environ.get("PHASE_HARNESS_MAX_RSS_MB", "1024"))
_PENDING_ENV = "PHASE_HARNESS_PENDING"
_RESTARTS_ENV = "PHASE_HARNESS_RESTARTS"
ROOT = HERE.parent.parent
DEFAULT_FEATURES = ROOT / "conformance" / "features.yaml"

FEATURES_NOT_DECLARED: dict[str, str] = {
    "lose_abilities": "phase has no Debug action that removes all abilities",
    "surveil": "the harness does not answer phase's SurveilChoice prompt",
    "mana_ability": "the harness does not map activating a mana ability (phase: TapLandForMana)",
}


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024.0, 1)
    except OSError:
        pass
    return 0.0


def _load_yaml(path: Path) -> Any:
    import yaml
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def feature_names(path: Path) -> set[str]:
    data = _load_yaml(path) if path.is_file() else {}
    if isinstance(data, dict) and isinstance(data.get("features"), dict):
        data = data["features"]
    return set(data or {})


class Server:
    """Dispatches protocol requests; one game at a time."""

    def __init__(self) -> None:
        self.phase: Any = None
        self.data: carddb.CardData | None = None
        self.declared: set[str] = set()
        self.engines: dict[frozenset[str], Any] = {}
        self.game: PhaseGame | None = None
        self.games = 0
        self.features_file = Path(os.environ.get("PHASE_FEATURES_FILE") or DEFAULT_FEATURES)

    def load(self, offered: Iterable[str] = ()) -> carddb.CardData:
        """phase's card data, built at the first call for ``offered`` (and Island, which an empty
        game's mana needs)."""
        if self.data is None:
            import phase
            self.phase = phase
            self.data = carddb.build(phase, set(offered) | {"Island"}, PHASE_VERSION)
            self.declared = {n for n in self.data.cards if not self.data.gaps(n)}
        return self.data

    def engine_for(self, names: frozenset[str]) -> Any:
        """A phase ``Engine`` holding the faces of ``names`` only; the last 64 are kept (cases of one
        card share their card set). Games never change an Engine (it is their card database)."""
        eng = self.engines.pop(names, None)
        if eng is None:
            assert self.data is not None
            eng = self.phase.Engine.from_json(self.data.engine_json(set(names)))
        self.engines[names] = eng
        while len(self.engines) > 64:
            self.engines.pop(next(iter(self.engines)))
        return eng

    def capabilities(self, offered: Iterable[str]) -> dict[str, Any]:
        data = self.load(offered)
        vocab = feature_names(self.features_file)
        feats = sorted(vocab - set(FEATURES_NOT_DECLARED))
        return {"name": ENGINE_NAME, "version": PHASE_VERSION, "protocol": PROTOCOL, "features": feats,
                "cards": sorted(self.declared),
                "extra": {
                    "not_declared": {f: FEATURES_NOT_DECLARED[f] for f in sorted(vocab & set(FEATURES_NOT_DECLARED))},
                    "abstaining_clauses": {n: data.gaps(n) for n in sorted(data.cards) if data.gaps(n)},
                    "not_in_fixtures": data.missing, "face_collisions": data.collisions,
                    "card_cache": data.cache_file, "card_cache_hit": data.cache_hit, "seed": SEED,
                    "rss_mb": rss_mb()}}

    def handle(self, req: dict[str, Any]) -> dict[str, Any]:
        cmd = req.get("cmd")
        if cmd == "start":
            # protocol checked by wire.decode_request; the cards offered are those of the suite's cases
            return {"engine": self.capabilities(wire.requested_cards(req) or [])}
        if cmd == "setup":
            data = self.load()
            self.game = None
            setup = req.get("setup")
            if not isinstance(setup, dict):
                raise HarnessError("illegal_action", "setup needs a 'setup' mapping")
            names, real = {"Island"}, set()
            for p in (setup.get("players") or {}).values():
                for items in (p or {}).values():
                    if isinstance(items, list):
                        objs = [i for i in items if isinstance(i, dict)]
                        names.update(str(i.get("card")) for i in objs)
                        real.update(str(i.get("card")) for i in objs if not i.get("token"))
            carddb.extend(data, self.phase, real)       # cards the start did not offer (a client's own)
            gaps = {n: data.gaps(n) for n in sorted(names) if n in data.cards and data.gaps(n)}
            if gaps:
                raise HarnessError("unsupported", f"phase's parser left gaps in {gaps}")
            missing = sorted(n for n in names if n not in data.cards)
            if missing:
                raise HarnessError("unsupported", f"no card data for {missing}")
            self.game = PhaseGame(self.phase, self.engine_for(frozenset(names)), setup,
                                  seed=int(os.environ.get("PHASE_HARNESS_SEED", SEED)),
                                  layouts={n: data.cards[n][0].get("layout", "normal") for n in names})
            self.games += 1
            return {}
        if cmd == "action":
            if self.game is None:
                raise HarnessError("illegal_action", "action before setup")
            if not isinstance(req.get("action"), dict):
                raise HarnessError("illegal_action", "action needs an 'action' mapping")
            self.game.act(req["action"])
            return {}
        if cmd == "observe":
            if self.game is None:
                raise HarnessError("illegal_action", "observe before setup")
            return {"events": self.game.facts.events, "state": self.game.observe(),
                    "extra": {"rss_mb": rss_mb(), "games": self.games,
                              "restarts": int(os.environ.get(_RESTARTS_ENV, "0"))}}
        if cmd == "stop":
            return {}
        raise HarnessError(wire.BAD_REQUEST, f"unknown command {cmd!r}")  # wire.decode_request refuses it first


def _respond(out: Any, obj: dict[str, Any]) -> None:
    out.write(wire.encode(obj))
    out.flush()


def _needs_restart(server: Server) -> str | None:
    if server.games == 0:
        return None
    if RESTART_EVERY and server.games >= RESTART_EVERY:
        return f"{server.games} games since start (PHASE_HARNESS_RESTART_EVERY={RESTART_EVERY})"
    rss = rss_mb()
    if MAX_RSS_MB and rss > MAX_RSS_MB:
        return f"rss {rss} MB > PHASE_HARNESS_MAX_RSS_MB={MAX_RSS_MB:g}"
    return None


class FdLines:
    """Lines of a file descriptor, read with ``os.read`` into a buffer of our own, so that what was read
    but not yet answered can be handed to a re-exec'd harness (a text ``sys.stdin`` reads ahead into a
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


def _reexec(line: str, out: Any, why: str, rest: str = "") -> None:
    restarts = int(os.environ.get(_RESTARTS_ENV, "0")) + 1
    sys.stderr.write(f"phase harness: restart {restarts}: {why}\n")
    sys.stderr.flush()
    out.flush()
    os.environ[_PENDING_ENV] = line if line.endswith("\n") else line + "\n"
    os.environ[_PENDING_ENV] += rest
    os.environ[_RESTARTS_ENV] = str(restarts)
    os.execv(sys.executable, [sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]])


def serve(inp: Iterable[str], out: Any, *, allow_restart: bool = False) -> None:
    """Answer requests from ``inp`` on ``out`` until ``stop`` or end of input. With ``allow_restart``
    (``inp`` an :class:`FdLines`), a ``setup`` past the bounds re-execs the harness first."""
    server = Server()
    session = wire.Session()
    for line in inp:
        if not line.strip():
            continue
        seq: Any = 0
        try:
            req = wire.decode_request(line, protocol=PROTOCOL)
            seq = req["seq"]
            session.check(req)
            if allow_restart and req["cmd"] == "setup":
                why = _needs_restart(server)
                rest = inp.unread() if isinstance(inp, FdLines) else ""
                if why and len(rest) < 100_000:        # an environment string holds at most 128 KiB
                    _reexec(line, out, why, rest)
            body = server.handle(req)
            session.done(req)
            _respond(out, wire.ok_response(seq, **body))
            if req["cmd"] == "stop":
                return
        except wire.WireError as e:
            _respond(out, e.response())
        except HarnessError as e:
            _respond(out, wire.error_response(seq, e.kind, e.message))
        except Exception as e:                            # a phase panic or a harness bug: report, keep serving
            _respond(out, wire.error_response(seq, "internal", f"{type(e).__name__}: {e}",
                                              traceback=traceback.format_exc(limit=6)))


def main() -> None:
    """Serve the protocol on stdin/stdout; anything else printed goes to stderr."""
    proto_out = sys.stdout
    sys.stdout = sys.stderr
    serve(FdLines(sys.stdin.fileno(), os.environ.pop(_PENDING_ENV, "")), proto_out, allow_restart=True)


if __name__ == "__main__":
    main()
