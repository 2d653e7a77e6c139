"""Running cases against an engine: statuses, restarts, workers, shards, filters, expectations.

:func:`run_cases` is the library form of ``rulings run``. A case ends in one status:

``pass``         every expectation met
``fail``         the engine answered, but the facts differ (the mismatches say how)
``error``        the engine reported an error (``EngineReportedError``) the case did not expect
``crash``        the engine process died or broke the protocol (it is restarted)
``timeout``      no answer within the per-case time limit (the process is killed and restarted)
``unsupported``  the case needs a feature or card the engine did not declare: never sent
"""

from __future__ import annotations

import concurrent.futures as cf
import datetime as dt
import multiprocessing
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from conformance.cases_io import Case, CaseFilter, shard_of, suite_version
from conformance.engines.protocol import PROTOCOL_VERSION, Engine, EngineInfo
from conformance.engines.spec import EngineSpec, parse_spec
from conformance.errors import (
    EngineCloseError,
    EngineFailure,
    EngineReportedError,
    EngineStartError,
)
from conformance.expectations import Expectations
from conformance.judge import judge, judge_error

STATUSES = ("pass", "fail", "error", "crash", "timeout", "unsupported")
"""Every case status, in report order."""


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

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for run headers."""
        return {"timeout": self.timeout, "jobs": self.jobs,
                "shard": f"{self.shard[0]}/{self.shard[1]}" if self.shard else None,
                "features": sorted(self.filter.features), "cards": sorted(self.filter.cards),
                "ids": list(self.filter.ids), "strict_unsupported": self.strict_unsupported,
                "validate_protocol": self.validate_protocol}


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
class CaseResult:
    """The result of one case."""

    id: str
    status: str
    duration: float = 0.0
    hash: str | None = None
    message: str | None = None
    error: dict[str, Any] | None = None
    mismatches: list[dict[str, Any]] = field(default_factory=list)
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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CaseResult:
        """Inverse of :meth:`to_dict`."""
        return cls(**{k: v for k, v in data.items() if k != "type"})


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

    @property
    def counts(self) -> dict[str, int]:
        """Results per status (every status present, zero or not)."""
        out = dict.fromkeys(STATUSES, 0)
        for r in self.results:
            out[r.status] += 1
        return out

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
        """The run file's first line."""
        from conformance.engines.stdio import info_to_wire

        return {"type": "header", "format": 1, "suite_version": self.suite_version,
                "protocol": PROTOCOL_VERSION, "engine": info_to_wire(self.engine),
                "spec": self.spec, "options": self.options, "started": self.started,
                "cases": len(self.results)}

    def footer(self) -> dict[str, Any]:
        """The run file's last line."""
        return {"type": "footer", "counts": self.counts,
                "unexpected": [r.id for r in self.unexpected],
                "unexpected_passes": [r.id for r in self.unexpected_passes],
                "duration": round(self.duration, 6), "exit_code": self.exit_code,
                "finished": self.finished or _now()}


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def unsupported_reason(case: Case, info: EngineInfo) -> str | None:
    """Why ``info``'s engine cannot take ``case`` (undeclared features or cards), or None."""
    feats = sorted(set(case.features) - info.features)
    cards = sorted(set(case.cards) - info.cards)
    parts = []
    if feats:
        parts.append("features not declared: " + ", ".join(feats))
    if cards:
        parts.append("cards not declared: " + ", ".join(cards))
    return "; ".join(parts) or None


