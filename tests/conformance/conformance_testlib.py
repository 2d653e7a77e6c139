"""Paths and helpers of the conformance harness tests (test cases, fakes).

Test modules import these from here, not from ``conftest``: several test folders have a
``conftest.py``, and when they are collected together only one of them is the module
``conftest``.
"""

from __future__ import annotations

import sys
from pathlib import Path

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
