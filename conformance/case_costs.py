"""The ``costs`` of a case's ``cast`` and ``activate`` actions (protocol 2, SPEC.md "costs"):
what they need of an engine (negotiation) and what lint checks beyond the schema (one object
tapped or exiled for two costs; madness named on a ``cast``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

COST_OBJECTS = ("sacrifice", "discard", "exile", "tap", "convoke", "delve", "improvise")
"""The lists of object ids a ``costs`` mapping may hold (protocol 2)."""
COST_EXCLUSIVE = (("tap", "convoke", "improvise"), ("exile", "delve"))
"""Costs one object cannot pay twice (it is tapped, or exiled, once)."""


def cost_problems_of(action: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The object ids a ``cast``/``activate`` action's ``costs`` names, and what is wrong with
    them (one object tapped, or exiled, for two costs)."""
    refs: list[str] = []
    problems: list[str] = []
    cast = action.get("cast")
    if isinstance(cast, dict) and cast.get("fuse") is True and cast.get("half") is not None:
        problems.append("cast: fuse: true casts both halves as one fused split spell; it names "
                        "no half (702.102a)")
    for name in ("cast", "activate"):
        body = action.get(name)
        costs = body.get("costs") if isinstance(body, dict) else None
        if not isinstance(costs, dict):
            continue
        for kind in COST_OBJECTS:
            refs += [r for r in costs.get(kind) or () if isinstance(r, str)]
        if name == "cast" and costs.get("alternative") == "madness":
            problems.append("costs: a card is cast for its madness cost only as its madness "
                            "trigger resolves: answer that trigger's may (choose: {choice: may, "
                            "ability: madness}), not with a cast")
        for group in COST_EXCLUSIVE:
            seen: dict[str, str] = {}
            for kind in group:
                for r in costs.get(kind) or ():
                    if isinstance(r, str) and r in seen:
                        problems.append(f"costs: {r!r} pays both {seen[r]} and {kind}")
                    elif isinstance(r, str):
                        seen[r] = kind
    return refs, problems


def cost_needs(action: dict[str, Any]) -> Iterator[str]:
    """The costs one action's ``costs`` names (SPEC.md, "costs"): each key, but ``kicker``
    paid more than once is ``multikicker`` and ``alternative`` is the alternative cost's name;
    and ``madness`` for a ``may`` answering a madness trigger (``ability: madness``), the way a
    card is cast for its madness cost; ``fuse`` for a ``cast`` with ``fuse: true`` (a fused
    split spell's total cost is both halves' mana costs, 702.102c); ``exert`` for a
    ``declare_attackers`` with ``exert`` (attackers exerted as they are declared, 701.39a)."""
    choose = action.get("choose")
    if (isinstance(choose, dict) and choose.get("choice") == "may"
            and choose.get("ability") == "madness"):
        yield "madness"
    cast = action.get("cast")
    if isinstance(cast, dict) and cast.get("fuse") is True:
        yield "fuse"
    attack = action.get("declare_attackers")
    if isinstance(attack, dict) and attack.get("exert"):  # attackers exerted (701.39a)
        yield "exert"
    for name in ("cast", "activate"):
        body = action.get(name)
        costs = body.get("costs") if isinstance(body, dict) else None
        if not isinstance(costs, dict):
            continue
        for key, value in costs.items():
            if key == "alternative":
                yield str(value)
            elif key == "kicker":
                yield "multikicker" if isinstance(value, int) and value > 1 else "kicker"
            else:
                yield str(key)
