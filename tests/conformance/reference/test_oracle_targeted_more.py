"""The templates of oracle_targeted_more, and the wordings other modules now read: "return up to
N target creatures [your opponents control] to their owners' hands", "put a +1/+1 counter on
each of up to N target creatures", "... Untap those creatures." (strive), "its controller may
search their library for a basic land card ...", "you lose life equal to that creature's
toughness", "destroy all Equipment attached to that creature", "target <Subtype>" targets,
"their controllers' next untap steps" (threaten) and "Target green creature ... It fights
target green creature" (oracle_fights)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference.cards import load_cards


def _objects(e: Any) -> dict[str, Any]:
    return e.observe().state["objects"]


def _pending(e: Any) -> tuple[str, dict[str, Any]] | None:
    return None if e._pending is None else (e._pending[1].kind, e._pending[1].detail)


def test_sea_gods_revenge_returns_up_to_three_of_the_opponents_creatures() -> None:
    e = engine({"mana": "{5}{U}", "hand": [obj("sp", "Sea God's Revenge")],
                "battlefield": [obj("b1", "Grizzly Bears")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("g2", "Hill Giant"),
                                obj("d2", "Wind Drake")]})
    with pytest.raises(EngineReportedError, match="illegal_action"):  # p1's own creature
        e.act(cast("sp", "b1"))
    e.act(cast("sp", "b2", "g2"))
    e.act({"set_keywords": {"object": "g2", "add": ["shroud"]}})
    e.act(RESOLVE)
    assert _pending(e) is None  # scry 1 of an empty library asks nothing
    objects = _objects(e)
    assert objects["b2"]["zone"] == "hand" and objects["g2"]["zone"] == "battlefield"
    assert objects["d2"]["zone"] == "battlefield"


def test_travel_preparations_puts_a_counter_on_each_of_up_to_two_targets() -> None:
    e = engine({"mana": "{1}{G}", "hand": [obj("sp", "Travel Preparations")],
                "battlefield": [obj("b1", "Grizzly Bears"), obj("g1", "Hill Giant")]})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act(cast("sp", "b1", "g1", "b1"))
    e.act(cast("sp", "b1", "g1"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["b1"]["power"] == 3 and objects["g1"]["power"] == 4


def test_colossal_heroics_pumps_and_untaps_its_targets_only() -> None:
    e = engine({"mana": "{2}{G}", "hand": [obj("sp", "Colossal Heroics")],
                "battlefield": [obj("b1", "Grizzly Bears", tapped=True),
                                obj("g1", "Hill Giant", tapped=True)]})
    e.act(cast("sp", "b1"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["b1"]["tapped"] is False and objects["b1"]["power"] == 4
    assert objects["g1"]["tapped"] is True


def _path(accept: bool, library: list[dict[str, Any]]) -> Any:
    e = engine({"mana": "{W}", "hand": [obj("sp", "Path to Exile")]},
               {"battlefield": [obj("b2", "Grizzly Bears")], "library": library})
    e.act(cast("sp", "b2"))
    e.act(RESOLVE)
    assert _pending(e) == ("may", {"player": "p2", "source": "sp", "ability": None})
    e.act({"choose": {"choice": "may", "accept": accept}})
    return e


def test_path_to_exile_lets_the_targets_controller_search_for_a_basic_land_tapped() -> None:
    e = _path(True, [obj("isl", "Island"), obj("b9", "Grizzly Bears")])
    pending = _pending(e)
    assert pending is not None and pending[1]["player"] == "p2"
    assert pending[1]["purpose"] == "search" and pending[1]["cards"] == ["isl"]
    e.act({"choose": {"choice": "cards", "cards": ["isl"]}})
    objects = _objects(e)
    assert objects["b2"]["zone"] == "exile"
    assert objects["isl"]["zone"] == "battlefield" and objects["isl"]["controller"] == "p2"
    assert objects["isl"]["tapped"] is True


def test_path_to_exile_declined_search_finds_nothing() -> None:
    e = _path(False, [obj("isl", "Island")])
    assert _pending(e) is None and _objects(e)["isl"]["zone"] == "library"


def test_path_to_exile_at_an_illegal_target_asks_nobody() -> None:
    e = engine({"mana": "{W}", "hand": [obj("sp", "Path to Exile")]},
               {"battlefield": [obj("b2", "Grizzly Bears")], "library": [obj("isl", "Island")]})
    e.act(cast("sp", "b2"))
    e.act({"set_keywords": {"object": "b2", "add": ["shroud"]}})
    e.act(RESOLVE)
    assert _pending(e) is None and _objects(e)["isl"]["zone"] == "library"


def test_vendetta_loses_life_equal_to_the_destroyed_creatures_toughness() -> None:
    e = engine({"mana": "{B}", "hand": [obj("sp", "Vendetta")]},
               {"battlefield": [obj("g2", "Hill Giant")]})
    e.act(cast("sp", "g2"))
    e.act(RESOLVE)
    assert _objects(e)["g2"]["zone"] == "graveyard"
    assert e.observe().state["players"]["p1"]["life"] == 17


def test_blastfire_bolt_destroys_the_equipment_attached_to_its_target() -> None:
    e = engine({"mana": "{5}{R}", "hand": [obj("sp", "Blastfire Bolt")]},
               {"battlefield": [obj("g2", "Craw Wurm"), obj("b2", "Grizzly Bears"),
                                obj("eq", "Bonesplitter", attached_to="g2"),
                                obj("eq2", "Bonesplitter", attached_to="b2")]})
    e.act(cast("sp", "g2"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["eq"]["zone"] == "graveyard" and objects["eq2"]["zone"] == "battlefield"
    assert objects["g2"]["zone"] == "graveyard"  # 5 damage to a 6/4


def test_a_subtype_target_is_a_permanent_of_that_subtype() -> None:
    e = engine({"mana": "{2}{R}", "hand": [obj("sp", "Peak Eruption")]},
               {"battlefield": [obj("m2", "Mountain"), obj("i2", "Island")]})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act(cast("sp", "i2"))
    e.act(cast("sp", "m2"))
    e.act(RESOLVE)
    assert _objects(e)["m2"]["zone"] == "graveyard"
    assert e.observe().state["players"]["p2"]["life"] == 17


def test_sudden_storm_reads_their_controllers_next_untap_steps() -> None:
    tap, _scry = load_cards()["Sudden Storm"].faces[0].text.spell
    assert type(tap).__name__ == "TapUpTo" and tap.no_untap and tap.n == 2


def test_hunt_the_hunter_pumps_then_fights_a_green_creature_only() -> None:
    e = engine({"mana": "{G}", "hand": [obj("sp", "Hunt the Hunter")],
                "battlefield": [obj("b1", "Grizzly Bears")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("z2", "Scathe Zombies")]})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act(cast("sp", "b1", "z2"))
    e.act(cast("sp", "b1", "b2"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["b2"]["zone"] == "graveyard"
    assert (objects["b1"]["power"], objects["b1"]["damage"]) == (4, 2)


# --- "can't block this turn": a target of any kind, up to N targets, a group -------------------


def _blocks(e: Any, blocks: dict[str, str]) -> None:
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"a1": "p2"}}})
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": blocks}})


def _cant_block_game(card: str, mana: str) -> Any:
    return engine({"mana": mana, "hand": [obj("sp", card)],
                   "battlefield": [obj("a1", "Hill Giant")]},
                  {"battlefield": [obj("b2", "Grizzly Bears"), obj("d2", "Wind Drake"),
                                   obj("g2", "Craw Wurm")]})


@pytest.mark.parametrize(("blocker", "legal"), [("b2", False), ("g2", False), ("d2", True)])
def test_creatures_without_flying_cannot_block(blocker: str, legal: bool) -> None:
    """Falter: "Creatures without flying can't block this turn." (a group, at resolution)."""
    e = _cant_block_game("Falter", "{1}{R}")
    e.act(cast("sp"))
    e.act(RESOLVE)
    if legal:
        _blocks(e, {blocker: "a1"})
        return
    with pytest.raises(EngineReportedError, match="illegal_action"):
        _blocks(e, {blocker: "a1"})


@pytest.mark.parametrize(("blocker", "legal"), [("b2", False), ("g2", False), ("d2", True)])
def test_up_to_three_target_creatures_cannot_block(blocker: str, legal: bool) -> None:
    """Panic Attack at p2's Bears and Craw Wurm: those two can't block, the Drake can."""
    e = _cant_block_game("Panic Attack", "{2}{R}")
    e.act(cast("sp", "b2", "g2"))
    e.act(RESOLVE)
    if legal:
        _blocks(e, {blocker: "a1"})
        return
    with pytest.raises(EngineReportedError, match="illegal_action"):
        _blocks(e, {blocker: "a1"})


# --- what follows about the target's controller; "exile two target ..." -------------------------


def test_pistus_strike_gives_the_controller_a_poison_counter() -> None:
    e = engine({"mana": "{2}{G}", "hand": [obj("sp", "Pistus Strike")]},
               {"battlefield": [obj("d2", "Wind Drake")]})
    e.act(cast("sp", "d2"))
    e.act(RESOLVE)
    assert e.observe().state["players"]["p2"]["poison"] == 1


def test_grisly_spectacle_mills_the_destroyed_creatures_power() -> None:
    e = engine({"mana": "{2}{B}{B}", "hand": [obj("sp", "Grisly Spectacle")]},
               {"battlefield": [obj("g2", "Hill Giant")],
                "library": [obj(f"l{i}", "Island") for i in range(5)]})
    e.act(cast("sp", "g2"))
    e.act(RESOLVE)
    assert sum(o["zone"] == "graveyard" for k, o in _objects(e).items()
               if k.startswith("l")) == 3


@pytest.mark.parametrize(("land", "life"), [("Island", 20), ("Dryad Arbor", 18)])
def test_molten_rain_damages_the_controller_of_a_nonbasic_land_only(land: str,
                                                                     life: int) -> None:
    e = engine({"mana": "{1}{R}{R}", "hand": [obj("sp", "Molten Rain")]},
               {"battlefield": [obj("l2", land)]})
    e.act(cast("sp", "l2"))
    e.act(RESOLVE)
    assert _objects(e)["l2"]["zone"] == "graveyard"
    assert e.observe().state["players"]["p2"]["life"] == life


@pytest.mark.parametrize(("mine", "life"), [([], 20), ([obj("ms", "Millstone")], 17)])
def test_unlicensed_disintegration_checks_your_artifact_as_it_resolves(
        mine: list[dict[str, Any]], life: int) -> None:
    e = engine({"mana": "{1}{B}{R}", "hand": [obj("sp", "Unlicensed Disintegration")],
                "battlefield": mine}, {"battlefield": [obj("b2", "Grizzly Bears")]})
    e.act(cast("sp", "b2"))
    e.act(RESOLVE)
    assert e.observe().state["players"]["p2"]["life"] == life


@pytest.mark.parametrize(("card", "zone"), [("Millstone", "graveyard"),
                                            ("Grizzly Bears", "battlefield")])
def test_topple_the_statue_destroys_an_artifact_only(card: str, zone: str) -> None:
    e = engine({"mana": "{2}{W}", "hand": [obj("sp", "Topple the Statue")],
                "library": [obj("l1", "Island")]},
               {"battlefield": [obj("t2", card)]})
    e.act(cast("sp", "t2"))
    e.act(RESOLVE)
    assert _objects(e)["t2"]["zone"] == zone and _objects(e)["t2"]["tapped"] is (zone != "graveyard")


def test_ashes_to_ashes_needs_exactly_two_targets_and_exiles_both() -> None:
    e = engine({"mana": "{1}{B}{B}", "hand": [obj("sp", "Ashes to Ashes")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("g2", "Hill Giant")]})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act(cast("sp", "b2"))
    e.act(cast("sp", "b2", "g2"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["b2"]["zone"] == objects["g2"]["zone"] == "exile"
    assert e.observe().state["players"]["p1"]["life"] == 15


def test_wrap_in_flames_damages_each_target_and_they_cannot_block() -> None:
    e = engine({"mana": "{3}{R}", "hand": [obj("sp", "Wrap in Flames")],
                "battlefield": [obj("a1", "Hill Giant")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("d2", "Wind Drake"),
                                obj("g2", "Craw Wurm")]})
    e.act(cast("sp", "b2", "g2"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert (objects["b2"]["damage"], objects["g2"]["damage"], objects["d2"]["damage"]) == \
        (1, 1, 0)
    with pytest.raises(EngineReportedError, match="illegal_action"):
        _blocks(e, {"g2": "a1"})


@pytest.mark.parametrize(("card", "mana", "target", "expect"), [
    ("Phalanx Tactics", "{1}{W}", "b1", {"b1": (4, 3), "g1": (4, 4), "b2": (2, 2)}),
    ("Public Execution", "{5}{B}", "b2", {"g2": (1, 3), "b1": (2, 2)}),
])
def test_each_other_creature_of_that_player_gets_the_bonus(
        card: str, mana: str, target: str, expect: dict[str, tuple[int, int]]) -> None:
    e = engine({"mana": mana, "hand": [obj("sp", card)],
                "battlefield": [obj("b1", "Grizzly Bears"), obj("g1", "Hill Giant")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("g2", "Hill Giant")]})
    e.act(cast("sp", target))
    e.act(RESOLVE)
    objects = _objects(e)
    for oid, pt in expect.items():
        assert (objects[oid]["power"], objects[oid]["toughness"]) == pt, oid
