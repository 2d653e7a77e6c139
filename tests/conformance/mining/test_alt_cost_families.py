"""The madness, dash and evoke families (conformance/mining/families/madness.py and
dash_evoke.py): each mined case passes on the reference engine and fails on its family's
mutant; and the engine rules the mutants break, checked on the engine directly."""

from __future__ import annotations

from typing import Any

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.errors import EngineReportedError
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS

RESOLVING = "If you discard a card with madness while resolving a spell or ability, it moves " \
    "immediately to exile. Continue resolving that spell or ability-the card is not in your " \
    "graveyard at this time. Its madness trigger will be placed onto the stack once that spell " \
    "or ability has completely resolved."
DECLINED = "If you choose not to cast a card with madness when the madness triggered ability " \
    "resolves, it's put into your graveyard. You don't get another chance to cast it later."
TIMING = "Casting a spell with madness ignores the timing rules based on the card's card type. " \
    "For example, you can cast a sorcery with madness if you discard it during an opponent's " \
    "turn."
SPELL = "A spell cast for its madness cost is put onto the stack like any other spell. It can " \
    "be countered, copied, and so on. As it resolves, it's put onto the battlefield if it's a " \
    "permanent card or into its owner's graveyard if it's an instant or sorcery card."
COST_DISCARD = "If you discard a card with madness to pay the cost of a spell or activated " \
    "ability, that card's madness trigger (and the spell that card becomes, if you choose to " \
    "cast it) will resolve before the spell or ability the discard paid for."
ANY_DISCARD = "Madness works independently of why you're discarding the card. You could " \
    "discard it to pay a cost, because a spell or ability tells you to, or even because you " \
    "have too many cards in your hand at the end of your turn. You can't discard a card with " \
    "madness just because you want to, though."
MADNESS_MV = "Casting a spell for its madness cost doesn't change its mana cost or its mana " \
    "value. You just pay the madness cost instead."
DASH_TIMING = "If you choose to pay the dash cost rather than the mana cost, you're still " \
    "casting the spell. It goes on the stack and can be responded to and countered. You can " \
    "cast a creature spell for its dash cost only when you otherwise could cast that creature " \
    "spell. Most of the time, this means during your main phase when the stack is empty."
DASH_LEFT = "If you pay the dash cost to cast a creature spell, that card will be returned to " \
    "its owner's hand only if it's still on the battlefield when its triggered ability " \
    "resolves. If it dies or goes to another zone before then, it will stay where it is."
DASH_ATTACK = "You don't have to attack with the creature with dash unless another ability " \
    "says you do."
EVOKE_TIMING = "Evoke doesn't change the timing of when you can cast the creature that has " \
    "it. If you could cast that creature spell only when you could cast a sorcery, the same is " \
    "true for cast it with evoke."
EVOKE_MV = "When you cast a spell by paying its evoke cost, its mana cost doesn't change. You " \
    "just pay the evoke cost instead."
EVOKE_ORDER = "If you cast this card for its evoke cost, you may put the sacrifice trigger and " \
    "the regular enters-the-battlefield trigger on the stack in either order. The one put on " \
    "the stack last will resolve first."


