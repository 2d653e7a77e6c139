""""Attacks and isn't blocked" rulings (rule 509.1i): "An ability that triggers when something
'attacks and isn't blocked' triggers in the declare blockers step after blockers are declared
if (1) that creature is attacking and (2) no creatures are declared to block it. It will
trigger even if that creature was put onto the battlefield attacking rather than having been
declared as an attacker in the declare attackers step."

* ``unblocked-trigger`` — for every one-face creature card the reference engine builds whose
  only abilities are keywords (afflict too) and one "Whenever CARDNAME attacks and isn't
  blocked" ability
  with an effect the generator observes (poison counters, a discard or life loss of the
  defending player, "you may sacrifice it. If you do, <one of those>" accepted, "it assigns no
  combat damage this turn and <one of those>" and "you may have it deal damage to target
  creature. If you do, it assigns no combat damage this turn" (accepted, at p2's Enormous
  Baloth; then the case goes on to the end of combat: p2 is dealt no combat damage), and the
  effects :func:`conformance.mining.families.landfall.observe` knows), up to three cases:

  - ``declared``: p1 declares it as an attacker; nothing has triggered once attackers are
    declared (a ``check``); p2 declares no blockers, it triggers and its effect shows;
  - ``put-attacking``: it is attacking in the setup (never declared as an attacker); p2
    declares no blockers, it triggers and its effect shows;
  - ``blocked``: p2 blocks it with Enormous Baloth (given reach against a flyer): it does not
    trigger (afflict does) (left out for evasion the reference engine does not model: fear,
    shadow, ...).

  Mutant: ``unblocked_trigger_on_attack`` (it triggers as the creature is declared as an
  attacker, blocked or not, and never for a creature that was not declared).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "combat.declare", "turn_structure"]
RULES = ["509.1i", "603.2"]
EVENT = "attacks_unblocked"
BLOCKER = "Enormous Baloth"
UNMODELLED = frozenset({"fear", "intimidate", "shadow", "horsemanship", "menace", "skulk",
                        "forestwalk", "islandwalk", "swampwalk", "mountainwalk", "plainswalk"})


def _card(name: str) -> tuple[Any, tuple[Any, ...]] | NotExecutable:
    """The card's face and its "attacks and isn't blocked" ability's effects."""
    face = b.built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    mine = [tr for tr in t.triggered if tr.event == EVENT]
    others = [tr for tr in t.triggered if tr.event != EVENT]
    if t.activated or t.statics or t.restrictions or len(mine) != 1 \
            or any(tr.name != "afflict" for tr in others):
        return NotExecutable(f"the card has other abilities than one {EVENT} ability (and "
                             "afflict)")
    if "defender" in t.keywords:
        return NotExecutable("the card has defender: it cannot attack")
    return face, tuple(mine[0].effects)


