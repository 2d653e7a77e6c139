"""Running cases against an engine: statuses, restarts, workers, shards, filters, expectations.

:func:`run_suite` is what ``rulings run`` calls: it loads the cases and the expectations, runs
the cases with :func:`run_cases` and writes the run's files, reporting each step to a callback
(:data:`RunEvent`) the caller shows. A case ends in one status:

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

The run's options and record are :mod:`conformance.runs`'s, running one case on one engine is
:mod:`conformance.executor`'s; both are importable from here as well.
"""

from __future__ import annotations

import concurrent.futures as cf
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from conformance import cases_io
from conformance.cases_io import Case, check_suite, suite_version
from conformance.engines import reaper
from conformance.engines.spec import EngineSpec, parse_spec
from conformance.errors import ConformanceError, EngineCloseError
from conformance.executor import CaseExecutor as CaseExecutor
from conformance.executor import execute_case as execute_case
from conformance.executor import process_rss_mb as process_rss_mb
from conformance.executor import suite_cards as suite_cards
from conformance.executor import unsupported_reason as unsupported_reason
from conformance.expectations import (
    TODO_REASON,
    DraftExpectations,
    Expectations,
    expectations_from_run,
    load_expectations,
    write_expectations,
)
from conformance.runfile import STATUSES as STATUSES  # re-exported: the run-file format's
from conformance.runfile import CaseResult as CaseResult  # model, owned by conformance.runfile
from conformance.runs import Run as Run
from conformance.runs import RunOptions as RunOptions
from conformance.runs import default_run_id as default_run_id
from conformance.runs import parse_shard as parse_shard
from conformance.runs import select_cases as select_cases
from conformance.runs import utc_now


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
                            max_answer_mb=options.max_answer_mb, cards=suite_cards(cases))
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
              options=options.to_dict(), started=utc_now(), run_id=run_id)
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
    closer: threading.Thread | None = None
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
            # the first engine stops while the workers start theirs (an engine slow to exit
            # costs its close grace once, not before every worker; workers are spawned, so
            # the thread is safe)
            closer = threading.Thread(target=_close_quietly, args=(executor,),
                                      name="close-first-engine", daemon=True)
            closer.start()
            from conformance.workers import run_in_workers

            run.restarts += run_in_workers(runnable, espec.text, options, jobs, pools, record,
                                           executor.cards)
    finally:
        if closer is not None:
            closer.join()
        _close_quietly(executor)
    run.restarts += executor.restarts
    run.results = [by_id[c.id] for c in selected if c.id in by_id]
    run.duration = time.monotonic() - t0
    run.finished = utc_now()
    return run


# --- rulings run ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RunFiles:
    """The files :func:`run_suite` writes besides returning the run (None: not written)."""

    jsonl: Path | None = None
    """The run as JSON Lines, written as it goes (``--jsonl``)."""
    junit: Path | None = None
    """JUnit XML (``--junit``)."""
    markdown: Path | None = None
    """A Markdown summary, appended (``--markdown``)."""
    dashboard_url: str | None = None
    """The conformance dashboard the Markdown summary links to."""
    expectations: Path | None = None
    """An expectations file drafted from the run (``--write-expectations``)."""

    def targets(self) -> list[Path]:
        """The files to write, in the order of the fields."""
        return [p for p in (self.jsonl, self.junit, self.markdown, self.expectations)
                if p is not None]


@dataclass(frozen=True)
class SuiteWarning:
    """Something the caller should be told before the run (e.g. expectations of unknown ids)."""

    message: str


@dataclass(frozen=True)
class CaseDone:
    """A case was judged (in completion order with ``jobs > 1``)."""

    result: CaseResult


@dataclass(frozen=True)
class RunDone:
    """Every case was run and the run's files but the expectations draft are written."""

    run: Run


RunEvent = SuiteWarning | CaseDone | RunDone
"""What :func:`run_suite` reports while it goes, in this order: warnings, results, the end."""


