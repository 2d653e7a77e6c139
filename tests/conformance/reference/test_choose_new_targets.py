""""You may choose new targets for target spell" (115.7d: Redirect, Insidious Will's second
mode) and "... Then copy that spell" (Wild Ricochet): a ``new_targets`` choice naming the spell
as ``source``; kept with ``null``, changed to legal targets only."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, obj

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine

BOLT_AT_P1 = [{"cast": {"player": "p2", "object": "bolt", "targets": ["p1"]}},
              {"pass_priority": {"player": "p2"}}]


def _setup(card: str, mana: str) -> Any:
    """p2 (active) holds a Lightning Bolt and controls Grizzly Bears; p1 holds ``card``."""
    e = ReferenceEngine()
    e.setup("unit", {"active_player": "p2", "step": "precombat_main", "turn": 3, "players": {
        "p1": {"mana": mana, "hand": [obj("c", card)]},
        "p2": {"mana": "{R}", "hand": [obj("bolt", "Lightning Bolt")],
               "battlefield": [obj("bears2", "Grizzly Bears")]}}})
    return e


def _life(e: Any) -> tuple[int, int]:
    players = e.observe().state["players"]
    return players["p1"]["life"], players["p2"]["life"]


@pytest.mark.parametrize(("answer", "life"), [(["p2"], (20, 17)), (None, (17, 20))])
def test_redirect_changes_or_keeps_the_spells_target(answer: Any, life: tuple[int, int]) -> None:
    e = _setup("Redirect", "{U}{U}")
    for a in (*BOLT_AT_P1, {"cast": {"player": "p1", "object": "c", "targets": ["bolt"]}},
              {"resolve_top": {}},
              {"choose": {"choice": "new_targets", "source": "bolt", "targets": answer}},
              RESOLVE):
        e.act(a)
    assert _life(e) == life


def test_a_new_target_must_be_legal() -> None:
    e = _setup("Redirect", "{U}{U}")
    for a in (*BOLT_AT_P1, {"cast": {"player": "p1", "object": "c", "targets": ["bolt"]}},
              {"resolve_top": {}}):
        e.act(a)
    with pytest.raises(EngineReportedError) as exc:  # a Lightning Bolt can't target itself
        e.act({"choose": {"choice": "new_targets", "targets": ["bolt"]}})
    assert exc.value.kind == "illegal_action"


def test_wild_ricochet_retargets_the_spell_then_copies_it() -> None:
    """The Bolt is turned to p2, then copied (the copy has the new target, and a new one may be
    chosen: the Grizzly Bears)."""
    e = _setup("Wild Ricochet", "{R}{R}{C}{C}")
    for a in (*BOLT_AT_P1, {"cast": {"player": "p1", "object": "c", "targets": ["bolt"]}},
              {"resolve_top": {}},
              {"choose": {"choice": "new_targets", "source": "bolt", "targets": ["p2"]}},
              {"choose": {"choice": "new_targets", "source": "bolt", "targets": ["bears2"]}},
              RESOLVE):
        e.act(a)
    assert _life(e) == (20, 17)
    assert e.observe().state["objects"]["bears2"]["zone"] == "graveyard"