@pytest.mark.parametrize(("text", "family", "card"), [
    (RESOLVING, "madness-discard-resolving", "Fiery Temper"),
    (DECLINED, "madness-declined", "Gisa's Bidding"),
    (TIMING, "madness-timing", "Gisa's Bidding"),  # a sorcery: tokens
    (SPELL, "madness-spell", "Fiery Temper"),  # an instant resolves into the graveyard
    (SPELL, "madness-spell", "Incorrigible Youths"),  # a creature spell countered by Cancel
    (MADNESS_MV, "madness-mana-value", "Fiery Temper"),
    (COST_DISCARD, "madness-cost-discard", "Fiery Temper"),
    (COST_DISCARD, "madness-cost-discard", "Incorrigible Youths"),
    (ANY_DISCARD, "madness-any-discard", "Gisa's Bidding"),  # Rummaging Goblin's cost
    (DASH_TIMING, "dash-timing", "Mardu Scout"),
    (DASH_LEFT, "dash-left-battlefield", "Goblin Heelcutter"),
    (DASH_ATTACK, "dash-no-attack", "Alesha's Vanguard"),
    (EVOKE_TIMING, "evoke-timing", "Nevermaker"),
    (EVOKE_MV, "evoke-mana-value", "Mulldrifter"),
    (EVOKE_ORDER, "evoke-trigger-order", "Mulldrifter"),  # draws two
    (EVOKE_ORDER, "evoke-trigger-order", "Aethersnipe"),  # a target
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2016-04-08"), family)


def test_the_madness_spell_case_counters_a_permanent_spell() -> None:
    data = mined_one("Incorrigible Youths", SPELL, "madness-spell", "2016-04-08")
    kinds = [next(iter(a)) for a in data["actions"]]
    assert kinds[-3:] == ["pass_priority", "cast", "resolve_top"]
    assert data["expect"]["state"]["zones"] == {"m": "graveyard"}


def test_no_timing_case_for_an_instant() -> None:
    r = mine([RulingGroup("g", "Fiery Temper", "2016-04-08", {"en": TIMING})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def test_no_evoke_timing_case_for_a_creature_with_flash() -> None:
    r = mine([RulingGroup("g", "Briarhorn", "2016-04-08", {"en": EVOKE_TIMING})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def _engine(p1: dict[str, Any], p2: dict[str, Any] | None = None, *, active: str = "p1",
            mutant: str | None = None) -> ReferenceEngine:
    engine = MUTANTS[mutant]() if mutant else ReferenceEngine()
    engine.setup("t/alt", {"active_player": active, "step": "precombat_main", "turn": 3,
                           "players": {"p1": p1, "p2": p2 or {}}})
    return engine


def _zone(engine: ReferenceEngine, oid: str) -> str:
    return str(engine.observe().state["objects"][oid]["zone"])


def _dash_then(engine: ReferenceEngine) -> None:
    engine.act({"cast": {"player": "p1", "object": "d", "costs": {"alternative": "dash"}}})
    engine.act({"resolve_top": {}})


@pytest.mark.parametrize("mutant", [None, "dashed_creature_must_attack"])
def test_a_dashed_creature_need_not_attack(mutant: str | None) -> None:
    engine = _engine({"mana": "{R}{C}", "hand": [{"id": "d", "card": "Mardu Scout"}]},
                     mutant=mutant)
    _dash_then(engine)
    engine.act({"advance": {"to": "declare_attackers"}})
    act = {"declare_attackers": {"player": "p1", "attackers": {}}}
    if mutant:
        with pytest.raises(EngineReportedError, match="dashed"):
            engine.act(act)
    else:
        engine.act(act)


@pytest.mark.parametrize(("mutant", "zone"), [(None, "graveyard"),
                                             ("dash_returns_from_any_zone", "hand")])
def test_the_dash_return_leaves_a_dead_creature_in_the_graveyard(mutant: str | None,
                                                                 zone: str) -> None:
    engine = _engine({"mana": "{R}{C}{B}{B}{C}", "hand": [{"id": "d", "card": "Mardu Scout"},
                                                          {"id": "k", "card": "Murder"}]},
                     mutant=mutant)
    _dash_then(engine)
    engine.act({"cast": {"player": "p1", "object": "k", "targets": ["d"]}})
    engine.act({"resolve_top": {}})
    engine.act({"advance": {"to": "end"}})
    engine.act({"resolve_stack": {}})
    assert _zone(engine, "d") == zone


@pytest.mark.parametrize("mutant", [None, "madness_keeps_timing"])
def test_a_madness_sorcery_is_cast_on_the_opponents_turn(mutant: str | None) -> None:
    engine = _engine({"mana": "{B}{C}{C}", "hand": [{"id": "m", "card": "Gisa's Bidding"},
                                                    {"id": "isl", "card": "Island"}]},
                     {"mana": "{B}{C}{C}", "hand": [{"id": "rot", "card": "Mind Rot"}]},
                     active="p2", mutant=mutant)
    engine.act({"cast": {"player": "p2", "object": "rot", "targets": ["p1"]}})
    engine.act({"resolve_top": {}})
    engine.act({"resolve_top": {}})
    act = {"choose": {"choice": "may", "source": "m", "ability": "madness", "accept": True}}
    if mutant:
        with pytest.raises(EngineReportedError, match="sorcery speed"):
            engine.act(act)
    else:
        engine.act(act)
        assert _zone(engine, "m") == "stack"


def test_the_evoke_mutant_puts_the_sacrifice_on_top_whatever_the_order() -> None:
    for mutant, zone in ((None, "battlefield"), ("evoke_sacrifice_first", "graveyard")):
        engine = _engine({"mana": "{U}{C}{C}", "hand": [{"id": "d", "card": "Mulldrifter"}],
                          "library": [{"id": f"l{i}", "card": "Island"} for i in range(3)]},
                         mutant=mutant)
        engine.act({"cast": {"player": "p1", "object": "d",
                             "costs": {"alternative": "evoke"}}})
        engine.act({"resolve_top": {}})
        engine.act({"choose": {"choice": "trigger_order", "order": [
            {"source": "d", "ability": "evoke"}, {"source": "d", "ability": "enters"}]}})
        engine.act({"resolve_top": {}})
        assert _zone(engine, "d") == zone


def test_shriekmaw_targets_only_a_nonartifact_nonblack_creature() -> None:
    """"destroy target nonartifact, nonblack creature": with only a black creature and an
    artifact creature on the battlefield the enters trigger has no legal target (603.3d)."""
    for theirs, targeted in (([{"id": "z", "card": "Walking Corpse"},
                               {"id": "o", "card": "Ornithopter"}], False),
                             ([{"id": "z", "card": "Grizzly Bears"}], True)):
        engine = _engine({"mana": "{B}{C}", "hand": [{"id": "d", "card": "Shriekmaw"}]},
                         {"battlefield": theirs})
        engine.act({"cast": {"player": "p1", "object": "d", "costs": {"alternative": "evoke"}}})
        engine.act({"resolve_top": {}})
        engine.act({"choose": {"choice": "trigger_order", "order": [
            {"source": "d", "ability": "evoke"}, {"source": "d", "ability": "enters"}]}})
        pending = engine._pending
        assert (pending is not None and pending[1].kind == "targets") == targeted
