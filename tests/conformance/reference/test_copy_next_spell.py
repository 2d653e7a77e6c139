""""When you cast your next instant or sorcery spell [with mana value N or less] this turn, copy
that spell. You may choose new targets for the copy." (Galvanic Iteration, Doublecast, Dual
Strike): a delayed trigger (603.7c) copying only the next such spell."""

from __future__ import annotations

from engine_play import RESOLVE, cast, engine, obj

from conformance.reference.effect_blocks import CreateDelayedCopyTrigger
from conformance.reference.oracle import parse_face


def test_the_templates_build_delayed_copy_triggers() -> None:
    face = parse_face("When you cast your next instant or sorcery spell this turn, copy that "
                      "spell. You may choose new targets for the copy.", ("X",))
    assert face.spell == (CreateDelayedCopyTrigger(1),)
    face = parse_face("When you cast your next instant or sorcery spell with mana value 4 or less "
                      "this turn, copy that spell. You may choose new targets for the copy.",
                      ("X",))
    assert face.spell == (CreateDelayedCopyTrigger(1, max_mana_value=4),)


def _life(e: object) -> int:
    return e.observe().state["players"]["p2"]["life"]  # type: ignore[attr-defined]


def test_galvanic_iteration_copies_the_next_instant_once() -> None:
    e = engine({"mana": "{U}{R}{R}{R}", "hand": [obj("gi", "Galvanic Iteration"),
                                                 obj("b1", "Lightning Bolt"),
                                                 obj("b2", "Lightning Bolt")]})
    for a in (cast("gi"), RESOLVE, cast("b1", "p2"), {"resolve_top": {}},
              {"choose": {"choice": "new_targets", "targets": None}}, RESOLVE):
        e.act(a)
    assert _life(e) == 14  # the Bolt and its copy
    for a in (cast("b2", "p2"), RESOLVE):  # the trigger is used up: no second copy
        e.act(a)
    assert _life(e) == 11


def test_dual_strike_skips_a_spell_above_the_mana_value() -> None:
    """Dual Strike's trigger waits for a spell with mana value 4 or less: Blaze with X=4 (mana
    value 5) is not copied, the Bolt cast after it is."""
    e = engine({"mana": "{R}{R}{R}{R}{C}{C}{C}{C}",
                "hand": [obj("ds", "Dual Strike"), obj("blaze", "Blaze"),
                         obj("bolt", "Lightning Bolt")]})
    for a in (cast("ds"), RESOLVE, cast("blaze", "p2", x=4), RESOLVE):
        e.act(a)
    events = e.observe().events
    assert not [ev for ev in events if ev["type"] == "copy_created"]
    assert _life(e) == 16
    for a in (cast("bolt", "p2"), {"resolve_top": {}},
              {"choose": {"choice": "new_targets", "targets": None}}, RESOLVE):
        e.act(a)
    assert [ev["of"] for ev in e.observe().events if ev["type"] == "copy_created"] == ["bolt"]
    assert _life(e) == 10


def test_swarm_intelligence_may_copy_each_instant_or_sorcery_spell() -> None:
    """"Whenever you cast an instant or sorcery spell, you may copy that spell": a ``may`` of
    the cast trigger (declined: no copy); the copy is not cast, so it triggers nothing more."""
    from conformance.reference.effect_blocks import CopyTriggeringSpell, May

    face = parse_face("Whenever you cast an instant or sorcery spell, you may copy that spell. "
                      "You may choose new targets for the copy.", ("X",))
    assert face.triggered[0].effects == (May((CopyTriggeringSpell(1),)),)
    for accept, life in ((True, 14), (False, 17)):
        e = engine({"mana": "{R}", "hand": [obj("bolt", "Lightning Bolt")],
                    "battlefield": [obj("swarm", "Swarm Intelligence")]})
        actions = [cast("bolt", "p2"), {"resolve_top": {}},
                   {"choose": {"choice": "may", "source": "swarm", "accept": accept}}]
        if accept:
            actions.append({"choose": {"choice": "new_targets", "targets": None}})
        for a in (*actions, RESOLVE):
            e.act(a)
        assert _life(e) == life
        copies = [ev for ev in e.observe().events if ev["type"] == "copy_created"]
        assert len(copies) == int(accept)
        assert sum(1 for ev in e.observe().events if ev["type"] == "triggered") == 1


def test_bonus_round_makes_each_caster_copy_their_spells_that_turn() -> None:
    """"Until end of turn, whenever a player casts an instant or sorcery spell, that player
    copies it": p1's trigger (603.7d) for p2's Bolt too, the copy controlled by p2."""
    e = engine({"mana": "{R}{R}{R}{C}", "hand": [obj("br", "Bonus Round"),
                                                 obj("b1", "Lightning Bolt")]},
               {"mana": "{R}", "hand": [obj("b2", "Lightning Bolt")]})
    keep = {"choose": {"choice": "new_targets", "targets": None}}
    for a in (cast("br"), RESOLVE, cast("b1", "p2"), {"resolve_top": {}}, keep, RESOLVE,
              {"pass_priority": {"player": "p1"}},
              {"cast": {"player": "p2", "object": "b2", "targets": ["p1"]}},
              {"resolve_top": {}}, keep, RESOLVE):
        e.act(a)
    events = e.observe().events
    assert [(ev["of"], ev["controller"]) for ev in events if ev["type"] == "copy_created"] == \
        [("b1", "p1"), ("b2", "p2")]
    assert [ev["controller"] for ev in events if ev["type"] == "triggered"] == ["p1", "p1"]
    players = e.observe().state["players"]
    assert (players["p1"]["life"], players["p2"]["life"]) == (14, 14)


def test_double_vision_copies_only_the_first_instant_or_sorcery_each_turn() -> None:
    e = engine({"mana": "{R}{R}", "hand": [obj("b1", "Lightning Bolt"),
                                           obj("b2", "Lightning Bolt")],
                "battlefield": [obj("dv", "Double Vision")]})
    for a in (cast("b1", "p2"), {"resolve_top": {}},
              {"choose": {"choice": "new_targets", "targets": None}}, RESOLVE,
              cast("b2", "p2"), RESOLVE):
        e.act(a)
    assert [ev["of"] for ev in e.observe().events if ev["type"] == "copy_created"] == ["b1"]
    assert _life(e) == 11
