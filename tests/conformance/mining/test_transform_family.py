"""The transforming double-faced card, day/night and daybound families: each mined case passes
on the reference engine and fails on the family's mutant; and the reference engine's transform
rules (712, 701.28, 702.145) checked directly."""

from __future__ import annotations

from typing import Any

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import NOT_EXECUTABLE, mine
from conformance.reference import ReferenceEngine
from conformance.reference.cards import load_cards

MIDNIGHT = "2021-09-24"
NEON = "2022-02-18"
SOI = "2016-04-08"
DAY_TO_NIGHT = "If it is day, and the active player of the previous turn cast no spells " \
    "during their turn, it becomes night."
NIGHT_TO_DAY = "If it is night, and the active player of the previous turn cast two or more " \
    "spells during their turn, it becomes day."
TRANSFORMS = "Double-faced permanents with daybound transform to their nightbound faces as it " \
    "becomes night. Similarly, double-faced permanents with nightbound transform to their " \
    "daybound faces as it becomes day. This happens immediately and is not a state-based " \
    "action. It happens any time it becomes day or night, not just during the untap step."
CAST_AT_NIGHT = "If you cast a spell with daybound during night, that spell will be front face " \
    "up (that is, daybound face up) on the stack. However, it will enter the battlefield with " \
    "its back face up (that is, with its nightbound face up). It won't enter with its daybound " \
    "face up and then transform."
ENTERS_AT_NIGHT = "If it is night, permanents with daybound that enter the battlefield without " \
    "being cast will enter with their nightbound faces up."
SINGLE = "To trigger the Werewolf’s back face’s transform ability, a single player must have " \
    "cast two or more spells during the previous turn. If multiple players each cast just one " \
    "spell during the previous turn, the ability won’t trigger."
WHOLE_TURN = "The abilities that transform a Werewolf back and forth look at the entire " \
    "previous turn, even if the Werewolf with that ability wasn’t on the battlefield for some " \
    "or all of that turn."
MANA_VALUE = "The mana value of a transforming double-faced card is the mana value of its " \
    "front face, no matter which face is up."
FACE_UP = "Each face of a transforming double-faced card has its own set of characteristics: " \
    "name, types, subtypes, abilities, and so on. While a transforming double-faced permanent " \
    "is on the battlefield, consider only the characteristics of the face that's currently " \
    "up. The other set of characteristics is ignored."
ENTERS_FRONT = "A transforming double-faced card enters the battlefield with its front face up " \
    "by default, unless a spell or ability instructs you to put it onto the battlefield " \
    "transformed or you cast it transformed, in which case it enters with its back face up."
FIRST_TIME = "If a triggered ability triggers whenever day becomes night or night becomes day, " \
    "it only triggers if it was already either day/night and becomes the other. It does not " \
    "trigger when the game becomes day or night for the first time."
ELSEWHERE = "Each transforming double-faced card in this set is cast face up. In every zone " \
    "other than the battlefield, consider only the characteristics of its front face. If it " \
    "is on the battlefield, consider only the characteristics of the face that's up; the " \
    "other face's characteristics are ignored."
STOWAWAY = "Suspicious Stowaway // Seafaring Werewolf"
MOTHS = "Befriending the Moths // Imperial Moth"


@pytest.mark.parametrize(("text", "family", "card", "date"), [
    (DAY_TO_NIGHT, "daynight-day-to-night", STOWAWAY, MIDNIGHT),
    (NIGHT_TO_DAY, "daynight-night-to-day", "Bird Admirer // Wing Shredder", MIDNIGHT),
    (TRANSFORMS, "daybound-transforms", STOWAWAY, MIDNIGHT),
    (CAST_AT_NIGHT, "daybound-cast-at-night", "Fangblade Brigand // Fangblade Eviscerator",
     MIDNIGHT),
    (ENTERS_AT_NIGHT, "daybound-enters-at-night", STOWAWAY, MIDNIGHT),
    (SINGLE, "werewolf-single-player", "Convicted Killer // Branded Howler", SOI),
    (WHOLE_TURN, "werewolf-whole-turn", "Gatstaf Arsonists // Gatstaf Ravagers", SOI),
    (MANA_VALUE, "tdfc-mana-value", MOTHS, NEON),
    (FACE_UP, "tdfc-face-up", "Okiba Reckoner Raid // Nezumi Road Captain", NEON),
    (FIRST_TIME, "daynight-first-time", "Brimstone Vandal", MIDNIGHT),
    (DAY_TO_NIGHT, "daynight-day-to-night", "Sunrise Cavalier", MIDNIGHT),  # a one-face card
    (ELSEWHERE, "tdfc-front-face-elsewhere", "The Modern Age // Vector Glider", NEON),
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str, date: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, date), family)


