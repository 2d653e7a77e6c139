"""The numbers the dashboard shows: pass rates per feature and per card, diffs between runs, and
why cases were unsupported.

The diff of two runs is :mod:`conformance.diff`'s (``rulings diff``): :class:`Change`,
:data:`CHANGE_KINDS` and :func:`diff_statuses` are re-exported here; :func:`statuses_of` feeds it.

Pure functions over :class:`~reports.conformance.load.ConformanceRun` and history rows; the HTML
is :mod:`reports.conformance.render`'s job.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from conformance.diff import CHANGE_KINDS as CHANGE_KINDS
from conformance.diff import Change as Change
from conformance.diff import diff_statuses as diff_statuses
from reports.conformance.cases import CaseInfo, card_of
from reports.conformance.load import CaseLine, ConformanceRun


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
        for k in keys(c.id, tuple(c.features)):
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
class Agreement:
    """How often engines agree on the cases of one group (a feature, a card): over the cases
    two or more engines took (not unsupported), those on which all of them pass or all fail."""

    compared: int = 0
    agreed: int = 0

    @property
    def rate(self) -> float | None:
        """Agreed / compared; None when no case was taken by two engines."""
        return self.agreed / self.compared if self.compared else None


def agreement(runs: Sequence[ConformanceRun], cases: Mapping[str, CaseInfo], by: str
              ) -> dict[str, Agreement]:
    """Agreement between the engines of ``runs`` per feature (``by="feature"``) or per card
    under test (``by="card"``), by name."""
    verdicts: dict[str, list[bool]] = {}
    feats: dict[str, tuple[str, ...]] = {}
    for run in runs:
        for c in run.cases:
            if c.status != "unsupported":
                verdicts.setdefault(c.id, []).append(c.status == "pass")
            feats.setdefault(c.id, tuple(c.features))
    out: dict[str, Agreement] = {}
    for cid, got in verdicts.items():
        if len(got) < 2:
            continue
        info = cases.get(cid)
        keys = (sorted(set(feats.get(cid) or (info.features if info else ())))
                if by == "feature" else [card_of(cid, cases)])
        same = len(set(got)) == 1
        for k in keys:
            a = out.get(k, Agreement())
            out[k] = Agreement(a.compared + 1, a.agreed + same)
    return dict(sorted(out.items()))


def statuses_of(run: ConformanceRun) -> dict[str, tuple[str, str | None]]:
    """``{case id: (status, hash)}`` of a run."""
    return {c.id: (c.status, c.hash) for c in run.cases}


def percent(rate: float | None) -> str:
    """``"96.2%"``, or ``"n/a"`` for None."""
    return "n/a" if rate is None else f"{rate * 100:.1f}%"


# --- why cases are unsupported -------------------------------------------------------------------

BLOCKER_KINDS: tuple[str, ...] = ("feature", "card", "refused", "unknown")
"""Kinds of reason a case is unsupported, in report order: a feature or card the engine did not
declare in ``start`` (the case is never sent), the engine refused the case (error kind
``unsupported``), or no message at all."""

BLOCKER_LABELS: Mapping[str, str] = {
    "feature": "feature not declared", "card": "card not declared",
    "refused": "refused by the engine", "unknown": "no reason given"}

_DECLARED = re.compile(r"^(features|cards) not declared: (.+)$")


@dataclass(frozen=True)
class Blocker:
    """One reason cases of a run are unsupported, with how many it blocks."""

    kind: str
    """One of :data:`BLOCKER_KINDS`."""
    name: str
    """The feature, the card, or the engine's message."""
    cases: int
    """Unsupported cases with this reason (a case may have several)."""
    only: int
    """Of those, the cases this reason alone blocks (declaring it would let them run)."""
    examples: tuple[str, ...] = ()
    """A few of the case ids, by id."""


@dataclass(frozen=True)
class UnsupportedSummary:
    """Why a run's unsupported cases are unsupported."""

    unsupported: int
    total: int
    """Cases in the run."""
    kinds: Mapping[str, int]
    """Cases with at least one reason of each kind (kinds with none left out)."""
    blockers: tuple[Blocker, ...]
    """Most cases first, then by kind and name."""

    @property
    def share(self) -> float | None:
        """Unsupported / all cases; None for an empty run."""
        return self.unsupported / self.total if self.total else None


def _split_cards(text: str, known: Iterable[str]) -> list[str]:
    """Card names of a ``cards not declared: A, B`` message. Names may contain ", " (``Jace,
    the Mind Sculptor``): names of the case file are matched first, then the rest is split."""
    out = []
    for name in sorted(set(known), key=len, reverse=True):
        pieces = re.split(rf"(?:^|, ){re.escape(name)}(?=, |$)", text)
        if len(pieces) > 1:
            out.append(name)
            text = ", ".join(p.strip(", ") for p in pieces if p.strip(", "))
    return out + [c for c in text.split(", ") if c]


def case_blockers(line: CaseLine, info: CaseInfo | None = None) -> list[tuple[str, str]]:
    """``(kind, name)`` reasons an unsupported case is unsupported, read from its message (the
    runner's ``features not declared: …; cards not declared: …``, else the engine's refusal)."""
    message = (line.message or "").strip()
    if not message:
        return [("unknown", "")]
    parts = [p.strip() for p in message.split("; ")]
    found = [_DECLARED.match(p) for p in parts]
    if not all(found):
        return [("refused", message)]
    out: list[tuple[str, str]] = []
    for m in found:
        assert m is not None
        if m.group(1) == "features":
            out += [("feature", f) for f in m.group(2).split(", ") if f]
        else:
            out += [("card", c) for c in _split_cards(m.group(2), info.cards if info else ())]
    return out


def unsupported_summary(run: ConformanceRun, cases: Mapping[str, CaseInfo],
                        examples: int = 3) -> UnsupportedSummary:
    """Count the reasons of every unsupported case of ``run`` (see :func:`case_blockers`)."""
    hits: dict[tuple[str, str], list[str]] = {}
    alone: dict[tuple[str, str], int] = {}
    kinds: dict[str, int] = {}
    unsupported = 0
    for c in run.cases:
        if c.status != "unsupported":
            continue
        unsupported += 1
        reasons = list(dict.fromkeys(case_blockers(c, cases.get(c.id))))
        for kind in dict.fromkeys(k for k, _ in reasons):
            kinds[kind] = kinds.get(kind, 0) + 1
        for key in reasons:
            hits.setdefault(key, []).append(c.id)
        if len(reasons) == 1:
            alone[reasons[0]] = alone.get(reasons[0], 0) + 1
    order = {k: i for i, k in enumerate(BLOCKER_KINDS)}
    blockers = sorted(
        (Blocker(kind, name, len(ids), alone.get((kind, name), 0), tuple(sorted(ids)[:examples]))
         for (kind, name), ids in hits.items()),
        key=lambda b: (-b.cases, -b.only, order[b.kind], b.name))
    return UnsupportedSummary(unsupported=unsupported, total=len(run.cases),
                              kinds={k: kinds[k] for k in BLOCKER_KINDS if k in kinds},
                              blockers=tuple(blockers))
