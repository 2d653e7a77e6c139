"""Where an in-tree engine harness lives and how it is launched: ``engines/<folder>/harness.py`` run
by the Python of ``engines/<folder>/.venv`` (``make engines``). Shared by the adapters of this package."""

from __future__ import annotations

import os
from pathlib import Path

from conformance.errors import EngineStartError

__all__ = ["engine_dir", "harness_command"]


def engine_dir(folder: str, env_var: str) -> Path:
    """The ``engines/<folder>`` folder: ``$<env_var>`` or the checkout's."""
    env = os.environ.get(env_var)
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parent.parent / "engines" / folder


def harness_command(label: str, folder: str, env_var: str) -> list[str]:
    """The harness command line (absolute paths) of engine ``label``. Raises
    :class:`EngineStartError` when the harness or the engine's virtual environment is missing."""
    here = engine_dir(folder, env_var)
    python = here / ".venv" / "bin" / "python"
    harness = here / "harness.py"
    if not harness.is_file():
        raise EngineStartError(f"{label} harness not found at {harness} (set {env_var})")
    if not python.exists():
        raise EngineStartError(f"{label} engine venv missing at {python.parent.parent}: run `make engines`")
    return [str(python), str(harness)]
