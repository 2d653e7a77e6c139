"""The Theros gods (devotion_gods): "As long as your devotion to <colors> is less than N,
CARDNAME isn't a creature" — the god counts its own mana cost, a symbol of two colors counts
once toward devotion to both, and the god is a creature exactly when the devotion reaches N."""

from __future__ import annotations

from typing import Any

from engine_play import RESOLVE, engine, obj


def _types(e: Any, oid: str) -> list[str]:
    return e.observe().state["objects"][oid]["types"]  # type: ignore[no-any-return]


def test_one_color_god_is_a_creature_at_five() -> None:
    """Nylea ({3}{G}) and three Grizzly Bears: devotion 4, not a creature; a fourth Bears
    makes it 5: a creature."""
    bears = [obj(f"b{i}", "Grizzly Bears") for i in range(4)]
    e = engine({"battlefield": [obj("god", "Nylea, God of the Hunt"), *bears[:3]]})
    assert _types(e, "god") == ["Enchantment"]
    e = engine({"battlefield": [obj("god", "Nylea, God of the Hunt"), *bears]})
    assert _types(e, "god") == ["Enchantment", "Creature"]
    assert e.observe().state["objects"]["god"]["power"] == 6


def test_two_color_god_counts_each_symbol_once() -> None:
    """Karametra ({3}{G}{W}: 2) with Boggart Ram-Gang ({R/G}{R/G}{R/G}: 3) and Glory Seeker
    ({1}{W}: 1) has devotion 6 to green and white: not a creature; a second Glory Seeker
    makes 7."""
    base = [obj("god", "Karametra, God of Harvests"), obj("ram", "Boggart Ram-Gang"),
            obj("gs1", "Glory Seeker")]
    assert _types(engine({"battlefield": base}), "god") == ["Enchantment"]
    e = engine({"battlefield": [*base, obj("gs2", "Glory Seeker")]})
    assert _types(e, "god") == ["Enchantment", "Creature"]


def test_an_opponents_permanents_do_not_count_and_enchantment_tokens() -> None:
    """p2's Bears add nothing to p1's devotion; Heliod's ability makes an enchantment creature
    Cleric token."""
    e = engine({"mana": "{2}{W}{W}", "battlefield": [obj("god", "Heliod, God of the Sun")]},
               {"battlefield": [obj(f"b{i}", "Glory Seeker") for i in range(5)]})
    assert _types(e, "god") == ["Enchantment"]
    e.act({"activate": {"player": "p1", "object": "god", "ability": 0}})
    e.act(RESOLVE)
    tokens = [o for o in e.observe().state["objects"].values() if o.get("token")]
    assert [t["types"] for t in tokens] == [["Enchantment", "Creature"]]
