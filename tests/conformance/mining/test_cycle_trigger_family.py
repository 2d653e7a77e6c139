"""The cycle-trigger family: a "When you cycle CARDNAME" trigger countered by Stifle does not
stop the cycling ability; each mined case passes on the reference engine and fails on the
family's mutant. The template ("When you cycle CARDNAME, ...") is checked against the engine
directly."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.reference import ReferenceEngine

SEPARATE = "The cycling ability and the triggered ability are separate. If the triggered " \
    "ability doesn't resolve (due to being countered with Stifle, for example, or if all its " \
    "targets have become illegal), the cycling ability will still resolve and you'll draw a card."


@pytest.mark.parametrize("card", [
    "Stir the Sands",  # a token, no target
    "Resounding Roar",  # a target creature
    "Krosan Tusker",  # an optional search (never resolves: countered)
    "Resounding Thunder",  # "it deals 6 damage to any target": p2
    "Grixis Sojourners",  # "... or it dies": a target card in a graveyard
])
def test_the_case_kills_the_family_mutant(card: str) -> None:
    data = mined_one(card, SEPARATE, "cycle-trigger-separate", "2017-04-18")
    assert_kills_its_mutant(data, "cycle-trigger-separate")
    assert data["expect"]["state"]["zones"]["lib1"] == "hand"


def test_a_targeting_cycle_trigger_gets_its_target_chosen() -> None:
    data = mined_one("Resounding Roar", SEPARATE, "cycle-trigger-separate", "2017-04-18")
    assert {"choose": {"choice": "targets", "source": "c", "targets": ["bears1"]}} \
        in data["actions"]


def _cycle(card: str, mana: str) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": mana, "hand": [{"id": "c", "card": card}],
                                             "library": [{"id": "lib1", "card": "Island"}]},
                                      "p2": {}}})
    engine.act({"activate": {"player": "p1", "object": "c", "ability": 0}})
    return engine


def test_cycling_triggers_the_cycled_cards_ability_above_the_cycling_ability() -> None:
    engine = _cycle("Stir the Sands", "{3}{B}")
    obs = engine.observe()
    assert [e["ability"] for e in obs.events if e["type"] == "triggered"] == ["cycle_trigger"]
    engine.act({"resolve_top": {}})  # the trigger: a 2/2 Zombie, no card drawn yet
    obs = engine.observe()
    zombies = [o for o in obs.state["objects"].values() if o["name"] == "Zombie Token"]
    assert len(zombies) == 1 and obs.state["objects"]["lib1"]["zone"] == "library"
    engine.act({"resolve_top": {}})  # the cycling ability
    assert engine.observe().state["objects"]["lib1"]["zone"] == "hand"


def test_casting_the_card_does_not_trigger_its_cycle_ability() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{4}{B}{B}",
                                             "hand": [{"id": "c", "card": "Stir the Sands"}]},
                                      "p2": {}}})
    engine.act({"cast": {"player": "p1", "object": "c"}})
    engine.act({"resolve_stack": {}})
    obs = engine.observe()
    assert not [e for e in obs.events if e["type"] == "triggered"]
    assert len([o for o in obs.state["objects"].values() if o["name"] == "Zombie Token"]) == 3


def test_it_in_a_cycle_trigger_is_the_cycled_card() -> None:
    """Resounding Thunder: "When you cycle CARDNAME, it deals 6 damage to any target"."""
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{5}{B}{R}{G}",
                                             "hand": [{"id": "c", "card": "Resounding Thunder"}],
                                             "library": [{"id": "lib1", "card": "Island"}]},
                                      "p2": {}}})
    engine.act({"activate": {"player": "p1", "object": "c", "ability": 0}})
    engine.act({"choose": {"choice": "targets", "source": "c", "targets": ["p2"]}})
    engine.act({"resolve_stack": {}})
    obs = engine.observe()
    assert obs.state["players"]["p2"]["life"] == 14
    assert obs.state["objects"]["lib1"]["zone"] == "hand"


def test_a_cycle_or_dies_trigger_triggers_when_the_creature_dies() -> None:
    """Bant Sojourners: "When you cycle CARDNAME or it dies, you may create a 1/1 white Soldier
    creature token"; it dies to Lightning Bolt (a 2/4: two Bolts)."""
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{R}{R}", "battlefield": [
                              {"id": "s", "card": "Bant Sojourners"}],
                              "hand": [{"id": "b1", "card": "Lightning Bolt"},
                                       {"id": "b2", "card": "Lightning Bolt"}]}, "p2": {}}})
    engine.act({"cast": {"player": "p1", "object": "b1", "targets": ["s"]}})
    engine.act({"resolve_stack": {}})
    assert not [e for e in engine.observe().events if e["type"] == "triggered"]
    engine.act({"cast": {"player": "p1", "object": "b2", "targets": ["s"]}})
    engine.act({"resolve_top": {}})
    assert [(e["source"], e["ability"]) for e in engine.observe().events
            if e["type"] == "triggered"] == [("s", "cycle_trigger")]
    engine.act({"resolve_top": {}})
    engine.act({"choose": {"choice": "may", "accept": True}})
    soldiers = [o for o in engine.observe().state["objects"].values()
                if o["name"] == "Soldier Token" and o["zone"] == "battlefield"]
    assert len(soldiers) == 1
