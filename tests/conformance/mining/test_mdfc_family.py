"""The modal double-faced card families (rule 712): the reference engine builds both faces from
oracle text, casts or plays the face named by ``half``, keeps that face on the stack and the
battlefield and the front face elsewhere; each executable MDFC ruling mined for a card it builds
gives a case the reference engine passes and the family's mutant fails; the other rulings and
cards yield no case, with the reason."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.cases_io import case_from_mapping
from conformance.errors import EngineReportedError
from conformance.mining.corpus import RulingGroup
from conformance.mining.families import BY_ID
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.cards import load_cards
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case

LEGALITY = ("To determine whether it is legal to play a modal double-faced card, consider only "
            "the characteristics of the face you’re playing and ignore the other face’s "
            "characteristics.")
MANA_VALUE = ("The mana value of a modal double-faced card is based on the characteristics of "
              "the face that’s being considered. On the stack and battlefield, consider "
              "whichever face is up. In all other zones, consider only the front face. This is "
              "different than how the mana value of a transforming double-faced card is "
              "determined.")
CMC = MANA_VALUE.replace("mana value", "converted mana cost")
ENTERS = ("If an effect puts a double-faced card onto the battlefield, it enters with its front "
          "face up. If that front face can’t be put onto the battlefield, it doesn’t enter the "
          "battlefield.")
CLASSIFIED = {
    "mdfc-no-transform": "A modal double-faced card can’t be transformed or be put onto the "
    "battlefield transformed. Ignore any instruction to transform a modal double-faced card or "
    "to put one onto the battlefield transformed.",
    "mdfc-play-specific": "If an effect allows you to play a specific modal double-faced card, "
    "you may cast it as a spell or play it as a land, as determined by which face you choose "
    "to play.",
    "mdfc-play-group": "If an effect allows you to play a land or cast a spell from among a "
    "group of cards, you may play or cast a modal double-faced card with any face that fits "
    "the criteria of that effect.",
    "mdfc-card-name": "If an effect instructs a player to choose a card name, the name of "
    "either face may be chosen.",
    "mdfc-color-identity": "In the Commander variant, a double-faced card’s color identity is "
    "determined by the mana costs and mana symbols in the rules text of both faces combined.",
    "mdfc-frame-icons": "There is a single triangle icon in the top left corner of the front "
    "face. There is a double triangle icon in the top left corner of the back face.",
}
VASTWOOD = "Vastwood Fortification // Vastwood Thicket"
AKOUM = "Akoum Warrior // Akoum Teeth"
PATHWAY = "Barkchannel Pathway // Tidechannel Pathway"


def _mined(card: str, text: str) -> dict[str, Any]:
    r = mine([RulingGroup("g", card, "2020-09-25", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    assert data["provenance"]["rulings"]["en"] == text
    return data


@pytest.mark.parametrize("text, family, card", [
    (LEGALITY, "mdfc-legality", VASTWOOD), (LEGALITY, "mdfc-legality", AKOUM),
    (MANA_VALUE, "mdfc-mana-value", VASTWOOD), (CMC, "mdfc-mana-value", AKOUM),
    (ENTERS, "mdfc-enters-front-face", AKOUM), (ENTERS, "mdfc-enters-front-face", PATHWAY)])
def test_the_reference_passes_and_the_mutant_fails(text: str, family: str, card: str) -> None:
    data = _mined(card, text)
    assert data["provenance"]["source"] == f"mined:{family}"
    case = case_from_mapping(data)
    mutant = BY_ID[family].mutant
    assert mutant is not None
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
    assert execute_case(MUTANTS[mutant](), case, timeout=10.0).status != "pass"


def test_the_legality_case_also_casts_the_spell_face_and_kills_the_both_faces_mutant() -> None:
    data = _mined(VASTWOOD, LEGALITY)
    assert data["actions"][1] == {"cast": {"player": "p1", "object": "spell",
                                           "half": "Vastwood Fortification",
                                           "targets": ["bears2"]}}
    case = case_from_mapping(data)
    assert execute_case(MUTANTS["mdfc_legality_from_both_faces"](), case,
                        timeout=10.0).status != "pass"


def test_the_mana_value_case_observes_both_faces() -> None:
    objects = _mined(VASTWOOD, MANA_VALUE)["expect"]["state"]["objects"]
    assert objects["mdfc"] == {"zone": "battlefield", "name": "Vastwood Thicket",
                               "mana_value": 0}
    assert objects["grave"]["mana_value"] == objects["exiled"]["mana_value"] == 1


@pytest.mark.parametrize("text, card, reason", [
    (LEGALITY, PATHWAY, "front face is a land"),
    (MANA_VALUE, PATHWAY, "both faces have mana value 0"),
    (ENTERS, VASTWOOD, "front face is not a permanent"),
    (LEGALITY, "Hagra Mauling // Hagra Broodpit", "does not build the card"),
    (MANA_VALUE, "Grizzly Bears", "not a modal double-faced card"),
])
def test_no_case_when_no_engine_ignoring_the_ruling_would_fail(text: str, card: str,
                                                               reason: str) -> None:
    r = mine([RulingGroup("g", card, "2020-09-25", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert reason in (r.outcomes[0].reason or "")


@pytest.mark.parametrize("family, text", sorted(CLASSIFIED.items()))
def test_the_other_texts_are_classified(family: str, text: str) -> None:
    r = mine([RulingGroup("g", VASTWOOD, "2020-09-25", {"en": text})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE
    assert r.outcomes[0].family == family and "not executable" in (r.outcomes[0].reason or "")


def test_every_built_spell_land_card_gets_the_legality_case() -> None:
    cards = load_cards()
    built = [n for n in cards if cards[n].is_mdfc]
    assert len(built) >= 21
    spell_land = [n for n in built if "Land" not in cards[n].faces[0].types]
    groups = [RulingGroup(f"g{i}", n, "2020-09-25", {"en": LEGALITY})
              for i, n in enumerate(spell_land)]
    assert len(mine(groups).cases) == len(spell_land) >= 11


# --- the reference engine's modal double-faced cards ------------------------------------------

def _game(hand: list[str], battlefield: tuple[dict[str, Any], ...] = (), mana: str = "",
          step: str = "precombat_main") -> ReferenceEngine:
    e = ReferenceEngine()
    p1: dict[str, Any] = {"life": 20, "mana": mana, "battlefield": list(battlefield),
                          "hand": [{"id": f"h{i}", "card": c} for i, c in enumerate(hand)]}
    e.setup("t", {"active_player": "p1", "step": step, "turn": 3,
                  "players": {"p1": p1, "p2": {"life": 20}}})
    return e


def test_both_faces_are_built_with_power_toughness_on_the_creature_face_only() -> None:
    card = load_cards()[AKOUM]
    front, back = card.faces
    assert (front.name, front.power, front.toughness) == ("Akoum Warrior", 4, 5)
    assert (back.name, back.types, back.power, back.text.enters_tapped) == (
        "Akoum Teeth", ("Land",), None, True)


def test_in_a_hand_only_the_front_face_and_the_face_cast_on_the_stack() -> None:
    e = _game([AKOUM], mana="{C}{C}{C}{C}{C}{R}")
    assert e.observe().state["objects"]["h0"]["types"] == ["Creature"]
    e.act({"cast": {"player": "p1", "object": "h0"}})  # the one nonland face
    obs = e.observe()
    assert obs.state["objects"]["h0"]["name"] == "Akoum Warrior"
    assert [ev.get("half") for ev in obs.events if ev["type"] == "cast"] == ["Akoum Warrior"]


def test_a_land_face_is_played_not_cast_and_enters_by_its_own_text() -> None:
    e = _game([AKOUM])
    with pytest.raises(EngineReportedError):
        e.act({"cast": {"player": "p1", "object": "h0", "half": "Akoum Teeth"}})
    e.act({"play_land": {"player": "p1", "object": "h0"}})  # the one land face
    obj = e.observe().state["objects"]["h0"]
    assert (obj["name"], obj["tapped"], obj["mana_value"]) == ("Akoum Teeth", True, 0)


def test_two_land_faces_need_a_half() -> None:
    e = _game([PATHWAY])
    with pytest.raises(EngineReportedError):
        e.act({"play_land": {"player": "p1", "object": "h0"}})
    e.act({"play_land": {"player": "p1", "object": "h0", "half": "Tidechannel Pathway"}})
    assert e.observe().state["objects"]["h0"]["name"] == "Tidechannel Pathway"


def test_ondu_inversion_and_kabira_takedown_are_built_by_template() -> None:
    e = _game(["Kabira Takedown // Kabira Plateau", "Ondu Inversion // Ondu Skyruins"],
              battlefield=({"id": "b1", "card": "Grizzly Bears"},
                           {"id": "b2", "card": "Grizzly Bears"},
                           {"id": "w", "card": "Hill Giant"}, {"id": "l", "card": "Plains"}),
              mana="{W}{W}{W}{C}{C}{C}{C}{C}{C}{C}")
    e.act({"cast": {"player": "p1", "object": "h0", "targets": ["w"]}})
    e.act({"resolve_top": {}})
    # three creatures (the Hill Giant too): 3 damage kills the 3/3 (one land would deal 1)
    assert e.observe().state["objects"]["w"]["zone"] == "graveyard"
    e.act({"cast": {"player": "p1", "object": "h1"}})
    e.act({"resolve_top": {}})
    zones = {k: v["zone"] for k, v in e.observe().state["objects"].items()}
    assert zones == {"h0": "graveyard", "h1": "graveyard", "b1": "graveyard",
                     "b2": "graveyard", "w": "graveyard", "l": "battlefield"}


def test_setup_face_sets_the_face_up_of_a_permanent_only() -> None:
    e = _game([], battlefield=({"id": "p", "card": PATHWAY, "face": "Tidechannel Pathway"},))
    assert e.observe().state["objects"]["p"]["name"] == "Tidechannel Pathway"
    with pytest.raises(EngineReportedError):
        _game([], battlefield=({"id": "b", "card": "Grizzly Bears", "face": "Grizzly Bears"},))


def test_umara_wizard_gains_flying_for_an_instant_not_for_a_bear() -> None:
    umara = ({"id": "u", "card": "Umara Wizard // Umara Skyfalls"},)
    e = _game(["Grizzly Bears"], battlefield=umara, mana="{C}{G}")
    e.act({"cast": {"player": "p1", "object": "h0"}})
    assert len(e.observe().state["stack"]) == 1  # no trigger: not an instant, sorcery or Wizard
    e = _game([VASTWOOD], battlefield=umara, mana="{G}")
    e.act({"cast": {"player": "p1", "object": "h0", "targets": ["u"]}})
    e.act({"resolve_stack": {}})
    obj = e.observe().state["objects"]["u"]
    assert (obj["name"], obj["keywords"], obj["power"]) == ("Umara Wizard", ["flying"], 5)
