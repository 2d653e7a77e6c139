"""Templates added for the kicker and foretell families' cards (issue 14), each on a real card
played by the reference engine: keyword lords of the creatures with a +1/+1 counter (Gnarlid
Colony), "If this spell was kicked, that creature also gains ..." (Shell Shield), "Each player
sacrifices two creatures" (Tergrid's Shadow), "If this spell was foretold, <effect>" (Poison the
Cup)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.reference.abilities import SubtypeLord
from conformance.reference.cards import load_cards
from conformance.reference.oracle_foretold import IfForetold
from conformance.reference.oracle_kicked import KickedInstead
from conformance.reference.oracle_lords import lord_line
from conformance.reference.same_target import ThenSameTarget

# --- "Each creature you control with a +1/+1 counter on it has <keyword>" ----------------------


@pytest.mark.parametrize(("line", "keywords", "other"), [
    ("Each creature you control with a +1/+1 counter on it has trample.", ("trample",), False),
    ("Creatures you control with +1/+1 counters on them have flying.", ("flying",), False),
    ("Each other creature you control with a +1/+1 counter on it has menace.", ("menace",),
     True),
])
def test_counter_lord_lines(line: str, keywords: tuple[str, ...], other: bool) -> None:
    lord = lord_line(line)
    assert lord == SubtypeLord("", 0, 0, keywords, yours=True, creatures_only=True, other=other,
                               with_counter="+1/+1")


def test_gnarlid_colony_grants_trample_to_the_creatures_with_a_counter_only() -> None:
    e = engine({"mana": "{1}{G}{2}{G}", "hand": [obj("gc", "Gnarlid Colony")],
                "battlefield": [obj("a", "Grizzly Bears"), obj("b", "Grizzly Bears")]},
               {"battlefield": [obj("c", "Grizzly Bears", counters={"+1/+1": 1})]})
    e.act(cast("gc", costs={"kicker": 1}))
    e.act(RESOLVE)
    objects = e.observe().state["objects"]
    assert objects["gc"]["counters"] == {"+1/+1": 2} and "trample" in objects["gc"]["keywords"]
    assert "trample" not in objects["a"]["keywords"]
    assert "trample" not in objects["c"]["keywords"]  # p2's: not a creature "you control"
    e.act({"add_counters": {"object": "a", "counter": "+1/+1", "n": 1}})
    objects = e.observe().state["objects"]
    assert "trample" in objects["a"]["keywords"] and "trample" not in objects["b"]["keywords"]


def test_gnarlid_colony_unkicked_has_no_counter_and_no_trample() -> None:
    e = engine({"mana": "{1}{G}", "hand": [obj("gc", "Gnarlid Colony")]})
    e.act(cast("gc"))
    e.act(RESOLVE)
    assert "trample" not in e.observe().state["objects"]["gc"]["keywords"]


# --- "If this spell was kicked, that creature also gains <keyword> until end of turn" ----------


def test_shell_shield_reads_its_kicked_sentence_on_the_same_target() -> None:
    spell = load_cards()["Shell Shield"].faces[0].text.spell
    assert isinstance(spell, tuple) and len(spell) == 1
    eff = spell[0]
    assert isinstance(eff, ThenSameTarget) and eff.if_kicked
    assert [len(e.slots) for e in eff.then] == [1] and len(eff.slots) == 1


@pytest.mark.parametrize(("kicked", "mana", "hexproof"), [(False, "{U}", False),
                                                          (True, "{U}{1}", True)])
def test_shell_shield_gives_hexproof_only_when_kicked(kicked: bool, mana: str,
                                                      hexproof: bool) -> None:
    e = engine({"mana": mana, "hand": [obj("ss", "Shell Shield")],
                "battlefield": [obj("a", "Grizzly Bears")]})
    e.act(cast("ss", "a", **({"costs": {"kicker": 1}} if kicked else {})))
    e.act(RESOLVE)
    bears = e.observe().state["objects"]["a"]
    assert bears["toughness"] == 5
    assert ("hexproof" in bears["keywords"]) is hexproof


# --- "Each player sacrifices two creatures" ------------------------------------------------------


def test_tergrids_shadow_each_player_sacrifices_two_creatures() -> None:
    e = engine({"mana": "{3}{B}{B}", "hand": [obj("ts", "Tergrid's Shadow")],
                "battlefield": [obj("a", "Grizzly Bears"), obj("b", "Hill Giant")]},
               {"battlefield": [obj("c", "Grizzly Bears"), obj("d", "Grizzly Bears"),
                                obj("e", "Hill Giant")]})
    e.act(cast("ts"))
    e.act(RESOLVE)  # p1 has two creatures: both go; p2 chooses two of three
    e.act({"choose": {"choice": "cards", "cards": ["c", "e"]}})
    zones = {k: v["zone"] for k, v in e.observe().state["objects"].items()}
    assert zones["a"] == zones["b"] == zones["c"] == zones["e"] == "graveyard"
    assert zones["d"] == "battlefield"


# --- "If this spell was foretold, <effect>" ----------------------------------------------------


def test_poison_the_cup_reads_its_foretold_sentence() -> None:
    spell = load_cards()["Poison the Cup"].faces[0].text.spell
    assert isinstance(spell, tuple) and isinstance(spell[1], IfForetold)


def _library(n: int) -> list[dict[str, Any]]:
    return [obj(f"l{i}", "Island") for i in range(1, n + 1)]


def test_poison_the_cup_cast_for_its_mana_cost_does_not_scry() -> None:
    e = engine({"mana": "{1}{B}{B}", "hand": [obj("pc", "Poison the Cup")],
                "library": _library(3)},
               {"battlefield": [obj("bears", "Grizzly Bears")]})
    e.act(cast("pc", "bears"))
    e.act(RESOLVE)
    assert e._pending is None
    assert e.observe().state["objects"]["bears"]["zone"] == "graveyard"


def test_poison_the_cup_foretold_scries_two() -> None:
    e = engine({"mana": "{2}", "hand": [obj("pc", "Poison the Cup")], "library": _library(3),
                "battlefield": [obj("s1", "Swamp"), obj("s2", "Swamp")]},
               {"battlefield": [obj("bears", "Grizzly Bears")]})
    e.act({"foretell": {"player": "p1", "object": "pc"}})
    e.act({"advance": {"to": "precombat_main", "next_turn": True}})
    e.act({"pass_priority": {"player": "p2"}})
    for land in ("s1", "s2"):
        e.act({"activate": {"player": "p1", "object": land, "ability": 0}})
    e.act(cast("pc", "bears", costs={"alternative": "foretell"}))
    e.act(RESOLVE)
    assert e._pending is not None and e._pending[1].detail["purpose"] == "scry"
    assert e._pending[1].detail["cards"] == ["l1", "l2"]


# --- "If this spell was kicked, instead <effect>"; "mills half their library, rounded up" -------


@pytest.mark.parametrize(("kicked", "mana", "milled"), [(False, "{1}{U}", 8),
                                                        (True, "{1}{U}{3}{U}", 10)])
def test_maddening_cacophony_mills_half_the_library_instead_when_kicked(
        kicked: bool, mana: str, milled: int) -> None:
    spell = load_cards()["Maddening Cacophony"].faces[0].text.spell
    assert isinstance(spell, tuple) and isinstance(spell[0], KickedInstead)
    library = [obj(f"l{i}", "Island") for i in range(1, 20)]  # 19 cards: half rounded up is 10
    e = engine({"mana": mana, "hand": [obj("mc", "Maddening Cacophony")]},
               {"library": library})
    e.act(cast("mc", **({"costs": {"kicker": 1}} if kicked else {})))
    e.act(RESOLVE)
    objects = e.observe().state["objects"]
    assert sum(objects[f"l{i}"]["zone"] == "graveyard" for i in range(1, 20)) == milled
