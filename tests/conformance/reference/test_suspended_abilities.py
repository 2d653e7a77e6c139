"""Abilities a suspended card has in exile (conformance/reference/oracle_suspended.py and
suspend_triggers.py; rules 113.6, 603.3a, 603.4, 702.62b): Deep-Sea Kraken's "Whenever an
opponent casts a spell, if CARDNAME is suspended, remove a time counter from it.", Pardic
Dragon's "... that player may put a time counter on CARDNAME." and Nihilith's "Whenever a card is
put into an opponent's graveyard from anywhere, if CARDNAME is suspended, you may remove a time
counter from CARDNAME."; Greater Gargadon's "Sacrifice an artifact, creature, or land: Remove
a time counter from CARDNAME. Activate only if CARDNAME is suspended."; and Curse of the Cabal's
"At the beginning of each player's upkeep, if CARDNAME is suspended, that player may sacrifice a
permanent. If the player does, put two time counters on CARDNAME." with its spell "Target player
sacrifices half the permanents they control, rounded down."."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference.cards import load_cards
from conformance.reference.engine import ReferenceEngine

BOLT = {"id": "bolt", "card": "Lightning Bolt"}


def _engine(card: str, time: int, *, caster: str = "p2",
            mana: str = "{R}") -> ReferenceEngine:
    """``card`` suspended in p1's exile with ``time`` counters; ``caster`` (active, in their
    main phase) holds a Lightning Bolt and {R}."""
    players: dict[str, Any] = {
        "p1": {"exile": [{"id": "sus", "card": card, "counters": {"time": time}}]},
        "p2": {}}
    players[caster].update({"hand": [BOLT], "mana": mana})
    for pid in players:
        players[pid]["library"] = [{"id": f"{pid}l{i}", "card": "Island"} for i in range(3)]
    engine = ReferenceEngine()
    engine.setup("t/suspended", {"active_player": caster, "step": "precombat_main", "turn": 3,
                                 "players": players})
    return engine


def _bolt(engine: ReferenceEngine, caster: str = "p2") -> None:
    target = "p1" if caster == "p2" else "p2"
    engine.act({"cast": {"player": caster, "object": "bolt", "targets": [target]}})


def _stack(engine: ReferenceEngine) -> list[tuple[str, str | None]]:
    return [(s.get("source", s.get("id")), s.get("ability"))
            for s in engine.observe().state["stack"]]


def _time(engine: ReferenceEngine) -> int:
    sus = engine.observe().state["objects"]["sus"]
    return int(sus.get("counters", {}).get("time", 0))


def test_the_lines_are_read_as_triggered_abilities():
    cards = load_cards()
    events = {name: [t.event for t in cards[name].faces[0].text.triggered]
              for name in ("Deep-Sea Kraken", "Pardic Dragon", "Nihilith")}
    assert events == {"Deep-Sea Kraken": ["opponent_casts_while_suspended"],
                      "Pardic Dragon": ["opponent_casts_while_suspended"],
                      "Nihilith": ["opponent_graveyard_while_suspended"]}


def test_an_opponents_spell_removes_a_time_counter_from_the_kraken():
    engine = _engine("Deep-Sea Kraken", 3)
    _bolt(engine)
    stack = _stack(engine)
    assert stack[-1] == ("sus", "opponent_casts_while_suspended")  # above the spell
    trigger = [e for e in engine.observe().events if e["type"] == "triggered"]
    assert trigger[-1]["controller"] == "p1"  # the card's owner controls it (603.3a)
    engine.act({"resolve_top": {}})
    assert _time(engine) == 2
    assert engine.observe().state["objects"]["bolt"]["zone"] == "stack"


def test_its_owners_own_spell_does_not_trigger_it():
    engine = _engine("Deep-Sea Kraken", 3, caster="p1")
    _bolt(engine, "p1")
    assert [a for _, a in _stack(engine) if a] == []
    engine.act({"resolve_stack": {}})
    assert _time(engine) == 3


def test_a_card_without_time_counters_is_not_suspended_and_does_not_trigger():
    engine = _engine("Deep-Sea Kraken", 0)
    _bolt(engine)
    assert [a for _, a in _stack(engine) if a] == []


def test_the_last_counter_removed_this_way_casts_the_kraken():
    engine = _engine("Deep-Sea Kraken", 1)
    _bolt(engine)
    engine.act({"resolve_top": {}})  # the Kraken's trigger: the last counter
    assert _stack(engine)[-1] == ("sus", "suspend_cast")
    engine.act({"resolve_top": {}})
    state = engine.observe().state
    assert state["objects"]["sus"]["zone"] == "stack"


def test_no_longer_suspended_as_it_resolves_it_does_nothing():
    """The intervening "if" is checked again on resolution (603.4): the counters were removed
    meanwhile (its cast trigger is countered first, so it stays exiled without counters)."""
    engine = _engine("Deep-Sea Kraken", 2)
    _bolt(engine)
    engine.act({"remove_counters": {"object": "sus", "counter": "time", "n": 2}})
    assert _stack(engine)[-1] == ("sus", "suspend_cast")
    engine.stack.pop()  # the cast trigger leaves (as if countered)
    engine.act({"resolve_top": {}})  # the Kraken's trigger
    assert _time(engine) == 0
    assert not [e for e in engine.observe().events if e["type"] == "counter_removed"
                and e["n"] == 1]


def test_the_opponent_who_cast_may_put_a_time_counter_on_pardic_dragon():
    for accept, expected in ((True, 3), (False, 2)):
        engine = _engine("Pardic Dragon", 2)
        _bolt(engine)
        assert _stack(engine)[-1] == ("sus", "opponent_casts_while_suspended")
        engine.act({"resolve_top": {}})
        assert engine._pending is not None
        choice = engine._pending[1]
        assert choice.kind == "may" and choice.detail["player"] == "p2"  # "that player"
        engine.act({"choose": {"choice": "may", "accept": accept}})
        assert _time(engine) == expected


def test_a_card_put_into_an_opponents_graveyard_lets_nihiliths_owner_remove_a_counter():
    for accept, expected in ((True, 6), (False, 7)):
        engine = _engine("Nihilith", 7)
        _bolt(engine)
        assert [a for _, a in _stack(engine) if a] == []  # casting is not the event
        engine.act({"resolve_top": {}})  # the Bolt goes to p2's graveyard
        assert _stack(engine) == [("sus", "opponent_graveyard_while_suspended")]
        engine.act({"resolve_top": {}})
        assert engine._pending is not None and engine._pending[1].detail["player"] == "p1"
        engine.act({"choose": {"choice": "may", "accept": accept}})
        assert _time(engine) == expected


def test_a_card_put_into_its_owners_own_graveyard_does_not_trigger_nihilith():
    engine = _engine("Nihilith", 7, caster="p1")
    _bolt(engine, "p1")
    engine.act({"resolve_top": {}})
    assert engine.observe().state["objects"]["bolt"]["zone"] == "graveyard"
    assert _stack(engine) == []


def _gargadon(time: int, zone: str = "exile") -> ReferenceEngine:
    """Greater Gargadon in p1's ``zone`` (with ``time`` counters in exile), p1 controlling
    Grizzly Bears and an Island, p2 Grizzly Bears, in p1's main phase."""
    gargadon: dict[str, Any] = {"id": "gg", "card": "Greater Gargadon"}
    if zone == "exile":
        gargadon["counters"] = {"time": time}
    p1: dict[str, Any] = {zone: [gargadon],
                          "library": [{"id": f"l{i}", "card": "Island"} for i in range(3)]}
    p1.setdefault("battlefield", []).extend([{"id": "bears", "card": "Grizzly Bears"},
                                             {"id": "isl", "card": "Island"}])
    engine = ReferenceEngine()
    engine.setup("t/gargadon", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                                "players": {"p1": p1, "p2": {"battlefield": [
                                    {"id": "bears2", "card": "Grizzly Bears"}]}}})
    return engine


