"""Running cases on one engine: a case's status, and an executor that restarts the engine.

:func:`execute_case` runs one case on a live engine and judges what it reports (the statuses are
listed in :mod:`conformance.runner`); :func:`unsupported_reason` says why an engine cannot take a
case (it is then never sent); :class:`CaseExecutor` runs cases one by one on one engine, starting
it again after a ``crash`` or ``timeout`` and, on request, every ``restart_every`` cases or when a
stdio engine's resident memory exceeds ``max_rss_mb`` (between cases, outside any case's time
limit). The runner uses one executor in its own process and one per worker.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterable

from conformance.cases_io import Case
from conformance.engines.protocol import Engine, EngineInfo
from conformance.engines.spec import EngineSpec
from conformance.errors import (
    EngineFailure,
    EngineProtocolError,
    EngineReportedError,
    EngineStartError,
)
from conformance.judge import Mismatch, judge, judge_check, judge_error
from conformance.limits import (
    MAX_ANSWER_MB,
    MAX_START_FAILURES,
    MAX_TEXT,
    bounded_mismatch,
    clip,
    shape_problem,
)
from conformance.runfile import CaseResult

__all__ = ["CaseExecutor", "execute_case", "process_rss_mb", "unsupported_reason"]


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


def suite_cards(cases: Iterable[Case]) -> list[str]:
    """Every card the ``cards`` of ``cases`` name, sorted: what the runner offers an engine in
    ``start`` (so that no harness reads case files to learn which cards to declare)."""
    return sorted({name for case in cases for name in case.cards})


def unsupported_reason(case: Case, info: EngineInfo) -> str | None:
    """Why ``info``'s engine cannot take ``case`` (undeclared features or cards, actions or
    choices its protocol or declaration lacks), or None."""
    feats = sorted(set(case.features) - info.features)
    cards = sorted(set(case.cards) - info.cards)
    needs = case.needs
    parts = []
    if missing := sorted(needs.actions - info.supported_actions):
        parts.append(f"actions not supported (protocol {info.protocol}): " + ", ".join(missing))
    if missing := sorted(needs.choices - info.supported_choices):
        parts.append(f"choices not supported (protocol {info.protocol}): " + ", ".join(missing))
    if missing := sorted(needs.costs - info.supported_costs):
        parts.append(f"costs not supported (protocol {info.protocol}): " + ", ".join(missing))
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
    before the next case, outside that case's time limit. ``cards`` (:func:`suite_cards`) are
    offered to every engine it starts (a stdio engine's ``start``).
    """

    def __init__(self, spec: EngineSpec, timeout: float, validate: bool = False, *,
                 restart_every: int | None = None, max_rss_mb: float | None = None,
                 max_answer_mb: float = MAX_ANSWER_MB,
                 cards: Collection[str] | None = None) -> None:
        self.spec = spec
        self.cards = None if cards is None else sorted(set(cards))
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
                    max_answer_bytes=int(self.max_answer_mb * 1024 * 1024), cards=self.cards)
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
