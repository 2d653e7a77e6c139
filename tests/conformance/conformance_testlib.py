"""Paths and helpers of the conformance harness tests (test cases, fakes).

Test modules import these from here, not from ``conftest``: several test folders have a
``conftest.py``, and when they are collected together only one of them is the module
``conftest``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from conformance.case_lint import LintProblem, lint
from conformance.cases_io import CASES_DIR, Case, load_cases, rehash
from conformance.errors import CaseFormatError

HERE = Path(__file__).resolve().parent
FAKES = HERE / "fakes"
DATA = HERE / "data"
CASES = DATA / "cases"
STATUSES = DATA / "statuses" / "cases"
FEATURES = DATA / "features.yaml"
FACE = Path("lightning-bolt") / "face.yaml"
"""The test suite's case most planting tests edit (``lightning-bolt/face``)."""
FACE_CAST = "  - cast: {player: p1, object: bolt, targets: [p2]}\n"
"""The one action line of :data:`FACE`."""

if str(FAKES) not in sys.path:
    sys.path.insert(0, str(FAKES))


def fake_cmd(name: str, *args: str) -> str:
    """A ``cmd:`` spec running the stdio fake ``fakes/<name>.py``."""
    parts = [sys.executable, str(FAKES / f"{name}.py"), *args]
    return "cmd:" + " ".join(f"'{p}'" for p in parts)


def planted_suite(tmp_path: Path, old: str, new: str, *, source: Path = CASES,
                  case: Path = FACE, rehash_it: bool = True) -> tuple[Path, Path]:
    """A copy of the cases root ``source`` at ``tmp_path/cases`` whose file ``case`` (relative to
    the root) has ``old`` (which it must hold) replaced by ``new``: returns the root and the file.

    The file is rehashed unless ``rehash_it`` is false; a planted schema error leaves the hash
    stale (``rehash`` refuses what is not a case, with :class:`CaseFormatError`), and lint reports
    that too. Any other error is the test's failure.
    """
    root = tmp_path / "cases"
    shutil.copytree(source, root)
    f = root / case
    text = f.read_text(encoding="utf-8")
    assert old in text, (old, f)
    f.write_text(text.replace(old, new), encoding="utf-8")
    if rehash_it:
        try:
            rehash([f])
        except CaseFormatError:
            pass
    return root, f


def planted_action(tmp_path: Path, action: str) -> tuple[Path, Path]:
    """:func:`planted_suite` with ``action`` (YAML lines) inserted after the face case's cast."""
    return planted_suite(tmp_path, FACE_CAST, FACE_CAST + action)


def lint_error_on_line(root: Path, f: Path, message: str, line_text: str | None = None, *,
                       features_file: Path | None = FEATURES) -> tuple[LintProblem, str]:
    """The first error ``rulings cases lint`` finds under ``root`` whose message holds
    ``message``, and the text of its line. Asserts that there is one, that it is placed on a line
    of ``f`` and printed as ``f:line: error: ...``, and that the line holds ``line_text`` (when
    given). ``features_file`` None lints against the suite's own vocabulary."""
    kw = {"features_file": features_file} if features_file is not None else {}
    found = [p for p in lint([root], **kw) if p.severity == "error"]
    hits = [p for p in found if message in p.message]
    assert hits, [str(p) for p in found]
    hit = hits[0]
    assert hit.line is not None and hit.path == str(f), str(hit)
    assert str(hit).startswith(f"{f}:{hit.line}: error: "), str(hit)
    line = f.read_text(encoding="utf-8").splitlines()[hit.line - 1]
    assert line_text is None or line_text in line, (str(hit), line)
    return hit, line


def suite_case(case_id: str) -> Case:
    """The suite's own case ``case_id`` (``conformance/cases/<case_id>.yaml``), loaded alone."""
    case, = load_cases([CASES_DIR / (case_id + ".yaml")])
    return case


def assert_reference_passes_and_mutant_fails(case: Case, mutant: str, where: list[str]) -> None:
    """``case`` passes on the reference engine, and the mutant ``mutant`` fails it with mismatches
    at ``where`` (empty: the mutant makes the case an engine error)."""
    from conformance.reference.engine import ReferenceEngine
    from conformance.reference.mutants import MUTANTS
    from conformance.runner import execute_case

    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    result = execute_case(MUTANTS[mutant](), case, 10.0)
    assert result.status == ("fail" if where else "error"), result.message
    assert [m["where"] for m in result.mismatches] == where
