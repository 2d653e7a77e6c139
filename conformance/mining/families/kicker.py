"""Kicker rulings (rule 702.33: "Kicker [cost]" means "You may pay an additional [cost] as you
cast this spell"; 702.33d: a kicker cost, unlike a multikicker cost, is paid at most once), for
every one-face instant or sorcery the reference engine builds with a kicker (not multikicker)
whose targets the generator scripts. Nothing resolves: the case looks at the cast.

* ``kicker-once`` — "You can't pay a kicker cost more than once": p1, with a pool that pays the
  mana cost and the kicker cost twice, casts the card kicked twice (``costs.kicker: 2``):
  refused (``illegal_action``); the card stays in hand and the pool unspent. Mutant:
  ``kicker_paid_twice`` (a kicker cost may be paid any number of times, as if multikicker).
"""

from __future__ import annotations

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "nonland_permanent": ("bears2", b.BEARS),
}
FEATURES = ["priority", "stack", "mana_cost", "kicker"]


def gen_once(ctx: Context) -> list[Draft] | NotExecutable:
    """Kicking the card twice is refused."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(ctx.card.name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    if t.kicker is None or t.multikicker:
        return NotExecutable("the card has no kicker (or a multikicker, paid any number of "
                             "times)")
    if face.has_x or t.additional_costs or not {"Instant", "Sorcery"} & set(face.types):
        return NotExecutable("only instants and sorceries without {X} or other additional "
                             "costs are scripted")
    spell = t.spell if isinstance(t.spell, tuple) else None
    if spell is None:
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    targets = b.one_target_each(spell, _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    pool = b.mana_pool(face.mana_cost, t.kicker, t.kicker)
    if not pool:
        return NotExecutable("its costs have a symbol a pool is not written for")
    mine, theirs = b.objects_for(targets)
    setup = b.game(b.player(mana=pool, battlefield=mine,
                            hand=[{"id": "kick", "card": face.name}]),
                   b.player(battlefield=theirs))
    cast = b.cast("kick", targets=[tid for tid, _ in targets] or None, costs={"kicker": 2})
    cards = sorted({face.name} | {c for _, c in targets if c})
    return [Draft("kicker-once", f"Casting {face.name} with its kicker {t.kicker} paid twice is "
                  "refused: a kicker cost is paid at most once", FEATURES +
                  (["target"] if targets else []), cards, setup, [cast],
                  {"error": {"kind": "illegal_action", "action": 0},
                   "state": {"zones": {"kick": "hand"}, "stack": []}}, ["702.33a", "702.33d"])]


FAMILIES = [
    Family("kicker-once", "A kicker cost is paid at most once", ("702.33a", "702.33d"),
           tuple(FEATURES), gen_once,
           en=phrases("You can't pay a kicker cost more than once")),
]