def test_a_transforming_saga_enters_front_face_up_and_its_last_chapter_returns_it_back_face_up(
) -> None:
    r = mine([RulingGroup("g", MOTHS, NEON, {"en": ENTERS_FRONT})])
    assert sorted(k.rsplit("/", 1)[1] for k in r.cases) == [
        "mined-tdfc-enters-front-face", "mined-tdfc-enters-front-face-transformed"]
    front = next(v for k, v in r.cases.items() if k.endswith("front-face"))
    assert_kills_its_mutant(front, "tdfc-enters-front-face")
    back = next(v for k, v in r.cases.items() if k.endswith("transformed"))
    assert back["expect"]["state"]["objects"]["dfc"]["name"] == "Imperial Moth"


def test_no_werewolf_case_for_a_daybound_card() -> None:
    r = mine([RulingGroup("g", STOWAWAY, SOI, {"en": SINGLE})])
    assert not r.cases and r.outcomes[0].status == NOT_EXECUTABLE


def _game(setup: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    eng = ReferenceEngine()
    eng.setup("unit", setup)
    for a in actions:
        eng.act(a)
    return eng.observe().state


def _setup(battlefield: list[dict[str, Any]], day_night: str | None = None) -> dict[str, Any]:
    setup: dict[str, Any] = {"turn": 3, "active_player": "p1", "step": "precombat_main",
                             "players": {"p1": {"life": 20, "battlefield": battlefield,
                                                "library": [{"id": "l1", "card": "Island"}]},
                                         "p2": {"life": 20,
                                                "library": [{"id": "l2", "card": "Island"}]}}}
    if day_night:
        setup["day_night"] = day_night
    return setup


def test_transforming_cards_are_built_with_both_faces() -> None:
    card = load_cards()[STOWAWAY]
    assert card.is_tdfc and [f.name for f in card.faces] == ["Suspicious Stowaway",
                                                             "Seafaring Werewolf"]
    assert "daybound" in card.faces[0].text.keywords
    assert "nightbound" in card.faces[1].text.keywords


def test_a_back_face_up_permanent_has_its_face_and_its_front_face_mana_value() -> None:
    state = _game(_setup([{"id": "w", "card": STOWAWAY, "face": "Seafaring Werewolf"}],
                         "night"), [])
    obj = state["objects"]["w"]
    assert (obj["name"], obj["mana_value"], obj["colors"]) == ("Seafaring Werewolf", 2, ["U"])


def test_a_daybound_permanent_makes_it_day_when_it_is_neither() -> None:
    setup = _setup([])
    setup["players"]["p1"]["graveyard"] = [{"id": "w", "card": STOWAWAY}]
    setup["players"]["p1"]["hand"] = [{"id": "aid", "card": "Obzedat's Aid"}]
    setup["players"]["p1"]["mana"] = "{3}{W}{B}"
    state = _game(setup, [{"cast": {"player": "p1", "object": "aid", "targets": ["w"]}},
                          {"resolve_top": {}}])
    assert state["day_night"] == "day"
    assert state["objects"]["w"]["name"] == "Suspicious Stowaway"


def test_a_werewolf_transforms_after_a_turn_without_spells() -> None:
    state = _game(_setup([{"id": "w", "card": "Gatstaf Arsonists // Gatstaf Ravagers"}]),
                  [{"advance": {"to": "upkeep", "next_turn": True}}, {"resolve_stack": {}}])
    assert state["objects"]["w"]["name"] == "Gatstaf Ravagers"


def test_each_player_gains_control_of_the_permanents_they_own() -> None:
    """The Fall of Lord Konda's chapter II: a Grizzly Bears p2 owns and p1 controls goes back to
    p2 (a control-changing effect, layer 2)."""
    setup = _setup([{"id": "saga", "card": "The Fall of Lord Konda // Fragment of Konda",
                     "counters": {"lore": 1}},
                    {"id": "bear", "card": "Grizzly Bears", "owner": "p2"}])
    state = _game(setup, [{"add_counters": {"object": "saga", "counter": "lore", "n": 1}},
                          {"resolve_top": {}}])
    assert state["objects"]["bear"]["controller"] == "p2"
    assert state["objects"]["saga"]["name"] == "The Fall of Lord Konda"
