"""Shared fixtures of the conformance harness tests: test cases, fakes, a tiny toy engine."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FAKES = HERE / "fakes"
DATA = HERE / "data"
CASES = DATA / "cases"
STATUSES = DATA / "statuses" / "cases"
FEATURES = DATA / "features.yaml"

if str(FAKES) not in sys.path:
    sys.path.insert(0, str(FAKES))



def fake_cmd(name: str, *args: str) -> str:
    """A ``cmd:`` spec running the stdio fake ``fakes/<name>.py``."""
    parts = [sys.executable, str(FAKES / f"{name}.py"), *args]
    return "cmd:" + " ".join(f"'{p}'" for p in parts)


@pytest.fixture
def cases():
    from conformance.cases_io import load_cases

    return load_cases([CASES])


@pytest.fixture
def status_cases():
    from conformance.cases_io import load_cases

    return load_cases([STATUSES])
