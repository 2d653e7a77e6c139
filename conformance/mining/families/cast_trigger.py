"""Rulings on abilities that trigger on casting a spell (rules 601.2i, 603.3: the ability goes on
the stack above the spell the next time a player would receive priority, so it resolves first;
603.2: once triggered, it is independent of the spell), for every one-face permanent card the
reference engine builds whose only triggered ability is "whenever you cast an instant or sorcery
spell" or "a noncreature spell" (prowess too), or one with another spell filter ("whenever you
cast a creature spell", "... a historic spell", "... a multicolored spell":
:mod:`conformance.reference.cast_filters`), with one effect observable without a decision.
p1 controls the card and casts Lightning Bolt at p2, or the first of :data:`SPELLS` that
triggers the ability.

* ``cast-trigger-first`` — "CARDNAME's triggered ability resolves before the spell that caused
  it to trigger. It resolves even if that spell is countered" (and the general "An ability that
  triggers when a player casts a spell resolves before the spell ..."): two cases. In the first,
  one ``resolve_top`` resolves the ability (its effect shows) while Lightning Bolt still waits on
  the stack; in the second, p2 counters the Bolt with Cancel above the ability and the ability
  still resolves. Mutant: ``trigger_under_its_spell`` (the first case kills it; the second
  kills ``trigger_linked_to_its_spell``, checked by ``rulings mutants``).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.families.landfall import observe
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

EVENTS = ("cast_instant_or_sorcery", "cast_noncreature")
SPELLS = ((b.BOLT, "{R}", ["p2"]), (b.BEARS, "{1}{G}", None), ("Ornithopter", "", None),
          ("Watchwolf", "{G}{W}", None), ("Glorious Anthem", "{1}{W}{W}", None),
          ("Bonesplitter", "{1}", None))
"""(spell, the pool paying it, its targets): what p1 casts to trigger a filtered cast trigger
(none of them has an effect the case could see before it resolves)."""
FEATURES = ["priority", "stack", "mana_cost", "target", "trigger.cast"]


def _trigger(name: str) -> tuple[Any, Any, dict[str, Any]] | NotExecutable:
    """The card's face, its cast trigger and what the trigger's effect shows resolved."""
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    face = card.faces[0]
    t = face.text
    if not {"Creature", "Artifact", "Enchantment"} & set(face.types) or t.spell:
        return NotExecutable("the card is not a permanent a case puts onto the battlefield")
    if t.activated or t.statics or t.restrictions or len(t.triggered) != 1 \
            or not (t.triggered[0].event in EVENTS or _spell_for(t.triggered[0].event)
                    or _spell_for(t.triggered[0].event, by_opponent=True))\
            or len(t.triggered[0].effects) != 1:
        return NotExecutable("the card has other abilities than one \"whenever you cast a "
                             "... spell\" ability with one effect (its filter one a case's "
                             "spell meets)")
    if t.enters_with and (len(t.enters_with) != 1 or t.enters_with[0][0] != "+1/+1"
                          or not isinstance(t.enters_with[0][1], int)):
        return NotExecutable("it enters with counters the generator does not set up")
    shows = observe(face, t.triggered[0].effects[0], "ct")
    if shows is not None and t.enters_with:  # set up with the counters it enters with
        n = int(t.enters_with[0][1] or 0)
        ct = shows.get("objects", {}).get("ct", {})
        shows = {**shows, "objects": {**shows.get("objects", {}), "ct": {
            **ct, **{k: ct[k] + n for k in ("power", "toughness") if k in ct}}}}
    if shows is None:
        return NotExecutable("its triggered effect is not one the generator observes (targets, "
                             "choices or an effect it does not script)")
    return face, t.triggered[0], shows


def _permanent(face: Any) -> dict[str, Any]:
    """The card on p1's battlefield (``ct``), with the +1/+1 counters it enters with."""
    out: dict[str, Any] = {"id": "ct", "card": face.name}
    if face.text.enters_with:
        out["counters"] = {"+1/+1": int(face.text.enters_with[0][1] or 0)}
    return out


def _spell_for(event: str, *, by_opponent: bool = False
               ) -> tuple[str, str, list[str] | None] | None:
    """The first of :data:`SPELLS` a filtered cast trigger of p1's triggers for when p1 (p2
    with ``by_opponent``) casts it (:mod:`conformance.reference.cast_filters`), or None."""
    from conformance.reference.cards import load_cards
    from conformance.reference.cast_filters import PREFIX, spell_trigger_matches
    from conformance.reference.objects import Chars

    if event.startswith("cast_quality:"):  # cast_quality: "you" or "any" caster, one word
        _, who, quality = event.split(":", 2)
        event = f"{PREFIX}{'you' if who == 'you' else 'player'}:{quality}"
    if not event.startswith(PREFIX):
        return None
    for name, pool, targets in SPELLS:
        card = load_cards().get(name)
        if card is None:
            continue
        f = card.faces[0]
        chars = Chars(f.name, f.mana_value, f.colors, f.types, f.subtypes, f.supertypes,
                      f.power, f.toughness, f.text.keywords, f.text)
        if spell_trigger_matches(event, not by_opponent, chars):
            return name, pool, targets
    return None


