"""Flickered tokens (rule 111.8: "A token that has left the battlefield can't move to another
zone or come back onto the battlefield"): "If a token is exiled this way, it will cease to exist
and won't return to the battlefield."

* ``flicker-token`` — for every one-face instant or sorcery the reference engine builds whose
  first effect is "Exile target creature you control, then return it / that card to the
  battlefield ..." (:class:`~conformance.reference.common_abilities.Flicker`) and whose mana
  cost a pool pays: p1 casts it at a Soldier token p1 controls; the token is exiled, does not
  come back, and has ceased to exist (704.5d); for Conjurer's Closet's end step ability the
  same; for a permanent whose enters ability is "exile target <kind> until CARDNAME leaves the
  battlefield" (610.3a), p1 casts it at a Soldier token of p2's, then returns it to hand with
  Boomerang: the token does not come back. Mutant: ``exiled_token_returns`` (an exiled token is
  treated like a card: it stays in exile and returns).
"""

from __future__ import annotations

from typing import Any

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "target", "tokens", "state_based_actions"]
RULES = ["111.8", "704.5d"]
TOKEN = "Soldier Token"


def gen_flicker_token(ctx: Context) -> list[Draft] | NotExecutable:
    """A token exiled by a flicker spell does not return and ceases to exist."""
    from conformance.reference.common_abilities import Flicker
    from conformance.reference.same_target import ThenSameTarget

    face = b.built_face(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    if not {"Instant", "Sorcery"} & set(face.types):
        t = face.text
        if len(t.triggered) == 1 and t.triggered[0].event == "enters":
            return _exile_until(face)
        return _end_step_flicker(face)
    spell: tuple[Any, ...] = face.text.spell if isinstance(face.text.spell, tuple) else ()
    first = spell[0] if spell else None
    if isinstance(first, ThenSameTarget):  # "..., then return that card ... It gains ..."
        first = first.first[0]
    if not isinstance(first, Flicker) or sum(len(e.slots) for e in spell) != 1:
        return NotExecutable("its spell is not one flicker of target creature you control "
                             "followed by effects on the same target or without targets")
    mana = b.mana_pool(face.mana_cost)
    if mana is None:
        return NotExecutable("its mana cost has a symbol a pool cannot be written for")
    p1 = b.player(mana=mana, hand=[{"id": "fl", "card": face.name}],
                  battlefield=[{"id": "tok", "card": TOKEN, "token": True}],
                  library=b.islands(2))
    expect = {"events": [{"type": "cast", "object": "fl"},
                         {"type": "zone_change", "object": "tok", "to": "exile"}],
              "events_absent": [{"type": "zone_change", "object": "tok", "to": "battlefield"}],
              "state": {"count": [{"card": TOKEN, "count": 0}], "stack": []}}
    return [Draft("flicker-token", f"{face.name} exiles a {TOKEN}: it ceases to exist and "
                  "does not return to the battlefield", list(FEATURES),
                  sorted({face.name, b.ISLAND}), b.game(p1, b.player()),
                  [b.cast("fl", targets=["tok"]), b.RESOLVE_TOP], expect, list(RULES))]


def _end_step_flicker(face: Any) -> list[Draft] | NotExecutable:
    """A permanent whose only ability is "At the beginning of your end step, you may exile
    target creature you control, then return ...": p1 controls it and the token in the
    postcombat main phase, advances to the end step, targets the token and accepts."""
    from conformance.reference.common_abilities import Flicker, MayTargeted
    from conformance.reference.common_triggers import YOUR_END_STEP

    t = face.text
    if t.spell or t.activated or t.statics or len(t.triggered) != 1:
        return NotExecutable("the permanent has other abilities than one flicker trigger")
    trig = t.triggered[0]
    eff = trig.effects[0] if len(trig.effects) == 1 else None
    if trig.event != YOUR_END_STEP or not isinstance(eff, MayTargeted) \
            or len(eff.effects) != 1 or not isinstance(eff.effects[0], Flicker):
        return NotExecutable("its ability is not 'At the beginning of your end step, you may "
                             "exile target creature you control, then return it ...'")
    p1 = b.player(battlefield=[{"id": "src", "card": face.name},
                               {"id": "tok", "card": TOKEN, "token": True}])
    actions: list[dict[str, Any]] = [
        {"advance": {"to": "end"}},
        {"choose": {"choice": "targets", "source": "src", "targets": ["tok"]}},
        b.RESOLVE_TOP,
        {"choose": {"choice": "may", "source": "src", "accept": True}}]
    expect = {"events": [{"type": "triggered", "source": "src"},
                         {"type": "zone_change", "object": "tok", "to": "exile"}],
              "events_absent": [{"type": "zone_change", "object": "tok", "to": "battlefield"}],
              "state": {"count": [{"card": TOKEN, "count": 0}], "stack": []}}
    return [Draft("flicker-token", f"{face.name}'s end step ability exiles a {TOKEN}: it "
                  "ceases to exist and does not return to the battlefield",
                  ["priority", "stack", "target", "tokens", "state_based_actions",
                   "turn_structure"], [face.name], b.game(p1, b.player(),
                                                           step="postcombat_main"),
                  actions, expect, list(RULES))]


BOUNCE, BOUNCE_COST = "Boomerang", "{U}{U}"
"""{U}{U} instant: "Return target permanent to its owner's hand."."""


def _exile_until(face: Any) -> list[Draft] | NotExecutable:
    """A permanent whose only triggered ability is "When CARDNAME enters the battlefield, exile
    target <kind> [an opponent controls] until CARDNAME leaves the battlefield": p1 casts it at
    p2's Soldier token (tapped when the kind asks it), then returns it to hand with Boomerang:
    the token, gone, does not come back."""
    from conformance.reference.exile_until_text import ExileUntilLeaves

    t = face.text
    effects = t.triggered[0].effects
    if t.spell or len(effects) != 1 or not isinstance(effects[0], ExileUntilLeaves):
        return NotExecutable("its enters ability is not one 'exile target ... until CARDNAME "
                             "leaves the battlefield'")
    kind = effects[0].kind
    parts = kind.split(":")
    if parts[0] != "perm" or not ({"nonland", "any"} & set(parts[1].split("|"))
                                  or "Creature" in parts[1].split("|")) \
            or not set(parts[2:]) <= {"opp", "tapped"} | {p for p in parts[2:]
                                                           if p.startswith("mv<=")}:
        return NotExecutable(f"its target ({kind}) is not one a Soldier token of p2's is")
    mana = b.mana_pool(face.mana_cost, BOUNCE_COST)
    if mana is None:
        return NotExecutable("its mana cost has a symbol a pool cannot be written for")
    token: dict[str, Any] = {"id": "tok", "card": TOKEN, "token": True}
    if "tapped" in parts:
        token["tapped"] = True
    p1 = b.player(mana=mana, hand=[{"id": "src", "card": face.name},
                                   {"id": "boom", "card": BOUNCE}])
    actions: list[dict[str, Any]] = [
        b.cast("src"), b.RESOLVE_TOP,
        {"choose": {"choice": "targets", "source": "src", "targets": ["tok"]}}, b.RESOLVE_TOP,
        b.cast("boom", targets=["src"]), b.RESOLVE_TOP]
    expect = {"events": [{"type": "zone_change", "object": "tok", "to": "exile"},
                         {"type": "zone_change", "object": "src", "to": "hand"}],
              "events_absent": [{"type": "zone_change", "object": "tok", "to": "battlefield"}],
              "state": {"count": [{"card": TOKEN, "count": 0}], "zones": {"src": "hand"},
                        "stack": []}}
    return [Draft("flicker-token", f"{face.name} exiles p2's {TOKEN} until it leaves the "
                  f"battlefield: the token ceases to exist and does not return when {BOUNCE} "
                  f"returns {face.name} to hand", list(FEATURES), sorted({face.name, BOUNCE}),
                  b.game(p1, b.player(battlefield=[token])), actions, expect,
                  ["111.8", "704.5d", "610.3a"])]


FAMILIES = [
    Family("flicker-token", "A token exiled by 'exile ..., then return it' ceases to exist and "
           "does not return", tuple(RULES), tuple(FEATURES), gen_flicker_token,
           en=phrases("If a token is exiled this way, it will cease to exist and won't return "
                      "to the battlefield")),
]
