"""Prevention shields (prevent_shields, rule 615): "Prevent the next N damage that would be dealt
to any target this turn" is used up by what it prevents, "Prevent all damage that would be dealt
to target creature this turn" prevents all of it, only for that object and that turn."""

from __future__ import annotations

from typing import Any

from engine_play import RESOLVE, cast, engine, obj


def _objects(e: Any) -> dict[str, Any]:
    return e.observe().state["objects"]


def _bolts(n: int) -> list[dict[str, Any]]:
    return [obj(f"bolt{i}", "Lightning Bolt") for i in range(1, n + 1)]


def test_the_next_n_damage_shield_is_used_up() -> None:
    """Samite Healer's shield (1) on p1's Craw Wurm (6/4): the first Bolt deals 2, the second
    3 (it dies)."""
    e = engine({"mana": "{R}{R}", "hand": _bolts(2),
                "battlefield": [obj("sh", "Samite Healer"), obj("g1", "Craw Wurm")]})
    e.act({"activate": {"player": "p1", "object": "sh", "ability": 0, "targets": ["g1"]}})
    e.act(RESOLVE)
    e.act(cast("bolt1", "g1"))
    e.act(RESOLVE)
    assert _objects(e)["g1"]["damage"] == 2
    e.act(cast("bolt2", "g1"))
    e.act(RESOLVE)
    assert _objects(e)["g1"]["zone"] == "graveyard"
    assert [ev["amount"] for ev in e.observe().events if ev["type"] == "damage"] == [2, 3]


def test_a_shield_on_a_player_prevents_damage_to_that_player() -> None:
    e = engine({"mana": "{R}", "hand": _bolts(1), "battlefield": [obj("sh", "Samite Healer")]})
    e.act({"activate": {"player": "p1", "object": "sh", "ability": 0, "targets": ["p2"]}})
    e.act(RESOLVE)
    e.act(cast("bolt1", "p2"))
    e.act(RESOLVE)
    assert e.observe().state["players"]["p2"]["life"] == 18


def test_prevent_all_damage_to_target_creature_this_turn() -> None:
    """Indestructible Aura on the Bears: a Bolt deals no damage; the shield ends with the turn
    (a Bolt in the next turn kills it)."""
    e = engine({"mana": "{W}{R}", "hand": [obj("ia", "Indestructible Aura"), *_bolts(2)],
                "battlefield": [obj("b1", "Grizzly Bears"), obj("m1", "Mountain")]})
    e.act(cast("ia", "b1"))
    e.act(RESOLVE)
    e.act(cast("bolt1", "b1"))
    e.act(RESOLVE)
    assert _objects(e)["b1"]["damage"] == 0
    assert not [ev for ev in e.observe().events if ev["type"] == "damage"]
    e.act({"advance": {"to": "upkeep", "next_turn": True}})  # p2's turn
    e.act({"pass_priority": {"player": "p2"}})
    e.act({"activate": {"player": "p1", "object": "m1", "ability": 0}})
    e.act(cast("bolt2", "b1"))
    e.act(RESOLVE)
    assert _objects(e)["b1"]["zone"] == "graveyard"


def test_the_shield_protects_the_object_not_a_new_one() -> None:
    """A shield on a creature that left the battlefield and returned does not protect the new
    object (400.7): the Bears flickered by Cloudshift takes the Bolt."""
    e = engine({"mana": "{W}{W}{R}", "hand": [obj("ia", "Indestructible Aura"),
                                              obj("cs", "Cloudshift"), *_bolts(1)],
                "battlefield": [obj("b1", "Grizzly Bears")]})
    e.act(cast("ia", "b1"))
    e.act(RESOLVE)
    e.act(cast("cs", "b1"))
    e.act(RESOLVE)
    e.act(cast("bolt1", "b1"))
    e.act(RESOLVE)
    assert _objects(e)["b1"]["zone"] == "graveyard"


def test_a_counter_and_prevent_all_damage_to_it_is_the_source() -> None:
    """Favored Hoplite's heroic: "put a +1/+1 counter on CARDNAME and prevent all damage that
    would be dealt to it this turn": "it" is the Hoplite."""
    from conformance.reference.cards import load_cards
    from conformance.reference.prevent_shields import PreventDamageShield

    (heroic,) = load_cards()["Favored Hoplite"].faces[0].text.triggered
    assert heroic.effects[1] == PreventDamageShield("self", None)
    e = engine({"mana": "{G}{R}", "hand": [obj("gg", "Giant Growth"), *_bolts(1)],
                "battlefield": [obj("fh", "Favored Hoplite")]})
    e.act(cast("gg", "fh"))
    e.act(RESOLVE)
    e.act(cast("bolt1", "fh"))
    e.act(RESOLVE)
    hoplite = _objects(e)["fh"]
    assert hoplite["zone"] == "battlefield" and hoplite["damage"] == 0
