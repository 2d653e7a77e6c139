"""The templates of oracle_targeted and the target filters they brought (target_filters): fights
of the source ("it fights up to one target creature you don't control", "you may have it fight
target creature"), "target creature fights another target creature", the same-name groups, "if
it's your turn, scry 2", "put a +1/+1 counter on CARDNAME, then scry 1", "[another] target
creature with power 2 or less can't be blocked this turn", and "target creature or planeswalker
that's black or red" / "target black or red creature that's attacking or blocking" /
"nonenchantment permanent"."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.errors import EngineReportedError
from conformance.reference.cards import load_cards
from conformance.reference.mutants import MUTANTS
from conformance.reference.target_kinds import parse_kind


def _objects(e: Any) -> dict[str, Any]:
    return e.observe().state["objects"]


def _pending(e: Any) -> tuple[str, dict[str, Any]] | None:
    return None if e._pending is None else (e._pending[1].kind, e._pending[1].detail)


# --- "CARDNAME fights (up to one) target creature you don't control" ---------------------------


def _brawler(targets: list[str]) -> dict[str, Any]:
    """Pheres-Band Brawler (4/4) enters; its ability at ``targets`` among p2's Hill Giant."""
    e = engine({"mana": "{4}{G}{G}", "hand": [obj("pb", "Pheres-Band Brawler")]},
               {"battlefield": [obj("giant", "Hill Giant"), obj("b2", "Grizzly Bears")]})
    e.act(cast("pb"))
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "targets", "targets": targets}})
    e.act(RESOLVE)
    return _objects(e)


def test_an_enters_ability_makes_the_creature_fight_its_target() -> None:
    objects = _brawler(["giant"])
    assert objects["giant"]["zone"] == "graveyard"  # 4 damage to a 3/3
    assert objects["pb"]["damage"] == 3 and objects["b2"]["damage"] == 0


def test_up_to_one_target_chosen_none_nothing_fights() -> None:
    objects = _brawler([])
    assert objects["pb"]["damage"] == 0 and objects["giant"]["damage"] == 0


def test_the_fight_of_the_source_with_an_illegal_target_does_not_happen() -> None:
    """The target gains shroud: the ability doesn't resolve (608.2b), no damage either way."""
    e = engine({"mana": "{4}{G}{G}", "hand": [obj("pb", "Pheres-Band Brawler")]},
               {"battlefield": [obj("giant", "Hill Giant")]})
    e.act(cast("pb"))
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "targets", "targets": ["giant"]}})
    e.act({"set_keywords": {"object": "giant", "add": ["shroud"]}})
    e.act(RESOLVE)
    assert _objects(e)["pb"]["damage"] == 0 and _objects(e)["giant"]["damage"] == 0


@pytest.mark.parametrize("accept", [True, False])
def test_you_may_have_it_fight_asks_on_resolution(accept: bool) -> None:
    """Somberwald Stag (4/3): "you may have it fight target creature you don't control"."""
    e = engine({"mana": "{3}{G}{G}", "hand": [obj("stag", "Somberwald Stag")]},
               {"battlefield": [obj("b2", "Grizzly Bears")]})
    e.act(cast("stag"))
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "targets", "targets": ["b2"]}})
    e.act({"resolve_top": {}})
    assert _pending(e) is not None and _pending(e)[0] == "may"  # type: ignore[index]
    e.act({"choose": {"choice": "may", "accept": accept}})
    objects = _objects(e)
    assert (objects["b2"]["zone"] == "graveyard") is accept
    assert objects["stag"]["damage"] == (2 if accept else 0)


def test_with_only_creatures_you_control_the_ability_has_no_target_and_is_removed() -> None:
    """"Target creature you don't control": p1's own Bears is no legal target, so the ability
    is removed from the stack (603.3d) and nothing asks for targets."""
    e = engine({"mana": "{3}{G}{G}", "hand": [obj("stag", "Somberwald Stag")],
                "battlefield": [obj("b1", "Grizzly Bears")]})
    e.act(cast("stag"))
    e.act({"resolve_top": {}})
    assert _pending(e) is None and e.observe().state["stack"] == []
    assert _objects(e)["b1"]["damage"] == 0


