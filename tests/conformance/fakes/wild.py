"""A stdio engine with many ways to misbehave, chosen by its first argument (``wild.py MODE``).

Honest (it serves ToyEngine) until the fault: modes named ``*_at_start`` misbehave right after
answering ``start``; the others when they get a ``setup`` (or, for ``observe_*`` modes, an
``observe``) of a case whose id contains ``misbehave``. When ``WILD_PIDS`` names a directory,
the engine and every process it starts write their pid there (``<pid>.pid``), so tests can check
that nothing outlives a run.

Modes:

deaf_at_start        stops reading its input after ``start`` (sleeps)
deaf                 stops reading on a misbehave setup, before answering it (with ``WILD_PIDS``,
                     writes ``<pid>.deaf`` there first: tests wait for it, not for a time)
noisy_deaf_at_start  after ``start`` writes to stderr without end and never reads again
fork_then_crash      starts a child that holds stdout and sleeps, then exits with status 3
daemon_at_start      starts a child (same process group) that sleeps for an hour; stays honest
ignore_eof           honest, but at end of input (and after ``stop``) keeps running
close_stdout         closes its stdout and keeps running
control_chars        refuses the setup with a message full of control characters (and declares
                     a name holding a terminal escape sequence)
surrogate            refuses the setup with a message holding a lone surrogate escape
nan                  answers ``observe`` with ``NaN`` life
deep                 answers ``setup`` with JSON nested 100,000 deep
bad_utf8             answers ``setup`` with bytes that are not UTF-8
float_seq            echoes ``seq`` as a float (``1.0``)
blank_lines          writes 20 MB of blank lines before answering the setup
unsolicited          writes an extra answer nobody asked for before answering the setup
big                  answers ``observe`` with a valid answer of SIZE MB (second argument)
many_events          answers ``observe`` with N events (second argument) and nothing else
odd_state            answers ``observe`` with ``players`` a list and ``objects`` a string
no_restart           crashes (status 3) on a misbehave setup; when ``WILD_PIDS`` already holds a
                     pid, fails at start (it cannot be restarted)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from toy import ToyEngine  # noqa: E402

from conformance.engines.serve import handle  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else ""
ARG = sys.argv[2] if len(sys.argv) > 2 else "0"
PIDS = os.environ.get("WILD_PIDS")
SLEEPER = [sys.executable, "-c",
           "import os, sys, time\n"
           "d = os.environ.get('WILD_PIDS')\n"
           "d and open(os.path.join(d, f'{os.getpid()}.pid'), 'w').close()\n"
           "time.sleep(3600)\n"]


def note_pid() -> None:
    if PIDS:
        open(os.path.join(PIDS, f"{os.getpid()}.pid"), "w").close()


def out(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def write(obj: Any) -> None:
    out(json.dumps(obj).encode("utf-8") + b"\n")


def forever() -> None:
    while True:
        time.sleep(3600)


def spawn_sleeper() -> None:
    proc = subprocess.Popen(SLEEPER)  # inherits stdout: holds the pipe open
    deadline = time.monotonic() + 10
    while PIDS and not os.path.exists(os.path.join(PIDS, f"{proc.pid}.pid")) \
            and time.monotonic() < deadline:
        time.sleep(0.01)


def misbehave(req: dict[str, Any], engine: ToyEngine) -> bool:
    """Do the fault for a misbehave request; True when it answered the request itself."""
    seq = req["seq"]
    if MODE == "deaf":
        if PIDS:
            open(os.path.join(PIDS, f"{os.getpid()}.deaf"), "w").close()
        forever()
    if MODE == "fork_then_crash":
        spawn_sleeper()
        sys.stderr.write("crashing with a child holding stdout\n")
        sys.stderr.flush()
        os._exit(3)
    if MODE == "no_restart":
        os._exit(3)
    if MODE == "close_stdout":
        os.close(1)
        forever()
    if MODE == "control_chars":
        write({"seq": seq, "ok": False, "error": {
            "kind": "illegal_action", "message": "bad\u0000 \u001b[31mred\u0007 \u000c\u0008 ]]> <x>&"}})
        return True
    if MODE == "surrogate":
        out(b'{"seq": %d, "ok": false, "error": {"kind": "illegal_action", "message": "x\\ud800y"}}\n'
            % seq)
        return True
    if MODE == "deep":
        out(b'{"seq": %d, "ok": true, "x": ' % seq + b"[" * 100_000 + b"]" * 100_000 + b"}\n")
        return True
    if MODE == "bad_utf8":
        out(b'{"seq": %d, "ok": true, "x": "\xff\xfe"}\n' % seq)
        return True
    if MODE == "float_seq":
        out(b'{"seq": %d.0, "ok": true}\n' % seq)
        return True
    if MODE == "blank_lines":
        out(b"\n" * 20_000_000)  # 20 MB of blank lines (ignored), then the answer
        return False
    if MODE == "unsolicited":
        write({"seq": seq + 1, "ok": True})
        return False
    return False


def misbehave_observe(req: dict[str, Any], engine: ToyEngine) -> bool:
    seq = req["seq"]
    if MODE == "nan":
        obs = engine.observe()
        state = dict(obs.state)
        state["players"] = {"p1": {"life": float("nan")}, "p2": {"life": float("inf")}}
        out(json.dumps({"seq": seq, "ok": True, "events": obs.events, "state": state})
            .encode() + b"\n")
        return True
    if MODE == "big":
        obs = engine.observe()
        pad = "x" * int(float(ARG) * 1024 * 1024)
        state = {**obs.state, "padding": pad}
        out(json.dumps({"seq": seq, "ok": True, "events": obs.events, "state": state})
            .encode() + b"\n")
        return True
    if MODE == "odd_state":
        write({"seq": seq, "ok": True, "events": [], "state": {"players": [20, 17],
                                                               "objects": "none"}})
        return True
    if MODE == "many_events":
        obs = engine.observe()
        events = [{"type": "step", "name": "upkeep", "turn": i} for i in range(int(ARG))]
        write({"seq": seq, "ok": True, "events": events, "state": obs.state})
        return True
    return False


def main() -> None:
    if MODE == "no_restart" and PIDS and os.listdir(PIDS):
        note_pid()
        sys.stderr.write("cannot start twice\n")
        sys.exit(1)
    note_pid()
    engine = ToyEngine()
    bad_case = False
    for line in sys.stdin:
        req = json.loads(line)
        cmd = req.get("cmd")
        if cmd == "setup":
            bad_case = "misbehave" in req.get("case", "")
            if bad_case and misbehave(req, engine):
                continue
        if cmd == "observe" and bad_case and misbehave_observe(req, engine):
            continue
        resp, stop = handle(engine, req)
        if cmd == "start" and MODE == "control_chars":
            resp["engine"]["name"] = "wild\u001b[2J\r"  # clears a terminal, returns the cursor
        write(resp)
        if cmd == "start":
            if MODE == "deaf_at_start":
                forever()
            if MODE == "noisy_deaf_at_start":
                while True:
                    sys.stderr.write("noise " * 1000 + "\n")
            if MODE == "daemon_at_start":
                spawn_sleeper()
        if stop:
            break
    if MODE == "ignore_eof":
        forever()


main()