def gen_first(ctx: Context) -> list[Draft] | NotExecutable:
    """The cast trigger resolves before the spell, and even if the spell is countered."""
    got = _trigger(ctx.card.name)
    if isinstance(got, NotExecutable):
        return got
    face, trig, shows = got
    if trig.event not in EVENTS and not _spell_for(trig.event):
        return _by_opponent(face, trig, shows)
    spell, pool, targets = _spell_for(trig.event) or (b.BOLT, "{R}", ["p2"])
    features = FEATURES if targets else [f for f in FEATURES if f != "target"]
    life = shows.get("life", {}).get("p2", 20)
    cards = sorted({face.name, spell, b.ISLAND})
    p1 = b.player(mana=pool, battlefield=[_permanent(face)],
                  hand=[{"id": "bolt", "card": spell}], library=b.islands(2))
    on_top = Draft("cast-trigger-first", f"{face.name}'s ability triggered by casting "
                   f"{spell} resolves while {spell} still waits on the stack", features,
                   cards, b.game(p1, b.player()), [b.cast("bolt", targets=targets), b.RESOLVE_TOP],
                   {"events": [{"type": "cast", "object": "bolt"},
                               {"type": "triggered", "source": "ct", "ability": trig.name}],
                    "events_absent": [{"type": "resolved", "object": "bolt"}],
                    "state": {**shows, "stack": [spell], "life": {"p2": life}}},
                   ["601.2i", "603.3"])
    p2 = b.player(mana="{U}{U}{C}", hand=[{"id": "cancel", "card": b.CANCEL}])
    countered = Draft("cast-trigger-first-countered", f"{face.name}'s ability triggered by "
                      f"casting {spell} resolves although {spell} is countered",
                      features + ["counterspell"], sorted({*cards, b.CANCEL}),
                      b.game(p1, p2),
                      [b.cast("bolt", targets=targets), {"pass_priority": {"player": "p1"}},
                       b.cast("cancel", "p2", targets=["bolt"]), b.RESOLVE_STACK],
                      {"events": [{"type": "triggered", "source": "ct", "ability": trig.name},
                                  {"type": "countered", "object": "bolt"}],
                       "events_absent": [{"type": "resolved", "object": "bolt"}],
                       "state": {**shows, "zones": {"bolt": "graveyard"},
                                 "life": {"p2": life}}},
                      ["601.2i", "603.2", "701.5a"])
    return [on_top, countered]


def _by_opponent(face: Any, trig: Any, shows: dict[str, Any]) -> list[Draft] | NotExecutable:
    """The two cases of "Whenever an opponent casts ...": p2 casts the spell (at p1 when it
    targets), p1's ability triggers; in the second, p1 counters the spell above its ability."""
    got = _spell_for(trig.event, by_opponent=True)
    if got is None:
        return NotExecutable("no spell of the generator's triggers it")
    spell, pool, targets = got
    at = ["p1" if t == "p2" else t for t in targets] if targets else None
    features = FEATURES if targets else [f for f in FEATURES if f != "target"]
    life = shows.get("life", {}).get("p1", 20)
    cards = sorted({face.name, spell, b.ISLAND})
    p1 = b.player(battlefield=[_permanent(face)], library=b.islands(2))
    p2 = b.player(mana=pool, hand=[{"id": "bolt", "card": spell}])
    cast = [{"pass_priority": {"player": "p1"}}, b.cast("bolt", "p2", targets=at)]
    on_top = Draft("cast-trigger-first", f"{face.name}'s ability triggered by p2 casting "
                   f"{spell} resolves while {spell} still waits on the stack", features,
                   cards, b.game(p1, p2), cast + [b.RESOLVE_TOP],
                   {"events": [{"type": "cast", "object": "bolt"},
                               {"type": "triggered", "source": "ct", "ability": trig.name}],
                    "events_absent": [{"type": "resolved", "object": "bolt"}],
                    "state": {**shows, "stack": [spell], "life": {"p1": life}}},
                   ["601.2i", "603.3"])
    p1c = b.player(mana="{U}{U}{C}", battlefield=[_permanent(face)],
                   hand=[{"id": "cancel", "card": b.CANCEL}], library=b.islands(2))
    countered = Draft("cast-trigger-first-countered", f"{face.name}'s ability triggered by p2 "
                      f"casting {spell} resolves although {spell} is countered",
                      features + ["counterspell"], sorted({*cards, b.CANCEL}),
                      b.game(p1c, p2),
                      cast + [{"pass_priority": {"player": "p2"}},
                              b.cast("cancel", targets=["bolt"]), b.RESOLVE_STACK],
                      {"events": [{"type": "triggered", "source": "ct", "ability": trig.name},
                                  {"type": "countered", "object": "bolt"}],
                       "events_absent": [{"type": "resolved", "object": "bolt"}],
                       "state": {**shows, "zones": {"bolt": "graveyard"},
                                 "life": {"p1": life}}},
                      ["601.2i", "603.2", "701.5a"])
    return [on_top, countered]


FAMILIES = [
    Family("cast-trigger-first", "A cast trigger resolves before the spell that made it "
           "trigger, even if that spell is countered", ("601.2i", "603.3"),
           ("trigger.cast",), gen_first,
           en=phrases("CARDNAME's triggered ability resolves before the spell that caused it to "
                      "trigger. It resolves even if that spell is countered",
                      "An ability that triggers when a player casts a spell resolves before the "
                      "spell that caused it to trigger. It resolves even if that spell is "
                      "countered")),
]
