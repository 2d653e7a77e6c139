"""The persist and undying families (702.79a, 702.93a): each mined case passes on the reference
engine and fails on the family's mutant; the texts the case format cannot set up are classified;
and the rules of :mod:`conformance.reference.persist` are checked on the engine directly."""

from __future__ import annotations

from typing import Any

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine

LAST_KNOWN = "The persist ability triggers when the permanent is put into a graveyard. Its last " \
    "known information (that is, how the creature last existed on the battlefield) is used to " \
    "determine whether it had a -1/-1 counter on it."
PLUS = "If a creature with persist that has +1/+1 counters on it receives enough -1/-1 counters " \
    "to cause it to be destroyed by lethal damage or put into its owner's graveyard for having 0 " \
    "or less toughness, persist won't trigger and the card won't return to the battlefield. " \
    "That's because persist checks the creature's existence just before it leaves the " \
    "battlefield, and it still has all those counters on it at that point."
ANNIHILATED = "If a creature has +1/+1 counters and -1/-1 counters on it, state-based actions " \
    "remove the same number of each so that it has only one kind of those counters on it. " \
    "CARDNAME's persist ability can bring it back again if its -1/-1 counters are removed this way."
NEW_OBJECT = "When a permanent with persist returns to the battlefield, it's a new object with no " \
    "memory of or connection to its previous existence."
APNAP = "If multiple creatures with persist are put into the graveyard at the same time (due to " \
    "combat damage or a spell that destroys all creatures, for example), the active player (the " \
    "player whose turn it is) puts all of their persist triggers on the stack in any order, then " \
    "each other player in turn order does the same. The last trigger put on the stack is the " \
    "first one that resolves. That means that in a two-player game, the nonactive player's " \
    "persist creatures will return to the battlefield first, then the active player's persist " \
    "creatures do the same. The creatures return to the battlefield one at a time."
UNDYING_NEW = "Once undying returns the creature, it's considered a new object with no relation " \
    "to the object that it was. Auras that were attached to it won't return to the battlefield. " \
    "Equipment that was attached to it will remain unattached. Any counters that were on it " \
    "won't be put on the new creature."
LEFT = "If a card with persist is removed from the graveyard after it dies but before the " \
    "ability trigger resolves, it won't be returned to the battlefield."
TOKEN = "If a token with no -1/-1 counters on it has persist, the ability will trigger when the " \
    "token is put into the graveyard. However, the token will cease to exist and can't return " \
    "to the battlefield."


@pytest.mark.parametrize(("text", "family", "card"), [
    (LAST_KNOWN, "persist-last-known", "Kitchen Finks"),  # an enters ability on the return
    (PLUS, "persist-plus-counters", "Safehold Elite"),
    (ANNIHILATED, "persist-annihilated", "Putrid Goblin"),
    (NEW_OBJECT, "persist-new-object", "Rendclaw Trow"),
    (UNDYING_NEW, "persist-new-object", "Vorapede"),  # undying
    (APNAP, "persist-apnap", "Kitchen Finks"),
    (LEFT, "persist-left-graveyard", "Putrid Goblin"),
    (TOKEN, "persist-token", "Glen Elendra Archmage"),
    (LAST_KNOWN, "persist-last-known", "Rattleblaze Scarecrow"),  # persist with a black creature
    (NEW_OBJECT, "persist-new-object", "Thunderblust"),  # trample with a -1/-1 counter
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2008-05-01"), family)


def test_the_apnap_case_returns_the_nonactive_players_creature_first() -> None:
    data = mined_one("Kitchen Finks", APNAP, "persist-apnap", "2008-05-01")
    back = [e["object"] for e in data["expect"]["events"] if e.get("to") == "battlefield"]
    assert back == ["d", "c"]
    assert data["setup"]["players"]["p2"]["battlefield"] == [{"id": "d", "card": "Kitchen Finks"}]


def test_the_token_case_sets_up_a_token_copy_of_the_card() -> None:
    data = mined_one("Kitchen Finks", TOKEN, "persist-token", "2008-05-01")
    assert data["setup"]["players"]["p1"]["battlefield"] == [
        {"id": "t", "card": "Kitchen Finks", "token": True}]


def test_a_stops_being_a_creature_text_is_classified_not_executable() -> None:
    text = "If a creature with persist stops being a creature, persist will still work."
    r = mine([RulingGroup("g", "Kitchen Finks", "2008-05-01", {"en": text})])
    assert r.outcomes[0].family == "persist-unscripted"
    assert r.outcomes[0].status == NOT_EXECUTABLE and "creature" in r.outcomes[0].reason


def test_a_creature_killed_by_its_own_minus_counter_is_not_scripted() -> None:
    """Putrid Goblin is 2/2: a -1/-1 counter is fine; a 1-toughness persist creature is not."""
    r = mine([RulingGroup("g", "Aerie Ouphes", "2008-05-01", {"en": LAST_KNOWN})])
    assert r.outcomes[0].status == NOT_EXECUTABLE


def _engine(p1: list[dict[str, Any]], p2: list[dict[str, Any]] | None = None,
            mana: str = "{2}{W}{W}") -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"battlefield": p1, "mana": mana,
                                             "hand": [{"id": "dj", "card": "Day of Judgment"}]},
                                      "p2": {"battlefield": p2 or []}}})
    return engine


def _wrath(engine: ReferenceEngine) -> dict[str, Any]:
    engine.act({"cast": {"player": "p1", "object": "dj"}})
    engine.act({"resolve_stack": {}})
    return engine.observe().state["objects"]


def test_undying_returns_a_creature_without_plus_counters_with_one() -> None:
    objs = _wrath(_engine([{"id": "w", "card": "Young Wolf"}]))
    assert objs["w"]["zone"] == "battlefield" and objs["w"]["counters"] == {"+1/+1": 1}
    assert (objs["w"]["power"], objs["w"]["toughness"]) == (2, 2)


def test_undying_does_not_return_a_creature_with_a_plus_counter() -> None:
    objs = _wrath(_engine([{"id": "w", "card": "Young Wolf", "counters": {"+1/+1": 1}}]))
    assert objs["w"]["zone"] == "graveyard"


def test_a_returned_persist_creature_dies_for_good_the_second_time() -> None:
    engine = _engine([{"id": "g", "card": "Putrid Goblin", "counters": {"-1/-1": 1}}],
                     mana="{2}{W}{W}")
    objs = _wrath(engine)
    assert objs["g"]["zone"] == "graveyard"
    assert not [e for e in engine.observe().events if e["type"] == "triggered"]


def test_undying_with_both_counters_dying_at_once_sees_its_plus_counter() -> None:
    """704.5f and 704.5q are performed at once: the creature leaves with both kinds."""
    engine = _engine([{"id": "w", "card": "Young Wolf", "counters": {"+1/+1": 1}}])
    engine.act({"add_counters": {"object": "w", "counter": "-1/-1", "n": 2}})
    engine.act({"resolve_stack": {}})
    obs = engine.observe()
    assert obs.state["objects"]["w"]["zone"] == "graveyard"
    assert not [e for e in obs.events if e["type"] in ("triggered", "counter_removed")]


def test_a_conditional_persist_card_gets_the_creature_granting_it() -> None:
    data = mined_one("Wingrattle Scarecrow", APNAP, "persist-apnap", "2008-05-01")
    for pid, card in (("p1", "c"), ("p2", "d")):
        assert data["setup"]["players"][pid]["battlefield"] == [
            {"id": card, "card": "Wingrattle Scarecrow"},
            {"id": f"en_{pid}", "card": "Walking Corpse"}]
    assert "Walking Corpse" in data["cards"]
