""""Attacks and isn't blocked" rulings (rule 509.1i): "An ability that triggers when something
'attacks and isn't blocked' triggers in the declare blockers step after blockers are declared
if (1) that creature is attacking and (2) no creatures are declared to block it. It will
trigger even if that creature was put onto the battlefield attacking rather than having been
declared as an attacker in the declare attackers step."

* ``unblocked-trigger`` — for every one-face creature card the reference engine builds whose
  only abilities are keywords and one "Whenever CARDNAME attacks and isn't blocked" ability
  with an effect the generator observes (poison counters, a discard or life loss of the
  defending player, "you may sacrifice it. If you do, <one of those>" accepted, and the
  effects :func:`conformance.mining.families.landfall.observe` knows), up to three cases:

  - ``declared``: p1 declares it as an attacker; nothing has triggered once attackers are
    declared (a ``check``); p2 declares no blockers, it triggers and its effect shows;
  - ``put-attacking``: it is attacking in the setup (never declared as an attacker); p2
    declares no blockers, it triggers and its effect shows;
  - ``blocked``: p2 blocks it with Enormous Baloth (given reach against a flyer): it does not
    trigger (left out for evasion the reference engine does not model: fear, shadow, ...).

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


def _card(name: str) -> tuple[Any, Any] | NotExecutable:
    """The card's face and its "attacks and isn't blocked" ability's one effect."""
    got = b.one_trigger_creature(name, EVENT)
    if isinstance(got, NotExecutable):
        return got
    face, _eff = got
    if "defender" in face.text.keywords:
        return NotExecutable("the card has defender: it cannot attack")
    return got


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
    if isinstance(eff, dp.DefendingLosesPerGraveyardCard):
        grave = [{"id": f"gy{i}", "card": b.ISLAND} for i in range(1, 3)]
        return {"graveyard": grave}, {"life": {"p2": 20 - 2 * eff.n}}
    common = observe_common(face, eff, "att")
    return None if common is None else ({}, common)


def gen_unblocked(ctx: Context) -> list[Draft] | NotExecutable:
    """Attacking and not blocked: the ability triggers as blockers are declared."""
    got = _card(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, eff = got
    if eff.slots:
        return NotExecutable("its ability targets: putting it on the stack needs target "
                             "choices the generator does not script")
    seen = observe(face, eff)
    if seen is None:
        return NotExecutable("its effect is not one the generator observes (choices or an "
                             "effect it does not script)")
    from conformance.mining.families.convoke import setup_cards
    from conformance.reference import defending_player as dp
    from conformance.reference import effect_blocks as o

    p2_zones, state = seen
    name = face.name
    trig = {"type": "triggered", "source": "att", "ability": EVENT}
    no_blocks = {"declare_blockers": {"player": "p2", "blocks": {}}}
    declare = {"declare_attackers": {"player": "p1", "attackers": {"att": "p2"}}}
    to_blockers = {"advance": {"to": "declare_blockers"}}
    accept = [{"choose": {"choice": "may", "source": "att", "accept": True}}] \
        if isinstance(eff, dp.MaySacrificeSelfThen) else []

    def setup(attacking: bool, blocker: dict[str, Any] | None = None) -> dict[str, Any]:
        att: dict[str, Any] = {"id": "att", "card": name}
        if attacking:
            att["attacking"] = "p2"
        p2 = b.player(**p2_zones, battlefield=[blocker] if blocker else [])
        library = b.islands(2) if isinstance(eff, o.Draw) else []
        return b.game(b.player(battlefield=[att], library=library), p2,
                      step="declare_attackers")

    drafts = [
        Draft("unblocked-trigger-declared", f"{name} attacks and is not blocked: its ability "
              "triggers as blockers are declared, not as attackers are", list(FEATURES),
              setup_cards(setup(False)), setup(False),
              [declare, {"check": {"state": {"stack": []}}}, to_blockers, no_blocks,
               b.RESOLVE_TOP, *accept], {"events": [trig], "state": state}, list(RULES)),
        Draft("unblocked-trigger-put-attacking", f"{name}, attacking without having been "
              "declared as an attacker, is not blocked: its ability triggers", list(FEATURES),
              setup_cards(setup(True)), setup(True), [to_blockers, no_blocks, b.RESOLVE_STACK, *accept],
              {"events": [trig], "state": state}, list(RULES)),
    ]
    keywords = face.text.keywords
    if not UNMODELLED & keywords:
        blocker: dict[str, Any] = {"id": "blk", "card": BLOCKER}
        if "flying" in keywords:
            blocker["keywords"] = ["reach"]  # else it could not block a flyer (702.9b)
        drafts.append(Draft(
            "unblocked-trigger-blocked", f"{name} attacks and {BLOCKER} blocks it: its "
            "ability does not trigger", list(FEATURES), setup_cards(setup(False, blocker)),
            setup(False, blocker),
            [declare, to_blockers, {"declare_blockers": {"player": "p2",
                                                        "blocks": {"blk": "att"}}}],
            {"events_absent": [trig], "state": {"stack": []}}, list(RULES)))
    return drafts


FAMILIES = [
    Family("unblocked-trigger", "'Attacks and isn't blocked' triggers as blockers are declared, "
           "for an attacking creature nothing blocks", tuple(RULES), tuple(FEATURES),
           gen_unblocked,
           en=phrases("triggers in the declare blockers step after blockers are declared if")),
]
