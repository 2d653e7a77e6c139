"""Cast triggers with a spell filter and a caster (601.2i, 603.2; cast_filters): they trigger
only for a spell of the filter cast by the player they name."""

from __future__ import annotations

from typing import Any

import pytest
from engine_play import RESOLVE, cast, engine, obj

from conformance.reference.cast_filters import cast_filter_line
from conformance.reference.effect_text import parse_effects
from conformance.reference.errors import OracleTemplateError
from conformance.reference.oracle import parse_face


def _triggered(e: Any) -> list[str]:
    return [ev["source"] for ev in e.observe().events if ev["type"] == "triggered"]


def test_a_creature_spell_triggers_and_an_instant_does_not() -> None:
    """Beast Whisperer draws for Grizzly Bears, not for Lightning Bolt; the trigger resolves
    first (above the Bears)."""
    e = engine({"mana": "{1}{G}{R}", "battlefield": [obj("bw", "Beast Whisperer")],
                "hand": [obj("bears", "Grizzly Bears"), obj("bolt", "Lightning Bolt")],
                "library": [obj("l1", "Island"), obj("l2", "Island")]})
    e.act(cast("bolt", "p2"))
    assert _triggered(e) == []
    e.act(RESOLVE)
    e.act(cast("bears"))
    assert _triggered(e) == ["bw"]
    e.act({"resolve_top": {}})
    st = e.observe().state
    assert st["objects"]["l1"]["zone"] == "hand" and st["objects"]["bears"]["zone"] == "stack"


def test_an_opponents_spell_triggers_an_opponent_casts_ability() -> None:
    """Arasta of the Endless Web makes a Spider when p2 casts Lightning Bolt, not when its
    controller does."""
    e = engine({"mana": "{R}", "battlefield": [obj("ar", "Arasta of the Endless Web")],
                "hand": [obj("bolt", "Lightning Bolt")]},
               {"mana": "{R}", "hand": [obj("bolt2", "Lightning Bolt")]})
    e.act(cast("bolt", "p2"))
    assert _triggered(e) == []
    e.act(RESOLVE)
    e.act({"pass_priority": {"player": "p1"}})
    e.act({"cast": {"player": "p2", "object": "bolt2", "targets": ["p1"]}})
    assert _triggered(e) == ["ar"]
    e.act(RESOLVE)
    spiders = [o for o in e.observe().state["objects"].values()
               if o.get("card") == "Spider Token"]
    assert len(spiders) == 1 and spiders[0]["controller"] == "p1"


@pytest.mark.parametrize(("name", "spell", "mana", "triggers"), [
    ("Jhoira, Weatherlight Captain", "Ornithopter", "", True),  # an artifact is historic
    ("Jhoira, Weatherlight Captain", "Grizzly Bears", "{1}{G}", False),
    ("Quirion Dryad", "Lightning Bolt", "{R}", True),  # "white, blue, black, or red"
    ("Quirion Dryad", "Giant Growth", "{G}", False),
    ("Rampaging Monument", "Watchwolf", "{G}{W}", True),  # multicolored
    ("Rampaging Monument", "Grizzly Bears", "{1}{G}", False),
])
def test_the_filter_decides(name: str, spell: str, mana: str, triggers: bool) -> None:
    e = engine({"mana": mana, "battlefield": [obj("src", name), obj("b2", "Grizzly Bears")],
                "hand": [obj("spell", spell)]}, {"battlefield": [obj("t", "Grizzly Bears")]})
    target = {"Lightning Bolt": ("p2",), "Giant Growth": ("b2",)}.get(spell, ())
    e.act(cast("spell", *target))
    assert _triggered(e) == (["src"] if triggers else [])


def test_forms_read_elsewhere_and_unknown_filters() -> None:
    """"Whenever you cast an instant or sorcery spell" keeps its own reading; "your second
    spell each turn" is not a filter, and an effect naming "that spell" is not understood."""
    face = parse_face("Whenever you cast an instant or sorcery spell, draw a card.", ("X",))
    assert face.triggered[0].event == "cast_instant_or_sorcery"
    assert cast_filter_line("Whenever you cast your second spell each turn, draw a card.",
                            parse_effects) is None
    with pytest.raises(OracleTemplateError):
        cast_filter_line("Whenever an opponent casts a spell, CARDNAME deals damage equal to "
                         "that spell's mana value to any target.", parse_effects)
