"""Targets of flashback spells the text phrases of :func:`conformance.mining.build.scripted_targets`
do not script, read from the target slots the reference engine builds for the card: an artifact
(Ancient Grudge), a creature with a toughness limit (Strangling Soot), a card in a graveyard
(Coffin Purge, Dryad's Revival, Unburial Rites). Used by
:mod:`conformance.mining.families.flashback`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from conformance.mining import build as b

_NOT_SCRIPTED = re.compile(r"additional cost|\bkicker\b|\bentwine\b|\bx\b|divided|choose one|"
                           r"choose two|\bstrive\b|up to|any number|another target|each of|"
                           r"cast this spell only|costs? \{|\btarget\b.*\btarget\b", re.S)
"""Words whose costs or choices on casting the flashback cases do not script (a second target
among them)."""


@dataclass(frozen=True)
class Placed:
    """A target object: whose, in which zone, its id and card."""

    player: str
    zone: str
    id: str
    card: str

    def obj(self, suffix: str = "") -> dict[str, Any]:
        """Its setup object (``suffix``: a second object like it)."""
        return {"id": self.id + suffix, "card": self.card}


KINDS: dict[str, Placed] = {
    "artifact": Placed("p2", "battlefield", "thopter2", "Ornithopter"),
    "perm:Creature:tou<=3": Placed("p2", "battlefield", "bears2", b.BEARS),
    "nonland_permanent": Placed("p2", "battlefield", "bears2", b.BEARS),
    "graveyard_card": Placed("p2", "graveyard", "gybears2", b.BEARS),
    "gy:any:you": Placed("p1", "graveyard", "gybears1", b.BEARS),
    "gy:Creature:you": Placed("p1", "graveyard", "gybears1", b.BEARS),
}
"""Engine target slot kind -> the object targeted (Ornithopter: a {0} artifact creature 0/2;
Grizzly Bears: toughness 2, a creature card)."""


def engine_target(card: str, text: str) -> Placed | str | None:
    """The one target of ``card``'s spell when the reference engine builds the card with one
    target slot of a kind in :data:`KINDS` (or a player: ``"p2"``; no slot: ``""``, no
    target) and its text asks no choice on casting (None otherwise). Choices as it resolves
    are the generators' to refuse (:func:`conformance.mining.build.decision_needed`)."""
    if _NOT_SCRIPTED.search(text.lower()):
        return None
    from conformance.reference.cards import load_cards

    built = load_cards().get(card)
    if built is None or len(built.faces) != 1:
        return None
    spell = built.faces[0].text.spell
    if not isinstance(spell, tuple):
        return None
    slots = [s for e in spell for s in e.slots]
    if not slots:  # "Draw two cards, then discard two cards."
        return ""
    if len(slots) != 1 or (slots[0].min, slots[0].max) != (1, 1):
        return None
    if slots[0].kind in ("player", "opponent"):  # "Target player sacrifices a creature."
        return "p2"
    return KINDS.get(slots[0].kind)


def place(setup: dict[str, Any], target: Placed, *, second: bool = False) -> None:
    """Put ``target`` (and, with ``second``, another object like it: the second cast's target)
    into ``setup``."""
    zone = setup["players"][target.player].setdefault(target.zone, [])
    zone.append(target.obj())
    if second:
        zone.append(target.obj("b"))


_FLASHBACK_COSTS = re.compile(r"^Flashback—((?:\{[0-9WUBRGC]\})*)(?:, )?([^.{]+)\.$", re.M)
PAYERS = {"creature": b.BEARS, "nonland permanent": b.BEARS, "permanent": b.BEARS, "white creature": "Elite Vanguard", "artifact": "Ornithopter",
          "Plains": "Plains", "Island": "Island", "Swamp": "Swamp", "Mountain": "Mountain",
          "Forest": "Forest"}
"""What pays a flashback cost's part other than mana (``CostPart.what`` -> a card p1
controls: Grizzly Bears, the white vanilla Elite Vanguard, Ornithopter, a basic land)."""


@dataclass(frozen=True)
class FlashbackCosts:
    """A flashback cost with parts other than mana ("Flashback—{1}{B}, Sacrifice a creature.")."""

    mana: str
    kind: str
    """``sacrifice`` or ``tap`` (the cast's ``costs`` key), or ``life``."""
    payers: tuple[dict[str, Any], ...]
    """p1's battlefield objects that pay it (ids ``pay1``...)."""
    life: int = 0
    """The life it pays."""

    def costs(self) -> dict[str, Any]:
        """The ``costs`` of the cast with flashback (none for life)."""
        return {self.kind: [p["id"] for p in self.payers]} if self.payers else {}


def flashback_costs(text: str) -> FlashbackCosts | None:
    """The scripted payment of a "Flashback—[{mana}, ]<one cost>." line of ``text``: one
    sacrifice or tap cost (None: no such line, or one the generators do not script)."""
    from conformance.reference.cost_text import cost_part

    m = _FLASHBACK_COSTS.search(text)
    if not m or ", " in m[2]:
        return None
    if life := re.fullmatch(r"Pay (\d+) life", m[2]):  # paid as it is cast: nothing to name
        return FlashbackCosts(m[1] or "", "life", (), int(life[1]))
    part = cost_part(m[2])
    if part is None or part.kind not in ("sacrifice", "tap") or part.what not in PAYERS:
        return None
    payers = tuple({"id": f"pay{i}", "card": PAYERS[part.what]} for i in range(1, part.n + 1))
    return FlashbackCosts(m[1] or "", part.kind, payers)


_ADDITIONAL = re.compile(r"As an additional cost to cast (?:this spell|CARDNAME), ([^.]+)\. ?")


def additional_cost(text: str) -> tuple[FlashbackCosts | None, str]:
    """The scripted payment of a spell's "As an additional cost to cast this spell, <one
    sacrifice or tap cost>." (paid for every cast, with flashback too: 702.34a, 118.8), and the
    text without that sentence; (None, ``text``) without one the generators script."""
    from conformance.reference.cost_text import cost_part

    m = _ADDITIONAL.search(text)
    part = cost_part(m[1]) if m else None
    if m is None or part is None or part.kind not in ("sacrifice", "tap") \
            or part.what not in PAYERS:
        return None, text
    payers = tuple({"id": f"add{i}", "card": PAYERS[part.what]} for i in range(1, part.n + 1))
    return FlashbackCosts("", part.kind, payers), (text[:m.start()] + text[m.end():]).strip()


def second_payers(costs: FlashbackCosts) -> tuple[dict[str, Any], ...]:
    """Other objects like ``costs``'s payers (the second cast's: a tapped or sacrificed payer
    pays no more)."""
    return tuple({**p, "id": p["id"] + "b"} for p in costs.payers)
