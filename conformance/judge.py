"""Judging: a case's ``expect`` against what an engine reported. Pure functions, no I/O.

Matching rules (SPEC.md "expect"):

* **partial match** of an expected value against an observed one: a mapping matches when each of
  its keys matches the observed value under that key (extra observed keys are ignored; an expected
  ``null`` also matches a missing key); a list matches a list of the same length item by item;
  anything else must be equal (``1`` does not equal ``true``).
* ``events``: an ordered subsequence of the event log, each item a partial match.
* ``events_absent``: no event partially matches any item.
* ``event_counts``: exactly ``count`` events partially match ``match``.
* ``state``: ``life``, ``players``, ``zones``, ``objects``, ``count``, ``stack``, ``step``,
  ``turn``, ``active_player`` (protocol 2: ``day_night``, ``monarch``, ``initiative``) as
  described in SPEC.md.
* a ``check`` action (protocol 2) is an expect block judged the same way against the observation
  the runner takes at that point of the actions (:func:`judge_check`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from conformance.engines.protocol import Observation

_MISSING = object()


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One expectation that the observation does not meet."""

    where: str
    """Where in ``expect`` (``events[2]``, ``state.life.p2``, ...)."""
    message: str
    expected: Any = None
    observed: Any = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (used by run files)."""
        return {"where": self.where, "message": self.message,
                "expected": self.expected, "observed": self.observed}

    def __str__(self) -> str:
        return (f"{self.where}: {self.message}\n  expected: {self.expected!r}\n"
                f"  observed: {self.observed!r}")


def matches(expected: Any, observed: Any) -> bool:
    """Whether ``observed`` meets ``expected`` under the partial-match rule."""
    te = type(expected)
    if te is dict or (te is not list and isinstance(expected, Mapping)):
        if not isinstance(observed, dict | Mapping):
            return False
        for k, v in expected.items():
            o = observed.get(k, _MISSING)
            if o is _MISSING:
                if v is None:
                    continue
                return False
            if v is o:
                continue
            tv = type(v)
            if tv is str or tv is int or tv is float:
                if type(o) is not tv and not (tv is not str and type(o) in (int, float)):
                    return False
                if v != o:
                    return False
            elif not matches(v, o):
                return False
        return True
    if te is list:
        if type(observed) is not list or len(observed) != len(expected):
            return False
        return all(matches(e, o) for e, o in zip(expected, observed, strict=True))
    if te is bool or type(observed) is bool:
        return te is type(observed) and expected == observed
    return expected == observed


def _events(expect: Mapping[str, Any], events: list[dict[str, Any]]) -> list[Mismatch]:
    out: list[Mismatch] = []
    pos = 0
    for i, pattern in enumerate(expect.get("events", ()) or ()):
        for j in range(pos, len(events)):
            if matches(pattern, events[j]):
                pos = j + 1
                break
        else:
            earlier = [e for e in events[:pos] if matches(pattern, e)]
            same_type = [e for e in events[pos:] if e.get("type") == pattern.get("type")]
            why = ("matching event only before the previous expected event" if earlier
                   else "no matching event in the log after the previous expected event")
            out.append(Mismatch(f"events[{i}]", why, pattern,
                                same_type or earlier or events[pos:]))
            break  # the rest of the subsequence is meaningless after a miss
    for i, pattern in enumerate(expect.get("events_absent", ()) or ()):
        hits = [e for e in events if matches(pattern, e)]
        if hits:
            out.append(Mismatch(f"events_absent[{i}]", "event present", pattern, hits))
    for i, item in enumerate(expect.get("event_counts", ()) or ()):
        n = sum(1 for e in events if matches(item["match"], e))
        if n != item["count"]:
            out.append(Mismatch(f"event_counts[{i}]", f"{n} matching events",
                                item["count"], n))
    return out


def _state(expected: Mapping[str, Any], state: Mapping[str, Any]) -> list[Mismatch]:
    out: list[Mismatch] = []
    players = state.get("players") or {}
    objects = state.get("objects") or {}
    for pid, life in (expected.get("life") or {}).items():
        got = (players.get(pid) or {}).get("life")
        if not matches(life, got):
            out.append(Mismatch(f"state.life.{pid}", "life differs", life, got))
    for pid, want in (expected.get("players") or {}).items():
        got = players.get(pid)
        if not matches(want, got):
            out.append(Mismatch(f"state.players.{pid}", "player differs", want, got))
    for oid, zone in (expected.get("zones") or {}).items():
        obj = objects.get(oid)
        got = obj.get("zone") if isinstance(obj, Mapping) else None
        if got != zone:
            out.append(Mismatch(f"state.zones.{oid}", "zone differs" if obj else
                                "object not in the snapshot", zone, got))
    for oid, want in (expected.get("objects") or {}).items():
        obj = objects.get(oid)
        if not matches(want, obj):
            got = ({k: obj.get(k) for k in want} if isinstance(obj, Mapping) else obj)
            out.append(Mismatch(f"state.objects.{oid}", "object differs" if obj is not None
                                else "object not in the snapshot", want, got))
    for i, item in enumerate(expected.get("count") or ()):
        flt = {k: v for k, v in item.items() if k != "count"}
        n = sum(1 for o in objects.values() if matches(flt, o))
        if n != item["count"]:
            out.append(Mismatch(f"state.count[{i}]", f"{n} matching objects", item, n))
    if "stack" in expected:
        want = expected["stack"]
        stack = state.get("stack") or []
        got = [s.get("card") if isinstance(s, Mapping) else s for s in stack]
        ok = len(want) == len(stack) and all(
            (w == g) if isinstance(w, str) else matches(w, s)
            for w, g, s in zip(want, got, stack, strict=True))
        if not ok:
            out.append(Mismatch("state.stack", "stack differs (bottom to top)", want, got))
    for key in ("step", "turn", "active_player", "day_night", "monarch", "initiative"):
        if key in expected and not matches(expected[key], state.get(key)):
            out.append(Mismatch(f"state.{key}", f"{key} differs", expected[key], state.get(key)))
    return out


def judge(expect: Mapping[str, Any], observation: Observation) -> list[Mismatch]:
    """Every mismatch between ``expect`` (minus its ``error`` key) and the observation."""
    return [*_events(expect, observation.events),
            *_state(expect.get("state") or {}, observation.state)]


def judge_check(index: int, check: Mapping[str, Any],
                observation: Observation) -> list[Mismatch]:
    """Every mismatch between the ``check`` action at ``actions[index]`` (an expect block
    without ``error``, protocol 2) and the observation taken at that point; each ``where``
    starts with ``actions[index].check.``."""
    return [Mismatch(f"actions[{index}].check.{m.where}", m.message, m.expected, m.observed)
            for m in judge(check, observation)]


def judge_error(
    expect: Mapping[str, Any], reported: tuple[int, str, str] | None
) -> list[Mismatch]:
    """Compare ``expect.error`` with the error the engine reported (``(action, kind, message)``).

    Only meaningful for a case whose ``expect`` has an ``error`` key.
    """
    want = expect.get("error")
    if want is None:
        return []
    if reported is None:
        return [Mismatch("error", "the engine reported no error", want, None)]
    index, kind, message = reported
    got = {"kind": kind, "action": index}
    if kind != want["kind"] or ("action" in want and want["action"] != index):
        return [Mismatch("error", f"another error was reported: {message}", want, got)]
    return []
