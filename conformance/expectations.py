"""Per-engine expectations files: the known failures of one engine (test262's expected-failure files).

Format (YAML, ``conformance/schema/expectations.schema.json``)::

    engine: python-mtg                 # EngineInfo.name the file is for
    failures:
      at-knifepoint/one-crime-for-two-opponent-targets:
        kind: fail                     # fail | error | crash | timeout | unsupported
        reason: crimes are not implemented
        link: https://example.org/issues/12   # a link, a reason, or both

A case not listed is expected to pass. The run's exit code is 0 unless a result differs from its
expectation (an unexpected pass differs too: remove the entry).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from conformance import schemas
from conformance.case_yaml import load_yaml_file
from conformance.errors import ExpectationsError, YamlFileError

if TYPE_CHECKING:
    from conformance.runner import CaseResult, Run

KINDS = ("fail", "error", "crash", "timeout", "unsupported")

TODO_REASON = "TODO: diagnose"
"""The reason of a known failure written from a run that nobody has diagnosed yet."""


@dataclass(frozen=True, slots=True)
class Expected:
    """One known failure."""

    kind: str
    reason: str | None = None
    link: str | None = None


@dataclass(frozen=True)
class Expectations:
    """The expected results of one engine."""

    engine: str
    failures: dict[str, Expected] = field(default_factory=dict)
    path: str | None = None

    def for_case(self, case_id: str) -> Expected | None:
        """The known failure of ``case_id``, if any."""
        return self.failures.get(case_id)

    def check_engine(self, name: str) -> None:
        """Raise :class:`ExpectationsError` if the file is for another engine."""
        if name != self.engine:
            raise ExpectationsError(f"{self.path or 'expectations'} is for engine "
                                    f"{self.engine!r}, not {name!r}")

    def to_yaml(self) -> str:
        """The file text for these expectations."""
        failures: dict[str, Any] = {}
        for cid in sorted(self.failures):
            e = self.failures[cid]
            failures[cid] = {k: v for k, v in (("kind", e.kind), ("reason", e.reason),
                                               ("link", e.link)) if v is not None}
        return yaml.safe_dump({"engine": self.engine, "failures": failures},
                              sort_keys=False, allow_unicode=True)


def expectations_from_mapping(data: Any, path: str | None = None) -> Expectations:
    """Validate and build. Raises :class:`ExpectationsError`."""
    found = schemas.problems("expectations", data)
    if found:
        raise ExpectationsError(f"{path or 'expectations'}: " + "; ".join(found))
    failures = {cid: Expected(v["kind"], v.get("reason"), v.get("link"))
                for cid, v in (data.get("failures") or {}).items()}
    return Expectations(engine=data["engine"], failures=failures, path=path)


def load_expectations(path: str | Path) -> Expectations:
    """Read an expectations file. Raises :class:`ExpectationsError`."""
    try:
        data = load_yaml_file(path)
    except YamlFileError as exc:
        raise ExpectationsError(str(exc)) from exc
    except (OSError, yaml.YAMLError) as exc:
        raise ExpectationsError(f"{path}: cannot read: {exc}") from exc
    return expectations_from_mapping(data, str(path))


@dataclass
class DraftExpectations:
    """Expectations written from a run (:func:`expectations_from_run`)."""

    expectations: Expectations
    kept: list[str] = field(default_factory=list)
    """Ids whose entry (reason, link) was kept from the previous file: same id and kind."""
    new: list[str] = field(default_factory=list)
    """Ids of entries that are new, or whose kind changed (their reason is new too)."""
    not_run: list[str] = field(default_factory=list)
    """Ids of previous entries for cases outside this run, kept unchanged."""
    dropped: list[str] = field(default_factory=list)
    """Ids of previous entries for cases that now pass (or are skipped), removed."""

    @property
    def needs_diagnosis(self) -> list[str]:
        """Ids whose reason is still :data:`TODO_REASON`."""
        return sorted(cid for cid, e in self.expectations.failures.items()
                      if e.reason == TODO_REASON)


def expectations_from_run(
    run: Run,
    previous: Expectations | None = None,
    *,
    include_unsupported: bool = False,
    diagnose: Callable[[CaseResult], Expected | None] | None = None,
) -> DraftExpectations:
    """The expectations file a run calls for: every result that did not pass, of its status.

    ``unsupported`` results are listed only with ``include_unsupported`` (a run with
    ``strict_unsupported``) or when ``previous`` lists them as ``unsupported``: otherwise an
    unlisted unsupported case is skipped anyway. An entry's reason and link come from
    ``diagnose(result)`` when it returns one, else from ``previous`` when it lists the case with
    the same kind, else the reason is :data:`TODO_REASON`. Entries of ``previous`` for cases the
    run did not take are kept as they are (a filtered or sharded run says nothing about them).

    Raises :class:`ExpectationsError` when ``previous`` is for another engine.
    """
    if previous is not None:
        previous.check_engine(run.engine.name)
    old = previous.failures if previous else {}
    draft = DraftExpectations(Expectations(engine=run.engine.name))
    failures: dict[str, Expected] = {}
    ran = {r.id for r in run.results}
    for r in run.results:
        before = old.get(r.id)
        listed = r.status != "pass" and (
            r.status != "unsupported" or include_unsupported
            or (before is not None and before.kind == "unsupported"))
        if not listed:
            if before is not None:
                draft.dropped.append(r.id)
            continue
        found = diagnose(r) if diagnose else None
        if found is not None:
            failures[r.id] = Expected(r.status, found.reason, found.link)
            (draft.kept if before == failures[r.id] else draft.new).append(r.id)
        elif before is not None and before.kind == r.status:
            failures[r.id] = before
            draft.kept.append(r.id)
        else:
            failures[r.id] = Expected(r.status, TODO_REASON)
            draft.new.append(r.id)
    for cid in _sorted_missing(old, ran):
        failures[cid] = old[cid]
        draft.not_run.append(cid)
    draft.expectations = Expectations(engine=run.engine.name, failures=failures)
    expectations_from_mapping(yaml.safe_load(draft.expectations.to_yaml()))  # schema (raises)
    return draft


def _sorted_missing(old: dict[str, Expected], ran: Iterable[str]) -> list[str]:
    seen = set(ran)
    return sorted(cid for cid in old if cid not in seen)


def write_expectations(expectations: Expectations, path: str | Path, header: str = "") -> None:
    """Write ``expectations`` (after ``header``, comment lines) to ``path``, creating its folder.

    Raises :class:`ExpectationsError` when it cannot be written.
    """
    p = Path(path)
    text = expectations.to_yaml()
    if header:
        text = "".join(f"# {line}".rstrip() + "\n" if not line.startswith("#") else line + "\n"
                       for line in header.rstrip("\n").splitlines()) + text
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ExpectationsError(f"{p}: cannot write: {exc}") from exc
