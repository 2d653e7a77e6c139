"""The templates of oracle_counted: damage equal to a number counted as the spell resolves
(608.2h) — permanents of a subtype you control, cards in your hand, cards of a type in your
graveyard — and the life gained with it (X, or the damage dealt)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj


def _objects(e: Any) -> dict[str, Any]:
    return e.observe().state["objects"]


def _life(e: Any, player: str) -> int:
    return int(e.observe().state["players"][player]["life"])


def test_spitting_earth_counts_the_mountains_you_control_as_it_resolves() -> None:
    """Three Mountains of p1 (paying with two of them does not change the count), one of p2."""
    e = engine({"hand": [obj("sp", "Spitting Earth")],
                "battlefield": [obj(f"m{i}", "Mountain") for i in (1, 2, 3)]},
               {"battlefield": [obj("g2", "Hill Giant"), obj("m9", "Mountain")]})
    for land in ("m1", "m2"):
        e.act({"activate": {"player": "p1", "object": land, "ability": 0}})
    e.act(cast("sp", "g2"))
    e.act(RESOLVE)
    assert _objects(e)["g2"]["zone"] == "graveyard"  # 3 damage to a 3/3
    e2 = engine({"mana": "{1}{R}", "hand": [obj("sp", "Spitting Earth")],
                 "battlefield": [obj("m1", "Mountain"), obj("m2", "Mountain")]},
                {"battlefield": [obj("g2", "Hill Giant")]})
    e2.act(cast("sp", "g2"))
    e2.act(RESOLVE)
    assert _objects(e2)["g2"]["damage"] == 2


def test_master_the_way_counts_the_hand_after_its_draw() -> None:
    e = engine({"mana": "{3}{U}{R}", "hand": [obj("sp", "Master the Way"), obj("h1", "Island")],
                "library": [obj("l1", "Island")]})
    e.act(cast("sp", "p2"))
    e.act(RESOLVE)
    assert _life(e, "p2") == 18  # the Island kept and the card drawn


def test_corrupt_gains_the_damage_dealt_and_tendrils_gains_x() -> None:
    swamps = [obj(f"s{i}", "Swamp") for i in (1, 2)]
    e = engine({"mana": "{5}{B}", "hand": [obj("sp", "Corrupt")], "battlefield": swamps})
    e.act(cast("sp", "p2"))
    e.act(RESOLVE)
    assert (_life(e, "p2"), _life(e, "p1")) == (18, 22)
    e = engine({"mana": "{3}{B}", "hand": [obj("sp", "Tendrils of Corruption")],
                "battlefield": swamps}, {"battlefield": [obj("g2", "Hill Giant")]})
    e.act(cast("sp", "g2"))
    e.act(RESOLVE)
    assert _objects(e)["g2"]["damage"] == 2 and _life(e, "p1") == 22


def test_ire_of_kaminari_counts_arcane_cards_in_your_graveyard_only() -> None:
    e = engine({"mana": "{3}{R}", "hand": [obj("sp", "Ire of Kaminari")],
                "graveyard": [obj("a1", "Ire of Kaminari"), obj("i1", "Island")]})
    e.act(cast("sp", "p2"))
    e.act(RESOLVE)
    assert _life(e, "p2") == 19


def test_feeding_frenzy_counts_the_zombies_on_the_battlefield() -> None:
    """Three Zombies, two of them p1's: the 6/4 Craw Wurm gets -3/-3."""
    e = engine({"mana": "{2}{B}", "hand": [obj("sp", "Feeding Frenzy")],
                "battlefield": [obj("z1", "Scathe Zombies"), obj("z3", "Scathe Zombies")]},
               {"battlefield": [obj("w2", "Craw Wurm"), obj("z2", "Scathe Zombies")]})
    e.act(cast("sp", "w2"))
    e.act(RESOLVE)
    wurm = _objects(e)["w2"]
    assert (wurm["power"], wurm["toughness"]) == (3, 1)


def test_a_self_pump_counted_as_it_resolves() -> None:
    """Hellkite Igniter ({1}{R}: +X/+0, X = artifacts you control): two Ornithopters."""
    e = engine({"mana": "{1}{R}", "battlefield": [obj("hk", "Hellkite Igniter"),
                                                  obj("o1", "Ornithopter"),
                                                  obj("o3", "Ornithopter")]})
    e.act({"activate": {"player": "p1", "object": "hk", "ability": 0}})
    e.act(RESOLVE)
    assert _objects(e)["hk"]["power"] == 7


@pytest.mark.parametrize(("wizard", "hand"), [(True, 1), (False, 0)])
def test_if_you_control_a_wizard_draw_a_card(wizard: bool, hand: int) -> None:
    mine = [obj("wz", "Prodigal Sorcerer")] if wizard else []
    e = engine({"mana": "{U}", "hand": [obj("sp", "Stream of Unconsciousness")],
                "battlefield": mine, "library": [obj("l1", "Island")]},
               {"battlefield": [obj("g2", "Hill Giant")]})
    e.act(cast("sp", "g2"))
    e.act(RESOLVE)
    assert len(e.zones[("p1", "hand")]) == hand
    assert _objects(e)["g2"]["power"] == -1
