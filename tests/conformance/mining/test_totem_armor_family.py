"""The totem armor families (702.89a): each mined case passes on the reference engine and fails
on the family's mutant; texts needing an unscriptable choice are classified; and the rules of
:mod:`conformance.reference.totem_armor` are checked on the engine directly."""

from __future__ import annotations

from typing import Any

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine

ANY = "Totem armor's effect is applied no matter why the enchanted permanent would be " \
    "destroyed: because it's been dealt lethal damage, or because it's being affected by an " \
    "effect that says to \"destroy\" it (such as Putrefy). In either case, all damage is " \
    "removed from the permanent and the Aura is destroyed instead."
MANDATORY = "Totem armor's effect is mandatory. If the enchanted permanent would be destroyed, " \
    "you must remove all damage from it (if it has any) and destroy the Aura that has totem " \
    "armor instead."
NOT_REGEN = "Totem armor's effect is not regeneration. Specifically, if totem armor's effect is " \
    "applied, the enchanted creature does not become tapped and is not removed from combat as " \
    "a result. Effects that say the enchanted creature can't be regenerated (as Vendetta does) " \
    "won't prevent totem armor's effect from being applied."
OTHER = "Totem armor has no effect if the enchanted creature is put into a graveyard for any " \
    "other reason, such as if it's sacrificed, if it's legendary and another legendary " \
    "permanent with the same name is controlled by the same player, or if its toughness is 0 " \
    "or less."
BOTH = "If a spell or ability (such as Planar Cleansing) would destroy both an Aura with totem " \
    "armor and the permanent it's enchanting at the same time, totem armor's effect will save " \
    "the enchanted permanent from being destroyed. Instead, the spell or ability will destroy " \
    "the Aura in two different ways at the same time, but the result is the same as destroying " \
    "it once."
SBA = "If a creature enchanted with an Aura that has totem armor would be destroyed by multiple " \
    "state-based actions at the same time the totem armor's effect will replace all of them and " \
    "save the creature."
INDESTRUCTIBLE = "If a creature enchanted with an Aura that has totem armor has indestructible, " \
    "lethal damage and effects that try to destroy it simply have no effect. Totem armor won't " \
    "do anything because it won't have to."
MYSTIC = "CARDNAME grants totem armor to Auras attached to permanents you control, regardless of " \
    "who controls those Auras. Conversely, it doesn't grant totem armor to Auras you control that " \
    "are attached to permanents controlled by other players."
MULTIPLE = "If a permanent you control is enchanted with multiple Auras that have totem armor, " \
    "and the enchanted permanent would be destroyed, one of those Auras is destroyed instead - " \
    "but only one of them. You choose which one because you control the enchanted permanent."


@pytest.mark.parametrize(("text", "family", "card"), [
    (ANY, "totem-armor-any-destruction", "Hyena Umbra"),
    (MANDATORY, "totem-armor-mandatory", "Eland Umbra"),  # damage already marked
    (NOT_REGEN, "totem-armor-not-regeneration", "Spider Umbra"),
    (OTHER, "totem-armor-other-reasons", "Boar Umbra"),
    (BOTH, "totem-armor-both-destroyed", "Mammoth Umbra"),
    (SBA, "totem-armor-multiple-sba", "Drake Umbra"),  # the flying Bears blocks
    (INDESTRUCTIBLE, "totem-armor-indestructible", "Eel Umbra"),
    (ANY, "totem-armor-any-destruction", "Crab Umbra"),  # "{2}{U}: Untap enchanted creature."
    (BOTH, "totem-armor-both-destroyed", "Umbra Mystic"),  # Holy Strength gets totem armor
    (SBA, "totem-armor-multiple-sba", "Bear Umbra"),  # grants a quoted attack trigger
    (MYSTIC, "totem-armor-mystic-controller", "Umbra Mystic"),
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2010-04-23"), family)


def test_the_mandatory_case_marks_damage_on_a_tough_creature_first() -> None:
    data = mined_one("Eland Umbra", MANDATORY, "totem-armor-mandatory", "2010-04-23")
    (host,) = [o for o in data["setup"]["players"]["p1"]["battlefield"] if o["id"] == "h"]
    assert host["damage"] == 2 + 4 - 3  # a 2/6 Bears: 3 more from Lightning Bolt is lethal


def test_choosing_among_several_auras_is_not_executable() -> None:
    r = mine([RulingGroup("g", "Hyena Umbra", "2010-04-23", {"en": MULTIPLE})])
    assert r.outcomes[0].family == "totem-armor-unscripted"
    assert r.outcomes[0].status == NOT_EXECUTABLE and "choice" in r.outcomes[0].reason


def _engine(hand: str, mana: str, more: list[dict[str, Any]] | None = None) -> ReferenceEngine:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": mana, "hand": [{"id": "s", "card": hand}],
                                             "battlefield": [
                                                 {"id": "h", "card": "Grizzly Bears"},
                                                 {"id": "u", "card": "Hyena Umbra",
                                                  "attached_to": "h"}, *(more or [])]},
                                      "p2": {}}})
    return engine


