"""The templates of :mod:`conformance.reference.oracle_kicked` ("<effect>. If CARDNAME was kicked,
<effect> instead.") and :mod:`conformance.reference.threaten` (control until end of turn, "tap
up to N target ...s. Those ... don't untap ..."), on real cards played by the reference engine,
and the hand-written cases that kill their mutants."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.cases_io import CASES_DIR, load_cases
from conformance.engines.protocol import Observation
from conformance.reference import ReferenceEngine
from conformance.reference.errors import OracleTemplateError
from conformance.reference.mutants import MUTANTS
from conformance.reference.oracle import parse_face
from conformance.reference.oracle_kicked import KickedInstead
from conformance.reference.oracle_wheels import CreaturesWith
from conformance.reference.threaten import GainControlThisTurn, TapUpTo
from conformance.runner import execute_case


def play(p1: dict[str, Any], p2: dict[str, Any], actions: list[dict[str, Any]],
         engine: type[ReferenceEngine] = ReferenceEngine) -> Observation:
    e = engine()
    e.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                     "players": {"p1": p1, "p2": p2}})
    for a in actions:
        e.act(a)
    return e.observe()


def cast(obj: str, *targets: str, **kw: Any) -> dict[str, Any]:
    return {"cast": {"player": "p1", "object": obj, "targets": list(targets), **kw}}


RESOLVE: dict[str, Any] = {"resolve_stack": {}}
NEXT_TURN: dict[str, Any] = {"advance": {"to": "precombat_main", "next_turn": True}}


@pytest.mark.parametrize(("text", "normal", "kicked"), [
    ("CARDNAME deals 3 damage to any target. If CARDNAME was kicked, it deals 5 damage "
     "instead.", "DamageTargets(amounts=(3,)", "DamageTargets(amounts=(5,)"),
    ("Draw two cards. If CARDNAME was kicked, draw three cards instead.", "Draw(n=2)",
     "Draw(n=3)"),
    ("Target creature gets +3/+3 until end of turn. If CARDNAME was kicked, that creature gets "
     "+5/+5 until end of turn instead.", "PumpTarget(power=3", "PumpTarget(power=5"),
    ("CARDNAME deals 1 damage to each creature. If it was kicked, it deals 2 damage to each "
     "creature instead.", "DamageEach(amount=1", "DamageEach(amount=2"),
    ("Creatures you control get +1/+1 until end of turn. If CARDNAME was kicked, those "
     "creatures get +2/+1 until end of turn instead.", "PumpGroup(subtype='', power=1",
     "PumpGroup(subtype='', power=2"),
    ("Create two 1/1 green Saproling creature tokens. If CARDNAME was kicked, create four of "
     "those tokens instead.", "CreateToken(count=2", "CreateToken(count=4"),
])
def test_kicked_instead_reads_both_effects(text: str, normal: str, kicked: str) -> None:
    spell = parse_face(text, ("X",)).spell
    assert isinstance(spell, tuple) and len(spell) == 1
    eff = spell[0]
    assert isinstance(eff, KickedInstead)
    assert repr(eff.normal).startswith(f"({normal}") and repr(eff.kicked).startswith(
        f"({kicked}")


def test_kicked_instead_refuses_other_targets() -> None:
    with pytest.raises(OracleTemplateError):
        parse_face("CARDNAME deals 5 damage to target creature. If CARDNAME was kicked, it deals "
                   "10 damage divided as you choose among any number of targets instead.", ("X",))


@pytest.mark.parametrize(("kicks", "mana", "life"), [(0, "{1}{R}", 17), (1, "{5}{1}{R}", 15)])
def test_roil_eruption_deals_its_kicked_damage_instead(kicks: int, mana: str, life: int) -> None:
    costs = {"costs": {"kicker": 1}} if kicks else {}
    obs = play({"mana": mana, "hand": [{"id": "roil", "card": "Roil Eruption"}]}, {},
               [cast("roil", "p2", **costs), RESOLVE])
    assert obs.state["players"]["p2"]["life"] == life


def test_act_of_treason_steals_until_the_cleanup_step() -> None:
    p1 = {"mana": "{2}{R}", "hand": [{"id": "t", "card": "Act of Treason"}]}
    p2 = {"battlefield": [{"id": "bears", "card": "Grizzly Bears", "tapped": True}]}
    bears = play(p1, p2, [cast("t", "bears"), RESOLVE]).state["objects"]["bears"]
    assert (bears["controller"], bears["tapped"], bears["keywords"]) == ("p1", False, ["haste"])
    bears = play(p1, p2, [cast("t", "bears"), RESOLVE, NEXT_TURN]).state["objects"]["bears"]
    assert (bears["controller"], bears["keywords"]) == ("p2", [])


def test_threaten_templates() -> None:
    spell = parse_face("Gain control of target creature an opponent controls until end of turn. "
                       "Untap that creature. It gains haste until end of turn.", ("X",)).spell
    assert spell == (GainControlThisTurn("perm:Creature:opp", 0, 0, ("haste",)),)
    spell = parse_face("Gain control of target creature until end of turn. Untap that creature. "
                       "It gets +2/+0 and gains haste until end of turn.", ("X",)).spell
    assert spell == (GainControlThisTurn("perm:Creature", 2, 0, ("haste",)),)


def test_frost_breath_taps_two_that_stay_tapped_through_their_next_untap_step() -> None:
    assert parse_face("Tap up to two target creatures.", ("X",)).spell == (
        TapUpTo("perm:Creature", 2, False),)
    obs = play({"mana": "{2}{U}", "hand": [{"id": "fb", "card": "Frost Breath"}]},
               {"battlefield": [{"id": "a", "card": "Grizzly Bears"},
                                {"id": "b", "card": "Grizzly Bears"},
                                {"id": "c", "card": "Grizzly Bears"}]},
               [cast("fb", "a", "b"), RESOLVE, NEXT_TURN])
    tapped = {k: obs.state["objects"][k]["tapped"] for k in "abc"}
    assert tapped == {"a": True, "b": True, "c": False}


@pytest.mark.parametrize(("path", "mutant"), [
    ("roil-eruption/kicked-it-deals-its-kicked-damage-instead.yaml", "kicked_effect_adds"),
    ("act-of-treason/control-until-end-of-turn-ends-in-the-cleanup-step.yaml",
     "control_until_end_of_turn_kept"),
    ("master-of-pearls/turned-face-up-its-ability-triggers.yaml",
     "turned_face_up_triggers_ignored"),
    ("benalish-marshal/other-creatures-you-control-get-the-bonus-not-it.yaml",
     "sliver_affects_itself_always")])
def test_the_hand_written_cases_kill_the_mutants(path: str, mutant: str) -> None:
    case, = load_cases([CASES_DIR / path])
    assert execute_case(ReferenceEngine(), case, 10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, 10.0).status in ("fail", "error")


def test_small_templates_on_real_cards() -> None:
    """"you may gain N life" (it built "Gain N life." before), "Each opponent mills N cards.",
    "Look at target player's hand.", "target nongreen creature"."""
    from conformance.errors import EngineReportedError
    from conformance.reference.cards import load_cards

    assert "Grazing Gladehart" in load_cards()
    obs = play({"battlefield": [{"id": "crab", "card": "Ruin Crab"}],
                "hand": [{"id": "land", "card": "Island"}]},
               {"library": [{"id": f"o{i}", "card": "Island"} for i in range(4)]},
               [{"play_land": {"player": "p1", "object": "land"}}, RESOLVE])
    assert [obs.state["objects"][f"o{i}"]["zone"] for i in range(4)] == [
        "graveyard", "graveyard", "graveyard", "library"]
    rattle = {"mana": "{5}{B}", "hand": [{"id": "dr", "card": "Death Rattle"}]}
    obs = play(rattle, {"battlefield": [{"id": "ogre", "card": "Gray Ogre"}]},
               [cast("dr", "ogre"), RESOLVE])
    assert obs.state["objects"]["ogre"]["zone"] == "graveyard"
    with pytest.raises(EngineReportedError):
        play(rattle, {"battlefield": [{"id": "bears", "card": "Grizzly Bears"}]},
             [cast("dr", "bears")])
    obs = play({"mana": "{U}", "hand": [{"id": "gp", "card": "Gitaxian Probe"}],
                "library": [{"id": "l1", "card": "Island"}]}, {},
               [cast("gp", "p2"), RESOLVE])
    assert obs.state["objects"]["l1"]["zone"] == "hand"


def test_a_sentence_about_that_creature_acts_on_the_first_sentences_target() -> None:
    from conformance.reference.same_target import ThenSameTarget
    from conformance.reference.threaten import NoUntapNext

    spell = parse_face("Tap target creature. It doesn't untap during its controller's next untap "
                       "step.", ("X",)).spell
    assert isinstance(spell, tuple) and isinstance(spell[0], ThenSameTarget)
    assert spell[0].then == (NoUntapNext("perm:Creature"),)
    with pytest.raises(OracleTemplateError):  # two targets before "that creature": whose?
        parse_face("Tap target creature and target land. That creature can't block this turn.",
                   ("X",))
    p2 = {"battlefield": [{"id": "a", "card": "Grizzly Bears"}, {"id": "b", "card": "Grizzly Bears"}]}
    obs = play({"mana": "{1}{U}", "hand": [{"id": "t", "card": "Press for Answers"}]}, p2,
               [cast("t", "a"), RESOLVE, NEXT_TURN])
    assert (obs.state["objects"]["a"]["tapped"], obs.state["objects"]["b"]["tapped"]) == (
        True, False)


def test_wheels_life_per_creature_and_tap_all() -> None:
    lib = [{"id": f"l{i}", "card": "Island"} for i in range(8)]
    olib = [{"id": f"o{i}", "card": "Island"} for i in range(8)]
    obs = play({"mana": "{2}{U}", "hand": [{"id": "tw", "card": "Timetwister"},
                                            {"id": "h1", "card": "Grizzly Bears"}],
                "graveyard": [{"id": "g1", "card": "Craw Wurm"}], "library": lib},
               {"hand": [{"id": "h2", "card": "Grizzly Bears"}], "library": olib},
               [cast("tw"), RESOLVE])
    zones = {k: obs.state["objects"][k]["zone"] for k in ("h1", "g1", "h2", "tw")}
    assert zones == {"h1": "library", "g1": "library", "h2": "library", "tw": "graveyard"}
    hands = [sum(1 for o in obs.state["objects"].values() if o["zone"] == "hand"
                 and o["owner"] == p) for p in ("p1", "p2")]
    assert hands == [7, 7]
    obs = play({"mana": "{3}{W}", "hand": [{"id": "dc", "card": "Divine Congregation"}]},
               {"battlefield": [{"id": "a", "card": "Grizzly Bears"},
                                {"id": "b", "card": "Grizzly Bears"}]},
               [cast("dc", "p2"), RESOLVE])
    assert obs.state["players"]["p1"]["life"] == 24
    obs = play({"mana": "{5}{W}{W}", "hand": [{"id": "ig", "card": "Ivory Giant"}],
                "battlefield": [{"id": "w", "card": "Savannah Lions"}]},
               {"battlefield": [{"id": "g", "card": "Grizzly Bears"}]},
               [cast("ig"), RESOLVE, RESOLVE])
    assert (obs.state["objects"]["g"]["tapped"], obs.state["objects"]["w"]["tapped"]) == (
        True, False)


def test_turned_face_up_abilities_are_built_as_triggers() -> None:
    face = parse_face("When CARDNAME enters the battlefield or is turned face up, create three "
                      "1/1 red Goblin creature tokens.", ("X",))
    assert [t.event for t in face.triggered] == ["enters", "turned_face_up"]


@pytest.mark.parametrize(("line", "read"), [
    ("Creatures you control get +1/+1.", ("", 1, 1, (), True, True, False)),
    ("Other Elves you control get +1/+1.", ("Elf", 1, 1, (), True, False, True)),
    ("All Sliver creatures get +1/+1.", ("Sliver", 1, 1, (), False, True, False)),
    ("Other Giant creatures you control get +2/+2 and have trample.",
     ("Giant", 2, 2, ("trample",), True, True, True)),
])
def test_lords_are_static_abilities(line: str, read: tuple[Any, ...]) -> None:
    from conformance.reference.abilities import SubtypeLord

    assert parse_face(line, ("X",)).statics == (SubtypeLord(*read),)


def test_an_adjective_is_not_read_as_a_creature_type() -> None:
    with pytest.raises(OracleTemplateError):
        parse_face("Untapped creatures you control get +0/+2.", ("X",))


def test_destroy_all_nontoken_creatures_and_damage_to_each_attacking_creature() -> None:
    from conformance.reference.cards import load_cards

    cost = load_cards()["Hour of Reckoning"].faces[0].mana_cost
    assert cost == "{4}{W}{W}{W}"
    obs = play({"mana": cost, "hand": [{"id": "hr", "card": "Hour of Reckoning"}],
                "battlefield": [{"id": "tok", "card": "Soldier Token", "token": True}]},
               {"battlefield": [{"id": "bears", "card": "Grizzly Bears"}]},
               [cast("hr"), RESOLVE])
    assert obs.state["objects"]["bears"]["zone"] == "graveyard"
    assert obs.state["objects"]["tok"]["zone"] == "battlefield"
    assert parse_face("CARDNAME deals 1 damage to each attacking creature.", ("X",)).spell \
        == (CreaturesWith("attacking", 1),)
