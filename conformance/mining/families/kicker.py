"""Kicker rulings (rule 702.33: "Kicker [cost]" means "You may pay an additional [cost] as you
cast this spell"; 702.33d: a kicker cost, unlike a multikicker cost, is paid at most once, and a
spell whose kicker cost was paid is "kicked"), for every one-face card the reference engine
builds with a kicker (not multikicker) whose costs a pool pays and whose targets the generator
scripts (:func:`_kicker_card`). Kicked permanents: :mod:`conformance.reference.kicked`.

* ``kicker-once`` — "You can't pay a kicker cost more than once": p1, with a pool that pays the
  mana cost and the kicker cost twice, casts an instant or sorcery kicked twice
  (``costs.kicker: 2``): refused (``illegal_action``); the card stays in hand and the pool
  unspent. Mutant: ``kicker_paid_twice`` (a kicker cost may be paid any number of times).
* ``kicker-total-cost`` — "To determine a spell's total cost, start with the mana cost ..., add
  any cost increases (such as kicker) ..." (601.2f): p1, with a pool that pays the mana cost
  only, casts the card kicked: refused (``illegal_action``), the card stays in hand. Mutant:
  ``kicker_not_in_total_cost`` (the kicker cost is not added to the total cost).
* ``kicker-meaning`` — "Kicker represents an optional additional cost ... A spell cast with that
  additional cost paid is "kicked."": p1 casts the card kicked, paying both costs, and the
  stack resolves: what "if it was kicked" promises shows (the +1/+1 counters it enters with,
  its "if it was kicked" enters trigger, the cards an "if this spell was kicked, draw" spell
  draws). Mutant: ``kicker_ignored`` (a kicked spell counts as not kicked).
* ``kicker-not-cast`` — "If you put a permanent with a kicker ability onto the battlefield
  without casting it, you can't kick it": the card, in p1's graveyard, is returned to the
  battlefield by Zombify (a creature) or Obzedat's Aid (another permanent): no counters, no "if
  it was kicked" trigger. Mutant: ``kicker_on_put_onto_battlefield`` (a permanent with kicker
  put onto the battlefield counts as kicked).
* ``kicker-copy`` — "If you copy a kicked spell, the copy is also kicked" (707.10): p1 casts the
  card (an instant or sorcery drawing if kicked, at one of p2's two Grizzly Bears) kicked, then
  copies it with Twincast, the copy at the other Bears: both draw. Mutant: ``copy_not_kicked``.
* ``kicker-cast-trigger`` — "An ability that triggers when a player casts a kicked spell
  resolves before the spell that caused it to trigger ...": p1 controls Roost of Drakes
  ("Whenever you cast a kicked spell, create a 2/2 blue Drake creature token with flying") and
  casts the card kicked; one ``resolve_top`` resolves the trigger (a Drake) while the card
  still waits on the stack. Mutant: ``trigger_under_its_spell``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

_TARGETS: dict[str, tuple[str, str | None]] = {
    "any": ("p2", None), "player": ("p2", None), "opponent": ("p2", None),
    "creature": ("bears2", b.BEARS), "nonland_permanent": ("bears2", b.BEARS),
}
FEATURES = ["priority", "stack", "mana_cost", "kicker"]
ROOST = "Roost of Drakes"
"""The card whose "Whenever you cast a kicked spell, ..." the cast-trigger cases use."""
DRAKE = "Drake Token"
TWINCAST, TWINCAST_COST = "Twincast", "{U}{U}"
"""The copier of the kicker-copy cases ("Copy target instant or sorcery spell. You may choose new
targets for the copy.")."""
_RETURNERS = {"Creature": ("Zombify", "{3}{B}"), "Permanent": ("Obzedat's Aid", "{3}{W}{B}")}
"""Spells returning a card from p1's graveyard to the battlefield (creature card, any permanent
card), with a pool that pays each."""


@dataclass(frozen=True)
class _Kicker:
    """A card the kicker families script: its face, its kicker cost, its scripted targets."""

    face: Any
    kicker: str
    targets: list[tuple[str, str | None]]
    permanent: bool

    def setup(self, mana: str, *, battlefield: tuple[dict[str, Any], ...] = (),
              library: bool = False) -> dict[str, Any]:
        """p1 holds the card (``kick``) and ``mana`` (and three Islands to draw with
        ``library``); the targets' objects on the battlefield."""
        mine, theirs = b.objects_for(self.targets)
        return b.game(b.player(mana=mana, battlefield=[*battlefield, *mine],
                               hand=[{"id": "kick", "card": self.face.name}],
                               library=b.islands(3) if library else []),
                      b.player(battlefield=theirs))

    def cast(self, times: int) -> dict[str, Any]:
        """Cast the card from p1's hand at its targets, its kicker cost paid ``times``."""
        return b.cast("kick", targets=[tid for tid, _ in self.targets] or None,
                      costs={"kicker": times})

    def features(self) -> list[str]:
        return FEATURES + (["target"] if self.targets else [])

    def cards(self, *more: str) -> list[str]:
        return sorted({self.face.name, *more} | {c for _, c in self.targets if c})


def _kicker_card(name: str) -> _Kicker | NotExecutable:
    """The card's face, kicker cost and scripted targets, or why the generator skips it."""
    from conformance.reference.cards import load_cards
    from conformance.reference.effect_blocks import Modal
    from conformance.reference.objects import spell_effects

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    if t.kicker is None or t.multikicker:
        return NotExecutable("the card has no kicker (or a multikicker, paid any number of "
                             "times)")
    if face.has_x or t.additional_costs or "{X}" in t.kicker:
        return NotExecutable("only cards without {X} or other additional costs are scripted")
    if isinstance(t.spell, Modal):
        return NotExecutable("it is a modal spell: the generator does not choose modes")
    permanent = not {"Instant", "Sorcery"} & set(face.types)
    targets = b.one_target_each(spell_effects(face, ()), _TARGETS)
    if isinstance(targets, NotExecutable):
        return targets
    if b.mana_pool(face.mana_cost, t.kicker) is None:
        return NotExecutable("its costs have a symbol a pool is not written for")
    return _Kicker(face, t.kicker, targets, permanent)


def gen_once(ctx: Context) -> list[Draft] | NotExecutable:
    """Kicking the card twice is refused."""
    k = _kicker_card(ctx.card.name)
    if isinstance(k, NotExecutable):
        return k
    pool = b.mana_pool(k.face.mana_cost, k.kicker, k.kicker)
    assert pool is not None
    return [Draft("kicker-once", f"Casting {k.face.name} with its kicker {k.kicker} paid twice "
                  "is refused: a kicker cost is paid at most once", k.features(), k.cards(),
                  k.setup(pool), [k.cast(2)],
                  {"error": {"kind": "illegal_action", "action": 0},
                   "state": {"zones": {"kick": "hand"}, "stack": []}}, ["702.33a", "702.33d"])]


def gen_total_cost(ctx: Context) -> list[Draft] | NotExecutable:
    """Kicking the card with a pool that pays its mana cost only is refused."""
    k = _kicker_card(ctx.card.name)
    if isinstance(k, NotExecutable):
        return k
    pool = b.mana_pool(k.face.mana_cost)
    if not pool:
        return NotExecutable("the card has no mana cost to pay")
    return [Draft("kicker-total-cost", f"{k.face.name} cast kicked with mana for its mana cost "
                  f"{k.face.mana_cost} only is refused: its total cost includes the kicker "
                  f"{k.kicker}", k.features(), k.cards(), k.setup(pool), [k.cast(1)],
                  {"error": {"kind": "illegal_action", "action": 0},
                   "state": {"zones": {"kick": "hand"}, "stack": []}}, ["601.2f", "702.33a"])]


def _kicked_shows(k: _Kicker) -> tuple[dict[str, Any], list[dict[str, Any]], str] | None:
    """What being kicked shows once the card resolved (a ``state`` expectation, the events that
    must happen) and what it is, or None when nothing the generator knows shows it."""
    from conformance.mining.families.landfall import observe
    from conformance.reference import effect_blocks as o

    t = k.face.text
    if k.permanent and t.kicked_counters:
        counters = dict(t.kicked_counters)
        return ({"zones": {"kick": "battlefield"}, "objects": {"kick": {"counters": counters}}},
                [{"type": "counter_added", "object": "kick", "counter": c, "n": n}
                 for c, n in t.kicked_counters], "enters with counters")
    kicked_triggers = [tr for tr in t.triggered if tr.event == "enters_kicked"]
    if k.permanent and len(kicked_triggers) == 1 and not any(
            e.slots for e in kicked_triggers[0].effects):
        state: dict[str, Any] = {"zones": {"kick": "battlefield"}}
        for eff in kicked_triggers[0].effects:
            shows = observe(k.face, eff, "kick")
            for key, value in (shows or {}).items():
                state[key] = {**state.get(key, {}), **value} if key != "count" else value
        return (state, [{"type": "triggered", "source": "kick",
                         "ability": kicked_triggers[0].name}], "its enters trigger")
    spell = t.spell if isinstance(t.spell, tuple) else ()
    kicked = [e for e in spell if isinstance(e, o.IfKicked)]
    if not k.permanent and len(kicked) == 1 and all(isinstance(e, o.Draw)
                                                    for e in kicked[0].effects):
        if any(isinstance(e, o.Draw) for e in spell):
            return None
        n = sum(e.n for e in kicked[0].effects if isinstance(e, o.Draw))
        return ({"count": [{"zone": "hand", "owner": "p1", "count": n}]}, [],
                f"it draws {n}")
    return None


def gen_meaning(ctx: Context) -> list[Draft] | NotExecutable:
    """The card cast with its kicker cost paid is kicked: what "if it was kicked" says shows."""
    k = _kicker_card(ctx.card.name)
    if isinstance(k, NotExecutable):
        return k
    got = _kicked_shows(k)
    if got is None:
        return NotExecutable("nothing the generator observes shows that the card was kicked")
    state, events, what = got
    pool = b.mana_pool(k.face.mana_cost, k.kicker)
    assert pool is not None
    return [Draft("kicker-meaning", f"{k.face.name} cast with its kicker {k.kicker} paid is "
                  f"kicked: {what}", k.features(), k.cards(b.ISLAND), k.setup(pool, library=True),
                  [k.cast(1), b.RESOLVE_STACK],
                  {"events": [{"type": "cast", "object": "kick"}, *events], "state": state},
                  ["702.33a", "702.33d"])]


def gen_not_cast(ctx: Context) -> list[Draft] | NotExecutable:
    """The permanent card returned to the battlefield from a graveyard is not kicked."""
    k = _kicker_card(ctx.card.name)
    if isinstance(k, NotExecutable):
        return k
    t = k.face.text
    kicked_triggers = [tr for tr in t.triggered if tr.event == "enters_kicked"]
    if not k.permanent or not (t.kicked_counters or kicked_triggers) or t.enchant:
        return NotExecutable("the card is not a permanent with counters or an enters trigger "
                             "for being kicked (an Aura is not scripted)")
    returner, cost = _RETURNERS["Creature" if "Creature" in k.face.types else "Permanent"]
    absent = ([{"type": "counter_added", "object": "kick"}] if t.kicked_counters else []) + \
        [{"type": "triggered", "source": "kick", "ability": tr.name} for tr in kicked_triggers]
    setup = b.game(b.player(mana=b.mana_pool(cost), graveyard=[{"id": "kick",
                                                                 "card": k.face.name}],
                            hand=[{"id": "ret", "card": returner}]), b.player())
    return [Draft("kicker-not-cast", f"{k.face.name} returned to the battlefield by {returner} "
                  "was not cast: it is not kicked", FEATURES + ["target", "graveyard_target"],
                  sorted({k.face.name, returner}), setup,
                  [b.cast("ret", targets=["kick"]), b.RESOLVE_STACK],
                  {"events": [{"type": "zone_change", "object": "kick", "from": "graveyard",
                               "to": "battlefield"}],
                   "events_absent": absent, "state": {"zones": {"kick": "battlefield"}}},
                  ["702.33d", "603.4"])]


def gen_cast_trigger(ctx: Context) -> list[Draft] | NotExecutable:
    """Roost of Drakes' "whenever you cast a kicked spell" resolves first."""
    k = _kicker_card(ctx.card.name)
    if isinstance(k, NotExecutable):
        return k
    pool = b.mana_pool(k.face.mana_cost, k.kicker)
    assert pool is not None
    roost = {"id": "roost", "card": ROOST}
    return [Draft("kicker-cast-trigger", f"{ROOST}'s ability triggered by casting "
                  f"{k.face.name} kicked resolves while {k.face.name} still waits on the stack",
                  k.features() + ["trigger.cast", "tokens"], k.cards(ROOST),
                  k.setup(pool, battlefield=(roost,)), [k.cast(1), b.RESOLVE_TOP],
                  {"events": [{"type": "cast", "object": "kick"},
                              {"type": "triggered", "source": "roost"}],
                   "events_absent": [{"type": "resolved", "object": "kick"}],
                   "state": {"stack": [k.face.name],
                             "count": [{"zone": "battlefield", "card": DRAKE, "count": 1}]}},
                  ["601.2i", "603.3", "702.33d"])]


def gen_copy(ctx: Context) -> list[Draft] | NotExecutable:
    """A copy of the card cast kicked is kicked: it draws too."""
    from conformance.reference import effect_blocks as o

    k = _kicker_card(ctx.card.name)
    if isinstance(k, NotExecutable):
        return k
    got = _kicked_shows(k)
    if k.permanent or got is None or k.targets != [("bears2", b.BEARS)]:
        return NotExecutable("only an instant or sorcery with one target creature (or nonland "
                             "permanent) that draws if kicked is scripted")
    spell = k.face.text.spell if isinstance(k.face.text.spell, tuple) else ()
    draws = sum(e.n for f in spell if isinstance(f, o.IfKicked) for e in f.effects
                if isinstance(e, o.Draw))
    pool = b.mana_pool(k.face.mana_cost, k.kicker, TWINCAST_COST)
    assert pool is not None
    setup = b.game(b.player(mana=pool, hand=[{"id": "kick", "card": k.face.name},
                                             {"id": "twin", "card": TWINCAST}],
                            library=b.islands(3)),
                   b.player(battlefield=[{"id": "bears2", "card": b.BEARS},
                                         {"id": "bears3", "card": b.BEARS}]))
    actions = [k.cast(1), b.cast("twin", targets=["kick"]), b.RESOLVE_TOP,
               b.new_targets(["bears3"]), b.RESOLVE_STACK]
    return [Draft("kicker-copy", f"A copy of {k.face.name} cast kicked is kicked: the copy "
                  f"draws {draws} as the original does", k.features() + ["copy_spell",
                                                                         "copy.new_targets"],
                  k.cards(TWINCAST, b.ISLAND), setup, actions,
                  {"events": [{"type": "copy_created", "of": "kick"},
                              {"type": "resolved", "object": "kick"}],
                   "state": {"zones": {"bears2": "hand", "bears3": "hand", "kick": "graveyard"},
                             "count": [{"zone": "hand", "owner": "p1", "count": 2 * draws}]}},
                  ["707.10", "702.33d"])]


FAMILIES = [
    Family("kicker-once", "A kicker cost is paid at most once", ("702.33a", "702.33d"),
           tuple(FEATURES), gen_once,
           en=phrases("You can't pay a kicker cost more than once")),
    Family("kicker-total-cost", "A kicker cost paid is part of the spell's total cost",
           ("601.2f", "702.33a"), tuple(FEATURES), gen_total_cost,
           en=phrases("To determine a spell's total cost, start with the mana cost (or an "
                      "alternative cost if another card's effect allows you to pay one "
                      "instead), add any cost increases (such as kicker), then apply any cost "
                      "reductions")),
    Family("kicker-meaning", "A spell cast with its kicker cost paid is kicked",
           ("702.33a", "702.33d"), tuple(FEATURES), gen_meaning,
           en=phrases("Kicker represents an optional additional cost that you may choose to pay "
                      "as you cast the spell. A spell cast with that additional cost paid is")),
    Family("kicker-not-cast", "A permanent put onto the battlefield without being cast is not "
           "kicked", ("702.33d", "603.4"), tuple(FEATURES), gen_not_cast,
           en=phrases("If you put a permanent with a kicker ability onto the battlefield "
                      "without casting it, you can't kick it")),
    Family("kicker-copy", "A copy of a kicked spell is kicked", ("707.10", "702.33d"),
           tuple(FEATURES), gen_copy,
           en=phrases("If you copy a kicked spell, the copy is also kicked")),
    Family("kicker-cast-trigger", "An ability that triggers on casting a kicked spell resolves "
           "before it", ("601.2i", "603.3"), tuple(FEATURES), gen_cast_trigger,
           en=phrases("An ability that triggers when a player casts a kicked spell resolves "
                      "before the spell that caused it to trigger")),
]
