"""Verification by independent engines: which engines pass each case, and the case's status.

:func:`verify` runs the suite on every engine of :data:`ENGINES` (or reads their run files) and
builds the verification table: per case id, each engine's result. A case's status is derived
from it, never decided elsewhere:

* ``verified``: at least one engine passes it (the table lists which);
* ``suspect``: no engine passes it and two or more engines that support it (did not answer
  ``unsupported``) all fail it: either the case or those engines are wrong, and
  :data:`SUSPECTS_FILE` must say which (a case bug is fixed, engine bugs are listed);
* ``unverified``: otherwise (no engine implements it, or only one does and fails it).

The table is written as ``conformance/cases/verification.json`` (what tools read) and
``verification.md`` (what people read); both are generated, never hand-edited, same inputs ->
same bytes. The ``status:`` field of every case file mirrors the table
(:func:`status_updates` / :func:`apply_statuses`), and ``rulings mine`` reads the table for the
cases it writes. :func:`verify_suite` is what ``rulings verify`` calls (verify, then write or
compare).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from conformance.cases_io import CASES_DIR, Case, load_cases
from conformance.errors import ConformanceError, EngineSpecError, EngineStartError
from conformance.runfile import FAILING

FORMAT = 1
ROOT = Path(__file__).resolve().parents[1]
TABLE_JSON = "verification.json"
TABLE_MD = "verification.md"
SUSPECTS_FILE = Path(__file__).resolve().parent / "suspects.yaml"
"""Diagnoses of suspect cases: case id -> the engines' bugs, each with the place in the
engine's source (a suspect whose case was wrong is fixed instead, and leaves the file)."""

ENGINES: tuple[tuple[str, str], ...] = (
    ("reference", "reference"),
    ("python-mtg", "cmd:engines/python-mtg/run-harness"),
    ("phase", "cmd:engines/phase/run-harness"),
)
"""The engines CI runs (name in the table, engine spec), in table order. An engine spec that
cannot start is an error of :func:`verify` unless missing engines are allowed."""

STATUSES = ("verified", "unverified", "suspect")


class VerificationError(ConformanceError):
    """The verification table cannot be built, read or checked."""


@dataclass(frozen=True)
class EngineRun:
    """One engine's results over the suite: case id -> (case hash, status)."""

    name: str
    spec: str
    version: str
    results: Mapping[str, tuple[str | None, str]]


@dataclass
class Table:
    """The verification table."""

    engines: list[EngineRun]
    cases: dict[str, dict[str, Any]] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    """Engines of :data:`ENGINES` that were not installed (allowed with ``allow_missing``)."""

    def status(self, case_id: str) -> str:
        """The derived status of a case (``unverified`` for a case the table lacks)."""
        row = self.cases.get(case_id)
        return str(row["status"]) if row else "unverified"

    def counts(self) -> dict[str, int]:
        """Cases per status."""
        c = Counter(str(r["status"]) for r in self.cases.values())
        return {s: c.get(s, 0) for s in STATUSES}

    def to_json(self) -> str:
        """verification.json (deterministic)."""
        data = {
            "format": FORMAT,
            "generated_by": "rulings verify",
            "engines": [{"name": e.name, "spec": e.spec, "version": e.version}
                        for e in self.engines],
            "missing_engines": list(self.missing),
            "counts": self.counts(),
            "verified_by": {e.name: sum(e.name in r["verified_by"] for r in self.cases.values())
                            for e in self.engines},
            "cases": self.cases,
        }
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    def to_markdown(self) -> str:
        """verification.md: totals, then one row per case."""
        names = [e.name for e in self.engines]
        counts = self.counts()
        out = ["# Verification of the cases by independent engines", "",
               "Written by `rulings verify`; `rulings verify --check` fails when it is stale. "
               "A case is **verified** when at least one engine passes it, **suspect** when two "
               "or more engines that support it all fail it (each is diagnosed in "
               "`conformance/suspects.yaml`), **unverified** otherwise.", "",
               "| engine | version | passes | fails | unsupported |",
               "| --- | --- | ---: | ---: | ---: |"]
        for e in self.engines:
            st = Counter(r["engines"].get(e.name, "-") for r in self.cases.values())
            out.append(f"| {e.name} | {e.version} | {st.get('pass', 0)} | "
                       f"{sum(st.get(k, 0) for k in FAILING)} | {st.get('unsupported', 0)} |")
        for name in self.missing:
            out.append(f"| {name} | not installed | - | - | - |")
        out += ["", f"**{counts['verified']} verified, {counts['unverified']} unverified, "
                    f"{counts['suspect']} suspect** of {len(self.cases)} cases.", "",
                "| case | status | " + " | ".join(names) + " |",
                "| --- | --- | " + " | ".join("---" for _ in names) + " |"]
        for cid, row in self.cases.items():
            cells = [("**pass**" if row["engines"].get(n) == "pass"
                      else row["engines"].get(n, "-")) for n in names]
            out.append(f"| {cid} | {row['status']} | " + " | ".join(cells) + " |")
        return "\n".join(out) + "\n"


