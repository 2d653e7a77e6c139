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

import os
import sys
import traceback
from typing import IO, Any

from conformance import wire
from conformance.engines.protocol import PROTOCOL_VERSION, Engine, EngineReportedError
from conformance.engines.stdio import info_to_wire

EX_SOFTWARE = 70


def _observation_to_wire(obs: Any) -> dict[str, Any]:
    from conformance.engines.inprocess import coerce_observation

    o = coerce_observation(obs)
    return {"events": o.events, "state": o.state}


def handle(engine: Engine, request: Any,
           session: wire.Session | None = None) -> tuple[dict[str, Any], bool]:
    """Answer one decoded request; returns ``(response, stop)``.

    Malformed requests (and, given the connection's ``session``, commands out of order) are
    refused by :mod:`conformance.wire` exactly as every harness refuses them. Raises whatever the engine raises other than
    :class:`EngineReportedError` (a crash).
    """
    try:
        request = wire.check_request(request, protocol=PROTOCOL_VERSION)
        if session is not None:
            session.check(request)
    except wire.WireError as exc:
        return exc.response(), False
    seq, cmd = request["seq"], request["cmd"]
    try:
        if cmd == "start":
            resp = wire.ok_response(seq, engine=info_to_wire(engine.info()))
        elif cmd == "setup":
            engine.setup(request["case"], request["setup"])
            resp = wire.ok_response(seq)
        elif cmd == "action":
            engine.act(request["action"])
            resp = wire.ok_response(seq)
        elif cmd == "observe":
            resp = wire.ok_response(seq, **_observation_to_wire(engine.observe()))
        else:
            return wire.ok_response(seq), True
    except EngineReportedError as exc:
        return wire.error_response(seq, exc.kind, exc.message), False
    if session is not None:
        session.done(request)
    return resp, False


def serve(engine: Engine, stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Serve ``engine`` until ``stop`` or end of input; returns the exit status."""
    session = wire.Session()
    try:
        for raw in stdin:
            if not raw.strip():
                continue
            try:
                request = wire.decode_request(raw, protocol=PROTOCOL_VERSION)
            except wire.WireError as exc:
                resp, stop = exc.response(), False
            else:
                resp, stop = handle(engine, request, session)
            stdout.write(wire.encode_bytes(resp))
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
