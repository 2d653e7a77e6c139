"""``rulings engines smoke SPEC``: prove an adapter is wired right before any case runs.

The checks need no card: start and version, declared features in the vocabulary, a fresh empty
game set up and observed (the observation valid against ``io/observe.response``), an action on a
nonexistent object refused with an ``EngineReportedError``, a second ``setup`` that really starts
a new game, and a clean stop. Over stdio every response is validated against its schema.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conformance import schemas
from conformance.engines.protocol import PROTOCOLS, Engine, EngineInfo
from conformance.engines.spec import parse_spec
from conformance.errors import ConformanceError, EngineReportedError


@dataclass(frozen=True, slots=True)
class Check:
    """One smoke check."""

    name: str
    ok: bool
    detail: str = ""


@dataclass
class SmokeReport:
    """Every check run against one engine."""

    spec: str
    info: EngineInfo | None = None
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """All checks passed."""
        return bool(self.checks) and all(c.ok for c in self.checks)

    def render(self) -> str:
        """One line per check, then a verdict."""
        lines = [f"engine spec: {self.spec}"]
        if self.info:
            lines.append(f"engine: {self.info.name} {self.info.version} (protocol "
                         f"{self.info.protocol}, {len(self.info.features)} features, "
                         f"{len(self.info.cards)} cards)")
        for c in self.checks:
            lines.append(f"  [{'ok' if c.ok else 'FAIL'}] {c.name}" + (f": {c.detail}" if c.detail else ""))
        lines.append("smoke: ok" if self.ok else "smoke: FAILED")
        return "\n".join(lines)


def empty_setup(p2_life: int = 20) -> dict[str, Any]:
    """A game with no cards: p1 active in the first main phase of turn 1."""
    empty: dict[str, list[Any]] = {"library": [], "hand": [], "battlefield": [], "graveyard": [], "exile": []}
    return {"active_player": "p1", "step": "precombat_main", "turn": 1,
            "players": {"p1": {"life": 20, **empty}, "p2": {"life": p2_life, **empty}}}


def _observe_ok(engine: Engine, want_life: dict[str, int]) -> tuple[bool, str]:
    obs = engine.observe()
    found = schemas.problems("io/observe.response",
                             {"seq": 0, "ok": True, "events": obs.events, "state": obs.state})
    if found:
        return False, "; ".join(found[:3])
    life = {p: obs.state["players"][p]["life"] for p in want_life}
    if life != want_life:
        return False, f"life {life}, expected {want_life}"
    return True, f"{len(obs.events)} events, {len(obs.state.get('objects', {}))} objects"


def smoke(spec_text: str, *, timeout: float = 10.0, vocabulary: dict[str, str] | None = None) -> SmokeReport:
    """Run the smoke checks against ``spec_text``; never raises for engine failures."""
    report = SmokeReport(spec_text)
    add = report.checks.append
    try:
        spec = parse_spec(spec_text)
        engine = spec.connect(timeout=timeout, validate=True)
    except ConformanceError as exc:
        add(Check("start", False, str(exc)))
        return report
    try:
        info = report.info = engine.info()
        add(Check("start", True, f"protocol {info.protocol}"))
        add(Check("protocol version", info.protocol in PROTOCOLS,
                  f"engine {info.protocol}, harness {' or '.join(map(str, PROTOCOLS))}"))
        if vocabulary is not None:
            unknown = sorted(info.features - set(vocabulary))
            add(Check("declared features are in features.yaml", not unknown,
                      ", ".join(unknown)))
        try:
            engine.setup("smoke/empty-game", empty_setup())
            ok, detail = _observe_ok(engine, {"p1": 20, "p2": 20})
            add(Check("setup + observe an empty game", ok, detail))
        except (ConformanceError, KeyError, TypeError) as exc:
            add(Check("setup + observe an empty game", False, repr(exc)))
            return report
        try:
            engine.act({"cast": {"player": "p1", "object": "smoke_no_such_object"}})
            add(Check("refuses an action on a nonexistent object", False,
                      "the engine accepted it"))
        except EngineReportedError as exc:
            add(Check("refuses an action on a nonexistent object", True, exc.kind))
        except ConformanceError as exc:
            add(Check("refuses an action on a nonexistent object", False, repr(exc)))
            return report
        try:
            engine.setup("smoke/fresh-game", empty_setup(p2_life=7))
            ok, detail = _observe_ok(engine, {"p1": 20, "p2": 7})
            add(Check("a second setup starts a fresh game", ok, detail))
        except (ConformanceError, KeyError, TypeError) as exc:
            add(Check("a second setup starts a fresh game", False, repr(exc)))
            return report
    finally:
        try:
            engine.close()
            add(Check("stop", True, getattr(engine, "close_note", None) or ""))
        except Exception as exc:  # noqa: BLE001
            add(Check("stop", False, str(exc)))
    return report
