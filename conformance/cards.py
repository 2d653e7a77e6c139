"""``rulings engines cards ENGINE``: the cards an engine declares, and those it refuses.

:func:`cards` starts the engine named by a spec (``conformance.engines.spec``), offering it the
cards of a suite's cases (by default ``conformance/cases``), reads the cards its ``start`` answer
declares and stops it. The refused cards, with their reasons, come from the
reference engine's card builder (the reference engine and its mutants: every card of the shipped
card data it cannot build in full, with the first line no template accepts) or, for any other
engine, from an optional ``refused_cards`` mapping (name -> reason) in its ``start`` answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from conformance.cases_io import CASES_DIR
from conformance.engines.spec import parse_spec
from conformance.errors import ConformanceError


@dataclass(frozen=True)
class EngineCards:
    """What one engine says about cards."""

    engine: str
    """The engine's ``start`` name."""
    declared: tuple[str, ...]
    """Its declared cards, sorted."""
    refused: Mapping[str, str] = field(default_factory=dict)
    """Cards it does not implement, name -> reason, sorted by name (empty when unknown)."""
    refusals_known: bool = False
    """Whether the engine says which cards it refuses."""

    def lines(self, refused: bool = False) -> list[str]:
        """One declared card a line; with ``refused``, one ``name<TAB>reason`` a line."""
        if refused:
            return [f"{name}\t{reason}" for name, reason in self.refused.items()]
        return list(self.declared)


def _reference_refusals() -> dict[str, str]:
    from conformance.reference.cards import refused_cards

    return refused_cards()


def cards(spec: str, *, timeout: float = 30.0, suite: Path | None = CASES_DIR) -> EngineCards:
    """The cards the engine ``spec`` declares (and refuses, when it says so), offered the cards
    of the cases under ``suite`` (an engine may declare only among those; None offers none).
    The reference engine and its mutants declare theirs without an offer.

    Raises :class:`~conformance.errors.ConformanceError` when the spec is bad, a case file is
    bad or the engine does not start.
    """
    parsed = parse_spec(spec)
    offered = None
    if suite is not None and parsed.kind not in ("reference", "mutant"):
        from conformance.cases_io import load_cases
        from conformance.runner import suite_cards

        offered = suite_cards(load_cases([suite]))
    engine = parsed.connect(timeout=timeout, cards=offered)
    try:
        info = engine.info()
    finally:
        engine.close()
    declared = tuple(sorted(info.cards))
    if parsed.kind in ("reference", "mutant"):
        return EngineCards(info.name, declared, _reference_refusals(), True)
    raw = info.extra.get("refused_cards") if isinstance(info.extra, Mapping) else None
    if raw is None:
        return EngineCards(info.name, declared)
    if not isinstance(raw, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
        raise ConformanceError(f"{info.name}: refused_cards must map card names to reasons")
    return EngineCards(info.name, declared, dict(sorted(raw.items())), True)
