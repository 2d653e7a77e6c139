"""Running cases against an engine: statuses, restarts, workers, shards, filters, expectations.

:func:`run_cases` is the library form of ``rulings run``. A case ends in one status:

``pass``         every expectation met
``fail``         the engine answered, but the facts differ (the mismatches say how)
``error``        the engine reported an error (``EngineReportedError``) the case did not expect
``crash``        the engine process died or broke the protocol (it is restarted)
``timeout``      no answer within the per-case time limit (the process group is killed and the
                 engine restarted; an in-process Python engine is interrupted by a timer)
``unsupported``  the case needs a feature, card, action or choice the engine did not declare
                 (never sent), or the engine refused it with kind ``unsupported`` and the case
                 expects no error

Engines are restarted after a ``crash`` or ``timeout``, and on request every ``restart_every``
cases or when a stdio engine's resident memory exceeds ``max_rss_mb`` (between cases, outside any
case's time limit); the run footer counts the restarts.
"""

from __future__ import annotations

import concurrent.futures as cf
import datetime as dt
import hashlib
import json
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.cases_io import Case, CaseFilter, check_suite, shard_of, suite_version
from conformance.engines import reaper
from conformance.engines.protocol import PROTOCOL_VERSION, Engine, EngineInfo
from conformance.engines.spec import EngineSpec, parse_spec
from conformance.errors import (
    EngineCloseError,
    EngineFailure,
    EngineProtocolError,
    EngineReportedError,
    EngineStartError,
)
from conformance.expectations import Expectations
from conformance.judge import Mismatch, judge, judge_check, judge_error
from conformance.limits import (
    MAX_ANSWER_MB,
    MAX_START_FAILURES,
    MAX_TEXT,
    bounded_mismatch,
    clip,
    shape_problem,
)
from conformance.runfile import STATUSES as STATUSES  # re-exported: the run-file format's
from conformance.runfile import CaseResult as CaseResult  # model, owned by conformance.runfile
from conformance.runfile import counts_of, footer_line, header_line


