"""The stdio protocol's messages: framing, request checks, the error answer (conformance/SPEC.md,
"Engine lifecycle"). Standard library only: ``conformance.engines.serve`` imports it as
``conformance.wire``, and engine harnesses running in virtual environments of their own import
the same file as ``mtg_rulings_wire`` (the ``wire/`` distribution, a link to this file, which
``engines/*/engines.mk`` installs), so every server answers alike.

A server reads one line, calls :func:`decode_request` (which raises :class:`WireError` for a line
that is not a request), checks the order of commands with :class:`Session`, and writes
:func:`encode` of :func:`ok_response` or :func:`error_response`. Every refusal it cannot attribute
to a request has ``seq`` 0, so it is valid against ``io/error.response.schema.json``.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any

PROTOCOL_VERSION = 1
"""The protocol version these messages belong to (``start``'s ``protocol``)."""

COMMANDS = ("start", "setup", "action", "observe", "stop")
"""Every command, in lifecycle order."""

MAX_REQUEST_BYTES = int(os.environ.get("MTG_WIRE_MAX_REQUEST_BYTES") or 64 * 1024 * 1024)
"""Longest request line a server accepts, in bytes (a case's setup is far smaller); the
environment variable ``MTG_WIRE_MAX_REQUEST_BYTES`` lowers it (every server reads it)."""

BAD_REQUEST = "bad_request"
"""Error kind of a line that is not a well-formed request."""
PROTOCOL = "protocol"
"""Error kind of a ``start`` with a protocol version the server does not speak."""
ILLEGAL_ACTION = "illegal_action"
"""Error kind of a command out of lifecycle order (an action before any setup)."""


class WireError(Exception):
    """A request the server refuses before the engine sees it; ``seq`` is 0 when unknown."""

    def __init__(self, kind: str, message: str, seq: int = 0) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.seq = seq

    def response(self) -> dict[str, Any]:
        """The refusal to write back."""
        return error_response(self.seq, self.kind, self.message)


def _no_constant(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


def valid_seq(value: Any) -> bool:
    """Whether ``value`` is a request's ``seq`` (an integer, at least 0)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def decode_request(line: str | bytes, *, protocol: int = PROTOCOL_VERSION) -> dict[str, Any]:
    """The request on ``line``, or :class:`WireError` (kind ``bad_request``) when the line is too
    long, not strict JSON (``NaN``/``Infinity`` included), not an object, has no valid ``seq``
    or an unknown ``cmd``; kind ``protocol`` for a ``start`` of another protocol version."""
    if len(line if isinstance(line, bytes) else line.encode("utf-8", "surrogatepass")) > MAX_REQUEST_BYTES:
        raise WireError(BAD_REQUEST, f"request longer than {MAX_REQUEST_BYTES} bytes")
    try:
        req = json.loads(line, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise WireError(BAD_REQUEST, "request is not JSON") from None
    return check_request(req, protocol=protocol)


def check_request(req: Any, *, protocol: int = PROTOCOL_VERSION) -> dict[str, Any]:
    """``req`` (a decoded line) when it is a well-formed request; else :class:`WireError` as
    :func:`decode_request` says."""
    if not isinstance(req, dict):
        raise WireError(BAD_REQUEST, "a request is a JSON object")
    if not valid_seq(req.get("seq")):
        raise WireError(BAD_REQUEST, "request without a valid seq")
    seq: int = req["seq"]
    cmd = req.get("cmd")
    if cmd not in COMMANDS:
        raise WireError(BAD_REQUEST, f"unknown command {_show(cmd)}", seq)
    if cmd == "start" and req.get("protocol") != protocol:
        raise WireError(PROTOCOL, f"this engine speaks protocol {protocol}", seq)
    if cmd == "start" and "cards" in req and not (
            isinstance(req["cards"], list) and all(isinstance(c, str) for c in req["cards"])):
        raise WireError(BAD_REQUEST, "start needs 'cards' to be a list of card names", seq)
    if cmd == "setup" and not isinstance(req.get("setup"), dict):
        raise WireError(BAD_REQUEST, "setup needs a 'setup' object", seq)
    if cmd == "setup" and not isinstance(req.get("case"), str):
        raise WireError(BAD_REQUEST, "setup needs a 'case' id", seq)
    if cmd == "action" and not isinstance(req.get("action"), dict):
        raise WireError(BAD_REQUEST, "action needs an 'action' object", seq)
    return req


def requested_cards(req: dict[str, Any]) -> list[str] | None:
    """The card names a ``start`` request offers (its optional ``cards``: the cards of the cases
    the harness may send), or None when it names none."""
    cards = req.get("cards")
    return list(cards) if isinstance(cards, list) else None


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


class Session:
    """Lifecycle order of one connection: ``action`` and ``observe`` need a ``setup`` first."""

    def __init__(self) -> None:
        self.set_up = False

    def check(self, req: dict[str, Any]) -> None:
        """Raise :class:`WireError` (kind ``illegal_action``) for a command out of order."""
        cmd = req["cmd"]
        if cmd == "setup":
            self.set_up = False     # a setup that fails leaves no game to act on
        elif cmd in ("action", "observe") and not self.set_up:
            raise WireError(ILLEGAL_ACTION, f"{cmd} before setup", req["seq"])

    def done(self, req: dict[str, Any]) -> None:
        """Note that ``req`` was answered ``ok``."""
        if req["cmd"] == "setup":
            self.set_up = True


def ok_response(seq: int, **fields: Any) -> dict[str, Any]:
    """An ``ok: true`` answer with ``fields``."""
    return {"seq": seq, "ok": True, **fields}


def error_response(seq: Any, kind: str, message: str, **extra: Any) -> dict[str, Any]:
    """A refusal (``ok: false``); an invalid ``seq`` becomes 0 (the schema needs an integer)."""
    return {"seq": seq if valid_seq(seq) else 0, "ok": False,
            "error": {"kind": kind, "message": message, **extra}}


def _jsonable(o: Any) -> Any:
    return sorted(o) if isinstance(o, set | frozenset) else str(o)


def encode(obj: dict[str, Any]) -> str:
    """One answer line (with its newline): compact strict JSON; a NaN or an infinity becomes a
    string, as strict JSON has none; a lone surrogate is escaped (UTF-8 cannot carry it)."""
    return encode_bytes(obj).decode("utf-8")


def encode_bytes(obj: dict[str, Any]) -> bytes:
    """:func:`encode` as UTF-8 bytes (for a binary stdout)."""
    try:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False,
                          default=_jsonable)
    except ValueError:
        obj = finite_values(obj)
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=_jsonable)
    try:
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(obj, ensure_ascii=True, separators=(",", ":"),
                          default=_jsonable).encode("ascii") + b"\n"


def finite_values(value: Any) -> Any:
    """``value`` with NaN and infinities written as strings (``"NaN"``, ``"Infinity"``): strict JSON
    has neither (also used by :mod:`conformance.runfile`)."""
    if isinstance(value, float) and not math.isfinite(value):
        return json.dumps(value)
    if isinstance(value, dict):
        return {k: finite_values(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite_values(v) for v in value]
    return value
