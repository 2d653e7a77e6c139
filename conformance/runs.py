"""A run of the suite: its options, its record, the cases it takes and its id.

:class:`RunOptions` is how to run (``rulings run``'s options), :class:`Run` what a run was (the
run file's header and footer come from it), :func:`select_cases` the cases it takes (filtered,
then sharded) and :func:`default_run_id` the id every shard of one run shares. Running the cases
is :mod:`conformance.runner`'s; the case results and their file format are
:mod:`conformance.runfile`'s.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from conformance.cases_io import Case, CaseFilter, shard_of
from conformance.engines.protocol import PROTOCOL_VERSION, EngineInfo
from conformance.limits import MAX_ANSWER_MB
from conformance.runfile import CaseResult, counts_of, footer_line, header_line

__all__ = ["Run", "RunOptions", "default_run_id", "parse_shard", "select_cases", "utc_now"]


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
                           finished=self.finished or utc_now(), restarts=self.restarts)


def utc_now() -> str:
    """The current UTC time, ISO 8601 to the second (a run's ``started`` and ``finished``)."""
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



def select_cases(cases: Iterable[Case], options: RunOptions) -> list[Case]:
    """The cases a run takes: filtered, then sharded."""
    out = [c for c in cases if options.filter(c)]
    if options.shard:
        i, n = options.shard
        out = [c for c in out if shard_of(c.id, n) == i]
    return out

