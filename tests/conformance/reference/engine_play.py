"""Small builders the reference-engine template tests share: an engine set up on p1's main
phase, a setup object, a cast by p1 at targets, and resolving the whole stack.

Import it as ``from engine_play import ...`` (pytest puts this folder on ``sys.path``)."""

from __future__ import annotations

from typing import Any

from conformance.reference import ReferenceEngine

RESOLVE: dict[str, Any] = {"resolve_stack": {}}


def engine(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> ReferenceEngine:
    """A reference engine set up on turn 3, p1's precombat main phase."""
    e = ReferenceEngine()
    e.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                     "players": {"p1": p1, "p2": p2 or {}}})
    return e


def obj(oid: str, card: str, **kw: Any) -> dict[str, Any]:
    """A setup object ``oid`` of ``card`` (with counters, tapped, ... in ``kw``)."""
    return {"id": oid, "card": card, **kw}


def cast(oid: str, *targets: str, **kw: Any) -> dict[str, Any]:
    """p1 casts ``oid`` at ``targets`` (costs, x, half, ... in ``kw``)."""
    return {"cast": {"player": "p1", "object": oid, "targets": list(targets), **kw}}