@dataclass(frozen=True)
class RunOptions:
    """How to run (everything but the cases and the engine)."""

    timeout: float = 10.0
    """Seconds for one case (setup, actions and observe together)."""
    jobs: int = 1
    """Worker processes; each runs its own engine."""
    shard: tuple[int, int] | None = None
    """``(i, n)``: run only the cases whose id hashes to shard ``i`` of ``n`` (1-based)."""
    filter: CaseFilter = field(default_factory=CaseFilter)
    strict_unsupported: bool = False
    """Count an ``unsupported`` case that the expectations do not list as unexpected."""
    validate_protocol: bool = False
    """Validate every stdio response against its schema (slower)."""
    restart_every: int | None = None
    """Restart the engine after every this many cases sent to it (None: only after failures)."""
    max_rss_mb: float | None = None
    """Restart a stdio engine after a case that leaves its resident memory above this (MB)."""
    run_id: str | None = None
    """The run's id in the header (None: :func:`default_run_id`, shared by a run's shards)."""
    max_answer_mb: float = MAX_ANSWER_MB
    """Longest answer line a stdio engine may send, in MB (over it: status ``error``)."""

    def __post_init__(self) -> None:
        if not (isinstance(self.timeout, int | float) and math.isfinite(self.timeout)
                and self.timeout > 0):
            raise ValueError(f"timeout must be a positive number of seconds, not {self.timeout}")
        if not (math.isfinite(self.max_answer_mb) and self.max_answer_mb > 0):
            raise ValueError(f"max_answer_mb must be positive, not {self.max_answer_mb}")
        if self.restart_every is not None and self.restart_every < 1:
            raise ValueError(f"restart_every must be at least 1, not {self.restart_every}")
        if self.max_rss_mb is not None and not self.max_rss_mb > 0:
            raise ValueError(f"max_rss_mb must be positive, not {self.max_rss_mb}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for run headers (the run id is a header field of its own).

        ``max_answer_mb`` is listed only when it is not the default (run ids stay as they were).
        """
        extra = ({"max_answer_mb": self.max_answer_mb}
                 if self.max_answer_mb != MAX_ANSWER_MB else {})
        return {**extra, "timeout": self.timeout, "jobs": self.jobs,
                "shard": f"{self.shard[0]}/{self.shard[1]}" if self.shard else None,
                "features": sorted(self.filter.features), "cards": sorted(self.filter.cards),
                "ids": list(self.filter.ids), "strict_unsupported": self.strict_unsupported,
                "validate_protocol": self.validate_protocol,
                "restart_every": self.restart_every, "max_rss_mb": self.max_rss_mb}


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> ``(2, 4)``; raises ValueError unless ``1 <= i <= n``."""
    i, sep, n = text.partition("/")
    if not sep:
        raise ValueError(f"shard {text!r} is not i/n")
    a, b = int(i), int(n)
    if not 1 <= a <= b:
        raise ValueError(f"shard {text!r}: need 1 <= i <= n")
    return a, b


@dataclass
class Run:
    """A finished (or loaded) run."""

    spec: str
    engine: EngineInfo
    suite_version: str
    options: dict[str, Any]
    started: str
    results: list[CaseResult] = field(default_factory=list)
    duration: float = 0.0
    finished: str | None = None
    run_id: str | None = None
    """Shared by the shards of one run (``RunOptions.run_id`` or :func:`default_run_id`)."""
    restarts: int = 0
    """Engines started after the first (after a crash or timeout, or planned), all workers."""

    @property
    def counts(self) -> dict[str, int]:
        """Results per status (every status present, zero or not)."""
        return counts_of(r.status for r in self.results)

    @property
    def unexpected(self) -> list[CaseResult]:
        """Results that differ from their expectation (unexpected passes included)."""
        return [r for r in self.results if r.unexpected]

    @property
    def unexpected_passes(self) -> list[CaseResult]:
        """Known failures that now pass."""
        return [r for r in self.results if r.outcome == "unexpected_pass"]

    @property
    def exit_code(self) -> int:
        """0 unless a result differs from its expectation, then 1."""
        return 1 if self.unexpected else 0

    def header(self) -> dict[str, Any]:
        """The run file's first line (plus ``cases``, the number of results, not written)."""
        from conformance.engines.stdio import info_to_wire

        head = header_line(suite_version=self.suite_version, protocol=PROTOCOL_VERSION,
                           engine=info_to_wire(self.engine), spec=self.spec,
                           options=self.options, started=self.started, run_id=self.run_id)
        return {**head, "cases": len(self.results)}

    def footer(self) -> dict[str, Any]:
        """The run file's last line."""
        return footer_line(self.results, duration=self.duration,
                           finished=self.finished or _now(), restarts=self.restarts)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


_SHARD_FREE_OPTIONS = ("shard", "jobs")
"""Options the shards of one run may differ in (where and how fast they ran)."""


def default_run_id(unsharded_suite_version: str, engine: EngineInfo,
                   options: RunOptions) -> str:
    """A deterministic run id (16 hex) that every shard of one run computes alike.

    A digest of the suite version of the selected cases *before* sharding, the engine's name,
    version and protocol, the options but ``shard`` and ``jobs``, and the shard count (not the
    shard index). Two runs of one suite, engine and options get the same id: give
    ``RunOptions.run_id`` (``rulings run --run-id``, e.g. the CI run number) to tell them apart.
    """
    opts = {k: v for k, v in options.to_dict().items() if k not in _SHARD_FREE_OPTIONS}
    ident = {"suite_version": unsharded_suite_version, "engine": engine.name,
             "version": engine.version, "protocol": engine.protocol, "options": opts,
             "shards": options.shard[1] if options.shard else None}
    blob = json.dumps(ident, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def process_rss_mb(pid: int) -> float | None:
    """Resident memory of process ``pid`` in MB (``VmRSS`` of ``/proc/<pid>/status``), or None
    when it cannot be read (no /proc, the process is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except (OSError, ValueError, IndexError):
        return None
    return None


def unsupported_reason(case: Case, info: EngineInfo) -> str | None:
    """Why ``info``'s engine cannot take ``case`` (undeclared features or cards, actions or
    choices its protocol or declaration lacks), or None."""
    feats = sorted(set(case.features) - info.features)
    cards = sorted(set(case.cards) - info.cards)
    actions, choices = case.needs
    parts = []
    if missing := sorted(actions - info.supported_actions):
        parts.append(f"actions not supported (protocol {info.protocol}): " + ", ".join(missing))
    if missing := sorted(choices - info.supported_choices):
        parts.append(f"choices not supported (protocol {info.protocol}): " + ", ".join(missing))
    if missing := sorted(case.setup_needs - info.supported_setup):
        parts.append(f"setup not supported (protocol {info.protocol}): " + ", ".join(missing))
    if feats:
        parts.append("features not declared: " + ", ".join(feats))
    if cards:
        parts.append("cards not declared: " + ", ".join(cards))
    return "; ".join(parts) or None


def execute_case(engine: Engine, case: Case, timeout: float) -> CaseResult:
    """Run one case on a live engine and judge it (no expectations applied).

    Never raises for engine misbehaviour: it becomes the status. After ``crash`` or ``timeout``
    the engine must be discarded. A refusal of kind ``unsupported`` in a case that expects no
    error is the status ``unsupported`` (the engine's message is the result's message).
    """
    base = CaseResult(id=case.id, status="pass", hash=case.hash, features=list(case.features))
    t0 = time.monotonic()
    set_deadline = getattr(engine, "set_deadline", None)
    if callable(set_deadline):
        set_deadline(t0 + timeout)
    reported: tuple[int, str, str] | None = None
    checked: list[Mismatch] = []
    step = "setup"
    try:
        engine.setup(case.id, case.setup)
        for i, action in enumerate(case.actions):
            step = f"action {i} ({next(iter(action))})"
            if "check" in action:  # protocol 2: observe here, judge now, send nothing
                seen = engine.observe()
                try:
                    checked += judge_check(i, action["check"], seen)
                except (AttributeError, TypeError, KeyError, ValueError, IndexError) as exc:
                    raise EngineProtocolError("observe answer does not fit the protocol: "
                                              + shape_problem(seen, exc)) from exc
                continue
            try:
                engine.act(action)
            except EngineReportedError as exc:
                if "error" not in case.expect:
                    raise
                reported = (i, exc.kind, exc.message)
                break
        step = "observe"
        observation = engine.observe()
    except EngineReportedError as exc:
        base.error = {"kind": clip(exc.kind, 200), "message": exc.message,
                      "action": int(step.split()[1]) if step.startswith("action") else None}
        if exc.kind == "unsupported":
            base.status = "unsupported"
            base.message = exc.message or f"engine reported unsupported at {step}"
        else:
            base.status = "error"
            base.message = f"engine reported {exc.kind} at {step}: {exc.message}"
    except EngineFailure as exc:
        base.status = exc.status
        base.message = f"{exc.message} (at {step})"
        base.stderr = exc.stderr[-MAX_TEXT:] or None
    else:
        try:
            found = [*checked, *judge_error(case.expect, reported),
                     *judge(case.expect, observation)]
        except (AttributeError, TypeError, KeyError, ValueError, IndexError) as exc:
            # the observation is not shaped as the protocol says (a list where a mapping goes)
            base.status = "crash"
            base.message = f"observe answer does not fit the protocol: {shape_problem(observation, exc)}"
            found = []
        if found:
            base.status = "fail"
            base.mismatches = [bounded_mismatch(m.to_dict()) for m in found]
            base.message = f"{len(found)} expectation(s) not met"
    finally:
        if callable(set_deadline):
            set_deadline(None)
        base.duration = round(time.monotonic() - t0, 6)
    base.message = clip(base.message)
    if base.error is not None:
        base.error["message"] = clip(base.error["message"])
    return base


class CaseExecutor:
    """Runs cases one by one on one engine, restarting it after a crash or timeout, and (when
    asked) after every ``restart_every`` cases sent to one engine or when a stdio engine's
    resident memory is above ``max_rss_mb`` after a case.

    A restart is lazy: the engine is dropped after the case that calls for it and started again
    before the next case, outside that case's time limit.
    """

    def __init__(self, spec: EngineSpec, timeout: float, validate: bool = False, *,
                 restart_every: int | None = None, max_rss_mb: float | None = None,
                 max_answer_mb: float = MAX_ANSWER_MB) -> None:
        self.spec = spec
        self.max_answer_mb = max_answer_mb
        self.timeout = timeout
        self.validate = validate
        self.restart_every = restart_every
        self.max_rss_mb = max_rss_mb
        self._engine: Engine | None = None
        self._started = False
        self._sent = 0
        """Cases sent to the current engine."""
        self.info: EngineInfo | None = None
        self.restarts = 0
        """Engine starts after the first (successful or not)."""
        self.recycled = 0
        """Engines dropped on purpose (``restart_every`` / ``max_rss_mb``), not for failing."""
        self._start_failures = 0
        """Starts failed in a row."""
        self._last_start_error = ""

    def connect(self) -> Engine:
        """The live engine, started if needed (raises :class:`EngineStartError`).

        After :data:`MAX_START_FAILURES` starts failed in a row, no start is tried again (each
        could cost the whole start timeout): the error is raised at once.
        """
        if self._engine is None:
            if self._start_failures >= MAX_START_FAILURES:
                raise EngineStartError(f"not restarted: the last {self._start_failures} starts "
                                       f"failed ({self._last_start_error})")
            if self._started:
                self.restarts += 1
            self._started = True
            try:
                self._engine = self.spec.connect(
                    timeout=self.timeout, validate=self.validate,
                    max_answer_bytes=int(self.max_answer_mb * 1024 * 1024))
            except EngineStartError as exc:
                self._start_failures += 1
                self._last_start_error = str(exc).splitlines()[0][:300]
                raise
            self._start_failures = 0
            self.info = self._engine.info()
            self._sent = 0
        return self._engine

    def recycle_reason(self, engine: Engine) -> str | None:
        """Why ``engine`` should be restarted before the next case (None: keep it)."""
        if self.restart_every is not None and self._sent % self.restart_every == 0:
            return f"{self._sent} cases sent"
        if self.max_rss_mb is not None:
            pid = getattr(engine, "pid", None)   # stdio engines; in process, nothing to measure
            if isinstance(pid, int):
                rss = process_rss_mb(pid)
                if rss is not None and rss > self.max_rss_mb:
                    return f"resident memory {rss:.0f} MB > {self.max_rss_mb:g} MB"
        return None

    def run(self, case: Case) -> CaseResult:
        """Run one case; unsupported cases are judged without touching the engine."""
        try:
            engine = self.connect()
        except EngineStartError as exc:
            return CaseResult(id=case.id, status="crash", hash=case.hash,
                              features=list(case.features),
                              message=f"engine could not be (re)started: {exc}")
        assert self.info is not None
        why = unsupported_reason(case, self.info)
        if why:
            return CaseResult(id=case.id, status="unsupported", hash=case.hash,
                              features=list(case.features), message=why)
        result = execute_case(engine, case, self.timeout)
        self._sent += 1
        if result.status in ("crash", "timeout") or getattr(engine, "alive", True) is False:
            self.discard()  # a failed engine (an over-size answer, too) is not trusted again
        elif self.recycle_reason(engine) is not None:
            self.recycled += 1
            self.discard()
        return result

    def discard(self) -> None:
        """Drop the current engine (killing it)."""
        engine, self._engine = self._engine, None
        if engine is not None:
            try:
                engine.close()
            except Exception:  # noqa: BLE001 - it is being discarded anyway
                pass

    def close(self) -> None:
        """Stop the engine cleanly (raises :class:`EngineCloseError` if it does not stop)."""
        engine, self._engine = self._engine, None
        if engine is not None:
            engine.close()


def apply_expectation(result: CaseResult, expectations: Expectations | None,
                      strict_unsupported: bool = False) -> CaseResult:
    """Fill in ``expected``/``outcome``/``reason``/``link`` of a result."""
    entry = expectations.for_case(result.id) if expectations else None
    result.expected = entry.kind if entry else "pass"
    result.reason = entry.reason if entry else None
    result.link = entry.link if entry else None
    if entry is None and result.status == "unsupported" and not strict_unsupported:
        result.outcome = "skipped"
    elif result.status == result.expected:
        result.outcome = "expected"
    elif result.status == "pass":
        result.outcome = "unexpected_pass"
    else:
        result.outcome = "unexpected"
    return result


def select_cases(cases: Iterable[Case], options: RunOptions) -> list[Case]:
    """The cases a run takes: filtered, then sharded."""
    out = [c for c in cases if options.filter(c)]
    if options.shard:
        i, n = options.shard
        out = [c for c in out if shard_of(c.id, n) == i]
    return out


def _close_quietly(executor: CaseExecutor) -> None:
    """Stop the engine; one that does not stop cleanly is killed, and the run goes on (the
    cases were judged already)."""
    try:
        executor.close()
    except EngineCloseError:
        pass


def run_cases(
    cases: Sequence[Case],
    spec: str | EngineSpec,
    options: RunOptions | None = None,
    expectations: Expectations | None = None,
    on_start: Callable[[Run], None] | None = None,
    on_result: Callable[[CaseResult], None] | None = None,
) -> Run:
    """Run ``cases`` (filtered and sharded by ``options``) against the engine ``spec``.

    The engine is started first, to learn what it declares (raises :class:`EngineSpecError` or
    :class:`EngineStartError` when it cannot be; :class:`ExpectationsError` when the
    expectations are for another engine). ``on_start`` gets the run before any case (header
    fields set), ``on_result`` each result as it comes (in completion order with ``jobs > 1``);
    the returned run lists results in case order.

    Raises :class:`SuiteError` when two cases share an id or a case's hash is stale. While it
    runs, SIGTERM, SIGINT and SIGHUP kill every engine (and worker) and exit with status
    128 + signal.
    """
    options = options or RunOptions()
    espec = spec if isinstance(spec, EngineSpec) else parse_spec(spec)
    check_suite(cases)
    selected = select_cases(cases, options)
    executor = CaseExecutor(espec, options.timeout, options.validate_protocol,
                            restart_every=options.restart_every, max_rss_mb=options.max_rss_mb,
                            max_answer_mb=options.max_answer_mb)
    pools: list[cf.ProcessPoolExecutor] = []

    def on_signal(_signum: int) -> None:
        from conformance.workers import stop_workers

        for pool in pools:
            stop_workers(pool)

    with reaper.handling_signals(on_signal):
        return _run(cases, selected, espec, options, expectations, executor, pools,
                    on_start, on_result)


def _run(cases: Sequence[Case], selected: list[Case], espec: EngineSpec, options: RunOptions,
         expectations: Expectations | None, executor: CaseExecutor,
         pools: list[cf.ProcessPoolExecutor], on_start: Callable[[Run], None] | None,
         on_result: Callable[[CaseResult], None] | None) -> Run:
    executor.connect()
    assert executor.info is not None
    if expectations is not None:
        expectations.check_engine(executor.info.name)
    run_id = options.run_id or default_run_id(
        suite_version([c for c in cases if options.filter(c)]), executor.info, options)
    run = Run(spec=espec.text, engine=executor.info, suite_version=suite_version(selected),
              options=options.to_dict(), started=_now(), run_id=run_id)
    if on_start:
        on_start(run)
    t0 = time.monotonic()
    by_id: dict[str, CaseResult] = {}

    def record(r: CaseResult) -> None:
        apply_expectation(r, expectations, options.strict_unsupported)
        by_id[r.id] = r
        if on_result:
            on_result(r)

    jobs = max(1, min(options.jobs, len(selected) or 1))
    try:
        if jobs == 1:
            for case in selected:
                record(executor.run(case))
        else:
            # workers start their own engines; unsupported cases never leave this process
            runnable = []
            for case in selected:
                why = unsupported_reason(case, executor.info)
                if why:
                    record(CaseResult(id=case.id, status="unsupported", hash=case.hash,
                                      features=list(case.features), message=why))
                else:
                    runnable.append(case)
            _close_quietly(executor)
            from conformance.workers import run_in_workers

            run.restarts += run_in_workers(runnable, espec.text, options, jobs, pools, record)
    finally:
        _close_quietly(executor)
    run.restarts += executor.restarts
    run.results = [by_id[c.id] for c in selected if c.id in by_id]
    run.duration = time.monotonic() - t0
    run.finished = _now()
    return run
