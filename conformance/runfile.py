"""The run-file format: its one model, writer and strict reader (``conformance/SPEC.md``, "Run files").

A run file is JSON Lines: a header line, one line per case, a footer line; every line satisfies
``conformance/schema/run.schema.json``. This module owns the format for every user: the runner
writes with :class:`RunFileWriter`, ``rulings diff``/``verify`` and the reports read with
:func:`read_run_file`, and all of them share :data:`STATUSES`, :class:`CaseResult` and
:func:`compute_suite_version`.

It is a format module: it never imports the runner or an engine (reports may import it).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from jsonschema import Draft202012Validator

from conformance import schemas
from conformance.errors import (
    DuplicateCase,
    InvalidRunLine,
    MissingFooter,
    MissingHeader,
    RunFileError,
)
from conformance.wire import finite_values

FORMAT = 1
"""The header's ``format``."""

STATUSES: tuple[str, ...] = ("pass", "fail", "error", "crash", "timeout", "unsupported")
"""Every case status, in report order (as in the run schema)."""

FAILING: frozenset[str] = frozenset({"fail", "error", "crash", "timeout"})
"""Statuses of a case the engine took and did not pass."""

_KINDS = ("header", "case", "footer")


@dataclass
class CaseResult:
    """One case of a run (a ``type: case`` line)."""

    id: str
    status: str
    duration: float = 0.0
    hash: str | None = None
    message: str | None = None
    error: dict[str, Any] | None = None
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    """Each ``{where, message, expected, observed}``."""
    stderr: str | None = None
    features: list[str] = field(default_factory=list)
    expected: str = "pass"
    outcome: str = "expected"
    """``expected``, ``unexpected``, ``unexpected_pass`` or ``skipped``."""
    reason: str | None = None
    link: str | None = None

    @property
    def unexpected(self) -> bool:
        """Whether this result differs from its expectation."""
        return self.outcome in ("unexpected", "unexpected_pass")

    def to_dict(self) -> dict[str, Any]:
        """The run-file line for this result (``type: case``)."""
        return {"type": "case", **asdict(self)}

    to_line = to_dict

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CaseResult:
        """Inverse of :meth:`to_dict` (``data`` a line valid against the run schema)."""
        out = cls(**{k: v for k, v in data.items() if k != "type"})
        out.duration = float(out.duration)
        out.mismatches = list(out.mismatches or ())
        out.features = list(out.features or ())
        return out

    from_line = from_dict


def counts_of(statuses: Iterable[str]) -> dict[str, int]:
    """Cases per status, every status present (zero or not), in :data:`STATUSES` order."""
    out = dict.fromkeys(STATUSES, 0)
    for s in statuses:
        out[s] += 1
    return out


def compute_suite_version(protocol: int, cases: Iterable[tuple[str, str | None]]) -> str:
    """``<protocol>+<12 hex>``: a digest of the ``(case id, case hash)`` pairs of a run."""
    h = hashlib.sha256()
    for cid, chash in sorted(cases):
        h.update(f"{cid}\0{chash}\n".encode())
    return f"{protocol}+{h.hexdigest()[:12]}"


def header_line(*, suite_version: str, protocol: int, engine: Mapping[str, Any], spec: str,
                options: Mapping[str, Any], started: str,
                run_id: str | None = None) -> dict[str, Any]:
    """The header line (``engine`` is the engine's ``start`` info in wire form)."""
    head: dict[str, Any] = {"type": "header", "format": FORMAT, "suite_version": suite_version,
                            "protocol": protocol, "engine": engine, "spec": spec,
                            "options": options, "started": started}
    if run_id is not None:
        head["run_id"] = run_id
    return head


def footer_line(cases: Sequence[CaseResult], *, duration: float, finished: str,
                restarts: int) -> dict[str, Any]:
    """The footer line of a run whose case lines are ``cases``."""
    unexpected = [c for c in cases if c.unexpected]
    return {"type": "footer", "counts": counts_of(c.status for c in cases),
            "unexpected": [c.id for c in unexpected],
            "unexpected_passes": [c.id for c in unexpected if c.outcome == "unexpected_pass"],
            "duration": round(duration, 6), "exit_code": 1 if unexpected else 0,
            "finished": finished, "restarts": restarts}


# --- writing -------------------------------------------------------------------------------------


def dump_line(obj: Mapping[str, Any]) -> str:
    """One strict JSON line (no newline): UTF-8 text, or ASCII escapes when the value holds a lone
    surrogate (an in-process engine's string), which UTF-8 cannot encode; NaN or an infinity
    becomes a string (strict JSON has none)."""
    try:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str,
                          allow_nan=False)
    except ValueError:
        obj = finite_values(obj)
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True, separators=(",", ":"), default=str,
                          allow_nan=False)
    return text


class RunFileWriter:
    """Streams a run file: :meth:`start` (header), :meth:`case` per case, :meth:`finish` (footer).

    Each line is flushed as it is written, so a run cut short leaves the cases it finished.
    """

    def __init__(self, fh: IO[str]) -> None:
        self.fh = fh

    def _line(self, obj: Mapping[str, Any]) -> None:
        self.fh.write(dump_line(obj) + "\n")
        self.fh.flush()

    def start(self, header: Mapping[str, Any]) -> None:
        """Write the header line."""
        self._line(header)

    def case(self, result: CaseResult) -> None:
        """Write one case line."""
        self._line(result.to_dict())

    def finish(self, footer: Mapping[str, Any]) -> None:
        """Write the footer line."""
        self._line(footer)


