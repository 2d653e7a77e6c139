""""At the beginning of your upkeep, sacrifice CARDNAME unless you pay {U}." (unless_pay.py):
its controller is asked only when their pool can pay; paying keeps it, declining or being
unable to pay sacrifices it."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, engine, obj


def _to_p1_upkeep(p1: dict[str, Any]) -> Any:
    e = engine(p1)
    e.act({"advance": {"to": "upkeep", "next_turn": True}})  # p2's upkeep: nothing
    e.act({"advance": {"to": "upkeep", "next_turn": True}})  # p1's: the trigger
    assert [s["ability"] for s in e.observe().state["stack"]] != []
    return e


@pytest.mark.parametrize("pay", [True, False])
def test_the_controller_chooses_to_pay_or_sacrifice(pay: bool) -> None:
    e = _to_p1_upkeep({"battlefield": [obj("sd", "Spindrift Drake"), obj("isl", "Island")]})
    e.act({"activate": {"player": "p1", "object": "isl", "ability": 0}})
    e.act(RESOLVE)
    e.act({"choose": {"choice": "may", "accept": pay}})
    state = e.observe().state
    assert state["objects"]["sd"]["zone"] == ("battlefield" if pay else "graveyard")
    assert state["players"]["p1"]["mana"] == ("" if pay else "{U}")


def test_without_the_mana_it_is_sacrificed_without_a_choice() -> None:
    e = _to_p1_upkeep({"battlefield": [obj("sd", "Spindrift Drake")]})
    e.act(RESOLVE)
    assert e.observe().state["objects"]["sd"]["zone"] == "graveyard"
