"""Engine factories as an entry point or a ``module:function`` spec names them: returning a live
stdio engine, a command line (list or string), or an in-process engine."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from toy import ToyEngine

from conformance.engines.stdio import StdioEngine

FAKES = Path(__file__).resolve().parent


def hanger_argv() -> list[str]:
    """The command line of the stdio fake that hangs on ``misbehave`` cases."""
    return [sys.executable, str(FAKES / "hanger.py")]


def hanger_engine(timeout: float = 10.0) -> StdioEngine:
    """Like ``mtg_rulings_adapters.pymtg:engine``: a live stdio engine (the hanger)."""
    return StdioEngine(hanger_argv(), timeout=timeout)


def hanger_engine_fixed() -> StdioEngine:
    """A factory without a ``timeout`` parameter: a 60 s per-request timeout of its own."""
    return StdioEngine(hanger_argv(), timeout=60.0)


def hanger_command() -> list[str]:
    """A command line."""
    return hanger_argv()


def hanger_command_string() -> str:
    """A command line as one string."""
    return shlex.join(hanger_argv())


def toy_engine() -> ToyEngine:
    """An in-process engine made by a function."""
    return ToyEngine()


def broken() -> ToyEngine:
    """A factory that fails."""
    raise RuntimeError("no rules database")
