"""The case actions (``SPEC.md``, "actions"): a registry from each action name to the function
that performs it on the rules. ``choose`` is not here: it answers a pending decision
(:meth:`conformance.reference.engine.ReferenceEngine.act`).

Each function takes the rules and the action's body and returns the flow of the action: a
generator that may yield :class:`~conformance.reference.objects.Choice` and raises
:class:`~conformance.errors.EngineReportedError` when the game refuses it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from conformance.reference import abilities as o
from conformance.reference.objects import ContinuousEffect, Flow, refuse

if TYPE_CHECKING:
    from conformance.reference.rules import Rules

Action = Callable[["Rules", dict[str, Any]], Flow]
ACTIONS: dict[str, Action] = {}
"""Action name -> the function performing it (filled by :func:`action`)."""


def action(name: str) -> Callable[[Action], Action]:
    """Register the decorated function as the action ``name``."""

    def register(fn: Action) -> Action:
        if name in ACTIONS:
            raise ValueError(f"two functions for action {name!r}")
        ACTIONS[name] = fn
        return fn

    return register


@action("cast")
def cast(rules: Rules, a: dict[str, Any]) -> Flow:
    """Cast a spell (rule 601)."""
    return rules.cast(a)


@action("activate")
def activate(rules: Rules, a: dict[str, Any]) -> Flow:
    """Activate an ability (rule 602), or cycle a card in a hand (702.29)."""
    return rules.activate(a)


@action("play_land")
def play_land(rules: Rules, a: dict[str, Any]) -> Flow:
    """Play a land (rules 305.1-305.2; protocol 2)."""
    return rules.play_land(a)


@action("declare_attackers")
def declare_attackers(rules: Rules, a: dict[str, Any]) -> Flow:
    """Declare attackers (rule 508.1; protocol 2)."""
    return rules.declare_attackers(a)


@action("declare_blockers")
def declare_blockers(rules: Rules, a: dict[str, Any]) -> Flow:
    """Declare blockers (rule 509.1; protocol 2)."""
    return rules.declare_blockers(a)


@action("pass_priority")
def pass_priority(rules: Rules, a: dict[str, Any]) -> Flow:
    """One priority pass (rule 117.3d)."""
    return rules.pass_priority(a)


@action("advance")
def advance(rules: Rules, a: dict[str, Any]) -> Flow:
    """Go to a step, running turn-based actions and triggers on the way."""
    return rules.advance(a)


@action("resolve_top")
def resolve_top(rules: Rules, a: dict[str, Any]) -> Flow:
    """All players pass once: the top object of the stack resolves."""
    if not rules.stack:
        raise refuse("illegal_action", "the stack is empty")
    yield from rules._resolve_top()


@action("resolve_stack")
def resolve_stack(rules: Rules, a: dict[str, Any]) -> Flow:
    """Resolve until the stack is empty, triggers included."""
    for _ in range(500):
        if not rules.stack:
            return
        yield from rules._resolve_top()
    raise refuse("internal", "the stack does not empty")


@action("add_counters")
def add_counters(rules: Rules, a: dict[str, Any]) -> Flow:
    """Put counters on a permanent (an effect outside the case's cards)."""
    obj = rules._get(a.get("object"))
    n = a.get("n", 1)
    if not isinstance(n, int) or n < 1 or obj.zone != "battlefield":
        raise refuse("illegal_action", "counters go on permanents, n >= 1")
    rules._add_counters(obj, str(a.get("counter")), n)
    yield from rules._put_triggers()


@action("remove_counters")
def remove_counters(rules: Rules, a: dict[str, Any]) -> Flow:
    """Remove counters from a permanent (as many as it has, at most ``n``)."""
    obj = rules._get(a.get("object"))
    rules._remove_counters(obj, str(a.get("counter")), int(a.get("n", 1)))
    yield from rules._put_triggers()


@action("set_keywords")
def set_keywords(rules: Rules, a: dict[str, Any]) -> Flow:
    """An object gains or loses keywords, indefinitely (layer 6, its own timestamp)."""
    obj = rules._get(a.get("object"))
    add = tuple(k.lower() for k in a.get("add") or ())
    remove = tuple(k.lower() for k in a.get("remove") or ())
    for k in add + remove:
        if k not in o.KEYWORDS:
            raise refuse("unsupported", f"keyword {k!r}")
    rules.effects.append(ContinuousEffect(next(rules._clock), frozenset({obj.ref}),
                                          add=add, remove=remove, until_end_of_turn=False))
    yield from rules._put_triggers()


@action("lose_abilities")
def lose_abilities(rules: Rules, a: dict[str, Any]) -> Flow:
    """An object loses all abilities, indefinitely (layer 6, its own timestamp)."""
    obj = rules._get(a.get("object"))
    rules.effects.append(ContinuousEffect(next(rules._clock), frozenset({obj.ref}),
                                          lose_all=True, until_end_of_turn=False))
    yield from rules._put_triggers()


@action("set_subtypes")
def set_subtypes(rules: Rules, a: dict[str, Any]) -> Flow:
    """An object gains or loses subtypes, indefinitely (a type-changing effect: layer 4, its
    own timestamp, 613.1d; protocol 2)."""
    obj = rules._get(a.get("object"))
    add = tuple(str(t) for t in a.get("add") or ())
    remove = tuple(str(t) for t in a.get("remove") or ())
    if not add and not remove:
        raise refuse("illegal_action", "set_subtypes adds or removes at least one subtype")
    rules.effects.append(ContinuousEffect(next(rules._clock), frozenset({obj.ref}),
                                          subtypes_add=add, subtypes_remove=remove,
                                          until_end_of_turn=False))
    yield from rules._put_triggers()
