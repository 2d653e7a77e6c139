""""Exile target <kind> until CARDNAME leaves the battlefield" (610.3a, 610.3c, 111.8) on the
reference engine: Banishing Light's card returns when it leaves, a token does not, and nothing
is exiled once the source has left."""

from __future__ import annotations

from typing import Any

from engine_play import engine, obj

from conformance.reference import ReferenceEngine
from conformance.reference.cards import load_cards
from conformance.reference.exile_until_text import ExileUntilLeaves


def _light(target: dict[str, Any]) -> ReferenceEngine:
    """p1 casts Banishing Light, its enters trigger targets ``target`` (p2's)."""
    e = engine({"mana": "{2}{W}{U}{U}", "hand": [obj("bl", "Banishing Light"),
                                                 obj("boom", "Boomerang")]},
               {"battlefield": [target]})
    e.act({"cast": {"player": "p1", "object": "bl"}})
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "targets", "source": "bl", "targets": [target["id"]]}})
    return e


def test_the_template_reads_the_kind() -> None:
    (t,) = load_cards()["Banishing Light"].faces[0].text.triggered
    assert t.effects == (ExileUntilLeaves("perm:nonland:opp"),)
    (t,) = load_cards()["Seal Away"].faces[0].text.triggered
    assert t.effects == (ExileUntilLeaves("perm:Creature:tapped:opp"),)


def test_the_card_returns_under_its_owners_control_when_the_source_leaves() -> None:
    e = _light(obj("bears", "Grizzly Bears"))
    e.act({"resolve_top": {}})
    assert e.observe().state["objects"]["bears"]["zone"] == "exile"
    e.act({"cast": {"player": "p1", "object": "boom", "targets": ["bl"]}})
    e.act({"resolve_top": {}})
    bears = e.observe().state["objects"]["bears"]
    assert (bears["zone"], bears["controller"]) == ("battlefield", "p2")


def test_an_exiled_token_ceases_to_exist_and_does_not_return() -> None:
    e = _light(obj("tok", "Soldier Token", token=True))
    e.act({"resolve_top": {}})
    e.act({"cast": {"player": "p1", "object": "boom", "targets": ["bl"]}})
    e.act({"resolve_top": {}})
    assert "tok" not in e.observe().state["objects"]


def test_nothing_is_exiled_if_the_source_left_before_the_ability_resolved() -> None:
    e = _light(obj("bears", "Grizzly Bears"))
    e.act({"cast": {"player": "p1", "object": "boom", "targets": ["bl"]}})
    e.act({"resolve_top": {}})  # Boomerang: Banishing Light back to hand
    e.act({"resolve_top": {}})  # its trigger: the source is gone (610.3c)
    assert e.observe().state["objects"]["bears"]["zone"] == "battlefield"
