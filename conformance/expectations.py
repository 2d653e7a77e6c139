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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from conformance import schemas
from conformance.cases_io import parse_yaml
from conformance.errors import ExpectationsError

KINDS = ("fail", "error", "crash", "timeout", "unsupported")


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
        data = parse_yaml(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ExpectationsError(f"{path}: cannot read: {exc}") from exc
    return expectations_from_mapping(data, str(path))