def derive_status(results: Mapping[str, str]) -> str:
    """A case's status from its engines' results (engine name -> run status)."""
    if any(s == "pass" for s in results.values()):
        return "verified"
    supporting = [s for s in results.values() if s != "unsupported"]
    if len(supporting) >= 2 and all(s in FAILING for s in supporting):
        return "suspect"
    return "unverified"


def build_table(cases: Sequence[Case], runs: Sequence[EngineRun],
                missing: Iterable[str] = ()) -> Table:
    """The table for ``cases`` from the engines' ``runs``. A run's result counts for a case
    only when it was taken on the case's current hash; otherwise (or when the run lacks the
    case) the engine's entry is ``-`` (not run)."""
    table = Table(list(runs), missing=sorted(missing))
    for case in sorted(cases, key=lambda c: c.id):
        results: dict[str, str] = {}
        for run in runs:
            got = run.results.get(case.id)
            if got is not None and got[0] in (None, case.hash):
                results[run.name] = got[1]
        status = derive_status(results)
        table.cases[case.id] = {
            "hash": case.hash,
            "engines": {n: results[n] for n in sorted(results)},
            "status": status,
            "verified_by": sorted(n for n, s in results.items() if s == "pass"),
        }
    return table


def run_engine(cases: Sequence[Case], name: str, spec: str, *, timeout: float = 30.0
               ) -> EngineRun:
    """Run ``cases`` on one engine (raises :class:`EngineSpecError` / :class:`EngineStartError`
    when it is not installed)."""
    from conformance.runner import RunOptions, run_cases

    run = run_cases(cases, spec, RunOptions(timeout=timeout))
    return EngineRun(name, spec, str(run.engine.version),
                     {r.id: (r.hash, r.status) for r in run.results})


def load_engine_run(path: str | Path, names: Mapping[str, str] | None = None) -> EngineRun:
    """An engine's results from a JSON Lines run file (``rulings run --jsonl``); ``names``
    maps the engine's ``start`` name to its table name (default: :data:`ENGINES` by spec, else
    the start name)."""
    from conformance.runfile import read_run_file

    try:
        data = read_run_file(path)
    except (OSError, ValueError, ConformanceError) as exc:
        raise VerificationError(f"{path}: not a readable run file: {exc}") from exc
    if data.footer.get("finished") is None:
        raise VerificationError(f"{path}: the run was cut short (no footer)")
    engine, spec = data.header["engine"], str(data.header["spec"])
    by_spec = {s: n for n, s in ENGINES}
    name = (names or {}).get(engine["name"]) or by_spec.get(spec) or engine["name"]
    return EngineRun(name, spec, str(engine.get("version", "")),
                     {r.id: (r.hash, r.status) for r in data.cases})


def verify(cases_dir: str | Path = CASES_DIR, *,
           engines: Sequence[tuple[str, str]] = ENGINES, from_runs: Sequence[str | Path] = (),
           allow_missing: bool = False, timeout: float = 30.0) -> Table:
    """The verification table of the suite under ``cases_dir``.

    Engines whose run file is given in ``from_runs`` are not run again (their results are read);
    every other engine of ``engines`` is run. An engine that is not installed raises
    :class:`VerificationError`, or is listed as missing with ``allow_missing``."""
    cases = load_cases([cases_dir])
    runs = [load_engine_run(p, {}) for p in from_runs]
    have = {r.name for r in runs} | {r.spec for r in runs}
    missing = []
    for name, spec in engines:
        if name in have or spec in have:
            continue
        try:
            runs.append(run_engine(cases, name, spec, timeout=timeout))
        except (EngineSpecError, EngineStartError) as exc:
            if not allow_missing:
                raise VerificationError(f"engine {name} ({spec}) is not installed: {exc} "
                                        "(--allow-missing to verify without it)") from exc
            missing.append(name)
    order = [n for n, _ in engines]
    runs.sort(key=lambda r: (order.index(r.name) if r.name in order else len(order), r.name))
    return build_table(cases, runs, missing)


def load_table(cases_dir: str | Path = CASES_DIR) -> dict[str, tuple[str, str]]:
    """Case id -> (hash, status) from the committed ``verification.json`` ({} when absent)."""
    path = Path(cases_dir) / TABLE_JSON
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {cid: (str(row["hash"]), str(row["status"]))
                for cid, row in data["cases"].items()}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise VerificationError(f"{path}: unreadable verification table: {exc}") from exc


def table_files(table: Table) -> dict[str, str]:
    """File name (under the cases root) -> text."""
    return {TABLE_JSON: table.to_json(), TABLE_MD: table.to_markdown()}


_STATUS_LINE = re.compile(r"^status:[^\n]*\n", re.M)


