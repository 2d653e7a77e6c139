""""If you control two or more other lands, CARDNAME enters the battlefield tapped." (oracle.py,
the AFR creature lands; 614.1c): Cave of the Frost Dragon enters tapped beside two other lands,
untapped beside one."""

from __future__ import annotations

import pytest

from conformance.reference.engine import ReferenceEngine


@pytest.mark.parametrize(("others", "tapped"), [(1, False), (2, True)])
def test_cave_of_the_frost_dragon_enters_tapped_with_two_other_lands(others: int,
                                                                     tapped: bool) -> None:
    engine = ReferenceEngine()
    lands = [{"id": f"pl{i}", "card": "Plains"} for i in range(others)]
    engine.setup("unit", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                          "players": {"p1": {"hand": [{"id": "cave",
                                                       "card": "Cave of the Frost Dragon"}],
                                             "battlefield": lands},
                                      "p2": {}}})
    engine.act({"play_land": {"player": "p1", "object": "cave"}})
    cave = engine.observe().state["objects"]["cave"]
    assert (cave["zone"], cave["tapped"]) == ("battlefield", tapped)
