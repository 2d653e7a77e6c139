"""Runner entry point for the python-mtg engine (group ``mtg_rulings.engines``, name ``pymtg``).

The engine runs out of process, in its own virtual environment, behind the stdio protocol; this module
only tells the runner how to launch it. It imports nothing from python-mtg.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
"""``engines/python-mtg`` in the checkout."""

VENV_PYTHON = HERE / ".venv" / "bin" / "python"
HARNESS = HERE / "harness.py"


def available() -> bool:
    """True when the engine venv exists (``make engines`` has been run)."""
    return VENV_PYTHON.exists()


def command() -> list[str]:
    """The command line (absolute paths) that starts the python-mtg stdio harness."""
    return [str(VENV_PYTHON), str(HARNESS)]
