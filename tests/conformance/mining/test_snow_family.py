"""The snow-mana family (rule 107.4h) and snow mana in the reference engine: mana a snow
permanent's mana ability produces pays {S}, mana from a nonsnow source (or a setup's pool) does
not, and each mutant fails the case the reference passes."""

from __future__ import annotations

from collections import Counter

import pytest

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mana import ManaPool, assignments, cost_symbols
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

RULING = "The {S} symbol is a generic mana symbol. It represents a cost that can be paid by one " \
    "mana that was produced by a snow source. That mana can be any color or colorless."


def test_the_solver_pays_snow_symbols_with_snow_mana_only() -> None:
    snow_cost = cost_symbols("{G}{S}", 0)
    assert not assignments(Counter({"G": 2}), snow_cost)
    assert not assignments(Counter({"G": 2}), snow_cost, Counter())
    assert assignments(Counter({"G": 2}), snow_cost, Counter({"G": 1}))
    pool = ManaPool()
    pool.add("G")
    pool.add("RW", snow=True)  # a snow dual land: its color chosen as it pays
    assert pool.payable(cost_symbols("{S}{G}", 0))
    assert not pool.payable(cost_symbols("{S}{S}", 0))
    pool.empty()
    assert not pool.snow and not pool.flexible_snow


def _statuses(data: dict) -> dict[str, str]:
    case = case_from_mapping(data)
    out = {"reference": execute_case(ReferenceEngine(), case, timeout=10.0).status}
    for m in ("nonsnow_mana_pays_snow", "snow_source_mana_not_snow"):
        out[m] = execute_case(MUTANTS[m](), case, timeout=10.0).status
    return out


@pytest.mark.parametrize("card", ["Hailstorm Valkyrie", "Grim Draugr", "Alpine Meadow",
                                  "Snow-Covered Forest"])
def test_each_case_kills_one_mutant(card: str) -> None:
    r = mine([RulingGroup("g", card, "2021-02-05", {"en": RULING})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    cases = {d["id"].rsplit("/", 1)[1]: d for d in r.cases.values()}
    assert sorted(cases) == ["mined-snow-mana", "mined-snow-mana-nonsnow"]
    paid = _statuses(cases["mined-snow-mana"])
    refused = _statuses(cases["mined-snow-mana-nonsnow"])
    assert paid["reference"] == refused["reference"] == "pass"
    assert paid["snow_source_mana_not_snow"] != "pass" and paid["nonsnow_mana_pays_snow"] == "pass"
    assert refused["nonsnow_mana_pays_snow"] != "pass"
    lands = [o["card"] for o in cases["mined-snow-mana-nonsnow"]["setup"]["players"]["p1"]
             ["battlefield"]]
    assert "Forest" in lands


def test_a_card_without_snow_costs_is_not_executable() -> None:
    r = mine([RulingGroup("g", "Blizzard Brawl", "2021-02-05", {"en": RULING})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