# --- "Target creature fights another target creature." ------------------------------------------


def test_clash_of_titans_makes_two_targets_fight_and_not_one_with_itself() -> None:
    p2 = {"battlefield": [obj("giant", "Hill Giant"), obj("b2", "Grizzly Bears")]}
    e = engine({"mana": "{3}{R}{R}", "hand": [obj("sp", "Clash of Titans")]}, p2)
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act(cast("sp", "giant", "giant"))
    e.act(cast("sp", "giant", "b2"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["b2"]["zone"] == "graveyard" and objects["giant"]["damage"] == 2


def test_clash_of_titans_with_one_target_illegal_deals_no_damage() -> None:
    p2 = {"battlefield": [obj("giant", "Hill Giant"), obj("b2", "Grizzly Bears")]}
    for mutant, dealt in ((None, False), ("fight_with_an_illegal_target", True)):
        e = engine({"mana": "{3}{R}{R}", "hand": [obj("sp", "Clash of Titans")]}, p2) \
            if mutant is None else MUTANTS[mutant]()
        if mutant is not None:
            e.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                             "players": {"p1": {"mana": "{3}{R}{R}",
                                                "hand": [obj("sp", "Clash of Titans")]},
                                         "p2": p2}})
        e.act(cast("sp", "giant", "b2"))
        e.act({"set_keywords": {"object": "b2", "add": ["shroud"]}})
        e.act(RESOLVE)
        assert (_objects(e)["giant"]["damage"] == 2) is dealt


# --- "... and all other creatures with the same name as that creature" -------------------------


def _same_name(card: str, mana: str) -> dict[str, Any]:
    """``card`` at p2's Bears; p1 has Bears too, p2 a Hill Giant."""
    e = engine({"mana": mana, "hand": [obj("sp", card)],
                "battlefield": [obj("b1", "Grizzly Bears")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("giant", "Hill Giant")]})
    e.act(cast("sp", "b2"))
    e.act(RESOLVE)
    return _objects(e)


def test_sever_the_bloodline_exiles_every_creature_with_the_targets_name() -> None:
    objects = _same_name("Sever the Bloodline", "{3}{B}")
    assert objects["b1"]["zone"] == objects["b2"]["zone"] == "exile"
    assert objects["giant"]["zone"] == "battlefield"


def test_maelstrom_pulse_destroys_every_permanent_with_the_targets_name() -> None:
    objects = _same_name("Maelstrom Pulse", "{1}{B}{G}")
    assert objects["b1"]["zone"] == objects["b2"]["zone"] == "graveyard"
    assert objects["giant"]["zone"] == "battlefield"


def test_echoing_courage_pumps_every_creature_with_the_targets_name() -> None:
    objects = _same_name("Echoing Courage", "{1}{G}")
    assert (objects["b1"]["power"], objects["b2"]["toughness"]) == (4, 4)
    assert objects["giant"]["power"] == 3


def test_a_same_name_spell_whose_target_is_illegal_touches_no_namesake() -> None:
    e = engine({"mana": "{3}{B}", "hand": [obj("sp", "Sever the Bloodline")],
                "battlefield": [obj("b1", "Grizzly Bears")]},
               {"battlefield": [obj("b2", "Grizzly Bears")]})
    e.act(cast("sp", "b2"))
    e.act({"set_keywords": {"object": "b2", "add": ["shroud"]}})
    e.act(RESOLVE)
    assert _objects(e)["b1"]["zone"] == "battlefield"


# --- "If it's your turn, scry 2." ----------------------------------------------------------------


