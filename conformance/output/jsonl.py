"""JSON Lines run files: a header, one line per case, a footer (``conformance/schema/run.schema.json``).

Written as the run goes (:class:`JsonlWriter`), read back and validated by :func:`load_run`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import IO, Any

from conformance import schemas
from conformance.engines.stdio import info_from_wire
from conformance.errors import (
    DuplicateCase,
    InvalidRunLine,
    MissingFooter,
    MissingHeader,
    RunFileError,
)
from conformance.runner import CaseResult, Run


def _finite(value: Any) -> Any:
    """``value`` with NaN and infinities written as strings (``"NaN"``, ``"Infinity"``)."""
    if isinstance(value, float) and not math.isfinite(value):
        return json.dumps(value)
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def _dump(obj: dict[str, Any]) -> str:
    """One strict JSON line: UTF-8 text, or ASCII escapes when the value holds a lone surrogate
    (an in-process engine's string), which UTF-8 cannot encode; an in-process engine's NaN or
    infinity becomes a string (strict JSON has none)."""
    try:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str,
                          allow_nan=False)
    except ValueError:
        obj = _finite(obj)
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True, separators=(",", ":"), default=str,
                          allow_nan=False)
    return text


class JsonlWriter:
    """Streams a run to a text file: call :meth:`start`, :meth:`result` per case, :meth:`finish`."""

    def __init__(self, fh: IO[str]) -> None:
        self.fh = fh

    def start(self, run: Run) -> None:
        """Write the header line."""
        head = run.header()
        head.pop("cases", None)
        self.fh.write(_dump(head) + "\n")
        self.fh.flush()

    def result(self, result: CaseResult) -> None:
        """Write one case line."""
        self.fh.write(_dump(result.to_dict()) + "\n")
        self.fh.flush()

    def finish(self, run: Run) -> None:
        """Write the footer line."""
        self.fh.write(_dump(run.footer()) + "\n")
        self.fh.flush()


def write_run(run: Run, path: str | Path) -> None:
    """Write a whole finished run to ``path``."""
    with open(path, "w", encoding="utf-8") as fh:
        w = JsonlWriter(fh)
        w.start(run)
        for r in run.results:
            w.result(r)
        w.finish(run)


def load_run(path: str | Path) -> Run:
    """Read a run file back, validating each line.

    Raises :class:`MissingHeader`, :class:`MissingFooter`, :class:`DuplicateCase`,
    :class:`InvalidRunLine` (all :class:`RunFileError`).
    """
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise RunFileError(f"{path}: cannot read: {exc}") from exc
    run: Run | None = None
    footer: dict[str, Any] | None = None
    seen: set[str] = set()
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:
            raise InvalidRunLine(f"{path}:{n}: not JSON") from exc
        found = schemas.problems("run", data)
        if found:
            raise InvalidRunLine(f"{path}:{n}: " + "; ".join(found[:3]))
        kind = data["type"]
        if footer is not None:
            raise InvalidRunLine(f"{path}:{n}: line after the footer")
        if kind == "header":
            if run is not None:
                raise InvalidRunLine(f"{path}:{n}: second header")
            run = Run(spec=data["spec"], engine=info_from_wire(data["engine"]),
                      suite_version=data["suite_version"], options=data["options"],
                      started=data["started"], run_id=data.get("run_id"))
        elif run is None:
            raise MissingHeader(f"{path}:{n}: a {kind} line before the header")
        elif kind == "case":
            if data["id"] in seen:
                raise DuplicateCase(f"{path}:{n}: case {data['id']!r} reported twice")
            seen.add(data["id"])
            run.results.append(CaseResult.from_dict(data))
        else:
            footer = data
            run.duration = float(data["duration"])
            run.finished = data.get("finished")
            run.restarts = int(data.get("restarts", 0))
    if run is None:
        raise MissingHeader(f"{path}: no header line")
    if footer is None:
        raise MissingFooter(f"{path}: no footer: the run was cut short")
    return run
