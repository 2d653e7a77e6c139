"""The ``cycling-activated`` case of a card whose cycling the plain generator
(:func:`conformance.mining.families.flashback.gen_cycling`) does not script: typecycling (702.29e:
"Plainscycling {2}", "Basic landcycling {1}{G}" — a form of cycling, an activated ability whose
effect searches instead of drawing) and cycling with "When you cycle CARDNAME, <effect>" (702.29c)
without targets.

The card is read as the reference engine builds it (its cycling abilities in a hand, in printed
order, and its cycle trigger): it must have no other activated ability (whose index would come
first or between, SPEC ``activate``). p1 activates its first cycling ability; as the stack
resolves, a cycle trigger's "you may" is declined (the trigger still resolves first, 702.29c)
and a typecycling search finds the one card of the library of that land type. Cycling is no
spell: no ``cast`` event (the ``cycling_is_cast`` mutant's point)."""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, NotExecutable

_BASIC = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def gen_variant(ctx: Context) -> list[Draft] | NotExecutable:
    """The case of a typecycling card, or of a cycling card with a cycle trigger."""
    from conformance.reference.cards import load_cards
    from conformance.reference.common_abilities import MayTargeted
    from conformance.reference.cycling_text import CYCLED
    from conformance.reference.effect_blocks import May
    from conformance.reference.oracle_library import SearchLibrary

    card = ctx.card
    built = load_cards().get(card.name)
    if built is None:
        return NotExecutable("the reference engine does not build the card (its mutant cannot "
                             "be checked)")
    text = built.faces[0].text
    hand = ([(text.cycling, None)] if text.cycling else []) + list(text.typecycling)
    if not hand:
        return NotExecutable("the cycling cost is not a plain mana cost")
    if text.activated:
        return NotExecutable("the card has other activated abilities: the ability index is "
                             "ambiguous")
    cost, effects = hand[0]
    mana = b.mana_pool(cost)
    if mana is None:
        return NotExecutable("the cycling cost is not a plain mana cost")
    triggers = [t for t in text.triggered if t.event == CYCLED]
    if any(e.slots for t in triggers for e in t.effects) or any(
            isinstance(e, MayTargeted) for t in triggers for e in t.effects):
        return NotExecutable("the cycle trigger has targets: not scripted")
    found = "Island"
    if effects is not None:  # typecycling: a search for a basic land type or a basic land
        (search,) = effects
        assert isinstance(search, SearchLibrary)
        subs = search.filter.subtypes
        if len(subs) > 1 or (subs and subs[0] not in _BASIC) or (not subs and not (
                search.filter.basic and search.filter.types == ("Land",))):
            return NotExecutable("the typecycling search is not for a basic land type")
        found = subs[0] if subs else "Island"
    actions: list[dict[str, Any]] = [{"activate": {"player": "p1", "object": "cyc",
                                                   "ability": 0}}, b.RESOLVE_STACK]
    for t in triggers:
        if len(t.effects) != 1 or not isinstance(t.effects[0], May):
            return NotExecutable("the cycle trigger's effect is not a declinable \"you may\"")
        actions.append({"choose": {"choice": "may", "source": "cyc", "ability": t.name,
                                   "accept": False}})
    if effects is not None:
        actions.append({"choose": {"choice": "cards", "cards": ["lib1"]}})
    setup = b.game(b.player(mana=mana, hand=[{"id": "cyc", "card": card.name}],
                            library=[{"id": "lib1", "card": found}]), b.player())
    expect = {"events": [{"type": "zone_change", "object": "cyc", "from": "hand",
                          "to": "graveyard"},
                         {"type": "put_on_stack", "source": "cyc"},
                         {"type": "zone_change", "object": "lib1", "from": "library",
                          "to": "hand"}],
              "events_absent": [{"type": "cast"}],
              "state": {"zones": {"cyc": "graveyard", "lib1": "hand"}}}
    what = "its typecycling" if effects is not None else "cycling it"
    feats = ["priority", "stack", "mana_cost", "cycling", "activated_ability"]
    feats += ["search_library"] if effects is not None else ["draw"]
    feats += ["optional_effect"] if triggers else []
    return [Draft("cycling-activated", f"Cycling {card.name} ({what}) is an activated ability: "
                  "it uses the stack and is not a spell", feats,
                  sorted({card.name, found}), setup, actions, expect, ["702.29a", "602.1"])]
