"""Modal double-faced card rulings (rule 712; layout ``modal_dfc``), for every modal
double-faced card the reference engine builds from its two faces' oracle text. A face is
chosen by name with ``half`` (cast and play_land, SPEC "Modal double-faced cards"). Each of the
52 corpus cards carries nine recurring texts; three are executable:

* ``mdfc-legality`` — "To determine whether it is legal to play a modal double-faced card,
  consider only the characteristics of the face you're playing and ignore the other face's
  characteristics": p1 plays the card's land back face as their land for the turn although its
  front face is a spell: the land face is on the battlefield; and, when the generator scripts
  casting the front face (its mana cost, targets of a kind it sets up), p1 casts a second copy
  as its front face although its back face is a land: that spell is on the stack. Mutant
  ``mdfc_legality_from_front_face`` (legality decided by the front face: the land play is
  refused); the cast also kills ``mdfc_legality_from_both_faces`` (both faces' types: "lands
  are played, not cast"). Only for a card whose front face is not a land (with two land faces
  the front face alone makes either play legal).
* ``mdfc-mana-value`` — "The mana value [converted mana cost] of a modal double-faced card is
  based on the characteristics of the face that's being considered. On the stack and
  battlefield, consider whichever face is up. In all other zones, consider only the front
  face": p1 has the card in their hand, graveyard and exile and plays the one in their hand as
  its land back face: the land has the back face's mana value, the cards in the graveyard and
  exile the front face's. Mutant ``mdfc_mana_value_from_back_face`` (off the battlefield and
  the stack, the back face's mana value). Only for a card whose faces' mana values differ and
  whose back face is a land (a nonland back face would be cast, and a spell's mana value on
  the stack is the point of the split and copy families).
* ``mdfc-enters-front-face`` — "If an effect puts a double-faced card onto the battlefield, it
  enters with its front face up": Obzedat's Aid returns the card from p1's graveyard to the
  battlefield: it is its front face. Mutant ``mdfc_enters_back_face_up``. Only for a card whose
  front face is a permanent (otherwise it is not a permanent card in the graveyard, and no
  card of the pool puts a nonpermanent card onto the battlefield).

The other six texts are classified with their reason (transforming, play and cast permissions
for specific cards or groups of cards, naming a card, Commander color identity, frame icons).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families.knifepoint import classified
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["modal_dfc", "play_land"]
RETURNER = "Obzedat's Aid"
"""Return target permanent card from your graveyard to the battlefield ({3}{W}{B})."""
RETURNER_COST = "{3}{W}{B}"
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                             "Battle"})


def _mdfc(ctx: Context) -> Any:
    """The reference engine's card (a modal double-faced card), or why it is not scripted."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card (both faces)")
    if not card.is_mdfc or len(card.faces) != 2:
        return NotExecutable("the card is not a modal double-faced card")
    return card


def _land_back(card: Any) -> NotExecutable | None:
    front, back = card.faces
    if "Land" in front.types:
        return NotExecutable("its front face is a land: playing either face is legal by the "
                             "front face alone, so an engine ignoring the face played passes")
    if "Land" not in back.types:
        return NotExecutable("its back face is not a land (a case would cast it: the play "
                             "legality of a spell face is the split and copy families' point)")
    return None


_TARGETS: dict[str, tuple[str, str, str, str]] = {
    "creature": ("bears2", b.BEARS, "p2", "battlefield"),
    "perm:Creature|Planeswalker": ("bears2", b.BEARS, "p2", "battlefield"),
    "perm:Creature:opp": ("bears2", b.BEARS, "p2", "battlefield"),
    "perm:Creature:you": ("bears1", b.BEARS, "p1", "battlefield"),
    "gy:any:you": ("grave1", b.ISLAND, "p1", "graveyard"),
}
"""Target slot kind -> the target scripted for casting the front face: (id, card, player,
zone)."""