def render_run_file(header: Mapping[str, Any], cases: Iterable[CaseResult],
                    footer: Mapping[str, Any]) -> str:
    """A whole run file as text (newline-terminated lines)."""
    return "".join(dump_line(x) + "\n"
                   for x in (header, *(c.to_dict() for c in cases), footer))


def write_run_file(path: str | Path, header: Mapping[str, Any], cases: Iterable[CaseResult],
                   footer: Mapping[str, Any]) -> None:
    """Write a whole run file to ``path``; raises :class:`RunFileError` when it cannot."""
    try:
        Path(path).write_text(render_run_file(header, cases, footer), encoding="utf-8")
    except OSError as exc:
        raise RunFileError(f"{path}: cannot write: {exc}") from exc


# --- reading -------------------------------------------------------------------------------------


def line_problems(data: Any) -> list[str]:
    """Why ``data`` (one parsed line) breaks the run schema; empty when it is valid.

    A line with a known ``type`` is checked against that branch of the schema only (clearer
    messages than the whole ``oneOf``)."""
    if isinstance(data, dict) and data.get("type") in _KINDS:
        validator = _branch(data["type"])
    else:
        validator = schemas.validator("run")
    found = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in err.absolute_path) or "(line)"
        found.append(f"{where}: {err.message}")
    return found


_BRANCHES: dict[str, Draft202012Validator] = {}


def _branch(kind: str) -> Draft202012Validator:
    if kind not in _BRANCHES:
        sub = schemas.schema("run")["oneOf"][_KINDS.index(kind)]
        _BRANCHES[kind] = Draft202012Validator(sub)
    return _BRANCHES[kind]


@dataclass(frozen=True)
class RunFile:
    """One validated, complete run file (a whole run, or one shard of it)."""

    path: Path
    header: Mapping[str, Any]
    cases: tuple[CaseResult, ...]
    footer: Mapping[str, Any]

    @property
    def shard(self) -> tuple[int, int] | None:
        """``(i, n)`` when the file is shard ``i`` of ``n`` (its ``shard`` option)."""
        text = self.header["options"].get("shard")
        if not text:
            return None
        try:
            i, n = (int(x) for x in str(text).split("/"))
        except ValueError as exc:
            raise RunFileError(f"{self.path}:1: option shard {text!r} is not i/n") from exc
        if not 1 <= i <= n:
            raise RunFileError(f"{self.path}:1: option shard {text!r}: need 1 <= i <= n")
        return i, n


def read_run_file(path: str | Path) -> RunFile:
    """Read and validate one run file.

    Raises (all :class:`RunFileError`, naming the file and line): :class:`InvalidRunLine` when a
    line is not JSON, breaks the run schema, is a second header or follows the footer;
    :class:`MissingHeader` when a line comes before the header or there is none;
    :class:`DuplicateCase` when a case appears twice; :class:`MissingFooter` when the run was cut
    short; :class:`RunFileError` when the file cannot be read, the footer's counts differ from
    the case lines, or the header's ``suite_version`` does not match the case lines.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RunFileError(f"{p}: cannot read: {exc}") from exc
    return parse_run_file(text, p)


def parse_run_file(text: str, path: str | Path) -> RunFile:
    """Validate ``text``, a whole run file named ``path`` in messages (as
    :func:`read_run_file`, which reads the file and calls this)."""
    p = Path(path)
    header: dict[str, Any] | None = None
    footer: dict[str, Any] | None = None
    cases: list[CaseResult] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:
            raise InvalidRunLine(f"{p}:{n}: not JSON ({exc})") from exc
        problems = line_problems(data)
        if problems:
            raise InvalidRunLine(f"{p}:{n}: breaks the run schema: " + "; ".join(problems[:3]))
        kind = data["type"]
        if footer is not None:
            raise InvalidRunLine(f"{p}:{n}: a {kind} line after the footer")
        if kind == "header":
            if header is not None:
                raise InvalidRunLine(f"{p}:{n}: a second header")
            header = data
        elif header is None:
            raise MissingHeader(f"{p}:{n}: a {kind} line before the header")
        elif kind == "case":
            if data["id"] in seen:
                raise DuplicateCase(f"{p}:{n}: case {data['id']!r} reported twice "
                                    f"(first on line {seen[data['id']]})")
            seen[data["id"]] = n
            cases.append(CaseResult.from_dict(data))
        else:
            footer = data
    if header is None:
        raise MissingHeader(f"{p}: no header line: not a run file")
    if footer is None:
        raise MissingFooter(f"{p}: no footer line: the run was cut short "
                            f"({len(cases)} case lines written)")
    counts = counts_of(c.status for c in cases)
    claimed = {s: int(footer["counts"].get(s, 0)) for s in STATUSES}
    if claimed != counts:
        raise RunFileError(f"{p}: the footer counts {claimed} but the case lines are {counts}")
    version = compute_suite_version(header["protocol"], ((c.id, c.hash) for c in cases))
    if version != header["suite_version"]:
        raise RunFileError(f"{p}: suite_version {header['suite_version']} in the header, but the "
                           f"case lines make {version}: cases are missing or were edited")
    return RunFile(path=p, header=header, cases=tuple(cases), footer=footer)