@dataclass(frozen=True)
class SuiteRun:
    """What :func:`run_suite` did."""

    run: Run
    draft: DraftExpectations | None = None
    """The expectations written to ``RunFiles.expectations`` (None when not asked for)."""


def run_suite(case_paths: Sequence[Path], engine: str | EngineSpec, options: RunOptions,
              *, expectations: Path | None = None, files: RunFiles | None = None,
              max_case_bytes: int = cases_io.MAX_YAML_BYTES,
              on_event: Callable[[RunEvent], None] | None = None) -> SuiteRun:
    """``rulings run``: load the cases under ``case_paths`` (the suite's own when empty) and
    the ``expectations`` file, run the cases on ``engine`` and write ``files``.

    ``on_event`` gets a :class:`SuiteWarning` for each expectation of an id no loaded case has
    (a renamed or deleted case, whose known failure would otherwise be forgotten silently), a
    :class:`CaseDone` per result and :class:`RunDone` when the run is over. Raises
    :class:`~conformance.errors.ConformanceError` subclasses: a case file that does not load,
    expectations for another engine, an engine that does not start (see :func:`run_cases`), an
    expectations draft that cannot be written. A JSON Lines file is closed (incomplete, without a
    footer) when the run fails.
    """
    from conformance.output.jsonl import JsonlWriter
    from conformance.output.junit import write_junit
    from conformance.output.markdown import write_markdown

    files = files or RunFiles()
    emit = on_event or (lambda _event: None)
    for target in files.targets():
        target.parent.mkdir(parents=True, exist_ok=True)
    jsonl_fh = open(files.jsonl, "w", encoding="utf-8") if files.jsonl else None  # noqa: SIM115
    writer = JsonlWriter(jsonl_fh) if jsonl_fh else None

    def on_result(r: CaseResult) -> None:
        if writer:
            writer.result(r)
        emit(CaseDone(r))

    try:
        suite = cases_io.load_cases(list(case_paths) or [cases_io.CASES_DIR],
                                    max_bytes=max_case_bytes)
        exp = load_expectations(expectations) if expectations else None
        if exp is not None:
            unknown = sorted(set(exp.failures) - {c.id for c in suite})
            if unknown:
                emit(SuiteWarning(_unknown_ids_warning(expectations, unknown)))
        run = run_cases(suite, engine, options, exp,
                        on_start=writer.start if writer else None, on_result=on_result)
    except ConformanceError:
        if jsonl_fh:
            jsonl_fh.close()
        raise
    if writer and jsonl_fh:
        writer.finish(run)
        jsonl_fh.close()
    if files.junit:
        write_junit(run, files.junit)
    if files.markdown:
        write_markdown(run, files.markdown, files.dashboard_url)
    emit(RunDone(run))
    draft = None
    if files.expectations:
        draft = _write_draft(run, files.expectations, exp, options.strict_unsupported)
    return SuiteRun(run=run, draft=draft)


def _unknown_ids_warning(path: Path | None, unknown: list[str]) -> str:
    shown = ", ".join(unknown[:10]) + (f" and {len(unknown) - 10} more" if len(unknown) > 10
                                       else "")
    return f"warning: {path} lists {len(unknown)} case ids not in the suite: {shown}"


def _write_draft(run: Run, path: Path, previous: Expectations | None,
                 strict_unsupported: bool) -> DraftExpectations:
    """Write the expectations ``run`` calls for (``rulings run --write-expectations``)."""
    draft = expectations_from_run(run, previous, include_unsupported=strict_unsupported)
    header = (f"Expectations of {run.engine.name} {run.engine.version} (conformance/SPEC.md, "
              f"\"Expectations files\"): its known failures.\n"
              f"Written by `rulings run --write-expectations` from a run of suite "
              f"{run.suite_version} (engine spec {run.spec}).\n"
              f"Replace each reason \"{TODO_REASON}\" with the cause (or a link).")
    write_expectations(draft.expectations, path, header)
    return draft