def _sacrifice(engine: ReferenceEngine, what: str, player: str = "p1") -> None:
    engine.act({"activate": {"player": player, "object": "gg", "ability": 0,
                             "costs": {"sacrifice": [what]}}})


def test_greater_gargadons_ability_is_activated_from_exile_while_suspended():
    (ability,) = load_cards()["Greater Gargadon"].faces[0].text.activated
    assert ability.while_suspended and ability.extra_costs[0].what == "artifact/creature/land"
    for sacrificed in ("bears", "isl"):  # a creature or a land
        engine = _gargadon(10)
        _sacrifice(engine, sacrificed)
        state = engine.observe().state
        assert state["objects"][sacrificed]["zone"] == "graveyard"  # the cost is paid at once
        assert _stack(engine) == [("gg", "activated_0")]
        engine.act({"resolve_top": {}})
        assert engine.observe().state["objects"]["gg"]["counters"] == {"time": 9}


def test_the_last_counter_it_removes_casts_the_gargadon():
    engine = _gargadon(1)
    _sacrifice(engine, "bears")
    engine.act({"resolve_top": {}})
    assert _stack(engine)[-1] == ("gg", "suspend_cast")
    engine.act({"resolve_stack": {}})
    gg = engine.observe().state["objects"]["gg"]
    assert gg["zone"] == "battlefield" and "haste" in gg["keywords"]


