"""The reference engine's levelers (711, 702.87: level up, level symbols by level counters),
monstrosity (701.31: "Monstrosity N", "when it becomes monstrous", "as long as it's
monstrous") and the renown additions (702.112: "whenever a creature you control becomes
renowned", "as long as it's renowned")."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference.cards import load_cards


def _lv(e: Any, oid: str = "lv") -> dict[str, Any]:
    return e.observe().state["objects"][oid]


def test_a_leveler_card_is_built_with_level_up_first_and_its_level_symbols():
    face = load_cards()["Student of Warfare"].faces[0]
    assert (face.power, face.toughness) == (1, 1)  # the uppermost box (711.5-6)
    assert face.text.activated[0].cost == "{W}" and face.text.activated[0].sorcery_speed
    assert [(b.low, b.high, b.power, b.toughness) for b in face.text.levels] == [
        (2, 6, 3, 3), (7, None, 4, 4)]


def test_level_symbols_apply_by_level_counters():
    e = engine({"battlefield": [obj("lv", "Student of Warfare")], "mana": "{W}"})
    e.act({"activate": {"player": "p1", "object": "lv", "ability": 0}})
    e.act({"resolve_top": {}})
    assert (_lv(e)["power"], _lv(e)["counters"]) == (1, {"level": 1})  # level 1: printed
    e.act({"add_counters": {"object": "lv", "counter": "level", "n": 1}})
    assert (_lv(e)["power"], _lv(e)["toughness"], _lv(e)["keywords"]) == (3, 3, ["first strike"])
    e.act({"add_counters": {"object": "lv", "counter": "level", "n": 5}})
    assert (_lv(e)["power"], _lv(e)["keywords"]) == (4, ["double strike"])
    e.act({"remove_counters": {"object": "lv", "counter": "level", "n": 7}})
    assert (_lv(e)["power"], _lv(e)["keywords"]) == (1, [])


def test_level_up_is_sorcery_speed():
    e = engine({"battlefield": [obj("lv", "Student of Warfare")],
                "hand": [obj("gg", "Giant Growth")], "mana": "{W}{G}"})
    e.act({"cast": {"player": "p1", "object": "gg", "targets": ["lv"]}})
    with pytest.raises(EngineReportedError):
        e.act({"activate": {"player": "p1", "object": "lv", "ability": 0}})


def test_a_level_symbols_activated_ability_follows_level_up():
    e = engine({"battlefield": [obj("lv", "Kargan Dragonlord", counters={"level": 8})],
                "mana": "{R}"})
    e.act({"activate": {"player": "p1", "object": "lv", "ability": 1}})  # {R}: +1/+0
    e.act(RESOLVE)
    assert (_lv(e)["power"], _lv(e)["keywords"]) == (9, ["flying", "trample"])


def test_a_level_symbols_lord_ability_applies_to_others():
    e = engine({"battlefield": [obj("lv", "Kabira Vindicator", counters={"level": 2}),
                                obj("bears", "Grizzly Bears")]})
    assert (_lv(e)["power"], _lv(e)["toughness"], _lv(e, "bears")["power"]) == (3, 6, 3)


def test_diminish_sets_base_power_and_toughness_over_the_level_symbol():
    e = engine({"battlefield": [obj("lv", "Student of Warfare", counters={"+1/+1": 1})],
                "hand": [obj("dim", "Diminish")], "mana": "{U}"})
    e.act({"cast": {"player": "p1", "object": "dim", "targets": ["lv"]}})
    e.act({"resolve_top": {}})
    e.act({"add_counters": {"object": "lv", "counter": "level", "n": 7}})
    lv = _lv(e)
    assert (lv["power"], lv["toughness"], lv["keywords"]) == (2, 2, ["double strike"])
    e.act({"advance": {"to": "precombat_main", "next_turn": True}})  # until end of turn
    assert (_lv(e)["power"], _lv(e)["toughness"]) == (5, 5)


def test_monstrosity_puts_counters_once_and_triggers_becomes_monstrous():
    e = engine({"battlefield": [obj("m", "Fleecemane Lion")], "mana": "{G}{W}{C}{C}{C}" * 2})
    assert _lv(e, "m")["keywords"] == []
    for _ in range(2):
        e.act({"activate": {"player": "p1", "object": "m", "ability": 0}})
    e.act(RESOLVE)
    m = _lv(e, "m")
    assert (m["counters"], m["power"]) == ({"+1/+1": 1}, 4)
    assert m["keywords"] == ["hexproof", "indestructible"]  # as long as it's monstrous


def test_becomes_monstrous_triggers_as_the_ability_resolves():
    e = engine({"battlefield": [obj("m", "Ember Swallower")], "mana": "{R}{R}{C}{C}{C}{C}{C}"})
    e.act({"activate": {"player": "p1", "object": "m", "ability": 0}})
    e.act({"resolve_top": {}})
    events = [ev for ev in e.observe().events if ev["type"] == "triggered"]
    assert [(ev["source"], ev["ability"]) for ev in events] == [("m", "becomes_monstrous")]


def test_becoming_renowned_triggers_valeron_wardens_and_renowned_statics():
    e = engine({"battlefield": [obj("r", "Goblin Glory Chaser"), obj("vw", "Valeron Wardens")],
                "library": [obj("l1", "Island")]})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"r": "p2"}}})
    e.act({"advance": {"to": "combat_damage"}})
    e.act(RESOLVE)
    state = e.observe().state
    assert state["objects"]["r"]["counters"] == {"+1/+1": 1}
    assert state["objects"]["r"]["keywords"] == ["menace"]  # as long as it's renowned
    assert state["objects"]["l1"]["zone"] == "hand"  # Valeron Wardens: draw a card


def test_a_non_subtype_target_excludes_that_subtype():
    """Keepsake Gorgon's "target non-Gorgon creature an opponent controls": p2's Gorgon is no
    legal target, the Bears is the only one."""
    for choice in ("g", "bears"):
        e = engine({"battlefield": [obj("m", "Keepsake Gorgon")],
                    "mana": "{B}{B}{C}{C}{C}{C}{C}"},
                   {"battlefield": [obj("g", "Keepsake Gorgon"), obj("bears", "Grizzly Bears")]})
        e.act({"activate": {"player": "p1", "object": "m", "ability": 0}})
        e.act({"resolve_top": {}})
        if choice == "g":
            with pytest.raises(EngineReportedError):
                e.act({"choose": {"choice": "targets", "targets": ["g"]}})
            continue
        e.act({"choose": {"choice": "targets", "targets": ["bears"]}})
        e.act(RESOLVE)
    objs = e.observe().state["objects"]
    assert (objs["bears"]["zone"], objs["g"]["zone"]) == ("graveyard", "battlefield")
