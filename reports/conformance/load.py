"""Reading conformance run files (JSON Lines) and merging the shards of one run.

A run file is what ``rulings run ... --jsonl FILE`` writes (``conformance/SPEC.md``, "Run files"):
a header line, one line per case, a footer line. Every line is validated against
``conformance/schema/run.schema.json``; the file must be complete (header first, footer last, each
case once, footer counts equal to the case lines, ``suite_version`` equal to the digest of the
case lines).

``rulings run --shard i/n`` writes one file per shard. :func:`group_runs` merges the files that
are shards of one run (same ``run_id`` when the headers have one, engine, spec, options but
``shard`` and ``jobs``, all ``n`` shards present exactly once) into one :class:`ConformanceRun`,
whose ``suite_version`` is recomputed over all its cases, as the unsharded run would have it.

Optional fields of newer runners are read when present: the header's ``run_id`` (shared by the
shards of one run; :attr:`ConformanceRun.header_run_id`) and the footer's ``restarts`` (engine
restarts; summed over shards in :attr:`ConformanceRun.restarts`).

The format itself (model, strict reader, writer, statuses, suite digest) is
:mod:`conformance.runfile`'s; this module adds the reports' view of runs (shards merged) and never
imports the runner or an engine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance import errors as format_errors
from conformance import runfile
from conformance.cases_io import CASES_DIR
from conformance.runfile import FAILING, STATUSES, RunFile, compute_suite_version
from conformance.runfile import CaseResult as CaseLine
from reports.conformance.errors import RunFileError, ShardMergeError

__all__ = ["FAILING", "STATUSES", "CaseLine", "ConformanceRun", "RunFile", "group_runs",
           "load_runs", "merge_shards", "read_run_file", "write_run_jsonl"]

_IGNORED_OPTIONS = ("shard", "jobs")
"""Options that may differ between the shards of one run (where and how fast they ran)."""

DEFAULT_CASES_DIR: Path = CASES_DIR
"""The suite's own case files (for rulings, titles, cards)."""


def read_run_file(path: str | Path) -> RunFile:
    """Read and validate one run file (:func:`conformance.runfile.read_run_file`).

    Raises :class:`RunFileError` naming the file (and line) when it cannot be read, a line is not
    JSON or breaks the run schema, the header is missing or not first, a case appears twice, a
    line follows the footer, the footer is missing (a run cut short), the footer's counts differ
    from the case lines, or the ``suite_version`` does not match the case lines.
    """
    try:
        return runfile.read_run_file(path)
    except format_errors.RunFileError as exc:
        raise RunFileError(str(exc)) from exc


def _shard(f: RunFile) -> tuple[int, int] | None:
    try:
        return f.shard
    except format_errors.RunFileError as exc:
        raise RunFileError(str(exc)) from exc


def _group_key(f: RunFile) -> str:
    """What the shards of one run share: engine, spec, protocol, options but shard/jobs, and
    the header's ``run_id`` when it has one (``rulings run --run-id``)."""
    options = {k: v for k, v in f.header["options"].items() if k not in _IGNORED_OPTIONS}
    shard = _shard(f)
    key = {"engine": f.header["engine"], "spec": f.header["spec"],
           "protocol": f.header["protocol"], "options": options,
           "shards": shard[1] if shard else None, "run_id": f.header.get("run_id")}
    return json.dumps(key, sort_keys=True, ensure_ascii=False, default=str)


