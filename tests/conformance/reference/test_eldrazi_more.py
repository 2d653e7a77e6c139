"""The Eldrazi sentences of oracle_eldrazi_more: colorless lords, "defending player loses N
life", "exile target creature and target land", opponents exiling their top card, three
different target creatures, and colorless creatures gaining a keyword."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.errors import EngineReportedError


def _objs(e: Any) -> dict[str, Any]:
    return e.observe().state["objects"]  # type: ignore[no-any-return]


def test_other_colorless_creatures_you_control() -> None:
    """Tide Drifter: +0/+1 to p1's Ornithopter (colorless) and Blinding Drone (devoid, a blue
    mana cost), not to Grizzly Bears, not to itself, not to p2's Ornithopter."""
    e = engine({"battlefield": [obj("td", "Tide Drifter"), obj("orn", "Ornithopter"),
                                obj("drone", "Blinding Drone"), obj("bears", "Grizzly Bears")]},
               {"battlefield": [obj("orn2", "Ornithopter")]})
    o = _objs(e)
    assert [o[i]["toughness"] for i in ("orn", "drone", "bears", "orn2")] == [3, 4, 2, 2]
    assert o["td"]["toughness"] == 5  # printed 0/5


def test_defending_player_loses_life_when_it_attacks() -> None:
    e = engine({"battlefield": [obj("sk", "Silent Skimmer")]})
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"sk": "p2"}}})
    e.act({"resolve_top": {}})
    players = e.observe().state["players"]
    assert (players["p1"]["life"], players["p2"]["life"]) == (20, 18)


def test_exile_a_creature_and_a_land() -> None:
    e = engine({"mana": "{4}{B}{B}", "hand": [obj("grip", "Grip of Desolation")]},
               {"battlefield": [obj("bears", "Grizzly Bears"), obj("land", "Forest")]})
    e.act(cast("grip", "bears", "land"))
    e.act(RESOLVE)
    assert [_objs(e)[i]["zone"] for i in ("bears", "land")] == ["exile", "exile"]


def test_opponents_exile_their_top_card() -> None:
    e = engine({"mana": "{3}{U}{B}", "battlefield": [obj("ff", "Fathom Feeder")],
                "library": [obj("mine", "Island")]},
               {"library": [obj("top", "Forest"), obj("next", "Forest")]})
    e.act({"activate": {"player": "p1", "object": "ff", "ability": 0}})
    e.act(RESOLVE)
    o = _objs(e)
    assert (o["mine"]["zone"], o["top"]["zone"], o["next"]["zone"]) == ("hand", "exile",
                                                                        "library")


def test_three_different_target_creatures() -> None:
    setup = {"battlefield": [obj("bears", "Grizzly Bears"), obj("giant", "Hill Giant"),
                             obj("wurm", "Craw Wurm")]}
    e = engine({"mana": "{5}{R}{R}", "hand": [obj("ss", "Serpentine Spike")]}, setup)
    with pytest.raises(EngineReportedError):
        e.act(cast("ss", "bears", "giant", "bears"))
    e.act(cast("ss", "bears", "giant", "wurm"))
    e.act(RESOLVE)
    assert [_objs(e)[i]["zone"] for i in ("bears", "giant", "wurm")] == ["exile"] * 3


def test_colorless_creatures_also_gain_first_strike() -> None:
    e = engine({"mana": "{2}{B}", "hand": [obj("surge", "Swarm Surge")],
                "battlefield": [obj("orn", "Ornithopter"), obj("bears", "Grizzly Bears")]})
    e.act(cast("surge"))
    e.act(RESOLVE)
    o = _objs(e)
    assert (o["orn"]["power"], o["bears"]["power"]) == (2, 4)
    assert o["orn"]["keywords"] == ["first strike", "flying"] and o["bears"]["keywords"] == []
