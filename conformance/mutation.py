"""Mutation testing of the suite: every reference mutant should fail some case.

A mutant is the reference engine with one deliberate rules bug
(``conformance.reference.mutants.MUTANTS``). It is *killed* when a case the reference engine
passes does not pass against it; a *survivor* shows a gap in the suite, unless
``SURVIVOR_REASONS`` explains why it cannot be killed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from conformance.cases_io import Case
from conformance.engines.spec import mutants, survivor_reasons
from conformance.errors import ConformanceError
from conformance.runner import RunOptions, run_cases


@dataclass(frozen=True, slots=True)
class MutantResult:
    """What the suite did to one mutant."""

    name: str
    killed_by: tuple[str, ...]
    """Case ids that did not pass (empty for a survivor)."""
    reason: str | None = None
    """Why it may survive (from ``SURVIVOR_REASONS``)."""
    error: str | None = None
    """Set when the mutant could not even start (it counts as killed)."""

    @property
    def survived(self) -> bool:
        """Whether no case killed it."""
        return not self.killed_by and self.error is None


@dataclass
class MutationReport:
    """Results for every mutant, and the reference baseline."""

    baseline_passing: int
    results: list[MutantResult] = field(default_factory=list)

    @property
    def survivors(self) -> list[MutantResult]:
        """Mutants no case killed."""
        return [r for r in self.results if r.survived]

    @property
    def unexplained(self) -> list[MutantResult]:
        """Survivors without a reason: gaps in the suite."""
        return [r for r in self.survivors if not r.reason]

    def render(self) -> str:
        """A line per mutant and a verdict."""
        lines = [f"reference passes {self.baseline_passing} cases; {len(self.results)} mutants"]
        for r in self.results:
            if r.error:
                lines.append(f"  killed    {r.name} (did not start: {r.error})")
            elif r.killed_by:
                more = f" +{len(r.killed_by) - 3}" if len(r.killed_by) > 3 else ""
                lines.append(f"  killed    {r.name} by {', '.join(r.killed_by[:3])}{more}")
            else:
                lines.append(f"  SURVIVED  {r.name}" + (f" (allowed: {r.reason})" if r.reason
                                                        else " (no reason given)"))
        lines.append(f"{len(self.survivors)} survivors, {len(self.unexplained)} unexplained")
        return "\n".join(lines)


def run_mutants(cases: Sequence[Case], *, timeout: float = 10.0, jobs: int = 1,
                reference: str = "reference", specs: Mapping[str, str] | None = None,
                reasons: Mapping[str, str] | None = None) -> MutationReport:
    """Run ``cases`` on the reference engine, then on each mutant over the cases it passed.

    ``specs`` maps mutant names to engine specs (default: ``mutant:<name>`` for every name in
    ``MUTANTS``); ``reasons`` defaults to ``SURVIVOR_REASONS``.
    """
    options = RunOptions(timeout=timeout, jobs=jobs)
    baseline = run_cases(cases, reference, options)
    passing = {r.id for r in baseline.results if r.status == "pass"}
    selected = [c for c in cases if c.id in passing]
    if specs is None:
        specs = {name: f"mutant:{name}" for name in sorted(mutants())}
    reasons = survivor_reasons() if reasons is None else reasons
    report = MutationReport(baseline_passing=len(selected))
    for name, spec in specs.items():
        try:
            run = run_cases(selected, spec, options)
        except ConformanceError as exc:
            report.results.append(MutantResult(name, (), reasons.get(name), str(exc)))
            continue
        killed = tuple(r.id for r in run.results if r.status != "pass")
        report.results.append(MutantResult(name, killed, reasons.get(name)))
    return report
