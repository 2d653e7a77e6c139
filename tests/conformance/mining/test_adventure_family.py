"""The adventurer card families (rule 716): the reference engine builds both halves from oracle
text, casts the card as its Adventure (``half``) or normally, exiles an Adventure spell that
resolves and lets its controller cast the card from exile as the creature; each executable
ruling mined for a card it builds gives cases the reference engine passes and the family's
mutant fails; the other rulings and cards yield no case, with the reason."""

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

EXILED = ("If a spell is cast as an Adventure, its controller exiles it instead of putting it "
          "into its owner’s graveyard as it resolves. For as long as it remains exiled, that "
          "player may cast it as a creature spell. If an Adventure spell leaves the stack in any "
          "way other than resolving (most likely by being countered or by failing to resolve "
          "because its targets have all become illegal), that card won’t be exiled and the "
          "spell’s controller won’t be able to cast it as a creature later.")
OTHER = ("If an adventurer card ends up in exile for any other reason than by exiling itself "
         "while resolving, it won’t give you permission to cast it as a creature spell.")
CHARS = ("When casting a spell as an Adventure, use the alternative characteristics and ignore "
         "all of the card’s normal characteristics. The spell’s color, mana cost, mana value, "
         "and so on are determined by only those alternative characteristics. If the spell "
         "leaves the stack, it immediately resumes using its normal characteristics.")
NORMAL = ("An adventurer card is a creature card in every zone except the stack, as well as "
          "while on the stack if not cast as an Adventure. Ignore its alternative "
          "characteristics in those cases. For example, while it’s in your graveyard, Giant "
          "Killer is a white creature card whose mana value is 1. It can’t be the target of the "
          "triggered ability of Mystic Sanctuary.")
LEGALITY = ("If you cast an adventurer card as an Adventure, use only its alternative "
            "characteristics to determine whether it’s legal to cast that spell. For example, "
            "if Giant Killer is exiled with the last ability of Vivien, Champion of the Wilds, "
            "you can’t cast it as Chop Down.")
COPY = ("If an effect copies an Adventure spell, that copy is exiled as it resolves. It ceases "
        "to exist as a state-based action; it’s not possible to cast the copy as a creature.")
TIMING = ("You must still follow any timing restrictions and permissions for the creature spell "
          "you cast from exile. Normally, you’ll be able to cast it only during your main phase "
          "while the stack is empty.")
CLASSIFIED = {
    "adventure-not-alternative-cost": "Casting a card as an Adventure isn’t casting it for an "
    "alternative cost. Effects that allow you to cast a spell for an alternative cost or "
    "without paying its mana cost may allow you to apply those to the Adventure.",
    "adventure-card-name": "If an effect instructs you to choose a card name, you may choose "
    "the alternative Adventure name. Consider only the alternative characteristics to "
    "determine whether that is an appropriate name to choose.",
    "adventure-copy-object": "If an object becomes a copy of an object that has an Adventure, "
    "the copy also has an Adventure. If it changes zones, it will either cease to exist (if "
    "it’s a token) or cease to be a copy (if it’s a nontoken permanent), and so you won’t be "
    "able to cast it as an Adventure.",
}
GIANT_KILLER = "Giant Killer // Chop Down"
CURIOUS_PAIR = "Curious Pair // Treats to Share"
SECRETKEEPER = "Merfolk Secretkeeper // Venture Deeper"
RANGER = "Oakhame Ranger // Bring Back"
BORROWER = "Brazen Borrower // Petty Theft"
SPRITE = "Hypnotic Sprite // Mesmeric Glare"
BONECRUSHER = "Bonecrusher Giant // Stomp"


