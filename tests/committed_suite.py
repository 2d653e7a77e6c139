"""The committed suite (``conformance/cases``), parsed once per test process.

Parsing and schema-checking the ~1,000 case files takes over a second; test modules that read
the committed suite share this one parse instead of calling ``load_cases([CASES_DIR])`` again
(per test, or per parameter of a mutant test). Import it as ``from committed_suite import ...``
(``tests/`` is on ``sys.path``: pytest puts the folder of the root ``conftest.py`` there).

The cases are shared: treat them as read-only (a test that needs to change one copies it, e.g.
with ``dataclasses.replace`` or ``copy.deepcopy``). Tests that edit case *files* work on a copy
of the folder, never on ``conformance/cases``.
"""

from __future__ import annotations

from functools import cache

from conformance.cases_io import CASES_DIR, Case, load_cases

__all__ = ["CASES_DIR", "committed_cases", "mined_cases"]


@cache
def committed_cases() -> tuple[Case, ...]:
    """Every case under ``conformance/cases``, in ``load_cases`` order (parsed once)."""
    return tuple(load_cases([CASES_DIR]))


@cache
def mined_cases() -> tuple[Case, ...]:
    """The committed cases the miner wrote (provenance ``mined:<family>``)."""
    return tuple(c for c in committed_cases() if c.provenance["source"].startswith("mined:"))
