""""Add three mana of any one color." (Lotus Bloom; conformance/reference/effect_text.py and the
pool of conformance/reference/mana.py; rules 106.1b, 605.1a): the three mana are of one color,
chosen as the mana is spent, never of two different colors."""

from __future__ import annotations

import pytest
from engine_play import engine, obj

from conformance.errors import EngineReportedError
from conformance.reference.cards import load_cards
from conformance.reference.mana import ManaPool, cost_symbols


def test_lotus_bloom_is_built_with_a_sacrifice_mana_ability():
    (ability,) = load_cards()["Lotus Bloom"].faces[0].text.activated
    assert ability.produces == ("WUBRG*3",) and ability.tap and ability.sacrifice_self


@pytest.mark.parametrize(("cost", "payable"), [
    ("{U}{U}{U}", True), ("{W}{W}{W}", True), ("{2}{G}", True), ("{3}", True),
    ("{W}{U}", False), ("{R}{R}{G}", False), ("{U}{U}{U}{U}", False), ("{4}", False),
])
def test_three_mana_of_one_color_pay_only_costs_one_color_can_pay(cost, payable):
    pool = ManaPool()
    pool.add("WUBRG*3")
    assert pool.payable(cost_symbols(cost, 0)) is payable


def test_after_spending_one_the_other_two_are_of_the_same_color():
    e = engine({"battlefield": [obj("bloom", "Lotus Bloom")],
                "hand": [obj("bolt", "Lightning Bolt"), obj("growth", "Giant Growth")]},
               {"battlefield": [obj("bears", "Grizzly Bears")]})
    e.act({"activate": {"player": "p1", "object": "bloom", "ability": 0}})
    state = e.observe().state
    assert state["objects"]["bloom"]["zone"] == "graveyard"
    e.act({"cast": {"player": "p1", "object": "bolt", "targets": ["p2"]}})
    assert e.observe().state["players"]["p1"]["mana"] == "{R}{R}"
    with pytest.raises(EngineReportedError):  # the two left are red: no {G} for Giant Growth
        e.act({"cast": {"player": "p1", "object": "growth", "targets": ["bears"]}})
