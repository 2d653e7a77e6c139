""""Whenever CARDNAME or enchanted creature attacks, <effect>" (common_triggers
SELF_OR_ENCHANTED_ATTACKS): Heliod's Emissary bestowed triggers when the creature it enchants
attacks (508.1m), and its target is chosen as the trigger is put on the stack."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine


def test_bestowed_heliods_emissary_triggers_when_enchanted_creature_attacks() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{6}{W}",
                                             "hand": [{"id": "em", "card": "Heliod's Emissary"}],
                                             "battlefield": [{"id": "bears",
                                                              "card": "Grizzly Bears"}]},
                                      "p2": {"battlefield": [{"id": "b2",
                                                              "card": "Grizzly Bears"}]}}})
    engine.act({"cast": {"player": "p1", "object": "em", "targets": ["bears"],
                         "costs": {"alternative": "bestow"}}})
    engine.act({"resolve_top": {}})
    assert engine.observe().state["objects"]["em"]["attached_to"] == "bears"
    engine.act({"advance": {"to": "declare_attackers"}})
    engine.act({"declare_attackers": {"player": "p1", "attackers": {"bears": "p2"}}})
    engine.act({"choose": {"choice": "targets", "targets": ["b2"]}})
    engine.act({"resolve_top": {}})
    assert engine.observe().state["objects"]["b2"]["tapped"] is True
