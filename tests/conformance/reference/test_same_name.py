""""<Exile|Destroy|Return> target X and all other Xs with the same name as that X" (Sever the
Bloodline, Maelstrom Pulse, Echoing Truth): the target and every other permanent of the group
with its name, whoever controls it, and nothing if the target became illegal."""

from __future__ import annotations

from engine_play import RESOLVE, cast, engine, obj


def _zones(e: object) -> dict[str, str]:
    state = e.observe().state  # type: ignore[attr-defined]
    return {k: v["zone"] for k, v in state["objects"].items()}


def test_sever_the_bloodline_exiles_every_creature_with_the_targets_name() -> None:
    e = engine({"mana": "{B}{C}{C}{C}", "hand": [obj("sb", "Sever the Bloodline")],
                "battlefield": [obj("bears1", "Grizzly Bears")]},
               {"battlefield": [obj("bears2", "Grizzly Bears"), obj("bears3", "Grizzly Bears"),
                                obj("giant2", "Hill Giant")]})
    for a in (cast("sb", "bears2"), RESOLVE):
        e.act(a)
    zones = _zones(e)
    assert [zones[b] for b in ("bears1", "bears2", "bears3")] == ["exile"] * 3
    assert zones["giant2"] == "battlefield"


def test_echoing_truth_returns_nonland_permanents_with_that_name_to_their_owners_hands() -> None:
    e = engine({"mana": "{U}{C}", "hand": [obj("et", "Echoing Truth")],
                "battlefield": [obj("bears1", "Grizzly Bears"), obj("giant1", "Hill Giant")]},
               {"battlefield": [obj("bears2", "Grizzly Bears")]})
    for a in (cast("et", "bears2"), RESOLVE):
        e.act(a)
    zones = _zones(e)
    assert (zones["bears1"], zones["bears2"], zones["giant1"]) == ("hand", "hand", "battlefield")


def test_an_illegal_target_leaves_the_others_alone() -> None:
    """The target left the battlefield before Maelstrom Pulse resolved: the spell does nothing
    (608.2b), the other Grizzly Bears stay."""
    e = engine({"mana": "{B}{G}{C}{R}", "hand": [obj("mp", "Maelstrom Pulse"),
                                                 obj("bolt", "Lightning Bolt")]},
               {"battlefield": [obj("bears2", "Grizzly Bears"), obj("bears3", "Grizzly Bears")]})
    for a in (cast("mp", "bears2"), cast("bolt", "bears2"), RESOLVE):
        e.act(a)
    zones = _zones(e)
    assert (zones["bears2"], zones["bears3"]) == ("graveyard", "battlefield")
