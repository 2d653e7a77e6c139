"""Templates added for the modal double-faced and foretell families' cards (issue 14), each on a
real card played by the reference engine: "If a creature / permanent dealt damage this way would
die this turn, exile it instead" (Spikefield Hazard, Crush the Weak), "Look at the top six cards
... an instant or sorcery card ..." (Silundi Vision), "You choose a card from it with mana value 3
or greater" (Pelakka Predation)."""

from __future__ import annotations

from engine_play import RESOLVE, cast, engine, obj

from conformance.reference import ReferenceEngine
from conformance.reference.cards import load_cards
from conformance.reference.chapter_abilities import LookRevealToHand, RevealChooseDiscard
from conformance.reference.oracle_exile_instead import DamageThenExileIfDies
from conformance.reference.oracle_sacrificed import DamageBySacrificedPower

SPIKEFIELD = "Spikefield Hazard // Spikefield Cave"
SILUNDI = "Silundi Vision // Silundi Isle"
PELAKKA = "Pelakka Predation // Pelakka Caverns"


def zones(e: ReferenceEngine) -> dict[str, str]:
    return {k: v["zone"] for k, v in e.observe().state["objects"].items()}


# --- "If a permanent dealt damage this way would die this turn, exile it instead" ---------------


def test_the_exile_instead_sentences_are_read() -> None:
    front = load_cards()[SPIKEFIELD].faces[0].text.spell
    assert isinstance(front, tuple) and isinstance(front[0], DamageThenExileIfDies)
    assert front[0].types == "" and len(front[0].slots) == 1
    crush = load_cards()["Crush the Weak"].faces[0].text.spell
    assert isinstance(crush, tuple) and isinstance(crush[0], DamageThenExileIfDies)
    assert crush[0].types == "Creature" and crush[0].slots == ()


def test_spikefield_hazard_exiles_the_creature_it_kills() -> None:
    e = engine({"mana": "{R}", "hand": [obj("sh", SPIKEFIELD)]},
               {"battlefield": [obj("elf", "Llanowar Elves")]})
    e.act(cast("sh", "elf", face=0))
    e.act(RESOLVE)
    assert zones(e)["elf"] == "exile"


def test_spikefield_hazard_marks_only_this_turn_and_what_it_damaged() -> None:
    """A creature dealt damage that survives is exiled if it dies later this turn (Shock)."""
    e = engine({"mana": "{R}{R}", "hand": [obj("sh", SPIKEFIELD), obj("shock", "Shock")]},
               {"battlefield": [obj("bears", "Grizzly Bears"), obj("other", "Grizzly Bears")]})
    e.act(cast("sh", "bears", face=0))
    e.act(RESOLVE)
    assert zones(e)["bears"] == "battlefield"
    e.act(cast("shock", "bears"))
    e.act(RESOLVE)
    assert zones(e)["bears"] == "exile"


def test_crush_the_weak_exiles_the_creatures_it_kills() -> None:
    e = engine({"mana": "{2}{R}", "hand": [obj("ctw", "Crush the Weak")],
                "battlefield": [obj("elf", "Llanowar Elves")]},
               {"battlefield": [obj("bears", "Grizzly Bears"), obj("giant", "Hill Giant")]})
    e.act(cast("ctw"))
    e.act(RESOLVE)
    z = zones(e)
    assert z["elf"] == z["bears"] == "exile" and z["giant"] == "battlefield"
    assert z["ctw"] == "graveyard"


# --- Silundi Vision, Pelakka Predation ------------------------------------------------------------


def test_silundi_vision_looks_at_six_for_an_instant_or_sorcery() -> None:
    front = load_cards()[SILUNDI].faces[0].text.spell
    assert front == (LookRevealToHand(6, "Instant|Sorcery"),)
    library = [obj("l1", "Island"), obj("l2", "Shock"), obj("l3", "Grizzly Bears"),
               obj("l4", "Island"), obj("l5", "Island"), obj("l6", "Divination"),
               obj("l7", "Lightning Bolt")]
    e = engine({"mana": "{2}{U}", "hand": [obj("sv", SILUNDI)], "library": library})
    e.act(cast("sv", face=0))
    e.act(RESOLVE)
    assert e._pending is not None and e._pending[1].detail["cards"] == ["l2", "l6"]
    e.act({"choose": {"choice": "cards", "cards": ["l6"]}})
    state = e.observe().state
    assert state["objects"]["l6"]["zone"] == "hand"
    assert state["objects"]["l7"]["zone"] == "library"


def test_pelakka_predation_discards_a_card_of_mana_value_three_or_greater() -> None:
    front = load_cards()[PELAKKA].faces[0].text.spell
    assert front == (RevealChooseDiscard((), min_mana_value=3),)
    e = engine({"mana": "{2}{B}{B}", "hand": [obj("pp", PELAKKA)]},
               {"hand": [obj("bolt", "Lightning Bolt"), obj("giant", "Hill Giant")]})
    e.act(cast("pp", "p2", face=0))
    e.act(RESOLVE)  # one card qualifies: no choice
    z = zones(e)
    assert z["giant"] == "graveyard" and z["bolt"] == "hand"


# --- "CARDNAME deals damage equal to the sacrificed creature's power to any target" -------------

KAZUUL = "Kazuul's Fury // Kazuul's Cliffs"


def test_kazuuls_fury_deals_the_sacrificed_creatures_last_known_power() -> None:
    """Hill Giant (3/3) given +3/+3 by Giant Growth: its power as it last existed, 6."""
    e = engine({"mana": "{G}{2}{R}", "hand": [obj("kf", KAZUUL), obj("gg", "Giant Growth")],
                "battlefield": [obj("giant", "Hill Giant")]})
    e.act(cast("gg", "giant"))
    e.act(RESOLVE)
    e.act(cast("kf", "p2", face=0, costs={"sacrifice": ["giant"]}))
    assert zones(e)["giant"] == "graveyard"
    e.act(RESOLVE)
    assert e.observe().state["players"]["p2"]["life"] == 14


def test_fling_needs_its_sacrifice_and_abilities_counting_it_are_refused() -> None:
    from conformance.reference.cards import refused_cards

    cards = load_cards()
    assert cards["Fling"].faces[0].text.spell == (DamageBySacrificedPower("any"),)
    assert "Bloodshot Cyclops" in refused_cards()  # an activated ability's sacrifice
