"""Shared fixtures of the conformance harness tests: test cases, fakes, a tiny toy engine.

Paths and ``fake_cmd`` live in ``conformance_testlib`` (import them from there).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from conformance_testlib import CASES, FAKES, STATUSES  # noqa: E402

if str(FAKES) not in sys.path:
    sys.path.insert(0, str(FAKES))


@pytest.fixture
def cases():
    from conformance.cases_io import load_cases

    return load_cases([CASES])


@pytest.fixture
def status_cases():
    from conformance.cases_io import load_cases

    return load_cases([STATUSES])
