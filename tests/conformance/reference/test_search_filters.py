"""Library searches with the filters and destinations of oracle_library (701.19): "a Mercenary
permanent card with mana value N or less", "an Island or Swamp card", "a blue instant card",
"a creature card with power N or less", "a legendary card", and "then shuffle and put that card
on top"; the search offers exactly the cards the filter takes."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle_library import card_filter


def _offered(e: Any) -> list[str]:
    pending = e._pending
    assert pending is not None and pending[1].kind == "cards"
    return list(pending[1].detail["cards"])


def _activate(idx: int = 0) -> dict[str, Any]:
    return {"activate": {"player": "p1", "object": "src", "ability": idx}}


LIBRARY = [obj("brute", "Sell-Sword Brute"), obj("slaver", "Cateran Slaver"),
           obj("giant", "Hill Giant"), obj("bears", "Grizzly Bears"), obj("island", "Island"),
           obj("swamp", "Swamp"), obj("forest", "Forest"), obj("cancel", "Cancel"),
           obj("bolt", "Lightning Bolt"), obj("isamaru", "Isamaru, Hound of Konda")]


@pytest.mark.parametrize(("card", "mana", "offered"), [
    ("Cateran Brute", "{2}", ["brute"]),  # Mercenary permanent, mana value 2 or less
    ("Bad River", "", ["island", "swamp"]),  # an Island or Swamp card
    ("Captain Sisay", "", ["isamaru"]),  # a legendary card
])
def test_activated_searches_offer_what_the_filter_takes(card: str, mana: str,
                                                        offered: list[str]) -> None:
    e = engine({"mana": mana, "battlefield": [obj("src", card)], "library": LIBRARY})
    e.act(_activate())
    e.act({"resolve_top": {}})
    assert _offered(e) == offered
    e.act({"choose": {"choice": "cards", "cards": offered[:1]}})
    where = "hand" if card == "Captain Sisay" else "battlefield"
    assert e.observe().state["objects"][offered[0]]["zone"] == where


def test_a_blue_instant_and_a_creature_with_power_two_or_less() -> None:
    e = engine({"mana": "{1}{U}", "hand": [obj("ms", "Merchant Scroll")], "library": LIBRARY})
    e.act(cast("ms"))
    e.act(RESOLVE)
    assert _offered(e) == ["cancel"]
    e = engine({"mana": "{2}{R}", "hand": [obj("ir", "Imperial Recruiter")], "library": LIBRARY})
    e.act(cast("ir"))
    e.act({"resolve_top": {}})
    e.act({"resolve_top": {}})
    assert _offered(e) == ["brute", "bears", "isamaru"]  # not Cateran Slaver, not Hill Giant


def test_then_shuffle_and_put_that_card_on_top() -> None:
    e = engine({"mana": "{G}", "hand": [obj("wt", "Worldly Tutor")], "library": LIBRARY})
    e.act(cast("wt"))
    e.act(RESOLVE)
    e.act({"choose": {"choice": "cards", "cards": ["giant"]}})
    assert e.zones[("p1", "library")][0] == "giant"
    assert e.observe().state["objects"]["giant"]["zone"] == "library"


def test_filters_it_does_not_read() -> None:
    with pytest.raises(OracleTemplateError):
        card_filter("Island or nonbasic")
    with pytest.raises(OracleTemplateError):
        card_filter("creature", " with toughness 2 or less")


@pytest.mark.parametrize(("kicked", "n"), [(False, 1), (True, 2)])
def test_a_kicked_search_finds_two_cards_instead_of_one(kicked: bool, n: int) -> None:
    """Reclaim the Wastes: "If this spell was kicked, search your library for two basic land
    cards instead of one"."""
    mana = "{3}{G}" if kicked else "{G}"
    kw = {"costs": {"kicker": 1}} if kicked else {}
    e = engine({"mana": mana, "hand": [obj("rw", "Reclaim the Wastes")], "library": LIBRARY})
    e.act(cast("rw", **kw))
    e.act(RESOLVE)
    assert e._pending[1].detail["n"] == n
    e.act({"choose": {"choice": "cards", "cards": ["island", "swamp"][:n]}})
    assert [e.observe().state["objects"][c]["zone"] for c in ("island", "swamp")] == \
        ["hand", "hand" if kicked else "library"]