def _front_cast(front: Any) -> tuple[str, list[tuple[str, str, str, str]]] | None:
    """The pool paying the front face's mana cost and its scripted targets, or None when the
    generator does not script casting it (X, modes, targets of another kind, costs beyond its
    mana cost)."""
    spell = front.text.spell
    if front.has_x or (spell is not None and not isinstance(spell, tuple)):
        return None
    if front.text.additional_costs or front.text.kicker:
        return None
    pool = b.mana_pool(front.mana_cost)
    slots = [s for e in spell or () for s in e.slots]
    if pool is None or any(s.kind not in _TARGETS or (s.min, s.max) != (1, 1) for s in slots):
        return None
    return pool, [_TARGETS[s.kind] for s in slots]


def gen_legality(ctx: Context) -> list[Draft] | NotExecutable:
    """The land back face is played as a land though the front face is a spell; and, when the
    generator scripts casting it, another copy's spell front face is cast though the back face
    is a land."""
    card = _mdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    why = _land_back(card)
    if why is not None:
        return why
    front, back = card.faces
    actions: list[dict[str, Any]] = [
        {"play_land": {"player": "p1", "object": "land", "half": back.name}}]
    objects: dict[str, Any] = {"land": {"zone": "battlefield", "name": back.name,
                                        "types": list(back.types)}}
    hand = [{"id": "land", "card": card.name}]
    zones: dict[str, dict[str, list[dict[str, Any]]]] = {"p1": {}, "p2": {}}
    cards = {card.name}
    cast = _front_cast(front)
    title = f"{back.name}, the back face of {front.name}, is played as a land"
    pool: str | None = None
    if cast is not None:
        pool, targets = cast
        hand.append({"id": "spell", "card": card.name})
        for tid, tcard, owner, zone in targets:
            zones[owner].setdefault(zone, []).append({"id": tid, "card": tcard})
            cards.add(tcard)
        actions.append(b.cast("spell", half=front.name, targets=[t[0] for t in targets]))
        objects["spell"] = {"zone": "stack", "name": front.name, "types": list(front.types)}
        title += f" and another copy cast as {front.name}"
    mine, theirs = zones["p1"], zones["p2"]
    setup = b.game(b.player(mana=pool, hand=hand, battlefield=mine.get("battlefield"),
                            graveyard=mine.get("graveyard")),
                   b.player(battlefield=theirs.get("battlefield")))
    features = FEATURES + (["target"] if cast and cast[1] else [])
    return [Draft("mdfc-legality", f"{title}: only the face played decides the play is legal",
                  features, sorted(cards), setup, actions, {"state": {"objects": objects}},
                  ["712.8", "305.1", "601.2"])]


def gen_mana_value(ctx: Context) -> list[Draft] | NotExecutable:
    """Off the battlefield the front face's mana value; the land face played has its own."""
    card = _mdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    if front.mana_value == back.mana_value:
        return NotExecutable(f"both faces have mana value {front.mana_value}: an engine using "
                             "either face passes")
    why = _land_back(card)
    if why is not None:
        return why
    setup = b.game(b.player(hand=[{"id": "mdfc", "card": card.name}],
                            graveyard=[{"id": "grave", "card": card.name}],
                            exile=[{"id": "exiled", "card": card.name}]), b.player())
    actions = [{"play_land": {"player": "p1", "object": "mdfc", "half": back.name}}]
    expect = {"state": {"objects": {
        "mdfc": {"zone": "battlefield", "name": back.name, "mana_value": back.mana_value},
        "grave": {"zone": "graveyard", "name": front.name, "mana_value": front.mana_value},
        "exiled": {"zone": "exile", "name": front.name, "mana_value": front.mana_value}}}}
    return [Draft("mdfc-mana-value", f"{card.name} has its front face's mana value "
                  f"{front.mana_value} in a graveyard and in exile, {back.mana_value} as the "
                  f"land {back.name}", FEATURES + ["mana_cost"], [card.name], setup, actions, expect,
                  ["712.8", "202.3"])]


