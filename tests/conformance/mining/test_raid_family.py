"""The raid families: raid looks at the whole turn (the creature that attacked need not still be
on the battlefield) and cares only that a creature attacked, not how many; each mined case
passes on the reference engine and fails on the family's mutant. The raid template ("When
CARDNAME enters the battlefield, if you attacked this turn") is checked against the engine
directly."""

from __future__ import annotations

from typing import Any

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine

WHOLE_TURN = "Raid abilities evaluate the entire turn to see if you attacked with a creature. " \
    "That creature doesn't have to still be on the battlefield. Similarly, the player or " \
    "planeswalker it attacked doesn't have to still be in the game or on the battlefield, " \
    "respectively."
ANY_ATTACK = "Raid abilities care only that you attacked with a creature. It doesn't matter " \
    "how many creatures you attacked with, or which opponent or planeswalker controlled by an " \
    "opponent those creatures attacked."


@pytest.mark.parametrize(("text", "family", "card"), [
    (WHOLE_TURN, "raid-whole-turn", "Mardu Hordechief"),  # a token
    (WHOLE_TURN, "raid-whole-turn", "Timely Hordemate"),  # returns the attacker that died
    (ANY_ATTACK, "raid-any-attack", "Storm Fleet Spy"),  # draws
    (ANY_ATTACK, "raid-any-attack", "Mardu Heart-Piercer"),  # a target
    (WHOLE_TURN, "raid-whole-turn", "Swaggering Corsair"),  # enters with a counter
    (ANY_ATTACK, "raid-any-attack", "Rigging Runner"),  # enters with a counter
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2014-09-20"), family)


def test_the_whole_turn_case_casts_the_card_after_its_attacker_died() -> None:
    data = mined_one("Mardu Hordechief", WHOLE_TURN, "raid-whole-turn", "2014-09-20")
    kinds = [next(iter(a)) for a in data["actions"]]
    assert kinds.index("declare_blockers") < kinds.index("cast")
    assert data["expect"]["state"]["zones"] == {"r": "battlefield", "atk1": "graveyard"}
    assert data["expect"]["state"]["count"] == [{"card": "Warrior Token", "zone": "battlefield",
                                                 "count": 1}]


def test_the_any_attack_case_attacks_with_two_creatures() -> None:
    data = mined_one("Mardu Heart-Piercer", ANY_ATTACK, "raid-any-attack", "2014-09-20")
    (declare,) = [a for a in data["actions"] if "declare_attackers" in a]
    assert declare["declare_attackers"]["attackers"] == {"atk1": "p2", "atk2": "p2"}
    assert data["expect"]["state"]["life"] == {"p2": 20 - 4 - 2}


def test_no_case_when_the_raid_effect_is_optional() -> None:
    """Shipwreck Looter: "you may draw a card. If you do, discard a card"."""
    r = mine([RulingGroup("g", "Shipwreck Looter", "2017-09-29", {"en": WHOLE_TURN})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def _engine() -> ReferenceEngine:
    engine = ReferenceEngine()
    plains = [{"id": f"pl{i}", "card": "Plains"} for i in range(3)]
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"battlefield": [
                              {"id": "bears", "card": "Grizzly Bears"}, *plains],
                              "hand": [{"id": "r", "card": "Mardu Hordechief"}]}, "p2": {}}})
    return engine


def _cast_hordechief(engine: ReferenceEngine) -> None:
    for i in range(3):
        engine.act({"activate": {"player": "p1", "object": f"pl{i}", "ability": 0}})
    engine.act({"cast": {"player": "p1", "object": "r"}})
    engine.act({"resolve_stack": {}})


def _raid(engine: ReferenceEngine) -> tuple[int, int]:
    """Raid triggers of the Hordechief and Warrior tokens on the battlefield."""
    obs = engine.observe()
    triggers = [e for e in obs.events if e["type"] == "triggered" and e["source"] == "r"]
    tokens = [o for o in obs.state["objects"].values()
              if o["name"] == "Warrior Token" and o["zone"] == "battlefield"]
    assert obs.state["objects"]["r"]["zone"] == "battlefield"
    return len(triggers), len(tokens)


def test_raid_does_not_trigger_without_an_attack_this_turn() -> None:
    engine = _engine()
    _cast_hordechief(engine)
    assert _raid(engine) == (0, 0)


def _attack(engine: ReferenceEngine, attackers: dict[str, Any]) -> None:
    engine.act({"advance": {"to": "declare_attackers"}})
    engine.act({"declare_attackers": {"player": "p1", "attackers": attackers}})
    engine.act({"advance": {"to": "postcombat_main"}})


def test_declaring_no_attackers_is_not_attacking() -> None:
    engine = _engine()
    _attack(engine, {})
    _cast_hordechief(engine)
    assert _raid(engine) == (0, 0)


def test_raid_triggers_once_after_an_attack_and_makes_a_token() -> None:
    engine = _engine()
    _attack(engine, {"bears": "p2"})
    assert engine.observe().state["players"]["p2"]["life"] == 18
    _cast_hordechief(engine)
    assert _raid(engine) == (1, 1)


def test_a_raid_counter_is_put_only_after_an_attack_and_triggers_nothing() -> None:
    data = mined_one("Swaggering Corsair", ANY_ATTACK, "raid-any-attack", "2017-09-29")
    assert data["expect"]["events_absent"] == [{"type": "triggered", "source": "r"}]
    assert data["expect"]["state"]["objects"]["r"]["counters"] == {"+1/+1": 1}
    lands = [{"id": "l1", "card": "Mountain"}, {"id": "l2", "card": "Island"},
             {"id": "l3", "card": "Island"}]
    for attack in (False, True):
        engine = ReferenceEngine()
        engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                              "players": {"p1": {"battlefield": [
                                  {"id": "bears", "card": "Grizzly Bears"}, *lands],
                                  "hand": [{"id": "r", "card": "Swaggering Corsair"}]},
                                  "p2": {}}})
        if attack:
            _attack(engine, {"bears": "p2"})
        for land in lands:
            engine.act({"activate": {"player": "p1", "object": land["id"], "ability": 0}})
        engine.act({"cast": {"player": "p1", "object": "r"}})
        engine.act({"resolve_stack": {}})
        obs = engine.observe()
        assert obs.state["objects"]["r"]["counters"] == ({"+1/+1": 1} if attack else {})
        assert not [e for e in obs.events if e["type"] == "triggered"]
