"""Changeling (changeling.py, 702.73a): the object is every creature type of rule 205.3m, so a
lord of any creature type affects it; a creature without it is not."""

from __future__ import annotations

from engine_play import engine, obj

from conformance.reference.changeling import creature_types


def test_changeling_is_every_creature_type_for_a_lord() -> None:
    e = engine({"battlefield": [obj("ch", "Woodland Changeling"), obj("ms", "Muscle Sliver"),
                                obj("b", "Grizzly Bears")]})
    objs = e.observe().state["objects"]
    assert (objs["ch"]["power"], objs["ch"]["toughness"]) == (3, 3)  # a Sliver too
    assert (objs["b"]["power"], objs["b"]["toughness"]) == (2, 2)
    assert {"Sliver", "Elf", "Shapeshifter"} <= set(objs["ch"]["subtypes"])


def test_creature_types_come_from_rule_205_3m() -> None:
    types = creature_types()
    assert types[0] == "Advisor" and types[-1] == "Zubera" and "Assembly-Worker" in types
    assert "Plains" not in types and len(types) == len(set(types))
