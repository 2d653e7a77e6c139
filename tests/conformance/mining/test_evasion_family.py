"""The evasion families (horsemanship, shadow with flying) and the blocking restrictions of the
reference engine's evasion abilities (509.1b, 702.9b, 702.13b, 702.14c, 702.28b, 702.31b,
702.36b)."""

from __future__ import annotations

from typing import Any

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.errors import EngineReportedError
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, mine
from conformance.reference.engine import ReferenceEngine

HORSEMANSHIP = ("Despite the similarities between horsemanship and flying, horsemanship doesn't "
                "interact with flying or reach.")
SHADOW_ALL = ("If an attacking creature has multiple evasion abilities, such as shadow and "
              "flying, a creature can block it only if that creature satisfies all of the "
              "appropriate evasion abilities.")


def test_horsemanship_cases_kill_horsemanship_is_flying() -> None:
    """Both directions: Serra Angel can't block the card, the card can't block Serra Angel."""
    r = mine([RulingGroup("g", "Shu Cavalry", "2021-03-19", {"en": HORSEMANSHIP})])
    assert [(o.family, o.status) for o in r.outcomes] == [("horsemanship-not-flying", MINED)]
    assert sorted(r.cases) == ["shu-cavalry/mined-horsemanship-cant-block-flying",
                               "shu-cavalry/mined-horsemanship-not-flying"]
    for data in r.cases.values():
        assert data["expect"] == {"error": {"kind": "illegal_action", "action": 3}}
        assert_kills_its_mutant(data, "horsemanship-not-flying")


def test_shadow_with_flying_from_jump_kills_evasion_any_satisfied() -> None:
    data = mined_one("Infiltrator il-Kor", SHADOW_ALL, "shadow-all-evasion")
    assert "Jump" in data["cards"]
    assert_kills_its_mutant(data, "shadow-all-evasion")


def _block(attacker: str, blocker: str, p2_lands: tuple[str, ...] = ()) -> None:
    """p1 attacks with ``attacker``; p2's ``blocker`` blocks it (raises if refused)."""
    engine = ReferenceEngine()
    p2: dict[str, Any] = {"battlefield": [{"id": "b", "card": blocker},
                                          *({"id": f"l{i}", "card": n}
                                            for i, n in enumerate(p2_lands))]}
    engine.setup("t/evasion", {"active_player": "p1", "step": "precombat_main", "turn": 3,
                       "players": {"p1": {"battlefield": [{"id": "a", "card": attacker}]},
                                   "p2": p2}})
    engine.act({"advance": {"to": "declare_attackers"}})
    engine.act({"declare_attackers": {"player": "p1", "attackers": {"a": "p2"}}})
    engine.act({"advance": {"to": "declare_blockers"}})
    engine.act({"declare_blockers": {"player": "p2", "blocks": {"b": "a"}}})


@pytest.mark.parametrize(("attacker", "blocker", "lands", "legal"), [
    ("Shu Cavalry", "Wei Scout", (), True),  # horsemanship blocks horsemanship (702.31b)
    ("Shu Cavalry", "Giant Spider", (), False),  # reach does not
    ("Soltari Foot Soldier", "Soltari Priest", (), True),  # shadow blocks shadow (702.28b)
    ("Soltari Foot Soldier", "Grizzly Bears", (), False),
    ("Grizzly Bears", "Soltari Foot Soldier", (), False),  # shadow blocks only shadow
    ("Razortooth Rats", "Grizzly Bears", (), False),  # fear: artifact or black (702.36b)
    ("Razortooth Rats", "Highborn Ghoul", (), True),
    ("Bladetusk Boar", "Grizzly Bears", (), False),  # intimidate: shares a color (702.13b)
    ("Bladetusk Boar", "Hill Giant", (), True),
    ("Bog Raiders", "Grizzly Bears", ("Swamp",), False),  # swampwalk (702.14c)
    ("Bog Raiders", "Grizzly Bears", ("Island",), True),
])
def test_evasion_abilities_restrict_blocks(attacker: str, blocker: str,
                                           lands: tuple[str, ...], legal: bool) -> None:
    if legal:
        _block(attacker, blocker, lands)
    else:
        with pytest.raises(EngineReportedError) as err:
            _block(attacker, blocker, lands)
        assert err.value.kind == "illegal_action"