@pytest.mark.parametrize("active", ["p1", "p2"])
def test_fated_conflagration_scries_only_on_its_controllers_turn(active: str) -> None:
    p1 = {"mana": "{1}{R}{R}{R}", "hand": [obj("sp", "Fated Conflagration")],
          "library": [obj(f"l{i}", "Island") for i in (1, 2, 3)]}
    p2 = {"battlefield": [obj("b2", "Grizzly Bears")]}
    e = engine(p1, p2)
    if active == "p2":
        e.setup("unit", {"active_player": "p2", "step": "precombat_main", "turn": 4,
                         "players": {"p1": p1, "p2": p2}})
        e.act({"pass_priority": {"player": "p2"}})
    e.act(cast("sp", "b2"))
    e.act(RESOLVE)
    pending = _pending(e)
    if active == "p1":
        assert pending is not None and pending[1]["purpose"] == "scry"
        assert pending[1]["cards"] == ["l1", "l2"]
        e.act({"choose": {"choice": "cards", "cards": ["l1"], "order": ["l2"]}})
        assert e.zones[("p1", "library")] == ["l2", "l3", "l1"]
    else:
        assert pending is None
    assert _objects(e)["b2"]["zone"] == "graveyard"


# --- "Put a +1/+1 counter on CARDNAME, then scry 1." ---------------------------------------------


def test_battlewise_hoplites_heroic_puts_a_counter_then_scries() -> None:
    e = engine({"mana": "{G}", "hand": [obj("gg", "Giant Growth")],
                "battlefield": [obj("hop", "Battlewise Hoplite")],
                "library": [obj("l1", "Island"), obj("l2", "Island")]})
    e.act(cast("gg", "hop"))
    e.act({"resolve_top": {}})  # the heroic trigger, above Giant Growth
    pending = _pending(e)
    assert pending is not None and pending[1]["purpose"] == "scry"
    assert pending[1]["cards"] == ["l1"]
    e.act({"choose": {"choice": "cards", "cards": ["l1"]}})
    assert _objects(e)["hop"].get("counters") == {"+1/+1": 1}
    assert e.zones[("p1", "library")] == ["l2", "l1"]


def test_a_counter_then_a_draw_is_read_as_both_effects() -> None:
    (trigger,) = load_cards()["Setessan Champion"].faces[0].text.triggered
    assert [type(e).__name__ for e in trigger.effects] == ["PutCounters", "Draw"]


# --- "[Another] target creature with power 2 or less can't be blocked this turn." ---------------


def _smuggler(target: str) -> Any:
    e = engine({"battlefield": [obj("gs", "Goblin Smuggler"), obj("b1", "Grizzly Bears"),
                                obj("g1", "Hill Giant")]},
               {"battlefield": [obj("b2", "Grizzly Bears")]})
    e.act({"activate": {"player": "p1", "object": "gs", "ability": 0, "targets": [target]}})
    return e


@pytest.mark.parametrize("target", ["gs", "g1"])
def test_another_target_creature_with_power_2_or_less_excludes_the_source_and_bigger(
        target: str) -> None:
    with pytest.raises(EngineReportedError, match="illegal_action"):
        _smuggler(target)


def test_the_target_of_goblin_smuggler_cannot_be_blocked() -> None:
    e = _smuggler("b1")
    e.act(RESOLVE)
    e.act({"advance": {"to": "declare_attackers"}})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"b1": "p2", "g1": "p2"}}})
    e.act({"advance": {"to": "declare_blockers"}})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act({"declare_blockers": {"player": "p2", "blocks": {"b2": "b1"}}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {"b2": "g1"}}})


# --- target filters ------------------------------------------------------------------------------


@pytest.mark.parametrize(("words", "kind"), [
    ("creature or planeswalker that's black or red", "perm:Creature|Planeswalker:colors=BR"),
    ("black or red creature that's attacking or blocking",
     "perm:Creature:colors=BR:attacking_or_blocking"),
    ("blue or green creature with flying", "perm:Creature:flying:colors=UG"),
    ("nonenchantment permanent", "perm:any:non=Enchantment"),
    ("nonland permanent", "perm:nonland"),
])
def test_the_filters_are_read(words: str, kind: str) -> None:
    assert parse_kind(words) == kind


