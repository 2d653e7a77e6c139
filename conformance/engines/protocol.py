"""The one engine contract every engine implements, in process or behind a transport.

An engine reports facts (an event log and a state snapshot); it never judges a case. The runner
compares those facts with a case's expectations, so every engine is judged by one code path.

Example of a minimal in-process adapter::

    class MyEngine:
        def info(self) -> EngineInfo:
            return EngineInfo(name="my-engine", version="1.0", protocol=PROTOCOL_VERSION,
                              features=frozenset({"crime"}), cards=frozenset({"Lightning Bolt"}))
        def setup(self, case_id: str, setup: dict[str, Any]) -> None: ...
        def act(self, action: dict[str, Any]) -> None: ...
        def observe(self) -> Observation: ...
        def close(self) -> None: ...

Methods raise :class:`EngineReportedError` for a refusal the engine reports about the game (an
illegal action, an unanswered choice); anything else they raise is treated as an engine crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from conformance.errors import EngineReportedError

__all__ = ["PROTOCOL_VERSION", "Engine", "EngineInfo", "EngineReportedError", "Observation"]

PROTOCOL_VERSION = 1
"""The version of the case format and engine contract (conformance/SPEC.md)."""


@dataclass(frozen=True, slots=True)
class EngineInfo:
    """What an engine says about itself at ``start``."""

    name: str
    version: str
    protocol: int
    features: frozenset[str]
    """Feature names from ``conformance/features.yaml`` the engine implements."""
    cards: frozenset[str]
    """English card names the engine implements."""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Observation:
    """The facts an engine reports after a case's actions."""

    events: list[dict[str, Any]]
    state: dict[str, Any]


@runtime_checkable
class Engine(Protocol):
    """A rules engine under test. One game at a time; ``setup`` starts a fresh game."""

    def info(self) -> EngineInfo:
        """Name, version, protocol version, declared features and cards."""
        ...

    def setup(self, case_id: str, setup: dict[str, Any]) -> None:
        """Start a fresh game from a case's ``setup`` mapping; the event log starts empty."""
        ...

    def act(self, action: dict[str, Any]) -> None:
        """Apply one action mapping (``{"cast": {...}}``, ``{"resolve_stack": {}}``, ...)."""
        ...

    def observe(self) -> Observation:
        """Events since ``setup`` and a snapshot of the state."""
        ...

    def close(self) -> None:
        """Release the engine's resources; no call follows."""
        ...
