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

__all__ = ["MAX_PROTOCOL", "PROTOCOLS", "PROTOCOL_VERSION", "V1_ACTIONS", "V1_CHOICES",
           "V2_ACTIONS", "V2_CHOICES", "V2_COSTS", "V2_SETUP", "Engine", "EngineInfo",
           "EngineReportedError",
           "Observation"]

PROTOCOL_VERSION = 1
"""The base version of the case format and engine contract (conformance/SPEC.md): the
``protocol`` the harness sends in ``start``, and the one run files and suite versions name."""
MAX_PROTOCOL = 2
"""The highest protocol the harness speaks (``max_protocol`` of the ``start`` request)."""
PROTOCOLS = (1, 2)
"""Every protocol an engine may answer ``start`` with."""

V1_ACTIONS = frozenset({"cast", "activate", "pass_priority", "resolve_top", "resolve_stack",
                        "choose", "add_counters", "remove_counters", "advance", "set_keywords"})
"""The actions of protocol 1: a protocol-1 engine supports exactly these."""
V1_CHOICES = frozenset({"trigger_order", "new_targets", "mode", "x", "legend_rule", "targets"})
"""The ``choose`` kinds of protocol 1."""
V2_ACTIONS = V1_ACTIONS | {"check", "play_land", "declare_attackers", "declare_blockers",
                           "lose_abilities", "foretell", "suspend",
                           "turn_face_up", "set_subtypes"}
"""Every action name protocol 2 defines (an engine declares the ones it supports)."""
V2_CHOICES = V1_CHOICES | {"may", "cards", "damage_assignment_order", "damage_assignment"}
"""Every ``choose`` kind protocol 2 defines."""
V2_COSTS = frozenset({
    "kicker", "multikicker", "sacrifice", "discard", "exile", "tap", "convoke", "delve",
    "improvise", "bestow", "blitz", "dash", "disturb", "emerge", "escape", "evoke", "flashback",
    "foretell", "freerunning", "fuse", "madness", "miracle", "morph", "mutate", "overload",
    "prowl", "spectacle", "surge", "exert"})
"""Every cost protocol 2 lets ``cast``/``activate`` name in ``costs`` (SPEC.md, "costs"): the
keys of ``costs``, ``multikicker`` for ``kicker`` > 1, each ``alternative`` by its name, and
``fuse`` for a ``cast`` with ``fuse: true`` (paying both halves of a split card, 702.102c), and
``exert`` for a ``declare_attackers`` with ``exert`` (attackers exerted as declared, 701.39a). A
protocol-1 engine supports none; a protocol-2 engine declares the ones it supports."""
V2_SETUP = frozenset({"energy", "experience", "day_night", "monarch", "initiative", "face_down"})
"""The setup fields protocol 2 gives a meaning (SPEC.md, "setup"): a case using one needs an
engine that declares it (a protocol-1 engine supports none of them)."""


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
    actions: frozenset[str] = V1_ACTIONS
    """Action names the engine supports (protocol 2 declares them; protocol 1: :data:`V1_ACTIONS`)."""
    choices: frozenset[str] = V1_CHOICES
    """``choose`` kinds the engine supports (protocol 2 declares them; protocol 1:
    :data:`V1_CHOICES`)."""
    costs: frozenset[str] = frozenset()
    """Costs of :data:`V2_COSTS` the engine supports in ``costs`` (protocol 2 may declare them;
    none otherwise)."""
    setup: frozenset[str] = frozenset()
    """Protocol-2 setup fields (:data:`V2_SETUP`) the engine supports (protocol 2 may declare
    them; protocol 1: none)."""

    @property
    def supported_actions(self) -> frozenset[str]:
        """The actions the runner may send: the declared ones, or exactly the protocol-1 actions
        for a protocol-1 engine (whatever it declared)."""
        return self.actions if self.protocol >= 2 else V1_ACTIONS

    @property
    def supported_choices(self) -> frozenset[str]:
        """The ``choose`` kinds the runner may send (as :attr:`supported_actions`)."""
        return self.choices if self.protocol >= 2 else V1_CHOICES

    @property
    def supported_costs(self) -> frozenset[str]:
        """The costs a ``cast``/``activate`` the runner sends may name (none for protocol 1)."""
        return self.costs if self.protocol >= 2 else frozenset()

    @property
    def supported_setup(self) -> frozenset[str]:
        """The protocol-2 setup fields a case sent to the engine may use (the declared ones; none
        for a protocol-1 engine)."""
        return self.setup if self.protocol >= 2 else frozenset()


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
