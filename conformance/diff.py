"""What changed between two runs (``rulings diff RUN_A RUN_B``).

:class:`Change`, :data:`CHANGE_KINDS` and :func:`diff_statuses` are pure (they never import the
runner or an engine): the reports (:mod:`reports.conformance.summary`) reuse them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conformance.runner import Run


@dataclass(frozen=True)
class Change:
    """One case whose result differs between the runs."""

    id: str
    before: str | None
    """Status in run A (None: not in A)."""
    after: str | None
    """Status in run B (None: not in B)."""
    edited: bool = False
    """The case's content hash changed between the runs."""

    @property
    def kind(self) -> str:
        """``added``, ``removed``, ``fixed`` (now passes), ``broken`` (no longer passes),
        ``changed`` (another status change) or ``edited`` (same status, new content)."""
        if self.before is None:
            return "added"
        if self.after is None:
            return "removed"
        if self.before != self.after:
            if self.after == "pass":
                return "fixed"
            if self.before == "pass":
                return "broken"
            return "changed"
        return "edited"


CHANGE_KINDS: tuple[str, ...] = ("broken", "fixed", "changed", "edited", "added", "removed")
"""Change kinds in report order."""


def diff_statuses(before: Mapping[str, tuple[str, str | None]],
                  after: Mapping[str, tuple[str, str | None]]) -> list[Change]:
    """Changes from ``before`` to ``after`` (each ``{case id: (status, hash)}``), by id."""
    out = []
    for cid in sorted(set(before) | set(after)):
        x, y = before.get(cid), after.get(cid)
        edited = bool(x and y and x[1] and y[1] and x[1] != y[1])
        if x is None or y is None or x[0] != y[0] or edited:
            out.append(Change(cid, x[0] if x else None, y[0] if y else None, edited))
    return out


@dataclass(frozen=True)
class RunDiff:
    """All changes from run A to run B."""

    a: Run
    b: Run
    changes: list[Change] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """No case changed."""
        return not self.changes

    def render(self) -> str:
        """Plain-text listing, one change a line, grouped by kind."""
        lines = [f"A: {self.a.engine.name} {self.a.engine.version} suite {self.a.suite_version} "
                 f"({len(self.a.results)} cases)",
                 f"B: {self.b.engine.name} {self.b.engine.version} suite {self.b.suite_version} "
                 f"({len(self.b.results)} cases)"]
        if not self.changes:
            lines.append("no changes")
        for kind in CHANGE_KINDS:
            group = [c for c in self.changes if c.kind == kind]
            if group:
                lines.append(f"{kind} ({len(group)}):")
                for c in group:
                    note = " [case edited]" if c.edited and kind != "edited" else ""
                    lines.append(f"  {c.id}: {c.before or '-'} -> {c.after or '-'}{note}")
        return "\n".join(lines)


def diff_runs(a: Run, b: Run) -> RunDiff:
    """Compare two runs case by case."""
    return RunDiff(a, b, diff_statuses({r.id: (r.status, r.hash) for r in a.results},
                                       {r.id: (r.status, r.hash) for r in b.results}))