def observe(face: Any, eff: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """(p2's setup zones, the ``state`` expectation) showing ``eff`` resolved, or None; "you
    may sacrifice it. If you do, <effect>" shows the source in the graveyard and the effect
    (the case accepts)."""
    from conformance.mining.families.landfall import observe as observe_common
    from conformance.reference import defending_player as dp

    if isinstance(eff, dp.MaySacrificeSelfThen):
        inner = observe(face, eff.effects[0]) if len(eff.effects) == 1 else None
        if inner is None:
            return None
        zones, state = inner
        return zones, {**state, "zones": {"att": "graveyard"}}

    if isinstance(eff, dp.DefendingPoison):
        return {}, {"players": {"p2": {"poison": eff.n}}}
    if isinstance(eff, dp.DefendingDiscards):  # as many cards as it discards: no choice
        hand = [{"id": f"card{i}", "card": b.ISLAND} for i in range(1, eff.n + 1)]
        return {"hand": hand}, {"count": [{"zone": "hand", "owner": "p2", "count": 0},
                                          {"zone": "graveyard", "owner": "p2",
                                           "count": eff.n}]}
    if isinstance(eff, dp.DefendingLosesLife):
        return {}, {"life": {"p2": 20 - eff.n}}
    if isinstance(eff, dp.DefendingLosesPerGraveyardCard):
        grave = [{"id": f"gy{i}", "card": b.ISLAND} for i in range(1, 3)]
        return {"graveyard": grave}, {"life": {"p2": 20 - 2 * eff.n}}
    common = observe_common(face, eff, "att")
    return None if common is None else ({}, common)


def _expected(face: Any, effects: tuple[Any, ...]) -> tuple[
        dict[str, Any], dict[str, Any], list[dict[str, Any]], bool] | NotExecutable:
    """(p2's setup zones, the ``state`` expectation, the choices once it triggered, whether
    the case goes on to the end of combat) for the ability's effects."""
    from conformance.reference import defending_player as dp

    may = {"choose": {"choice": "may", "source": "att", "accept": True}}
    if len(effects) == 1 and isinstance(effects[0], dp.MayHaveItDeal):
        amount = effects[0].amount if effects[0].amount is not None else face.power
        targets = {"choose": {"choice": "targets", "source": "att", "targets": ["big"]}}
        return {}, {"objects": {"big": {"damage": amount}}, "life": {"p2": 20}}, \
            [targets, b.RESOLVE_TOP, may], True
    no_damage = any(isinstance(e, dp.NoCombatDamageSelf) for e in effects)
    rest = [e for e in effects if not isinstance(e, dp.NoCombatDamageSelf)]
    if len(rest) != 1 or rest[0].slots:
        return NotExecutable("its ability targets or has more than one effect the generator "
                             "observes")
    seen = observe(face, rest[0])
    if seen is None:
        return NotExecutable("its effect is not one the generator observes (choices or an "
                             "effect it does not script)")
    zones, state = seen
    if no_damage:  # and no combat damage to p2 from it
        state = {**state, "life": {"p2": 20, **state.get("life", {})}}
    after = [b.RESOLVE_TOP, may] if isinstance(rest[0], dp.MaySacrificeSelfThen) \
        else [b.RESOLVE_TOP]
    return zones, state, after, no_damage


def gen_unblocked(ctx: Context) -> list[Draft] | NotExecutable:
    """Attacking and not blocked: the ability triggers as blockers are declared."""
    from conformance.mining.families.convoke import setup_cards
    from conformance.reference import effect_blocks as o

    got = _card(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, effects = got
    expected = _expected(face, effects)
    if isinstance(expected, NotExecutable):
        return expected
    p2_zones, state, after, to_end = expected
    targeted = any(e.slots for e in effects)
    name = face.name
    trig = {"type": "triggered", "source": "att", "ability": EVENT}
    no_blocks = {"declare_blockers": {"player": "p2", "blocks": {}}}
    declare = {"declare_attackers": {"player": "p1", "attackers": {"att": "p2"}}}
    to_blockers = {"advance": {"to": "declare_blockers"}}
    end = [{"advance": {"to": "end_of_combat"}}] if to_end else []

    def setup(attacking: bool, blocker: dict[str, Any] | None = None) -> dict[str, Any]:
        att: dict[str, Any] = {"id": "att", "card": name}
        if attacking:
            att["attacking"] = "p2"
        theirs = [blocker] if blocker else \
            [{"id": "big", "card": BLOCKER}] if targeted else []
        p2 = b.player(**p2_zones, battlefield=theirs)
        library = b.islands(2) if any(isinstance(e, o.Draw) for e in effects) else []
        return b.game(b.player(battlefield=[att], library=library), p2,
                      step="declare_attackers")

    drafts = [
        Draft("unblocked-trigger-declared", f"{name} attacks and is not blocked: its ability "
              "triggers as blockers are declared, not as attackers are", list(FEATURES),
              setup_cards(setup(False)), setup(False),
              [declare, {"check": {"state": {"stack": []}}}, to_blockers, no_blocks, *after,
               *end], {"events": [trig], "state": state}, list(RULES)),
        Draft("unblocked-trigger-put-attacking", f"{name}, attacking without having been "
              "declared as an attacker, is not blocked: its ability triggers", list(FEATURES),
              setup_cards(setup(True)), setup(True),
              [to_blockers, no_blocks, *[b.RESOLVE_STACK if a is b.RESOLVE_TOP else a
                                         for a in after], *end],
              {"events": [trig], "state": state}, list(RULES)),
    ]
    keywords = face.text.keywords
    if not UNMODELLED & keywords:
        blocker: dict[str, Any] = {"id": "big", "card": BLOCKER}
        if "flying" in keywords:
            blocker["keywords"] = ["reach"]  # else it could not block a flyer (702.9b)
        afflict = any(tr.name == "afflict" for tr in face.text.triggered)
        blocked_expect: dict[str, Any] = {"events_absent": [trig]}
        if afflict:  # its afflict trigger, not the other one (702.130a)
            blocked_expect["events"] = [{"type": "triggered", "source": "att",
                                         "ability": "afflict"}]
        else:
            blocked_expect["state"] = {"stack": []}
        drafts.append(Draft(
            "unblocked-trigger-blocked", f"{name} attacks and {BLOCKER} blocks it: its "
            "ability does not trigger", list(FEATURES), setup_cards(setup(False, blocker)),
            setup(False, blocker),
            [declare, to_blockers, {"declare_blockers": {"player": "p2",
                                                        "blocks": {"big": "att"}}}],
            blocked_expect, list(RULES)))
    return drafts


FAMILIES = [
    Family("unblocked-trigger", "'Attacks and isn't blocked' triggers as blockers are declared, "
           "for an attacking creature nothing blocks", tuple(RULES), tuple(FEATURES),
           gen_unblocked,
           en=phrases("triggers in the declare blockers step after blockers are declared if")),
]
