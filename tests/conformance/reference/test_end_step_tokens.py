""""Create <tokens>. Sacrifice it / Exile them at the beginning of the next end step." (603.7:
a delayed trigger of the spell's controller; each token only if it is still that permanent)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle import parse_face
from conformance.reference.oracle_end_step import TokensUntilEndStep


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
