""""Enchanted creature gets +N/+M and has <a, b, ..., and z>" (oracle.py, a comma list of
keywords): Chromanticore bestowed gives its creature +4/+4 and all five keywords."""

from __future__ import annotations

from conformance.reference.engine import ReferenceEngine


def test_bestowed_chromanticore_gives_five_keywords() -> None:
    engine = ReferenceEngine()
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"mana": "{4}{W}{U}{B}{R}{G}",
                                             "hand": [{"id": "ch", "card": "Chromanticore"}],
                                             "battlefield": [{"id": "bears",
                                                              "card": "Grizzly Bears"}]},
                                      "p2": {}}})
    engine.act({"cast": {"player": "p1", "object": "ch", "targets": ["bears"],
                         "costs": {"alternative": "bestow"}}})
    engine.act({"resolve_top": {}})
    bears = engine.observe().state["objects"]["bears"]
    assert (bears["power"], bears["toughness"]) == (6, 6)
    assert set(bears["keywords"]) >= {"flying", "first strike", "vigilance", "trample",
                                      "lifelink"}
