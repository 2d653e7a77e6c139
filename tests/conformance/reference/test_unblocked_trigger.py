""""Whenever CARDNAME attacks and isn't blocked" (509.1i) and the "defending player" effects
(506.2) of :mod:`conformance.reference.defending_player`, played on the reference engine."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import EngineReportedError
from conformance.reference import ReferenceEngine
from conformance.reference.cards import load_cards
from conformance.reference.defending_player import (
    DefendingDiscards,
    DefendingLosesPerGraveyardCard,
    DefendingPoison,
)

ISLANDS = [{"id": f"c{i}", "card": "Island"} for i in range(3)]


def _combat(card: str, p2: dict[str, Any] | None = None, *, attacking: bool = False
            ) -> ReferenceEngine:
    att: dict[str, Any] = {"id": "att", "card": card}
    if attacking:
        att["attacking"] = "p2"
    e = ReferenceEngine()
    e.setup("unit", {"active_player": "p1", "step": "declare_attackers", "turn": 3,
                     "players": {"p1": {"battlefield": [att]}, "p2": p2 or {}}})
    return e


def _stack(e: ReferenceEngine) -> list[Any]:
    return list(e.observe().state["stack"])


@pytest.mark.parametrize(("card", "effect"), [
    ("Crypt Cobra", DefendingPoison(1)), ("Swamp Mosquito", DefendingPoison(1)),
    ("Abyssal Nightstalker", DefendingDiscards(1)),
    ("Guiltfeeder", DefendingLosesPerGraveyardCard(1)),
])
def test_the_trigger_and_its_effect_are_read(card: str, effect: Any) -> None:
    (t,) = load_cards()[card].faces[0].text.triggered
    assert (t.event, t.effects) == ("attacks_unblocked", (effect,))


def test_it_triggers_as_blockers_are_declared_not_as_attackers_are() -> None:
    e = _combat("Crypt Cobra")
    e.act({"declare_attackers": {"player": "p1", "attackers": {"att": "p2"}}})
    assert _stack(e) == []
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {}}})
    assert len(_stack(e)) == 1
    e.act({"resolve_top": {}})
    assert e.observe().state["players"]["p2"]["poison"] == 1


def test_a_blocked_attacker_does_not_trigger_it() -> None:
    e = _combat("Crypt Cobra", {"battlefield": [{"id": "blk", "card": "Grizzly Bears"}]})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"att": "p2"}}})
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {"blk": "att"}}})
    assert _stack(e) == []


def test_a_creature_attacking_without_being_declared_triggers_it() -> None:
    e = _combat("Guiltfeeder", {"graveyard": ISLANDS}, attacking=True)
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {}}})
    e.act({"resolve_top": {}})
    assert e.observe().state["players"]["p2"]["life"] == 17


def test_the_defending_player_chooses_the_card_to_discard() -> None:
    e = _combat("Abyssal Nightstalker", {"hand": ISLANDS[:2]}, attacking=True)
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {}}})
    e.act({"resolve_top": {}})
    with pytest.raises(EngineReportedError, match="'cards' choice"):  # p2 chooses the card
        e.observe()
    e = _combat("Abyssal Nightstalker", {"hand": ISLANDS[:2]}, attacking=True)
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {}}})
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "cards", "player": "p2", "cards": ["c1"]}})
    objs = e.observe().state["objects"]
    assert (objs["c0"]["zone"], objs["c1"]["zone"]) == ("hand", "graveyard")


@pytest.mark.parametrize(("accept", "zone", "hand"), [(True, "graveyard", 0),
                                                      (False, "battlefield", 3)])
def test_you_may_sacrifice_it_if_you_do(accept: bool, zone: str, hand: int) -> None:
    """Mindstab Thrull: "You may sacrifice it. If you do, defending player discards three
    cards.": declined, nothing happens."""
    e = _combat("Mindstab Thrull", {"hand": ISLANDS}, attacking=True)
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {}}})
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "may", "source": "att", "accept": accept}})
    state = e.observe().state
    assert state["objects"]["att"]["zone"] == zone
    assert sum(1 for o in state["objects"].values()
               if o["zone"] == "hand" and o["owner"] == "p2") == hand


def test_if_you_do_effects_with_targets_are_refused() -> None:
    """Goblin Grenadiers' "If you do, destroy target creature and target land.": its targets
    would be the ability's, which the template does not model."""
    assert "Goblin Grenadiers" not in load_cards()


def _unblocked(card: str, p2: dict[str, Any] | None = None) -> ReferenceEngine:
    """``card`` attacking p2 (not declared), p2 declaring no blockers: its trigger waits."""
    e = _combat(card, p2, attacking=True)
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {}}})
    return e


def test_it_assigns_no_combat_damage_this_turn() -> None:
    """Keeper of Tresserhorn (5/5): "It assigns no combat damage this turn and defending
    player loses 2 life."."""
    e = _unblocked("Keeper of Tresserhorn")
    e.act({"resolve_top": {}})
    e.act({"advance": {"to": "end_of_combat"}})
    assert e.observe().state["players"]["p2"]["life"] == 18


@pytest.mark.parametrize(("accept", "damage", "life"), [(True, 2, 20), (False, 0, 18)])
def test_you_may_have_it_deal_damage_if_you_do_no_combat_damage(accept: bool, damage: int,
                                                                 life: int) -> None:
    """Dwarven Vigilantes (2/2): "You may have it deal damage equal to its power to target
    creature. If you do, CARDNAME assigns no combat damage this turn."; declined, it deals its
    combat damage to p2."""
    e = _unblocked("Dwarven Vigilantes", {"battlefield": [{"id": "big",
                                                            "card": "Enormous Baloth"}]})
    e.act({"choose": {"choice": "targets", "source": "att", "targets": ["big"]}})
    e.act({"resolve_top": {}})
    e.act({"choose": {"choice": "may", "source": "att", "accept": accept}})
    e.act({"advance": {"to": "end_of_combat"}})
    state = e.observe().state
    assert (state["objects"]["big"]["damage"], state["players"]["p2"]["life"]) == (damage, life)


def test_afflict_triggers_when_it_becomes_blocked() -> None:
    """Khenra Eternal: "Afflict 1" (702.130a: defending player loses 1 life)."""
    (t,) = load_cards()["Khenra Eternal"].faces[0].text.triggered
    assert (t.event, t.name) == ("becomes_blocked", "afflict")
    e = _combat("Khenra Eternal", {"battlefield": [{"id": "blk", "card": "Enormous Baloth"}]})
    e.act({"declare_attackers": {"player": "p1", "attackers": {"att": "p2"}}})
    e.act({"advance": {"to": "declare_blockers"}})
    e.act({"declare_blockers": {"player": "p2", "blocks": {"blk": "att"}}})
    e.act({"resolve_top": {}})
    assert e.observe().state["players"]["p2"]["life"] == 19
