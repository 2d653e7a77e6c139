"""Kicked spells and targets (rules 702.33d, 601.2c, 603.3d): "Some instant or sorcery spells
require alternative or additional targets if they're kicked. You ignore these targeting
requirements if those spells aren't kicked, and you can't kick those spells unless you can
choose the appropriate targets. On the other hand, you can kick a permanent spell even if you
won't be able to choose targets for an enters-the-battlefield ability of that permanent once
the spell resolves."

* ``kicker-permanent-targets`` — the permanent half, for every one-face permanent card the
  reference engine builds with a kicker cost and a "When CARDNAME enters the battlefield, if it
  was kicked, ..." ability whose targets are only cards in a graveyard: p1, with empty
  graveyards, casts it kicked (the cast is legal), the spell resolves, the permanent enters and
  its ability, without a legal target, is removed (never put on the stack). Mutant:
  ``kicked_permanent_needs_targets`` (kicking a permanent spell needs legal targets for that
  ability: the cast is refused).

The instant-and-sorcery half is not scripted: the reference engine builds no instant or sorcery
whose kicked effect has targets of its own (Blood Beckoning is refused).
"""

from __future__ import annotations

from conformance.mining import build as b
from conformance.mining.model import Context, Draft, Family, NotExecutable, phrases

FEATURES = ["priority", "stack", "mana_cost", "kicker", "target"]
RULES = ["702.33d", "603.3d"]


def gen_permanent_targets(ctx: Context) -> list[Draft] | NotExecutable:
    """A permanent spell is kicked although its kicked enters ability will have no target."""
    from conformance.reference.common_triggers import ENTERS_KICKED

    face = b.built_face(ctx.card.name)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    if {"Instant", "Sorcery"} & set(face.types):
        return NotExecutable("an instant or sorcery: the reference engine builds none whose "
                             "kicked effect has targets of its own")
    if t.kicker is None or t.multikicker:
        return NotExecutable("the card has no kicker (or a multikicker)")
    slots = [s for tr in t.triggered if tr.event == ENTERS_KICKED
             for e in tr.effects for s in e.slots]
    if not slots:
        return NotExecutable("no 'if it was kicked' enters ability with targets")
    if any(not s.kind.startswith("gy:") or s.min == 0 for s in slots):
        return NotExecutable("its kicked enters ability targets something other than a card in "
                             "a graveyard (a case cannot leave it without a legal target)")
    mana = b.mana_pool(face.mana_cost, t.kicker)
    if mana is None:
        return NotExecutable("its costs have a symbol a pool cannot be written for")
    p1 = b.player(mana=mana, hand=[{"id": "kick", "card": face.name}], library=b.islands(2))
    expect = {"events": [{"type": "cast", "object": "kick"},
                         {"type": "zone_change", "object": "kick", "to": "battlefield"}],
              "events_absent": [{"type": "put_on_stack", "source": "kick"}],
              "state": {"zones": {"kick": "battlefield"}, "stack": []}}
    return [Draft("kicker-permanent-targets", f"{face.name} is cast kicked with empty "
                  "graveyards: legal; it enters and its kicked enters ability, without a "
                  "legal target, is removed", list(FEATURES), sorted({face.name, b.ISLAND}),
                  b.game(p1, b.player()), [b.cast("kick", costs={"kicker": 1}), b.RESOLVE_TOP],
                  expect, list(RULES))]


FAMILIES = [
    Family("kicker-permanent-targets", "A permanent spell may be kicked without targets for "
           "its kicked enters ability", tuple(RULES), tuple(FEATURES), gen_permanent_targets,
           en=phrases("you can kick a permanent spell even if you won't be able to choose "
                      "targets for an enters-the-battlefield ability")),
]