def _mined(card: str, text: str) -> list[dict[str, Any]]:
    r = mine([RulingGroup("g", card, "2019-10-04", {"en": text})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    for data in r.cases.values():
        assert data["provenance"]["rulings"]["en"] == text
    return list(r.cases.values())


def _status(engine: Any, data: dict[str, Any]) -> str:
    return execute_case(engine, case_from_mapping(data), timeout=10.0).status


@pytest.mark.parametrize("text, family, card", [
    (EXILED, "adventure-exiled", GIANT_KILLER), (EXILED, "adventure-exiled", RANGER),
    (EXILED, "adventure-exiled", SPRITE), (TIMING, "adventure-exile-timing", SPRITE),
    (OTHER, "adventure-exile-other-reason", CURIOUS_PAIR),
    (CHARS, "adventure-characteristics", SECRETKEEPER),
    (NORMAL, "adventure-normal-characteristics", GIANT_KILLER),
    (LEGALITY, "adventure-cast-legality", GIANT_KILLER),
    (COPY, "adventure-copy", CURIOUS_PAIR), (COPY, "adventure-copy", SECRETKEEPER),
    (TIMING, "adventure-exile-timing", GIANT_KILLER)])
def test_the_reference_passes_and_the_mutant_fails(text: str, family: str, card: str) -> None:
    cases = _mined(card, text)
    mutant = BY_ID[family].mutant
    assert mutant is not None
    assert all(d["provenance"]["source"] == f"mined:{family}" for d in cases)
    assert all(_status(ReferenceEngine(), d) == "pass" for d in cases)
    assert any(_status(MUTANTS[mutant](), d) != "pass" for d in cases)


def test_the_exiled_cases_kill_the_other_exile_mutants() -> None:
    first, countered = _mined(GIANT_KILLER, EXILED)
    assert first["actions"][0]["cast"]["half"] == "Chop Down"
    assert _status(MUTANTS["adventure_not_cast_from_exile"](), first) != "pass"
    assert _status(MUTANTS["adventure_exiled_when_countered"](), countered) != "pass"
    assert countered["expect"]["state"]["zones"]["adv"] == "graveyard"


@pytest.mark.parametrize("family, text", sorted(CLASSIFIED.items()))
def test_the_other_texts_are_classified(family: str, text: str) -> None:
    r = mine([RulingGroup("g", GIANT_KILLER, "2019-10-04", {"en": text})])
    assert [(o.family, o.status) for o in r.outcomes] == [(family, NOT_EXECUTABLE)]


@pytest.mark.parametrize("text, card, reason", [
    (LEGALITY, CURIOUS_PAIR, "sorcery"), (LEGALITY, BORROWER, "flash"),
    (COPY, GIANT_KILLER, "illegal"), (EXILED, BONECRUSHER, "does not build"),
    (TIMING, BORROWER, "flash")])
def test_not_executable_with_the_reason(text: str, card: str, reason: str) -> None:
    r = mine([RulingGroup("g", card, "2019-10-04", {"en": text})])
    assert r.outcomes[0].status == NOT_EXECUTABLE and reason in r.outcomes[0].reason


def _engine_on_adventure(card: str, mana: str) -> ReferenceEngine:
    from conformance.mining.build import game, player

    engine = ReferenceEngine()
    engine.setup("t", game(player(mana=mana, hand=[{"id": "adv", "card": card},
                                                   {"id": "bolt", "card": "Lightning Bolt"}],
                                  battlefield=[{"id": "bears", "card": "Grizzly Bears"}]),
                           player()))
    return engine


def test_mesmeric_glare_counters_a_spell_with_mana_value_3_or_less() -> None:
    glare = load_cards()[SPRITE].faces[1]
    assert [s.kind for e in glare.text.spell or () for s in e.slots] == ["spell:any:mv<=3"]


def test_the_engine_builds_both_halves() -> None:
    card = load_cards()[GIANT_KILLER]
    assert card.is_adventure and [f.name for f in card.faces] == ["Giant Killer", "Chop Down"]
    assert (card.faces[0].power, card.faces[1].power) == (1, None)
    assert card.faces[1].subtypes == ("Adventure",)


def test_an_adventure_whose_target_is_gone_goes_to_the_graveyard_and_stays_uncastable() -> None:
    engine = _engine_on_adventure("Rimrock Knight // Boulder Rush", "{R}{R}{R}{C}")
    engine.act({"cast": {"player": "p1", "object": "adv", "half": "Boulder Rush",
                         "targets": ["bears"]}})
    engine.act({"cast": {"player": "p1", "object": "bolt", "targets": ["bears"]}})
    engine.act({"resolve_top": {}})  # the Bolt: the target dies
    engine.act({"resolve_top": {}})  # Boulder Rush doesn't resolve (608.2b)
    assert engine.objects["bears"].zone == "graveyard"
    assert engine.objects["adv"].zone == "graveyard"
    with pytest.raises(EngineReportedError):
        engine.act({"cast": {"player": "p1", "object": "adv"}})


def test_an_adventure_is_not_cast_from_exile_as_an_adventure_again() -> None:
    engine = _engine_on_adventure(CURIOUS_PAIR, "{G}{G}{G}{C}")
    engine.act({"cast": {"player": "p1", "object": "adv", "half": "Treats to Share"}})
    engine.act({"resolve_top": {}})
    assert engine.objects["adv"].zone == "exile"
    with pytest.raises(EngineReportedError):
        engine.act({"cast": {"player": "p1", "object": "adv", "half": "Treats to Share"}})
    engine.act({"cast": {"player": "p1", "object": "adv"}})
    assert engine.chars(engine.objects["adv"]).name == "Curious Pair"


def test_curry_favor_counts_the_knights_its_caster_controls() -> None:
    from conformance.mining.build import game, player

    engine = ReferenceEngine()
    swordmaster = "Smitten Swordmaster // Curry Favor"
    engine.setup("t", game(player(mana="{B}", hand=[{"id": "adv", "card": swordmaster}],
                                  battlefield=[{"id": "knight", "card": swordmaster}]),
                           player(battlefield=[{"id": "theirs", "card": swordmaster}])))
    engine.act({"cast": {"player": "p1", "object": "adv", "half": "Curry Favor"}})
    engine.act({"resolve_top": {}})
    assert (engine.players["p1"].life, engine.players["p2"].life) == (21, 19)
    assert engine.objects["adv"].zone == "exile"


def test_cast_off_destroys_all_creatures_but_giants() -> None:
    from conformance.mining.build import game, player

    engine = ReferenceEngine()
    giant = "Realm-Cloaked Giant // Cast Off"
    engine.setup("t", game(player(mana="{W}{W}{C}{C}{C}", hand=[{"id": "adv", "card": giant}],
                                  battlefield=[{"id": "giant", "card": giant}]),
                           player(battlefield=[{"id": "bears", "card": "Grizzly Bears"},
                                               {"id": "hill", "card": "Hill Giant"}])))
    engine.act({"cast": {"player": "p1", "object": "adv", "half": "Cast Off"}})
    engine.act({"resolve_top": {}})
    zones = {k: engine.objects[k].zone for k in ("giant", "bears", "hill", "adv")}
    assert zones == {"giant": "battlefield", "bears": "graveyard", "hill": "battlefield",
                     "adv": "exile"}
