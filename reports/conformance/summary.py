"""The numbers the dashboard shows: pass rates per feature and per card, diffs between runs.

Pure functions over :class:`~reports.conformance.load.ConformanceRun` and history rows; the HTML
is :mod:`reports.conformance.render`'s job.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from reports.conformance.cases import CaseInfo, card_of
from reports.conformance.load import ConformanceRun


@dataclass(frozen=True)
class Tally:
    """Cases of one group (a feature, a card) in one run."""

    total: int = 0
    passed: int = 0
    unsupported: int = 0

    @property
    def taken(self) -> int:
        """Cases the engine took (not unsupported)."""
        return self.total - self.unsupported

    @property
    def failed(self) -> int:
        """Cases taken and not passed (fail, error, crash, timeout)."""
        return self.taken - self.passed

    @property
    def rate(self) -> float | None:
        """Passed / taken; None when no case was taken."""
        return self.passed / self.taken if self.taken else None

    def add(self, status: str) -> Tally:
        """This tally with one more case of ``status``."""
        return Tally(self.total + 1, self.passed + (status == "pass"),
                     self.unsupported + (status == "unsupported"))


def _tally(run: ConformanceRun, keys: Callable[[str, tuple[str, ...]], Iterable[str]]
           ) -> dict[str, Tally]:
    out: dict[str, Tally] = {}
    for c in run.cases:
        for k in keys(c.id, c.features):
            out[k] = out.get(k, Tally()).add(c.status)
    return dict(sorted(out.items()))


def by_feature(run: ConformanceRun, cases: Mapping[str, CaseInfo]) -> dict[str, Tally]:
    """Tally per feature (the run's features of each case, else the case file's), by name."""
    def keys(cid: str, feats: tuple[str, ...]) -> Iterable[str]:
        info = cases.get(cid)
        return sorted(set(feats or (info.features if info else ())))

    return _tally(run, keys)


def by_card(run: ConformanceRun, cases: Mapping[str, CaseInfo]) -> dict[str, Tally]:
    """Tally per card under test (``provenance.card``; the id's first segment without a file)."""
    return _tally(run, lambda cid, _feats: (card_of(cid, cases),))


@dataclass(frozen=True)
class Change:
    """One case whose result differs between two runs (kinds as in ``rulings diff``)."""

    id: str
    before: str | None
    """Status in the older run (None: not in it)."""
    after: str | None
    """Status in the newer run (None: not in it)."""
    edited: bool = False
    """The case's content hash changed between the runs."""

    @property
    def kind(self) -> str:
        """``broken``, ``fixed``, ``changed``, ``edited``, ``added`` or ``removed``."""
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


def statuses_of(run: ConformanceRun) -> dict[str, tuple[str, str | None]]:
    """``{case id: (status, hash)}`` of a run."""
    return {c.id: (c.status, c.hash) for c in run.cases}


def percent(rate: float | None) -> str:
    """``"96.2%"``, or ``"n/a"`` for None."""
    return "n/a" if rate is None else f"{rate * 100:.1f}%"
