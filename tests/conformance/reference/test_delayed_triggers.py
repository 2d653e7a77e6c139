"""Delayed triggers a resolving spell creates (603.7): "Create <tokens>. Sacrifice it / Exile
them at the beginning of the next end step." (each token only if it is still that permanent) and
"Whenever a creature or enchantment enters the battlefield under your control this turn, ..."."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle import parse_face
from conformance.reference.oracle_delayed import TokensUntilEndStep


def _tokens(e: Any) -> dict[str, str]:
    return {k: v["zone"] for k, v in e.observe().state["objects"].items() if v["token"]}


def test_the_template_refers_to_the_tokens_created() -> None:
    (eff,) = parse_face("Create two 1/1 red Elemental creature tokens with haste. Exile them at "
                        "the beginning of the next end step.", ("X",)).spell  # type: ignore[misc]
    assert isinstance(eff, TokensUntilEndStep) and eff.action == "exile"
    assert eff.create.count == 2
    with pytest.raises(OracleTemplateError):  # "it" after two tokens: not these tokens
        parse_face("Create two 1/1 red Elemental creature tokens. Exile it at the beginning of "
                   "the next end step.", ("X",))


def test_hungry_for_mores_vampire_is_sacrificed_at_the_next_end_step() -> None:
    e = engine({"mana": "{B}{R}", "hand": [obj("hfm", "Hungry for More")]})
    for a in (cast("hfm"), RESOLVE):
        e.act(a)
    (token,) = _tokens(e)
    assert _tokens(e) == {token: "battlefield"}
    e.act({"advance": {"to": "end"}})
    events = e.observe().events
    assert [ev["ability"] for ev in events if ev["type"] == "triggered"] == ["end_step_sacrifice"]
    e.act(RESOLVE)
    assert _tokens(e).get(token) != "battlefield"
    assert any(ev["type"] == "sacrificed" and ev["object"] == token
               for ev in e.observe().events)


def test_a_token_that_left_is_not_sacrificed_again() -> None:
    """The Vampire died before the end step: the delayed trigger does nothing to it."""
    e = engine({"mana": "{B}{R}{R}", "hand": [obj("hfm", "Hungry for More"),
                                              obj("bolt", "Lightning Bolt")]})
    for a in (cast("hfm"), RESOLVE):
        e.act(a)
    (token,) = _tokens(e)
    for a in (cast("bolt", token), RESOLVE, {"advance": {"to": "end"}}, RESOLVE):
        e.act(a)
    assert not [ev for ev in e.observe().events if ev["type"] == "sacrificed"]


def test_rite_of_harmony_draws_for_each_creature_or_enchantment_entering_this_turn() -> None:
    """"Whenever a creature or enchantment enters the battlefield under your control this
    turn, draw a card." (a turn trigger of chapter_rules, 603.7b): Grizzly Bears entering draws
    a card, an Island does not."""
    library = [obj(f"lib{i}", "Island") for i in (1, 2, 3)]
    e = engine({"mana": "{G}{W}{G}{C}", "library": library,
                "hand": [obj("rite", "Rite of Harmony"), obj("bears", "Grizzly Bears"),
                         obj("isl", "Island")]})
    for a in (cast("rite"), RESOLVE, cast("bears"), RESOLVE,
              {"play_land": {"player": "p1", "object": "isl"}}, RESOLVE):
        e.act(a)
    hand = [k for k, v in e.observe().state["objects"].items() if v["zone"] == "hand"]
    assert hand == ["lib1"]
    triggered = [ev for ev in e.observe().events if ev["type"] == "triggered"]
    assert [(ev["source"], ev["ability"]) for ev in triggered] == [("rite", "delayed")]