def gen_enters_front(ctx: Context) -> list[Draft] | NotExecutable:
    """Returned from a graveyard to the battlefield by an effect, it enters front face up."""
    card = _mdfc(ctx)
    if isinstance(card, NotExecutable):
        return card
    front, back = card.faces
    if not PERMANENT_TYPES & set(front.types):
        return NotExecutable("its front face is not a permanent: in a graveyard it is not a "
                             "permanent card, and no card of the pool puts a nonpermanent "
                             "card onto the battlefield")
    if front.name == back.name:  # pragma: no cover - no such card
        return NotExecutable("its faces have one name")
    setup = b.game(b.player(mana=b.mana_pool(RETURNER_COST),
                            hand=[{"id": "aid", "card": RETURNER}],
                            graveyard=[{"id": "mdfc", "card": card.name}]), b.player())
    actions = [b.cast("aid", targets=["mdfc"]), b.RESOLVE_STACK]
    expect = {"state": {"objects": {"mdfc": {"zone": "battlefield", "name": front.name,
                                             "types": list(front.types)}},
                        "stack": []}}
    return [Draft("mdfc-enters-front-face", f"{RETURNER} returns {card.name} to the battlefield "
                  f"front face up, as {front.name}", FEATURES[:1] + ["target",
                                                                    "graveyard_target"],
                  sorted([card.name, RETURNER]), setup, actions, expect, ["712.8"])]


_NO_PERMISSION = ("not executable: no card in the scripted pool lets a player play or cast "
                  "a card other than from their hand by its own ability")

FAMILIES = [
    Family("mdfc-legality", "Only the face played decides whether playing a modal "
           "double-faced card is legal", ("712.8", "305.1"), tuple(FEATURES), gen_legality,
           en=phrases("To determine whether it is legal to play a modal double-faced card, "
                      "consider only the characteristics of the face you're playing")),
    Family("mdfc-mana-value", "A modal double-faced card's mana value is its front face's off "
           "the stack and battlefield", ("712.8", "202.3"), (*FEATURES, "mana_cost"),
           gen_mana_value,
           en=phrases("The mana value of a modal double-faced card is based on the "
                      "characteristics of the face that's being considered",
                      "The converted mana cost of a modal double-faced card is based on the "
                      "characteristics of the face that's being considered")),
    Family("mdfc-enters-front-face", "A double-faced card an effect puts onto the battlefield "
           "enters front face up", ("712.8",), ("modal_dfc", "target", "graveyard_target"),
           gen_enters_front,
           en=phrases("If an effect puts a double-faced card onto the battlefield, it enters "
                      "with its front face up")),
    Family("mdfc-no-transform", "A modal double-faced card is not transformed", (),
           ("modal_dfc",),
           classified("not executable: no card in the scripted pool transforms a permanent or "
                      "puts one onto the battlefield transformed"),
           en=phrases("A modal double-faced card can't be transformed or be put onto the "
                      "battlefield transformed")),
    Family("mdfc-play-specific", "Playing or casting a specific modal double-faced card",
           (), ("modal_dfc",), classified(_NO_PERMISSION),
           en=phrases("If an effect allows you to play a specific modal double-faced card")),
    Family("mdfc-play-group", "Playing or casting from among a group of cards", (),
           ("modal_dfc",), classified(_NO_PERMISSION),
           en=phrases("If an effect allows you to play a land or cast a spell from among a "
                      "group of cards, you may play or cast a modal double-faced card")),
    Family("mdfc-card-name", "Either face's name may be chosen", (), ("modal_dfc",),
           classified("not executable: no card in the scripted pool names a card"),
           en=phrases("If an effect instructs a player to choose a card name, the name of "
                      "either face may be chosen")),
    Family("mdfc-color-identity", "A double-faced card's Commander color identity",
           ("903.4",), ("modal_dfc",),
           classified("not executable: color identity is a deck-construction rule of the "
                      "Commander variant; no case observes it"),
           en=phrases("In the Commander variant, a double-faced card's color identity is "
                      "determined by the mana costs and mana symbols in the rules text of both "
                      "faces combined")),
    Family("mdfc-frame-icons", "Modal double-faced card frame icons", (), ("modal_dfc",),
           classified("not executable: the frame icons have no rules meaning"),
           en=phrases("There is a single triangle icon in the top left corner of the front "
                      "face")),
]