@dataclass(frozen=True)
class ConformanceRun:
    """One run of one engine: a single run file, or the merge of all shards of one run."""

    engine: Mapping[str, Any]
    """The engine's ``start`` info: ``name``, ``version``, ``features``, ``cards``, ..."""
    spec: str
    protocol: int
    options: Mapping[str, Any]
    """The run options (``shard`` is null and ``jobs`` the largest for a merged run)."""
    suite_version: str
    started: str
    """The earliest start of its files."""
    finished: str
    """The latest finish of its files."""
    duration: float
    """Seconds, summed over the shards."""
    cases: tuple[CaseLine, ...]
    """Sorted by id."""
    sources: tuple[Path, ...] = ()
    """The files it was read from (shard order)."""
    shards: int = 1
    """How many files (shards) it was merged from."""
    parts: tuple[Mapping[str, Any], ...] = field(default=(), repr=False)
    """Identity of each part (``started``, ``suite_version``, ``shard``) for :attr:`run_id`."""
    header_run_id: str | None = None
    """The ``run_id`` of the run files' headers (``rulings run --run-id``, or the runner's
    default shared by a run's shards); None for files written before run ids."""
    restarts: int = 0
    """Engine restarts (footer ``restarts``), summed over the shards."""

    @property
    def engine_name(self) -> str:
        """The engine's ``start`` name (how reports name an engine)."""
        return str(self.engine["name"])

    @property
    def engine_version(self) -> str:
        """The engine's ``start`` version."""
        return str(self.engine.get("version", ""))

    @property
    def run_id(self) -> str:
        """A stable id of this run (16 hex): the same files always give the same id.

        It names the run in the history; it is not :attr:`header_run_id`, which two runs of one
        suite, engine and options share unless ``--run-id`` tells them apart."""
        ident = {"engine": self.engine_name, "version": self.engine_version, "spec": self.spec,
                 "suite_version": self.suite_version, "parts": list(self.parts)}
        blob = json.dumps(ident, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]

    @property
    def counts(self) -> dict[str, int]:
        """Cases per status (every status present)."""
        return runfile.counts_of(c.status for c in self.cases)

    @property
    def unexpected(self) -> list[CaseLine]:
        """Cases whose result differs from the expectations file (unexpected passes included)."""
        return [c for c in self.cases if c.unexpected]

    @property
    def pass_rate(self) -> float | None:
        """Passed / cases the engine took (unsupported excluded); None when it took none."""
        taken = [c for c in self.cases if c.status != "unsupported"]
        if not taken:
            return None
        return sum(c.status == "pass" for c in taken) / len(taken)

    def header_line(self) -> dict[str, Any]:
        """The header of this run as one run file."""
        return runfile.header_line(suite_version=self.suite_version, protocol=self.protocol,
                                   engine=dict(self.engine), spec=self.spec,
                                   options=dict(self.options), started=self.started,
                                   run_id=self.header_run_id)

    def footer_line(self) -> dict[str, Any]:
        """The footer of this run as one run file."""
        return runfile.footer_line(self.cases, duration=self.duration, finished=self.finished,
                                   restarts=self.restarts)

    def to_jsonl(self) -> str:
        """The whole run as one run file (header, cases by id, footer), newline-terminated."""
        return runfile.render_run_file(self.header_line(), self.cases, self.footer_line())


def write_run_jsonl(run: ConformanceRun, path: str | Path) -> None:
    """Write ``run`` as one run file (e.g. the merge of nightly shards)."""
    try:
        runfile.write_run_file(path, run.header_line(), run.cases, run.footer_line())
    except format_errors.RunFileError as exc:
        raise RunFileError(str(exc)) from exc


def _from_files(files: Sequence[RunFile]) -> ConformanceRun:
    first = files[0]
    cases = sorted((c for f in files for c in f.cases), key=lambda c: c.id)
    options = dict(first.header["options"])
    if _shard(first) is not None:
        options["shard"] = None
        options["jobs"] = max(int(f.header["options"].get("jobs") or 1) for f in files)
    protocol = int(first.header["protocol"])
    suite_version = (first.header["suite_version"] if len(files) == 1
                     else compute_suite_version(protocol, ((c.id, c.hash) for c in cases)))
    parts = tuple({"started": f.header["started"], "suite_version": f.header["suite_version"],
                   "shard": f.header["options"].get("shard")} for f in files)
    finished = [str(f.footer.get("finished") or f.header["started"]) for f in files]
    return ConformanceRun(
        engine=first.header["engine"], spec=first.header["spec"], protocol=protocol,
        options=options, suite_version=suite_version,
        started=min(str(f.header["started"]) for f in files), finished=max(finished),
        duration=sum(float(f.footer["duration"]) for f in files), cases=tuple(cases),
        sources=tuple(f.path for f in files), shards=len(files), parts=parts,
        header_run_id=first.header.get("run_id"),
        restarts=sum(int(f.footer.get("restarts") or 0) for f in files))


