"""``rulings run --engine pymtg``: python-mtg behind the stdio protocol, from its own virtual environment.

python-mtg installs generically named top-level packages (``effect_handlers``, ``engine_handlers``), so it
never enters the project's environment: ``make engines`` installs it pinned into
``engines/python-mtg/.venv`` and this adapter starts ``engines/python-mtg/run-harness`` (the harness,
``engines/python-mtg/harness.py``) as a child process. It is the same engine as
``--engine cmd:engines/python-mtg/run-harness``; reports name it ``python-mtg`` either way.

The harness bounds its own memory (it re-execs itself every ``MTG_HARNESS_RESTART_EVERY`` games, default
500, or above ``MTG_HARNESS_MAX_RSS_MB``, default 1024), so a whole-suite run stays well under 1.5 GB.

``MTG_RULINGS_PYMTG_DIR`` overrides where the engine folder is (default: ``engines/python-mtg`` next to
this package, which is right for a source checkout or an editable install).
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from conformance.engines.stdio import StdioEngine
from mtg_rulings_adapters import venv_harness

__all__ = ["ENGINE_DIR_ENV", "command", "engine", "engine_dir"]

ENGINE_DIR_ENV = "MTG_RULINGS_PYMTG_DIR"
"""Environment variable naming the ``engines/python-mtg`` folder (with its ``.venv``)."""

DEFAULT_TIMEOUT = 10.0
"""Seconds per request (the runner's per-case deadline is not forwarded through an entry point)."""

START_TIMEOUT = 60.0
"""Seconds for ``start``: python-mtg loads a 35,000-card corpus (about 2.5 s warm, more when cold)."""


def engine_dir() -> Path:
    """The ``engines/python-mtg`` folder: ``${MTG_RULINGS_PYMTG_DIR}`` or the checkout's."""
    return venv_harness.engine_dir("python-mtg", ENGINE_DIR_ENV)


def command() -> list[str]:
    """The harness command line (absolute paths). Raises :class:`EngineStartError` when the engine's
    virtual environment is missing (run ``make engines``)."""
    return venv_harness.harness_command("python-mtg", "python-mtg", ENGINE_DIR_ENV)


def engine(timeout: float = DEFAULT_TIMEOUT, cards: Collection[str] | None = None) -> StdioEngine:
    """Start python-mtg (the ``pymtg`` entry point's factory): a live :class:`StdioEngine`.

    ``cards`` (the cards of the cases the runner may send) go in its ``start``. Raises
    :class:`EngineStartError` when the venv is missing or the harness does not start.
    """
    return StdioEngine(command(), timeout=timeout, start_timeout=START_TIMEOUT, cards=cards)
