"""Scry rulings (rule 701.18a: "look at the top N cards of your library, then put any number of
them on the bottom of your library in any order and the rest on top in any order"), for every
card the reference engine builds whose scry the generator reaches without another decision: an
instant or sorcery with a scry among effects whose targets it scripts, a creature whose only
ability is "When CARDNAME enters, scry N" (cast, then its trigger resolves), an activated scry
paid with mana, or a heroic or "whenever you cast an instant or sorcery spell" scry (p1 casts
Giant Growth at it), a land whose only triggered ability is the enters scry (played, protocol 2
``play_land``). The scry is answered with a
``cards`` choice (SPEC.md, "choose (protocol 2)"); then p1's Archivist ("{T}: Draw a card.")
draws the card the scry left on top, which tells where the scried cards went.

* ``scry-bottom`` — "When you scry, you may put all the cards you look at back on top of your
  library, you may put all of those cards on the bottom of your library, or you may put some of
  those cards on top and the rest of them on the bottom": all N cards go on the bottom; the card
  under them comes up and is drawn. Mutant: ``scry_bottom_ignored``.
* ``scry-order`` — "You choose how to order cards returned to your library after scrying no
  matter where you put them": for scry 2 or more, all the cards stay on top in the reverse of
  their order; the one that was N-th is drawn. Mutant: ``scry_order_ignored`` (the cards keep
  their order). A card that scries 1 has nothing to order: no case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

DRAWER = "Archivist"
"""{2}{U}{U} 1/1: "{T}: Draw a card." (draws the top card of the library after the scry)."""
WURM = "Jasmine Boreal"
"""{3}{G}{W} vanilla 4/5 (a creature with power 4 or greater)."""
THOPTER = "Ornithopter"
_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "creature_or_planeswalker": ("bears2", b.BEARS),
    "artifact_or_enchantment": ("thopter2", THOPTER), "artifact": ("thopter2", THOPTER),
    "perm:Creature:pow>=4": ("wurm2", WURM),
}
"""Target slot kind -> the target scripted (p2, or one of p2's permanents)."""
FEATURES = ["priority", "stack", "scry", "draw", "activated_ability"]


class _Scene:
    """How the card's scry is reached: the setup's p1 and p2, the actions up to the scry choice,
    the scry's N, and the cards drawn after it before Archivist draws."""

    def __init__(self, n: int, p1: dict[str, Any], p2: dict[str, Any],
                 actions: list[dict[str, Any]], features: list[str], draws_after: int = 0,
                 then: tuple[dict[str, Any], ...] = ()):
        self.n, self.p1, self.p2, self.actions = n, p1, p2, actions
        self.features, self.draws_after, self.then = features, draws_after, then
        """``then``: the actions that empty the stack after the scry choice."""


def _scene(name: str) -> _Scene | NotExecutable:
    """The card's scry, reached without a decision; or why not."""
    from conformance.reference import oracle_library as lib
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    spell = t.spell if isinstance(t.spell, tuple) else None
    if spell and any(isinstance(e, lib.Scry) for e in spell):
        return _spell_scene(face, spell)
    if t.spell is not None and spell is None:
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    if "Creature" in face.types and not t.statics and _lone_scry(t.triggered, t.activated):
        got = _creature_scene(face)
        if got is not None:
            return got
    enters = [tr for tr in t.triggered if tr.event == "enters"]
    if len(t.triggered) != 1 or len(enters) != 1 or len(enters[0].effects) != 1 \
            or not isinstance(enters[0].effects[0], lib.Scry) or t.statics:
        return NotExecutable("its scry is not one the generator reaches without another "
                             "decision (a spell's scry, or a lone \"When CARDNAME enters, "
                             "scry N\")")
    n = enters[0].effects[0].n
    if "Land" in face.types:
        if any(ab.produces is None for ab in t.activated):
            return NotExecutable("the land has an ability other than a mana ability")
        return _Scene(n, {"hand": [{"id": "card", "card": face.name}]}, {},
                      [{"play_land": {"player": "p1", "object": "card"}}, b.RESOLVE_TOP],
                      ["play_land"])
    if "Creature" not in face.types or t.activated:
        return NotExecutable("only creatures and lands with a lone enters scry are scripted")
    pool = b.mana_pool(face.mana_cost)
    if not pool:
        return NotExecutable(f"its mana cost {face.mana_cost} has a symbol a pool is not "
                             "written for")
    return _Scene(n, {"mana": pool, "hand": [{"id": "card", "card": face.name}]}, {},
                  [b.cast("card"), b.RESOLVE_TOP, b.RESOLVE_TOP], ["mana_cost"])


PUMP = "Giant Growth"
"""{G} instant: "Target creature gets +3/+3 until end of turn." (a spell that targets the card and
an instant: it triggers heroic and "whenever you cast an instant or sorcery spell")."""


def _lone_scry(triggered: tuple[Any, ...], activated: tuple[Any, ...]) -> Any:
    """The one ability of a creature, when it is a scry and nothing else, or None."""
    from conformance.reference import oracle_library as lib

    abilities = [*triggered, *activated]
    if len(abilities) != 1 or len(abilities[0].effects) != 1 \
            or not isinstance(abilities[0].effects[0], lib.Scry):
        return None
    return abilities[0]


def _creature_scene(face: Any) -> _Scene | None:
    """A creature on the battlefield whose lone scry ability is activated for mana, or triggers
    when p1 casts Giant Growth at it (heroic, or "whenever you cast an instant or sorcery
    spell"); None for another ability (an enters trigger is cast below)."""
    ab = _lone_scry(face.text.triggered, face.text.activated)
    n = ab.effects[0].n
    here = [{"id": "card", "card": face.name}]
    if face.text.activated:
        pool = b.mana_pool(ab.cost)
        if ab.tap or ab.sacrifice_self or ab.extra_costs or ab.energy or not pool:
            return None
        return _Scene(n, {"mana": pool, "battlefield": here}, {},
                      [{"activate": {"player": "p1", "object": "card", "ability": 0}},
                       b.RESOLVE_TOP], ["mana_cost"])
    if ab.event not in ("heroic", "cast_instant_or_sorcery"):
        return None
    return _Scene(n, {"mana": "{G}", "battlefield": here, "hand": [{"id": "pump", "card": PUMP}]},
                  {}, [b.cast("pump", targets=["card"]), b.RESOLVE_TOP],
                  ["mana_cost", "target", "trigger.cast"] + (["heroic"] if ab.event == "heroic"
                                                             else []), then=(b.RESOLVE_TOP,))


def _spell_scene(face: Any, spell: tuple[Any, ...]) -> _Scene | NotExecutable:
    """An instant or sorcery with a scry: cast at scripted targets, resolved up to the scry."""
    from conformance.reference import effect_blocks as o
    from conformance.reference import oracle_library as lib

    scries = [e for e in spell if isinstance(e, lib.Scry)]
    if len(scries) != 1:
        return NotExecutable("the spell scries more than once")
    if face.has_x:
        return NotExecutable("its mana cost has {X}: the generator does not choose X")
    at = spell.index(scries[0])
    draws = 0
    for i, eff in enumerate(spell):
        if isinstance(eff, o.Draw) and i > at:
            draws += eff.n  # draws after the scry take the cards it left on top
        elif i != at and (isinstance(eff, o.Draw) or type(eff).__module__ == lib.__name__):
            return NotExecutable("another effect of the spell looks at, draws or moves "
                                 "library cards before the scry")
    targets = b.one_target_each(spell, _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    pool = b.mana_pool(face.mana_cost)
    if not pool:
        return NotExecutable(f"its mana cost {face.mana_cost} has a symbol a pool is not "
                             "written for")
    mine, theirs = b.objects_for(targets)
    tids = [tid for tid, _ in targets]
    return _Scene(scries[0].n, {"mana": pool, "hand": [{"id": "card", "card": face.name}],
                                "battlefield": mine}, {"battlefield": theirs},
                  [b.cast("card", targets=tids or None), b.RESOLVE_TOP],
                  ["mana_cost"] + (["target"] if targets else []), draws)


def _draft(ctx: Context, slug: str, title: str,
           answer: Callable[[list[str]], dict[str, Any]],
           after: Callable[[list[str]], list[str]], rules: list[str]) -> list[Draft] | NotExecutable:
    """The case: the scene, the scry answered with ``answer``, Archivist drawing; ``after`` is
    the library (top first) the answer leaves."""
    scene = _scene(ctx.card.name)
    if isinstance(scene, NotExecutable):
        return scene
    size = scene.n + scene.draws_after + 1
    library = [f"lib{i}" for i in range(1, size + 1)]
    order = after(library[:scene.n]) + library[scene.n:]
    drawn = order[:scene.draws_after + 1]
    p1 = b.player(**{**scene.p1, "library": b.islands(size),
                     "battlefield": [{"id": "arch", "card": DRAWER},
                                     *scene.p1.get("battlefield", [])]})
    actions = [*scene.actions, {"choose": {"choice": "cards", **answer(library[:scene.n])}},
               *scene.then, {"activate": {"player": "p1", "object": "arch", "ability": 0}}, b.RESOLVE_TOP]
    zones = {c: ("hand" if c in drawn else "library") for c in library}
    setup = b.game(p1, b.player(**scene.p2))
    cards = sorted({o["card"] for pl in setup["players"].values() for z in pl.values()
                    if isinstance(z, list) for o in z})
    return [Draft(slug, title.format(card=ctx.card.name, n=scene.n, top=drawn[-1]),
                  sorted(set(FEATURES + scene.features)), cards, setup, actions,
                  {"state": {"zones": zones}}, rules)]


def gen_bottom(ctx: Context) -> list[Draft] | NotExecutable:
    """All the scried cards go on the bottom; the card under them is drawn next."""
    return _draft(ctx, "scry-bottom", "{card}: scry {n} putting every card looked at on the "
                  "bottom leaves {top} on top (Archivist draws it)",
                  lambda looked: {"cards": list(looked)}, lambda looked: [], ["701.18a"])


def gen_order(ctx: Context) -> list[Draft] | NotExecutable:
    """The scried cards kept on top go back in the chosen (reversed) order."""
    scene = _scene(ctx.card.name)
    if isinstance(scene, NotExecutable):
        return scene
    if scene.n < 2:
        return NotExecutable(f"it scries {scene.n}: one card put back has no order to choose")
    if scene.draws_after:
        return NotExecutable("the spell draws the cards its scry put back on top: their order "
                             "does not show")
    return _draft(ctx, "scry-order", "{card}: scry {n} keeping the cards on top in the reverse "
                  "of their order puts {top} on top (Archivist draws it)",
                  lambda looked: {"cards": [], "order": list(reversed(looked))},
                  lambda looked: list(reversed(looked)), ["701.18a"])


FAMILIES = [
    Family("scry-bottom", "Scry may put every card looked at on the bottom", ("701.18a",),
           tuple(FEATURES), gen_bottom,
           en=phrases("When you scry, you may put all the cards you look at back on top of your "
                      "library, you may put all of those cards on the bottom of your library")),
    Family("scry-order", "Scried cards go back in the order their player chooses, on top or "
           "on the bottom", ("701.18a",), tuple(FEATURES), gen_order,
           en=phrases("You choose how to order cards returned to your library after scrying no "
                      "matter where you put them")),
]