@pytest.mark.parametrize(("card", "legal"), [("Scathe Zombies", True), ("Goblin Piker", True),
                                             ("Grizzly Bears", False), ("Serra Angel", False)])
def test_devout_decree_targets_a_black_or_red_creature_only(card: str, legal: bool) -> None:
    e = engine({}, {"battlefield": [obj("v", card)]})
    assert e.legal_target("v", "perm:Creature|Planeswalker:colors=BR", "p1") is legal
    (exile, _scry) = load_cards()["Devout Decree"].faces[0].text.spell
    assert exile.slots[0].kind == "perm:Creature|Planeswalker:colors=BR"


def test_a_nonenchantment_permanent_filter_refuses_an_enchantment_creature() -> None:
    e = engine({}, {"battlefield": [obj("fang", "Fang of Shigeki"), obj("b2", "Grizzly Bears")]})
    assert e.legal_target("fang", "perm:any:non=Enchantment", "p1") is False
    assert e.legal_target("b2", "perm:any:non=Enchantment", "p1") is True


# --- "another target <kind>": not the source, and not an earlier target -------------------------


def test_another_target_of_an_activated_ability_is_not_its_source() -> None:
    """Torch Courier: "Sacrifice CARDNAME: Another target creature gains haste ..."."""
    e = engine({"battlefield": [obj("tc", "Torch Courier"), obj("b1", "Grizzly Bears")]})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act({"activate": {"player": "p1", "object": "tc", "ability": 0, "targets": ["tc"]}})
    e.act({"activate": {"player": "p1", "object": "tc", "ability": 0, "targets": ["b1"]}})
    e.act(RESOLVE)
    assert "haste" in _objects(e)["b1"]["keywords"]


@pytest.mark.parametrize(("target", "legal"), [("ew", False), ("b2", False), ("b1", True)])
def test_another_target_of_an_enters_ability_is_another_creature_you_control(
        target: str, legal: bool) -> None:
    """Efreet Weaponmaster: "another target creature you control gets +3/+0"."""
    e = engine({"mana": "{3}{U}{R}{W}", "hand": [obj("ew", "Efreet Weaponmaster")],
                "battlefield": [obj("b1", "Grizzly Bears")]},
               {"battlefield": [obj("b2", "Grizzly Bears")]})
    e.act(cast("ew"))
    e.act({"resolve_top": {}})
    choose = {"choose": {"choice": "targets", "targets": [target]}}
    if not legal:
        with pytest.raises(EngineReportedError, match="illegal_action"):
            e.act(choose)
        return
    e.act(choose)
    e.act(RESOLVE)
    assert _objects(e)["b1"]["power"] == 5 and _objects(e)["ew"]["power"] == 4


def test_another_target_after_a_target_is_another_than_that_one() -> None:
    """Steal Strength: +1/+1 to one creature, -1/-1 to another; Drooling Groodion's second
    target may be the Groodion itself (only the first target is excluded)."""
    e = engine({"mana": "{1}{B}", "hand": [obj("sp", "Steal Strength")]},
               {"battlefield": [obj("b2", "Grizzly Bears"), obj("g2", "Hill Giant")]})
    with pytest.raises(EngineReportedError, match="illegal_action"):
        e.act(cast("sp", "b2", "b2"))
    e.act(cast("sp", "g2", "b2"))
    e.act(RESOLVE)
    objects = _objects(e)
    assert objects["g2"]["power"] == 4 and objects["b2"]["power"] == 1
    (ability,) = load_cards()["Drooling Groodion"].faces[0].text.activated
    second = [s for eff in ability.effects for s in eff.slots][1]
    assert second.another and not second.kind.endswith(":other")
