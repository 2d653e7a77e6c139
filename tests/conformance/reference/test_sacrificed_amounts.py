"""Spells counting the creature sacrificed to cast them (608.2h, oracle_sacrificed_amounts): the
number is that creature's power, toughness or mana value as it last existed on the battlefield."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.reference.cards import load_cards
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle import parse_face


def _sac(oid: str, *targets: str, sacrificed: str = "sac") -> dict[str, Any]:
    return cast(oid, *targets, costs={"sacrifice": [sacrificed]})


def _state(e: Any) -> dict[str, Any]:
    return e.observe().state  # type: ignore[no-any-return]


def test_tokens_for_the_power_the_sacrificed_creature_last_had() -> None:
    """Carrion: a Grizzly Bears with a +1/+1 counter is sacrificed: three Insects (its power as
    it last existed, counter included)."""
    e = engine({"mana": "{1}{B}{B}", "hand": [obj("car", "Carrion")],
                "battlefield": [obj("sac", "Grizzly Bears", counters={"+1/+1": 1})]})
    e.act(_sac("car"))
    assert _state(e)["objects"]["sac"]["zone"] == "graveyard"
    e.act(RESOLVE)
    insects = [o for o in _state(e)["objects"].values()
               if o.get("card") == "Insect Token" and o["zone"] == "battlefield"]
    assert len(insects) == 3 and all((o["power"], o["toughness"]) == (0, 1) for o in insects)


def test_power_draws_and_toughness_gains_life() -> None:
    """Momentous Fall sacrificing Horned Turtle (1/4): draw one card, gain four life."""
    e = engine({"mana": "{2}{G}{G}", "hand": [obj("mf", "Momentous Fall")],
                "battlefield": [obj("sac", "Horned Turtle")],
                "library": [obj(f"l{i}", "Island") for i in range(3)]})
    e.act(_sac("mf"))
    e.act(RESOLVE)
    st = _state(e)
    assert st["players"]["p1"]["life"] == 24
    assert [o["zone"] for o in (st["objects"][f"l{i}"] for i in range(3))].count("hand") == 1


def test_minus_x_on_a_target_and_on_all_creatures() -> None:
    """Call for Blood sacrificing Grizzly Bears gives a Hill Giant -2/-2; Ichor Explosion
    sacrificing Hill Giant gives every creature -3/-3 (the 3/3 dies, the 6/4 survives)."""
    e = engine({"mana": "{4}{B}", "hand": [obj("cfb", "Call for Blood")],
                "battlefield": [obj("sac", "Grizzly Bears")]},
               {"battlefield": [obj("giant", "Hill Giant")]})
    e.act(_sac("cfb", "giant"))
    e.act(RESOLVE)
    giant = _state(e)["objects"]["giant"]
    assert (giant["power"], giant["toughness"]) == (1, 1)
    e = engine({"mana": "{5}{B}{B}", "hand": [obj("ie", "Ichor Explosion")],
                "battlefield": [obj("sac", "Hill Giant")]},
               {"battlefield": [obj("g2", "Hill Giant"), obj("wurm", "Craw Wurm")]})
    e.act(_sac("ie"))
    e.act(RESOLVE)
    objs = _state(e)["objects"]
    assert objs["g2"]["zone"] == "graveyard"
    assert (objs["wurm"]["power"], objs["wurm"]["toughness"]) == (3, 1)


def test_mana_for_the_mana_value_and_discards_for_the_power() -> None:
    """Sacrifice sacrificing Hill Giant ({3}{R}) adds {B}{B}{B}{B}; Tormented Thoughts
    sacrificing it makes p2 discard three of their four cards (p2 chooses which)."""
    e = engine({"mana": "{B}", "hand": [obj("s", "Sacrifice")],
                "battlefield": [obj("sac", "Hill Giant")]})
    e.act(_sac("s"))
    e.act(RESOLVE)
    assert _state(e)["players"]["p1"]["mana"] == "{B}{B}{B}{B}"
    e = engine({"mana": "{2}{B}", "hand": [obj("tt", "Tormented Thoughts")],
                "battlefield": [obj("sac", "Hill Giant")]},
               {"hand": [obj(f"h{i}", "Forest") for i in range(4)]})
    e.act(_sac("tt", "p2"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "cards", "cards": ["h0", "h1", "h3"]}})
    objs = _state(e)["objects"]
    assert [objs[f"h{i}"]["zone"] for i in range(4)] == ["graveyard", "graveyard", "hand",
                                                         "graveyard"]


def test_life_equal_to_the_damage_dealt() -> None:
    """Rite of Consumption sacrificing Hill Giant: 3 damage to p2 and p1 gains 3."""
    e = engine({"mana": "{1}{B}", "hand": [obj("rite", "Rite of Consumption")],
                "battlefield": [obj("sac", "Hill Giant")]})
    e.act(_sac("rite", "p2"))
    e.act(RESOLVE)
    players = _state(e)["players"]
    assert (players["p1"]["life"], players["p2"]["life"]) == (23, 17)


def test_only_a_spell_sacrificing_one_creature_counts_it() -> None:
    """The number of a creature sacrificed is a spell's additional cost only: an activated
    ability or a trigger saying it is refused."""
    for name in ("Carrion", "Momentous Fall", "Sacrifice", "Tormented Thoughts"):
        assert name in load_cards()
    with pytest.raises(OracleTemplateError):
        parse_face("{2}, Sacrifice a creature: Draw cards equal to the sacrificed creature's "
                   "power.", ("X",))
    with pytest.raises(OracleTemplateError):
        parse_face("Draw cards equal to the sacrificed creature's power.", ("X",))