def merge_shards(files: Sequence[RunFile]) -> ConformanceRun:
    """Merge the shard files of one run into one run.

    Raises :class:`ShardMergeError` when the files are not all shards ``i/n`` of one ``n`` of
    one engine, spec and options, when a shard is missing or given twice, or a case appears in
    two shards. A single unsharded file is returned as it is.
    """
    if not files:
        raise ShardMergeError("no run files to merge")
    if len(files) == 1 and _shard(files[0]) is None:
        return _from_files(files)
    unsharded = [f for f in files if _shard(f) is None]
    if unsharded:
        raise ShardMergeError(f"{unsharded[0].path}: not a shard (no --shard option), cannot be "
                              f"merged with other files")
    key = _group_key(files[0])
    for f in files[1:]:
        if _group_key(f) != key:
            raise ShardMergeError(_mismatch(files[0], f))
    n = files[0].shard[1]  # type: ignore[index]
    by_index: dict[int, RunFile] = {}
    for f in files:
        i = f.shard[0]  # type: ignore[index]
        if i in by_index:
            raise ShardMergeError(f"shard {i}/{n} of {f.header['engine']['name']} given twice: "
                                  f"{by_index[i].path} and {f.path}; merge one run at a time")
        by_index[i] = f
    missing = [i for i in range(1, n + 1) if i not in by_index]
    if missing:
        raise ShardMergeError(
            f"{files[0].header['engine']['name']} ({files[0].header['spec']}): shard(s) "
            + ", ".join(f"{i}/{n}" for i in missing) + " missing; given: "
            + ", ".join(f"{f.path} ({i}/{n})" for i, f in sorted(by_index.items())))
    owner: dict[str, Path] = {}
    for f in files:
        for c in f.cases:
            if c.id in owner:
                raise ShardMergeError(f"case {c.id!r} is in two shards: {owner[c.id]} and "
                                      f"{f.path}")
            owner[c.id] = f.path
    return _from_files([by_index[i] for i in range(1, n + 1)])


def merge_run_files(shards: Sequence[str | Path], out: str | Path) -> ConformanceRun:
    """``rulings report merge``: read the shard files of one run (:func:`read_run_file`), merge
    them (:func:`merge_shards`) and write the merged run file to ``out``
    (:func:`write_run_jsonl`); return the merged run.

    Raises :class:`RunFileError` for a file that cannot be read or written and
    :class:`ShardMergeError` when the files are not the shards of one run.
    """
    run = merge_shards([read_run_file(p) for p in shards])
    write_run_jsonl(run, out)
    return run


def _mismatch(a: RunFile, b: RunFile) -> str:
    ka, kb = json.loads(_group_key(a)), json.loads(_group_key(b))
    diffs = sorted(k for k in ka if ka[k] != kb.get(k))
    if "options" in diffs:
        oa, ob = ka["options"], kb["options"]
        diffs.remove("options")
        diffs += [f"option {k}" for k in sorted(set(oa) | set(ob)) if oa.get(k) != ob.get(k)]
    return (f"{a.path} and {b.path} are not shards of one run: they differ in "
            + ", ".join(diffs))


def group_runs(files: Sequence[RunFile]) -> list[ConformanceRun]:
    """Turn run files into runs: unsharded files stay runs, shards of one run are merged.

    Shards whose headers carry a ``run_id`` are grouped by it, the engine's name and the spec
    (one CI run id may name the runs of several engines); they must then agree on protocol,
    options but ``shard`` and ``jobs``, and shard count, or the merge says where they differ.
    Shards without a ``run_id`` are grouped by all of those. Runs come back in a stable order
    (engine name, start time, first source path). Raises :class:`ShardMergeError` when a group
    is incomplete, has a shard twice, or its files disagree.
    """
    runs: list[ConformanceRun] = []
    groups: dict[str, list[RunFile]] = {}
    for f in files:
        if _shard(f) is None:
            runs.append(merge_shards([f]))
            continue
        run_id = f.header.get("run_id")
        key = (json.dumps([run_id, f.header["engine"].get("name"), f.header["spec"]],
                          ensure_ascii=False, default=str)
               if run_id is not None else _group_key(f))
        groups.setdefault(key, []).append(f)
    for group in groups.values():
        runs.append(merge_shards(group))
    runs.sort(key=lambda r: (r.engine_name, r.started, str(r.sources[0])))
    return runs


def load_runs(paths: Iterable[str | Path]) -> list[ConformanceRun]:
    """Read, validate and group run files (see :func:`read_run_file`, :func:`group_runs`)."""
    files = [read_run_file(p) for p in paths]
    if not files:
        raise RunFileError("no run files given")
    seen: dict[Path, Path] = {}
    for f in files:
        real = f.path.resolve()
        if real in seen:
            raise RunFileError(f"{f.path}: given twice")
        seen[real] = f.path
    return group_runs(files)
