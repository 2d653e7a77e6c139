"""Bestow rulings (rule 702.103), for every one-face card with "Bestow {cost}" the reference
engine builds (``costs: {alternative: bestow}``).

* ``bestow-enters-uncast`` — "If a permanent with bestow enters the battlefield by any method
  other than being cast, it will be an enchantment creature. You can't choose to pay the bestow
  cost and have it become an Aura": p1's card on the battlefield is flickered by Cloudshift
  ("Exile target creature you control, then return that card to the battlefield under your
  control."); it returns an enchantment creature, attached to nothing. Mutant
  ``bestow_enters_as_aura``.
* ``bestow-untapped`` — "Auras attached to a creature don't become tapped when the creature
  becomes tapped. Except in some rare cases, an Aura with bestow remains untapped when it becomes
  unattached and becomes a creature": p1 casts the card bestowed on their Grizzly Bears, which
  attack (tapped; the Aura is not), then Murder (paid with three Swamps' mana) destroys the
  Bears; the Aura becomes an untapped enchantment creature (702.103f). Mutant
  ``unattached_bestow_tapped``.
* ``bestow-target-illegal`` — "Unlike other Aura spells, an Aura spell with bestow isn't
  countered if its target is illegal as it begins to resolve. Rather, ... it resolves and enters
  the battlefield as an enchantment creature": p1 casts the card bestowed on their Grizzly Bears,
  then Murder on the Bears in response; Murder resolves first, and the card enters as an
  enchantment creature attached to nothing (702.103e). Mutant
  ``bestow_countered_on_illegal_target``.
* ``bestow-unattached`` — "Unlike other Auras, an Aura with bestow isn't put into its owner's
  graveyard if it becomes unattached. Rather, ... it remains on the battlefield as an
  enchantment creature": p1's card, bestowed on their Grizzly Bears, stays when p2 returns the
  Bears to their owner's hand with Unsummon (702.103f). Mutant ``unattached_bestow_to_graveyard``.
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

CLOUDSHIFT = "Cloudshift"
MURDER = "Murder"
UNSUMMON = "Unsummon"
SWAMP = "Swamp"


def _face(ctx: Context) -> Any:
    from conformance.reference.cards import load_cards

    cards = load_cards()
    card = cards.get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1 or "bestow" not in dict(card.faces[0].text.alternatives):
        return NotExecutable("only one-face cards with bestow are scripted")
    face = card.faces[0]
    if face.text.triggered or face.text.activated:
        return NotExecutable("the card has triggered or activated abilities whose choices the "
                             "generator does not script")
    if not {CLOUDSHIFT, MURDER, UNSUMMON} <= cards.keys():
        return NotExecutable("the reference engine does not build Cloudshift, Murder and "
                             "Unsummon")
    return face


def _islands(suffix: str) -> list[dict[str, Any]]:
    return [{"id": f"lib{i}{suffix}", "card": b.ISLAND} for i in range(1, 4)]


def _creature_state(face: Any) -> dict[str, Any]:
    return {"types": list(face.types), "subtypes": list(face.subtypes),
            "power": face.power, "toughness": face.toughness, "attached_to": None}


def gen_enters_uncast(ctx: Context) -> list[Draft] | NotExecutable:
    """Flickered, the card returns as an enchantment creature, not an Aura."""
    face = _face(ctx)
    if isinstance(face, NotExecutable):
        return face
    p1 = b.player(mana="{W}", battlefield=[{"id": "bst", "card": face.name}],
                  hand=[{"id": "shift", "card": CLOUDSHIFT}], library=_islands("a"))
    setup = b.game(p1, b.player(library=_islands("b")))
    actions = [b.cast("shift", targets=["bst"]), b.RESOLVE_TOP]
    expect = {"events": [{"type": "zone_change", "object": "bst", "from": "exile",
                          "to": "battlefield"}],
              "state": {"zones": {"bst": "battlefield"},
                        "objects": {"bst": _creature_state(face)}}}
    return [Draft("bestow-enters-uncast", f"{face.name} returned to the battlefield by "
                  "Cloudshift (not cast) is an enchantment creature, not an Aura",
                  ["priority", "stack", "target", "bestow"],
                  sorted({face.name, CLOUDSHIFT, b.ISLAND}), setup, actions, expect,
                  ["702.103a", "702.103b"])]


def gen_untapped(ctx: Context) -> list[Draft] | NotExecutable:
    """The bestowed Aura stays untapped as its creature taps and as it becomes a creature."""
    face = _face(ctx)
    if isinstance(face, NotExecutable):
        return face
    from conformance.reference.abilities import EnchantedCreatureGets

    if any(isinstance(s, EnchantedCreatureGets) and "vigilance" in s.keywords
           for s in face.text.statics):
        return NotExecutable("it gives the enchanted creature vigilance: attacking doesn't tap "
                             "it")
    cost = dict(face.text.alternatives)["bestow"]
    pool = b.mana_pool(cost)
    if not pool:
        return NotExecutable("its bestow cost has a symbol a pool is not written for")
    swamps = [{"id": f"swamp{i}", "card": SWAMP} for i in range(1, 4)]
    p1 = b.player(mana=pool, battlefield=[{"id": "bears1", "card": b.BEARS}, *swamps],
                  hand=[{"id": "bst", "card": face.name}, {"id": "murder", "card": MURDER}],
                  library=_islands("a"))
    setup = b.game(p1, b.player(library=_islands("b")))
    actions = [b.cast("bst", targets=["bears1"], costs={"alternative": "bestow"}),
               b.RESOLVE_TOP,
               {"advance": {"to": "declare_attackers"}},
               {"declare_attackers": {"player": "p1", "attackers": {"bears1": "p2"}}},
               {"check": {"state": {"objects": {
                   "bears1": {"tapped": True},
                   "bst": {"tapped": False, "attached_to": "bears1", "types": ["Enchantment"],
                           "subtypes": ["Aura"]}}}}},
               *({"activate": {"player": "p1", "object": s["id"], "ability": 0}}
                 for s in swamps),
               b.cast("murder", targets=["bears1"]),
               b.RESOLVE_TOP]
    expect = {"state": {"zones": {"bears1": "graveyard", "bst": "battlefield"},
                        "objects": {"bst": {"tapped": False, **_creature_state(face)}}}}
    return [Draft("bestow-untapped", f"{face.name} bestowed on attacking Grizzly Bears stays "
                  "untapped, and becomes an untapped creature when the Bears die",
                  ["priority", "stack", "target", "bestow", "combat.declare", "destroy",
                   "mana_ability", "state_based_actions"],
                  sorted({face.name, b.BEARS, MURDER, SWAMP, b.ISLAND}), setup, actions,
                  expect, ["702.103b", "702.103f", "303.4"])]


def gen_target_illegal(ctx: Context) -> list[Draft] | NotExecutable:
    """Its target gone before it resolves, the bestowed spell resolves as a creature."""
    face = _face(ctx)
    if isinstance(face, NotExecutable):
        return face
    cost = dict(face.text.alternatives)["bestow"]
    pool = b.mana_pool(cost, "{1}{B}{B}")
    if not pool:
        return NotExecutable("its bestow cost has a symbol a pool is not written for")
    p1 = b.player(mana=pool, battlefield=[{"id": "bears1", "card": b.BEARS}],
                  hand=[{"id": "bst", "card": face.name}, {"id": "murder", "card": MURDER}],
                  library=_islands("a"))
    setup = b.game(p1, b.player(library=_islands("b")))
    actions = [b.cast("bst", targets=["bears1"], costs={"alternative": "bestow"}),
               b.cast("murder", targets=["bears1"]),
               b.RESOLVE_TOP,
               {"check": {"state": {"zones": {"bears1": "graveyard", "bst": "stack"}}}},
               b.RESOLVE_TOP]
    expect = {"events": [{"type": "zone_change", "object": "bst", "from": "stack",
                          "to": "battlefield"}],
              "state": {"zones": {"bst": "battlefield"},
                        "objects": {"bst": _creature_state(face)}}}
    return [Draft("bestow-target-illegal", f"{face.name} cast bestowed on Grizzly Bears that "
                  "Murder destroys in response resolves as an enchantment creature",
                  ["priority", "stack", "target", "bestow", "destroy"],
                  sorted({face.name, b.BEARS, MURDER, b.ISLAND}), setup, actions, expect,
                  ["702.103e", "608.2b"])]


def gen_unattached(ctx: Context) -> list[Draft] | NotExecutable:
    """Its creature bounced, the bestowed Aura stays on the battlefield as a creature."""
    face = _face(ctx)
    if isinstance(face, NotExecutable):
        return face
    cost = dict(face.text.alternatives)["bestow"]
    pool = b.mana_pool(cost)
    if not pool:
        return NotExecutable("its bestow cost has a symbol a pool is not written for")
    p1 = b.player(mana=pool, battlefield=[{"id": "bears1", "card": b.BEARS}],
                  hand=[{"id": "bst", "card": face.name}], library=_islands("a"))
    p2 = b.player(mana="{U}", hand=[{"id": "unsummon", "card": UNSUMMON}],
                  library=_islands("b"))
    setup = b.game(p1, p2)
    actions = [b.cast("bst", targets=["bears1"], costs={"alternative": "bestow"}),
               b.RESOLVE_TOP,
               {"check": {"state": {"objects": {"bst": {"attached_to": "bears1"}}}}},
               {"pass_priority": {"player": "p1"}},
               b.cast("unsummon", "p2", targets=["bears1"]),
               b.RESOLVE_TOP]
    expect = {"state": {"zones": {"bears1": "hand", "bst": "battlefield"},
                        "objects": {"bst": _creature_state(face)}}}
    return [Draft("bestow-unattached", f"{face.name} bestowed on Grizzly Bears stays on the "
                  "battlefield as an enchantment creature when Unsummon returns the Bears",
                  ["priority", "stack", "target", "bestow", "state_based_actions"],
                  sorted({face.name, b.BEARS, UNSUMMON, b.ISLAND}), setup, actions, expect,
                  ["702.103f", "704.5m"])]


FAMILIES = [
    Family("bestow-enters-uncast", "A permanent with bestow entering uncast is a creature",
           ("702.103a", "702.103b"), ("priority", "stack", "target", "bestow"),
           gen_enters_uncast,
           en=phrases("If a permanent with bestow enters the battlefield by any method other "
                      "than being cast, it will be an enchantment creature")),
    Family("bestow-untapped", "An Aura with bestow stays untapped as it becomes a creature",
           ("702.103b", "702.103f", "303.4"), ("priority", "stack", "target", "bestow"),
           gen_untapped,
           en=phrases("Auras attached to a creature don't become tapped when the creature "
                      "becomes tapped")),
    Family("bestow-target-illegal", "A bestowed Aura spell with an illegal target resolves as "
           "a creature", ("702.103e",), ("priority", "stack", "target", "bestow"),
           gen_target_illegal,
           en=phrases("an Aura spell with bestow isn't countered if its target is illegal")),
    Family("bestow-unattached", "An unattached bestowed Aura stays as a creature",
           ("702.103f",), ("priority", "stack", "target", "bestow"), gen_unattached,
           en=phrases("Unlike other Auras, an Aura with bestow isn't put into its owner's "
                      "graveyard")),
]