def test_it_is_not_activated_unless_suspended_nor_by_others_nor_with_a_wrong_sacrifice():
    refused = [(_gargadon(0), "bears", "p1"),  # in exile without time counters
               (_gargadon(0, "battlefield"), "bears", "p1"),  # a permanent: not suspended
               (_gargadon(3), "bears2", "p1"),  # p2's creature
               (_gargadon(3), "bears", "p2")]  # not its owner
    for engine, what, player in refused:
        with pytest.raises(EngineReportedError):
            _sacrifice(engine, what, player)
        assert engine.observe().state["objects"][what]["zone"] == "battlefield"


def _curse(p2_battlefield: list[dict[str, Any]]) -> ReferenceEngine:
    """Curse of the Cabal suspended in p1's exile with two time counters; p1's main phase."""
    engine = ReferenceEngine()
    lib = {pid: [{"id": f"{pid}l{i}", "card": "Island"} for i in range(3)] for pid in ("p1", "p2")}
    engine.setup("t/curse", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                             "players": {
                                 "p1": {"library": lib["p1"], "exile": [
                                     {"id": "sus", "card": "Curse of the Cabal",
                                      "counters": {"time": 2}}]},
                                 "p2": {"library": lib["p2"], "battlefield": p2_battlefield}}})
    return engine


def test_at_each_players_upkeep_that_player_may_sacrifice_to_add_two_time_counters():
    for accept, expected in ((True, 4), (False, 2)):
        engine = _curse([{"id": "isl", "card": "Island"}, {"id": "bears", "card": "Grizzly Bears"}])
        engine.act({"advance": {"to": "upkeep", "next_turn": True}})  # p2's upkeep
        assert _stack(engine) == [("sus", "each_upkeep_while_suspended")]
        engine.act({"resolve_top": {}})
        assert engine._pending is not None
        assert engine._pending[1].kind == "may" and engine._pending[1].detail["player"] == "p2"
        engine.act({"choose": {"choice": "may", "accept": accept}})
        if accept:
            detail = engine._pending[1].detail if engine._pending else {}
            assert detail.get("player") == "p2" and detail.get("purpose") == "sacrifice"
            engine.act({"choose": {"choice": "cards", "cards": ["bears"]}})
        assert _time(engine) == expected
        assert engine.observe().state["objects"]["bears"]["zone"] == (
            "graveyard" if accept else "battlefield")


def test_a_player_with_no_permanent_sacrifices_nothing_and_no_counter_is_put():
    engine = _curse([])
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})
    engine.act({"resolve_top": {}})
    assert engine._pending is None and _time(engine) == 2


def test_at_its_owners_upkeep_it_triggers_beside_suspends_own_trigger():
    engine = _curse([])
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})
    engine.act({"resolve_top": {}})
    engine.act({"advance": {"to": "upkeep", "next_turn": True}})  # p1's upkeep
    assert engine._pending is not None and engine._pending[1].kind == "trigger_order"
    triggers = {t["ability"] for t in engine._pending[1].detail["triggers"]}
    assert triggers == {"suspend_upkeep", "each_upkeep_while_suspended"}


def test_target_player_sacrifices_half_their_permanents_rounded_down():
    engine = _curse([{"id": f"i{i}", "card": "Island"} for i in range(5)])
    engine.act({"remove_counters": {"object": "sus", "counter": "time", "n": 2}})
    engine.act({"resolve_top": {}})
    engine.act({"choose": {"choice": "targets", "source": "sus", "targets": ["p2"]}})
    engine.act({"resolve_top": {}})
    detail = engine._pending[1].detail if engine._pending else {}
    assert (detail.get("player"), detail.get("n")) == ("p2", 2)  # 5 // 2, chosen by p2
    engine.act({"choose": {"choice": "cards", "cards": ["i0", "i3"]}})
    zones = {f"i{i}": engine.observe().state["objects"][f"i{i}"]["zone"] for i in range(5)}
    assert zones == {"i0": "graveyard", "i1": "battlefield", "i2": "battlefield",
                     "i3": "graveyard", "i4": "battlefield"}
