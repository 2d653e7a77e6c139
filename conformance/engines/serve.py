"""Serve any Python engine over the stdio protocol: ``python -m conformance.engines.serve SPEC``.

This is the harness program an engine needs to be reached from another process (and the proof
that the wire protocol carries everything the Python protocol does). It reads one JSON request a
line from stdin and writes one response a line to stdout. The engine's own prints go to stderr,
so they cannot corrupt the protocol.

An :class:`EngineReportedError` becomes an ``ok: false`` response; any other exception is a crash:
the traceback goes to stderr and the process exits with status 70 (``EX_SOFTWARE``), exactly as
the in-process runner treats it. ``stop`` or end of input ends the program with status 0.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import IO, Any

from conformance.engines.protocol import PROTOCOL_VERSION, Engine, EngineReportedError
from conformance.engines.stdio import info_to_wire

EX_SOFTWARE = 70


def _observation_to_wire(obs: Any) -> dict[str, Any]:
    from conformance.engines.inprocess import coerce_observation

    o = coerce_observation(obs)
    return {"events": o.events, "state": o.state}


def handle(engine: Engine, request: Any) -> tuple[dict[str, Any], bool]:
    """Answer one decoded request; returns ``(response, stop)``.

    Raises whatever the engine raises other than :class:`EngineReportedError` (a crash).
    """
    seq = request.get("seq") if isinstance(request, dict) else None
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        return {"seq": 0, "ok": False, "error": {"kind": "bad_request",
                                                  "message": "request without a valid seq"}}, False
    cmd = request.get("cmd")
    try:
        if cmd == "start":
            if request.get("protocol") != PROTOCOL_VERSION:
                return {"seq": seq, "ok": False, "error": {
                    "kind": "protocol", "message": f"this engine speaks protocol {PROTOCOL_VERSION}"}}, False
            return {"seq": seq, "ok": True, "engine": info_to_wire(engine.info())}, False
        if cmd == "setup":
            engine.setup(request["case"], request["setup"])
            return {"seq": seq, "ok": True}, False
        if cmd == "action":
            engine.act(request["action"])
            return {"seq": seq, "ok": True}, False
        if cmd == "observe":
            return {"seq": seq, "ok": True, **_observation_to_wire(engine.observe())}, False
        if cmd == "stop":
            return {"seq": seq, "ok": True}, True
    except EngineReportedError as exc:
        return {"seq": seq, "ok": False, "error": {"kind": exc.kind, "message": exc.message}}, False
    except KeyError as exc:
        if cmd in ("setup", "action"):
            # a missing request field is the harness's fault, not the engine's
            if exc.args and exc.args[0] in ("case", "setup", "action") and exc.args[0] not in request:
                return {"seq": seq, "ok": False, "error": {
                    "kind": "bad_request", "message": f"missing field {exc.args[0]!r}"}}, False
        raise
    return {"seq": seq, "ok": False, "error": {"kind": "bad_request",
                                                "message": f"unknown command {cmd!r}"}}, False


def serve(engine: Engine, stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Serve ``engine`` until ``stop`` or end of input; returns the exit status."""
    try:
        for raw in stdin:
            if not raw.strip():
                continue
            try:
                request = json.loads(raw)
            except ValueError:
                request = None
            if request is None:
                resp: dict[str, Any] = {"seq": 0, "ok": False, "error": {
                    "kind": "bad_request", "message": "request is not JSON"}}
                stop = False
            else:
                resp, stop = handle(engine, request)
            stdout.write(json.dumps(resp, separators=(",", ":"), ensure_ascii=False)
                         .encode("utf-8") + b"\n")
            stdout.flush()
            if stop:
                return 0
        return 0
    except BrokenPipeError:
        return 0
    except Exception:  # noqa: BLE001 - the engine crashed: report like a process would
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        return EX_SOFTWARE
    finally:
        try:
            engine.close()
        except Exception:  # noqa: BLE001
            traceback.print_exc(file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Entry point: ``python -m conformance.engines.serve SPEC`` (any in-process spec)."""
    from conformance.engines.spec import parse_spec
    from conformance.errors import ConformanceError

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m conformance.engines.serve SPEC\n"
              "Serve a Python engine (reference, mutant:<name>, module:Class, installed name) "
              "over the JSON-lines stdio protocol.", file=sys.stderr)
        return 0 if args and args[0] in ("-h", "--help") else 2
    # the protocol owns the real stdout; everything else printed goes to stderr
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    try:
        spec = parse_spec(args[0])
        if not spec.in_process:
            raise ConformanceError("serve takes an in-process spec, not cmd:")
        engine = spec.factory()()
    except Exception as exc:  # noqa: BLE001
        print(f"serve: cannot start engine {args[0]!r}: {exc}", file=sys.stderr)
        return 3
    return serve(engine, sys.stdin.buffer, out)


if __name__ == "__main__":
    raise SystemExit(main())