def _zones(engine: ReferenceEngine, cast: dict[str, Any]) -> dict[str, str]:
    engine.act({"cast": {"player": "p1", "object": "s", **cast}})
    engine.act({"resolve_stack": {}})
    return {k: v["zone"] for k, v in engine.observe().state["objects"].items()}


def test_a_destroy_all_creatures_spell_leaves_the_aura_destroyed_instead() -> None:
    zones = _zones(_engine("Day of Judgment", "{2}{W}{W}"), {})
    assert (zones["h"], zones["u"]) == ("battlefield", "graveyard")


def test_two_enchanted_creatures_destroyed_at_once_are_both_saved() -> None:
    engine = _engine("Akroma's Vengeance", "{4}{W}{W}", more=[
        {"id": "h2", "card": "Grizzly Bears"},
        {"id": "u2", "card": "Boar Umbra", "attached_to": "h2"}])
    zones = _zones(engine, {})
    assert [zones[k] for k in ("h", "u", "h2", "u2")] == [
        "battlefield", "graveyard", "battlefield", "graveyard"]


def test_an_unenchanted_creature_is_still_destroyed() -> None:
    engine = _engine("Day of Judgment", "{2}{W}{W}", more=[{"id": "b", "card": "Grizzly Bears"}])
    zones = _zones(engine, {})
    assert (zones["h"], zones["b"]) == ("battlefield", "graveyard")


def test_umbra_mystic_gives_the_aura_of_another_player_totem_armor() -> None:
    data = mined_one("Umbra Mystic", MYSTIC, "totem-armor-mystic-controller", "2010-04-23")
    players = data["setup"]["players"]
    assert players["p2"]["battlefield"] == [{"id": "u", "card": "Holy Strength",
                                             "attached_to": "h"}]
    assert {"id": "m", "card": "Umbra Mystic"} in players["p1"]["battlefield"]


def test_crab_umbra_untaps_the_enchanted_creature() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{2}{U}", "battlefield": [
                              {"id": "h", "card": "Grizzly Bears", "tapped": True},
                              {"id": "u", "card": "Crab Umbra", "attached_to": "h"}]},
                              "p2": {}}})
    engine.act({"activate": {"player": "p1", "object": "u", "ability": 0}})
    engine.act({"resolve_stack": {}})
    assert engine.observe().state["objects"]["h"]["tapped"] is False


def test_bear_umbra_grants_its_attack_trigger_to_the_enchanted_creature() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"battlefield": [
                              {"id": "h", "card": "Grizzly Bears"},
                              {"id": "u", "card": "Bear Umbra", "attached_to": "h"},
                              {"id": "f", "card": "Forest", "tapped": True}]}, "p2": {}}})
    engine.act({"advance": {"to": "declare_attackers"}})
    engine.act({"declare_attackers": {"player": "p1", "attackers": {"h": "p2"}}})
    engine.act({"resolve_stack": {}})
    obs = engine.observe()
    assert obs.state["objects"]["f"]["tapped"] is False
    assert obs.state["objects"]["h"]["power"] == 4
    assert [e["source"] for e in obs.events if e["type"] == "triggered"] == ["h"]


def test_snake_umbra_grants_a_draw_on_damage_to_an_opponent() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"library": [{"id": "l1", "card": "Island"}],
                                             "battlefield": [
                              {"id": "h", "card": "Grizzly Bears"},
                              {"id": "u", "card": "Snake Umbra", "attached_to": "h"}]},
                              "p2": {}}})
    for action in ({"advance": {"to": "declare_attackers"}},
                   {"declare_attackers": {"player": "p1", "attackers": {"h": "p2"}}},
                   {"advance": {"to": "combat_damage"}}, {"resolve_top": {}},
                   {"choose": {"choice": "may", "source": "h", "accept": True}}):
        engine.act(action)
    obs = engine.observe()
    assert obs.state["players"]["p2"]["life"] == 17
    assert obs.state["objects"]["l1"]["zone"] == "hand"
