"""The mana payment solver (conformance.reference.mana): any order of generic, hybrid,
Phyrexian and X costs the pool can pay in total is paid."""

from __future__ import annotations

import pytest

from conformance.reference.mana import (
    ManaPool,
    ManaSymbolError,
    cost_symbols,
    plan_payment,
    pool_of,
)


def pay(pool: ManaPool, cost: str, x: int = 0, life: int = 20) -> int | None:
    """Pay ``cost``; the life paid, or None when it cannot be paid."""
    plan = plan_payment(pool, cost_symbols(cost, x), life)
    if plan is None:
        return None
    pool.paid.extend(plan[0])
    return plan[1]


@pytest.mark.parametrize("costs", [["{1}{G}", "{U}{U}"], ["{U}{U}", "{1}{G}"],
                                   ["{X}{G}", "{U}{U}"], ["{2}", "{G}{G}"], ["{G/U}", "{1}{U}", "{G}"]])
def test_costs_payable_in_total_are_paid_in_any_order(costs: list[str]) -> None:
    pool = ManaPool(added=pool_of("{G}{G}{U}{U}"))
    for cost in costs:
        assert pay(pool, cost, x=1) == 0, cost
    assert pay(pool, "{1}") is None and pool.render() == ""


def test_a_cost_beyond_the_pool_is_refused_and_pays_nothing() -> None:
    pool = ManaPool(added=pool_of("{G}{G}{U}{U}"))
    assert pay(pool, "{1}{G}") == 0
    assert pay(pool, "{G}{G}") is None
    assert pool.render() == "{G}{U}"  # shown: generic paid from {C}, W, U, B, R, G in order
    assert pay(pool, "{G}") == 0 and pay(pool, "{U}") == 0
    assert pool.render() == ""


def test_monocolored_hybrid_pays_two_generic_or_one_colored() -> None:
    pool = ManaPool(added=pool_of("{2}{W}"))
    assert pay(pool, "{2/W}{2/W}") == 0
    assert pool.render() == ""
    assert pay(ManaPool(added=pool_of("{2}")), "{2/W}{2/W}") is None


def test_phyrexian_paid_with_mana_when_possible_else_two_life() -> None:
    pool = ManaPool(added=pool_of("{R}"))
    assert pay(pool, "{R/P}") == 0
    assert pay(pool, "{R/P}") == 2
    assert pay(pool, "{R/P}", life=1) is None  # 119.4: not enough life to pay 2


def test_unknown_symbols_are_refused() -> None:
    assert [s.snow for s in cost_symbols("{1}{S}", 0)] == [False, True]  # 107.4h: known
    with pytest.raises(ManaSymbolError):
        cost_symbols("{HW}", 0)
    with pytest.raises(ManaSymbolError):
        pool_of("{W/U}")


def test_mana_of_a_chosen_color_is_chosen_by_the_payments() -> None:
    pool = ManaPool()
    pool.add("RG")
    pool.add("WUBRG")
    assert pay(pool, "{G}") == 0 and pay(pool, "{R}") == 0
    assert pay(pool, "{1}") is None
    pool.empty()
    pool.add("RG")
    assert pay(pool, "{U}") is None
    assert pool.render() in ("{R}", "{G}")
