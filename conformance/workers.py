"""Worker processes of a run (``rulings run -j N``): each runs its own engine.

:func:`run_in_workers` spreads cases over a pool of spawned processes in chunks. A worker stops
its engine when it ends (a ``multiprocessing`` finalizer: children do not run ``atexit``), and
SIGTERM/SIGINT/SIGHUP kill its engine before it exits (a terminal's Ctrl-C reaches every worker;
the parent's handler sends SIGTERM to each through :func:`stop_workers`).
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import multiprocessing.util
import os
import signal
from collections.abc import Callable, Sequence

from conformance.cases_io import Case
from conformance.engines import reaper
from conformance.engines.spec import parse_spec
from conformance.limits import MAX_ANSWER_MB
from conformance.runner import CaseExecutor, CaseResult, RunOptions

_worker: CaseExecutor | None = None


def _worker_init(spec_text: str, timeout: float, validate: bool, restart_every: int | None,
                 max_rss_mb: float | None, max_answer_mb: float = MAX_ANSWER_MB,
                 cards: list[str] | None = None) -> None:
    global _worker
    _worker = CaseExecutor(parse_spec(spec_text), timeout, validate,
                           restart_every=restart_every, max_rss_mb=max_rss_mb,
                           max_answer_mb=max_answer_mb, cards=cards)
    # A worker killed by SIGTERM/SIGINT (the parent's handler, or a terminal's Ctrl-C, which
    # reaches the whole foreground group) kills its engine first; a worker that ends normally
    # stops its engine (multiprocessing runs finalizers, not atexit, in its children).
    reaper.install_exit_handlers()
    multiprocessing.util.Finalize(None, _worker_close, exitpriority=10)


def _worker_close() -> None:
    if _worker is not None:
        _worker.discard()


def _worker_run(cases: list[Case]) -> tuple[list[CaseResult], int]:
    """The chunk's results and the engine restarts it took."""
    assert _worker is not None
    before = _worker.restarts
    results = [_worker.run(c) for c in cases]
    return results, _worker.restarts - before


def stop_workers(pool: cf.ProcessPoolExecutor) -> None:
    """Send SIGTERM to every worker of ``pool`` (each kills its engine and exits)."""
    procs = getattr(pool, "_processes", None) or {}
    for proc in list(procs.values()):
        pid = getattr(proc, "pid", None)
        if isinstance(pid, int):
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:
                pass
    pool.shutdown(wait=False, cancel_futures=True)


def _chunks(items: Sequence[Case], size: int) -> list[list[Case]]:
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def run_in_workers(cases: Sequence[Case], spec_text: str, options: RunOptions, jobs: int,
                   pools: list[cf.ProcessPoolExecutor],
                   record: Callable[[CaseResult], None], cards: list[str] | None = None) -> int:
    """Run ``cases`` on ``jobs`` workers, passing each result to ``record`` as it comes; the
    engine restarts the workers took. Each worker's engine is offered ``cards`` (the run's). The pool is appended to ``pools`` while it runs (the
    run's signal handler stops its workers)."""
    restarts = 0
    size = max(1, min(25, len(cases) // (jobs * 4) or 1))
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_init,
                                initargs=(spec_text, options.timeout, options.validate_protocol,
                                          options.restart_every, options.max_rss_mb,
                                          options.max_answer_mb, cards)) as pool:
        pools.append(pool)
        futures = [pool.submit(_worker_run, chunk) for chunk in _chunks(cases, size)]
        for fut in cf.as_completed(futures):
            results, took = fut.result()
            restarts += took
            for r in results:
                record(r)
    return restarts
