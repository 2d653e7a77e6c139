"""Flanking (702.25a, conformance/reference/flanking.py): a creature without flanking blocking
Benalish Cavalry gets -1/-1 until end of turn; a blocker with flanking does not. Also the
"Keyword; keyword" line (Knight of Sursi: "Flying; flanking")."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.reference.cards import load_cards
from conformance.reference.engine import ReferenceEngine


def _block(blocker: str) -> dict[str, Any]:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "beginning_of_combat", "turn": 3,
                          "players": {"p1": {"battlefield": [
                              {"id": "cav", "card": "Benalish Cavalry"}]},
                              "p2": {"battlefield": [{"id": "b2", "card": blocker}]}}})
    for a in ({"advance": {"to": "declare_attackers"}},
              {"declare_attackers": {"player": "p1", "attackers": {"cav": "p2"}}},
              {"advance": {"to": "declare_blockers"}},
              {"declare_blockers": {"player": "p2", "blocks": {"b2": "cav"}}}):
        engine.act(a)
    before = dict(engine.observe().state["objects"]["b2"])
    engine.act({"resolve_stack": {}})
    after = dict(engine.observe().state["objects"]["b2"])
    engine.act({"advance": {"to": "end_of_combat"}})
    return {"before": before, "after": after, "end": engine.observe().state["objects"]}


def test_a_blocker_without_flanking_gets_minus_one() -> None:
    seen = _block("Grizzly Bears")
    assert (seen["after"]["power"], seen["after"]["toughness"]) == (1, 1)
    assert seen["end"]["b2"]["zone"] == "graveyard"
    assert seen["end"]["cav"]["zone"] == "battlefield"  # dealt 1 damage only


def test_a_blocker_with_flanking_is_not_shrunk() -> None:
    seen = _block("Benalish Cavalry")
    assert (seen["after"]["power"], seen["after"]["toughness"]) == (2, 2)
    assert seen["end"]["b2"]["zone"] == "graveyard" and seen["end"]["cav"]["zone"] == "graveyard"


@pytest.mark.parametrize("name", ["Knight of Sursi"])
def test_a_semicolon_keyword_line(name: str) -> None:
    assert {"flying", "flanking"} <= load_cards()[name].faces[0].text.keywords
