"""pytest plugin: ``pytest --rulings-engine SPEC conformance/cases`` runs each case as a test item.

Registered through the ``pytest11`` entry point. It is inert unless ``--rulings-engine`` is given:
without it no YAML file is collected and nothing else changes. With it, every ``*.yaml`` case
file given to pytest becomes one item named by the case id; the item runs the case through the
same runner and judge as ``rulings run`` (one engine per session, restarted after a crash).
``unsupported`` cases are skipped; known failures from ``--rulings-expectations`` are xfail, and
a known failure that passes fails the item (remove it from the file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

_EXECUTOR = pytest.StashKey[Any]()
_EXPECTATIONS = pytest.StashKey[Any]()


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--rulings-engine``, ``--rulings-timeout``, ``--rulings-expectations``."""
    group = parser.getgroup("rulings", "rulings conformance cases")
    group.addoption("--rulings-engine", default=None, metavar="SPEC",
                    help="Run conformance case files (*.yaml) against this engine spec.")
    group.addoption("--rulings-timeout", type=float, default=10.0, metavar="SECONDS",
                    help="Per-case time limit (default 10).")
    group.addoption("--rulings-expectations", default=None, metavar="FILE",
                    help="The engine's expectations file (known failures become xfail).")


def _active(config: pytest.Config) -> bool:
    return config.getoption("rulings_engine", default=None) is not None


def pytest_configure(config: pytest.Config) -> None:
    """Load the expectations file (when the plugin is active)."""
    if not _active(config):
        return
    path = config.getoption("rulings_expectations")
    if path:
        from conformance.errors import ConformanceError
        from conformance.expectations import load_expectations

        try:
            config.stash[_EXPECTATIONS] = load_expectations(path)
        except ConformanceError as exc:
            raise pytest.UsageError(str(exc)) from exc


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop the engine."""
    executor = config.stash.get(_EXECUTOR, None)
    if executor is not None:
        try:
            executor.close()
        except Exception:  # noqa: BLE001 - shutting down
            pass


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Collect case files, only when ``--rulings-engine`` is given."""
    if not _active(parent.config) or file_path.suffix != ".yaml":
        return None
    from conformance.cases_io import cases_root_of

    if cases_root_of(file_path) is None:
        return None
    return CaseFile.from_parent(parent, path=file_path)


class CaseFile(pytest.File):
    """One case file; yields one :class:`CaseItem` (a bad file is a collection error)."""

    def collect(self) -> list[pytest.Item]:
        from conformance.cases_io import load_case

        case = load_case(self.path)
        return [CaseItem.from_parent(self, name=case.id, case=case)]


class CaseFailed(Exception):
    """The case did not pass (its result says why)."""


class CaseItem(pytest.Item):
    """One case run against the session's engine."""

    def __init__(self, *, case: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        for feature in case.features:
            self.user_properties.append(("feature", feature))

    def _executor(self) -> Any:
        executor = self.config.stash.get(_EXECUTOR, None)
        if executor is None:
            from conformance.engines.spec import parse_spec
            from conformance.runner import CaseExecutor, suite_cards

            collected = [i.case for i in self.session.items if isinstance(i, CaseItem)]
            executor = CaseExecutor(parse_spec(self.config.getoption("rulings_engine")),
                                    self.config.getoption("rulings_timeout"),
                                    cards=suite_cards(collected))
            executor.connect()
            exp = self.config.stash.get(_EXPECTATIONS, None)
            if exp is not None and executor.info is not None:
                exp.check_engine(executor.info.name)
            self.config.stash[_EXECUTOR] = executor
        return executor

    def runtest(self) -> None:
        """Run and judge the case."""
        from conformance.runner import apply_expectation

        result = self._executor().run(self.case)
        apply_expectation(result, self.config.stash.get(_EXPECTATIONS, None))
        self.user_properties.append(("status", result.status))
        if result.outcome == "skipped":
            pytest.skip(f"unsupported: {result.message}")
        if result.outcome == "expected" and result.status != "pass":
            pytest.xfail(f"known {result.status}: {result.reason or result.link or ''}")
        if result.outcome == "unexpected_pass":
            raise CaseFailed(f"passes but is expected to {result.expected}: "
                             "remove it from the expectations file")
        if result.status != "pass":
            raise CaseFailed(_describe(result))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        """Expected vs observed, not a traceback."""
        if isinstance(excinfo.value, CaseFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int, str]:
        """Location shown in reports."""
        return self.path, 0, f"case {self.case.id}"


def _describe(result: Any) -> str:
    import json

    lines = [f"{result.status}: {result.message or ''}"]
    for m in result.mismatches:
        lines.append(f"  {m['where']}: {m['message']}")
        lines.append(f"    expected: {json.dumps(m.get('expected'), ensure_ascii=False, default=str)}")
        lines.append(f"    observed: {json.dumps(m.get('observed'), ensure_ascii=False, default=str)}")
    if result.stderr:
        lines.append("engine stderr (tail):\n" + result.stderr)
    return "\n".join(lines)