def execute_case(engine: Engine, case: Case, timeout: float) -> CaseResult:
    """Run one case on a live engine and judge it (no expectations applied).

    Never raises for engine misbehaviour: it becomes the status. After ``crash`` or ``timeout``
    the engine must be discarded.
    """
    base = CaseResult(id=case.id, status="pass", hash=case.hash, features=list(case.features))
    t0 = time.monotonic()
    set_deadline = getattr(engine, "set_deadline", None)
    if callable(set_deadline):
        set_deadline(t0 + timeout)
    reported: tuple[int, str, str] | None = None
    step = "setup"
    try:
        engine.setup(case.id, case.setup)
        for i, action in enumerate(case.actions):
            step = f"action {i} ({next(iter(action))})"
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
        base.status = "error"
        base.error = {"kind": exc.kind, "message": exc.message,
                      "action": int(step.split()[1]) if step.startswith("action") else None}
        base.message = f"engine reported {exc.kind} at {step}: {exc.message}"
    except EngineFailure as exc:
        base.status = exc.status
        base.message = f"{exc.message} (at {step})"
        base.stderr = exc.stderr[-4000:] or None
    else:
        found = [*judge_error(case.expect, reported), *judge(case.expect, observation)]
        if found:
            base.status = "fail"
            base.mismatches = [m.to_dict() for m in found]
            base.message = f"{len(found)} expectation(s) not met"
    finally:
        if callable(set_deadline):
            set_deadline(None)
        base.duration = round(time.monotonic() - t0, 6)
    return base


class CaseExecutor:
    """Runs cases one by one on one engine, restarting it after a crash or timeout."""

    def __init__(self, spec: EngineSpec, timeout: float, validate: bool = False) -> None:
        self.spec = spec
        self.timeout = timeout
        self.validate = validate
        self._engine: Engine | None = None
        self.info: EngineInfo | None = None
        self.restarts = 0

    def connect(self) -> Engine:
        """The live engine, started if needed (raises :class:`EngineStartError`)."""
        if self._engine is None:
            self._engine = self.spec.connect(timeout=self.timeout, validate=self.validate)
            self.info = self._engine.info()
        return self._engine

    def run(self, case: Case) -> CaseResult:
        """Run one case; unsupported cases are judged without touching the engine."""
        try:
            engine = self.connect()
        except EngineStartError as exc:
            self.restarts += 1
            return CaseResult(id=case.id, status="crash", hash=case.hash,
                              features=list(case.features),
                              message=f"engine could not be (re)started: {exc}")
        assert self.info is not None
        why = unsupported_reason(case, self.info)
        if why:
            return CaseResult(id=case.id, status="unsupported", hash=case.hash,
                              features=list(case.features), message=why)
        result = execute_case(engine, case, self.timeout)
        if result.status in ("crash", "timeout"):
            self.discard()
            self.restarts += 1
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


# --- worker processes ----------------------------------------------------------------------------

_worker: CaseExecutor | None = None


def _worker_init(spec_text: str, timeout: float, validate: bool) -> None:
    global _worker
    _worker = CaseExecutor(parse_spec(spec_text), timeout, validate)


def _worker_run(cases: list[Case]) -> list[CaseResult]:
    assert _worker is not None
    return [_worker.run(c) for c in cases]


def _chunks(items: Sequence[Case], size: int) -> list[list[Case]]:
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


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
    """
    options = options or RunOptions()
    espec = spec if isinstance(spec, EngineSpec) else parse_spec(spec)
    selected = select_cases(cases, options)
    executor = CaseExecutor(espec, options.timeout, options.validate_protocol)
    executor.connect()
    assert executor.info is not None
    if expectations is not None:
        expectations.check_engine(executor.info.name)
    run = Run(spec=espec.text, engine=executor.info, suite_version=suite_version(selected),
              options=options.to_dict(), started=_now())
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
            executor.close()
            size = max(1, min(25, len(runnable) // (jobs * 4) or 1))
            ctx = multiprocessing.get_context("spawn")
            with cf.ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_init,
                                        initargs=(espec.text, options.timeout,
                                                  options.validate_protocol)) as pool:
                futures = [pool.submit(_worker_run, chunk) for chunk in _chunks(runnable, size)]
                for fut in cf.as_completed(futures):
                    for r in fut.result():
                        record(r)
    finally:
        try:
            executor.close()
        except EngineCloseError:
            pass
    run.results = [by_id[c.id] for c in selected if c.id in by_id]
    run.duration = time.monotonic() - t0
    run.finished = _now()
    return run