def status_updates(table: Table, cases_dir: str | Path = CASES_DIR) -> dict[Path, str]:
    """Case files whose ``status:`` line differs from the table, with their new text."""
    out: dict[Path, str] = {}
    for case in load_cases([cases_dir]):
        if case.path is None:
            continue
        path = Path(case.path)
        text = path.read_text(encoding="utf-8")
        want = f"status: {table.status(case.id)}\n"
        if _STATUS_LINE.search(text):
            new = _STATUS_LINE.sub(want, text, count=1)
        else:
            at = re.search(r"^setup:", text, re.M)
            if at is None:
                raise VerificationError(f"{path}: no setup: line to put the status before")
            new = text[:at.start()] + want + text[at.start():]
        if new != text:
            out[path] = new
    return out


def undiagnosed_suspects(table: Table, suspects_file: Path = SUSPECTS_FILE) -> list[str]:
    """Suspect cases :data:`SUSPECTS_FILE` does not diagnose (every suspect must be)."""
    known = _diagnoses(suspects_file)
    return [cid for cid, row in table.cases.items()
            if row["status"] == "suspect" and not known.get(cid)]


def stale_diagnoses(table: Table, suspects_file: Path = SUSPECTS_FILE) -> list[str]:
    """Entries of :data:`SUSPECTS_FILE` for a case that is not suspect (any more): a case the
    table does not hold, or one an engine passes or only one engine supports."""
    return [f"{cid} is {table.cases[cid]['status'] if cid in table.cases else 'not in the suite'}"
            for cid in sorted(_diagnoses(suspects_file))
            if cid not in table.cases or table.cases[cid]["status"] != "suspect"]


def _diagnoses(suspects_file: Path) -> Mapping[str, Any]:
    known: Mapping[str, Any] = {}
    if suspects_file.exists():
        try:
            data = yaml.safe_load(suspects_file.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError) as exc:
            raise VerificationError(f"{suspects_file}: unreadable: {exc}") from exc
        known = data.get("suspects") or {}
        if not isinstance(known, dict):
            raise VerificationError(f"{suspects_file}: `suspects` must map case ids to "
                                    "diagnoses")
    return known


def differences(table: Table, cases_dir: str | Path = CASES_DIR,
                suspects_file: Path = SUSPECTS_FILE) -> list[str]:
    """What is stale under ``cases_dir`` for ``table`` (empty: current), and the diagnoses of
    ``suspects_file`` for cases that are not suspect (:func:`stale_diagnoses`)."""
    root = Path(cases_dir)
    out = [f"diagnosis of a case that is not suspect ({suspects_file.name}): {d}"
           for d in stale_diagnoses(table, suspects_file)]
    for name, text in table_files(table).items():
        path = root / name
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            out.append(f"{'changed' if current is not None else 'missing'}: {name}")
    for path in sorted(status_updates(table, root)):
        out.append(f"status: {path.relative_to(root)} (table: {table.status(_id(path, root))})")
    return out


def write(table: Table, cases_dir: str | Path = CASES_DIR) -> int:
    """Write the table files and the case files' status lines; the number of files written."""
    root = Path(cases_dir)
    files = {root / n: t for n, t in table_files(table).items()}
    files.update(status_updates(table, root))
    n = 0
    try:
        for path, text in sorted(files.items()):
            if path.exists() and path.read_text(encoding="utf-8") == text:
                continue
            tmp = path.with_suffix(path.suffix + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
            n += 1
    except OSError as exc:
        raise VerificationError(f"cannot write the verification table: {exc}") from exc
    return n


def _id(path: Path, root: Path) -> str:
    return str(path.relative_to(root).with_suffix("")).replace("\\", "/")


@dataclass
class Verified:
    """What :func:`verify_suite` did."""

    root: Path
    """The cases root the table belongs to."""
    table: Table
    undiagnosed: list[str]
    """Suspect cases :data:`SUSPECTS_FILE` does not diagnose (:func:`undiagnosed_suspects`)."""
    differences: list[str] | None = None
    """With ``check``: what is stale (:func:`differences`; empty: current)."""
    written: int | None = None
    """Without ``check``: the number of files written (:func:`write`)."""


def verify_suite(cases_dir: str | Path = CASES_DIR, *, from_runs: Sequence[str | Path] = (),
                 allow_missing: bool = False, timeout: float = 30.0, check: bool = False,
                 on_table: Callable[[Verified], None] | None = None) -> Verified:
    """``rulings verify``: :func:`verify` the suite under ``cases_dir``, find the undiagnosed
    suspects, then :func:`write` the table and the case statuses, or with ``check`` only list
    the :func:`differences`.

    ``on_table`` gets the outcome once the table is built, before anything is written. Raises
    :class:`VerificationError` (an engine not installed without ``allow_missing``, an unreadable
    run file or suspects file, a file that cannot be written).
    """
    root = Path(cases_dir)
    table = verify(root, from_runs=from_runs, allow_missing=allow_missing, timeout=timeout)
    done = Verified(root=root, table=table, undiagnosed=undiagnosed_suspects(table))
    if on_table is not None:
        on_table(done)
    if check:
        done.differences = differences(table, root)
    else:
        done.written = write(table, root)
    return done
