"""Targets of the ``illegal-target-fizzle`` family read from the card the reference engine builds
(:mod:`conformance.mining.families.fizzle`), for the target kinds the text reader does not
script: every slot of the spell (or of the ability) gets an object that fits it, and the case
makes every one of them illegal before the spell or ability tries to resolve (608.2b: only a
spell or ability whose targets are *all* illegal doesn't resolve).

* a permanent (creature, artifact, enchantment, land, with qualities: tapped, power, color,
  flying, nonbasic, ...) gains shroud (``set_keywords``, an effect outside the case's cards):
  it stays on the battlefield, untouched;
* a spell (``counter target [creature] spell``) is countered by p2's Cancel, so it has left the
  stack.

The object chosen for a slot is one the reference engine itself finds legal for it (a small
game with that object alone), so a kind the engine reads is scripted without a table of kinds.
Players (no action makes a player an illegal target in a two-player game) and cards in
graveyards are not scripted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from conformance.mining import build as b
from conformance.mining.model import NotExecutable

CANCEL = "Cancel"
"""Counter target spell ({1}{U}{U}): p2 counters the spell a spell of the case targets."""

VICTIMS = (b.BEARS, b.GIANT, "Craw Wurm", "Wind Drake", "Ornithopter", "Fang of Shigeki",
           b.ISLAND, "Dryad Arbor", "Millstone", "Serra Angel", "Scathe Zombies",
           "Goblin Piker", "Coral Merfolk", "Mountain", "Forest", "Plains", "Swamp")
"""Permanents tried in order for a permanent slot: a 2/2 green Bear, a 3/3, a 6/4, flyers, an
artifact creature, an enchantment creature, a basic land, a nonbasic land creature, a
noncreature artifact, white, black, red and blue creatures, and the other basic lands ("target
Mountain")."""

SPELL_VICTIMS = ((b.BEARS, "{1}{G}", "Creature", 2), ("Divination", "{2}{U}", "Sorcery", 3))
"""Spells p1 casts for a spell slot to target: (card, mana cost, type, mana value)."""


@dataclass
class Plan:
    """How to script the targets of a spell or ability and make them all illegal."""

    targets: list[str] = field(default_factory=list)
    """The target ids, in slot order."""
    cards: list[str] = field(default_factory=list)
    """The cards the targets and the case's other objects are."""
    mine: list[dict[str, Any]] = field(default_factory=list)
    """p1's battlefield objects."""
    theirs: list[dict[str, Any]] = field(default_factory=list)
    """p2's battlefield objects."""
    spell: tuple[str, str] | None = None
    """The spell p1 casts first for a spell slot (card, mana cost), id ``vsp``."""

    def illegal(self) -> list[dict[str, Any]]:
        """The actions making every target illegal, after the spell or ability is on the stack
        (a spell target: p2's Cancel is cast after p1 passes)."""
        if self.spell is not None:
            return [{"pass_priority": {"player": "p1"}},
                    b.cast("cancel", "p2", targets=["vsp"])]
        return [{"set_keywords": {"object": t, "add": ["shroud"]}} for t in self.targets]


def slot_plan(slots: list[Any]) -> Plan | NotExecutable:
    """The plan for these target slots (``TargetSlot`` of the reference engine), or why not."""
    if not slots:
        return NotExecutable("it has no target to make illegal")
    plan = Plan()
    n = 0
    for slot in slots:  # "up to one", "any number of": one target, made illegal too
        for _ in range(max(slot.min, 1)):
            n += 1
            if _is_spell_kind(slot.kind):
                got = _spell_victim(slot.kind)
                if got is None or len(slots) != 1 or slot.min > 1:
                    return NotExecutable(f"its spell target ({slot.kind}) is not one the "
                                         "generator scripts")
                plan.spell = got
                plan.targets.append("vsp")
                plan.cards += [got[0], CANCEL]
                continue
            victim = victim_for(slot.kind)
            if victim is None:
                return NotExecutable(f"its target ({slot.kind}) is not one the generator "
                                     "scripts (a player, a card in a graveyard, or no permanent "
                                     "of the scripted pool fits)")
            card, yours, tapped = victim
            tid = f"tgt{n}"
            obj: dict[str, Any] = {"id": tid, "card": card}
            if tapped:
                obj["tapped"] = True
            (plan.mine if yours else plan.theirs).append(obj)
            plan.targets.append(tid)
            plan.cards.append(card)
    plan.cards = list(dict.fromkeys(plan.cards))
    return plan


def _is_spell_kind(kind: str) -> bool:
    return kind in ("spell", "instant_or_sorcery_spell") or kind.startswith("spell:")


def _spell_victim(kind: str) -> tuple[str, str] | None:
    """The spell (card, cost) p1 casts for a spell slot of ``kind`` to target."""
    if kind == "spell":
        return SPELL_VICTIMS[0][:2]
    if kind == "instant_or_sorcery_spell":
        return SPELL_VICTIMS[1][:2]
    _, types, *quals = kind.split(":")
    for card, cost, ctype, mv in SPELL_VICTIMS:
        fits = types == "any" or ctype in types.split("|") or (
            types == "noncreature" and ctype != "Creature")
        limits = [int(q[4:]) for q in quals if q.startswith("mv<=")]
        if fits and all(mv <= lim for lim in limits) and set(quals) <= {"you"} | {
                q for q in quals if q.startswith("mv<=")}:
            return card, cost
    return None


@cache
def victim_for(kind: str) -> tuple[str, bool, bool] | None:
    """The first permanent of :data:`VICTIMS` (card, p1 controls it, tapped) the reference engine
    finds a legal target of a slot of ``kind`` for a spell p1 controls: p2's untapped one first,
    then p2's tapped one, then p1's."""
    from conformance.reference import ReferenceEngine
    from conformance.reference.errors import ReferenceEngineError

    if kind in ("player", "opponent", "any_player") or kind.startswith("gy:") \
            or kind == "graveyard_card":
        return None
    engine = ReferenceEngine()
    for yours, tapped in ((False, False), (False, True), (True, False), (True, True)):
        for card in VICTIMS:
            obj: dict[str, Any] = {"id": "v", "card": card, "tapped": tapped}
            side = {"battlefield": [obj]}
            engine.setup("victim", b.game(side if yours else {}, {} if yours else side))
            try:
                if engine.legal_target("v", kind, "p1"):
                    return card, yours, tapped
            except ReferenceEngineError:
                return None
    return None
