"""``rulings run --engine phase``: phase.rs behind the stdio protocol, from its own virtual environment.

phase.rs is a Rust rules engine; its Python bindings (PyPI ``phase-python``, import ``phase``) live in
``engines/phase/.venv`` (``make engines``), never in the project's environment. This adapter starts
``engines/phase/run-harness`` (the harness, ``engines/phase/harness.py``) as a child process: the same
engine as ``--engine cmd:engines/phase/run-harness``; reports name it ``phase`` either way.

The harness bounds its own memory (it re-execs itself every ``PHASE_HARNESS_RESTART_EVERY`` games,
default 500, or above ``PHASE_HARNESS_MAX_RSS_MB``, default 1024).

``MTG_RULINGS_PHASE_DIR`` overrides where the engine folder is (default: ``engines/phase`` next to this
package, which is right for a source checkout or an editable install).
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from conformance.engines.stdio import StdioEngine
from mtg_rulings_adapters import venv_harness

__all__ = ["ENGINE_DIR_ENV", "command", "engine", "engine_dir"]

ENGINE_DIR_ENV = "MTG_RULINGS_PHASE_DIR"
"""Environment variable naming the ``engines/phase`` folder (with its ``.venv``)."""

DEFAULT_TIMEOUT = 30.0
"""Seconds per request (the runner's per-case deadline is not forwarded through an entry point)."""

START_TIMEOUT = 120.0
"""Seconds for ``start``: a cold start parses the suite's cards with phase (about 6 s) before the cache
holds them."""


def engine_dir() -> Path:
    """The ``engines/phase`` folder: ``${MTG_RULINGS_PHASE_DIR}`` or the checkout's."""
    return venv_harness.engine_dir("phase", ENGINE_DIR_ENV)


def command() -> list[str]:
    """The harness command line (absolute paths). Raises :class:`EngineStartError` when the engine's
    virtual environment is missing (run ``make engines``)."""
    return venv_harness.harness_command("phase", "phase", ENGINE_DIR_ENV)


def engine(timeout: float = DEFAULT_TIMEOUT, cards: Collection[str] | None = None) -> StdioEngine:
    """Start phase.rs (the ``phase`` entry point's factory): a live :class:`StdioEngine`.

    ``cards`` (the cards of the cases the runner may send) go in its ``start``. Raises
    :class:`EngineStartError` when the venv is missing or the harness does not start.
    """
    return StdioEngine(command(), timeout=timeout, start_timeout=START_TIMEOUT, cards=cards)
