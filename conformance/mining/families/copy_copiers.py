"""How a card of the copy-* families (:mod:`conformance.mining.families.copy`) copies a spell in a
scripted game: an instant or sorcery that copies its target, a spell or a Saga chapter that copies
the next instant or sorcery spell cast that turn (a delayed trigger), a creature with flash whose
enters-the-battlefield ability copies its target, a permanent's activated ability that does, or a
permanent whose cast trigger (may) copy each instant or sorcery spell its controller casts."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from conformance.mining import build as b
from conformance.mining.corpus import CardInfo, FaceInfo
from conformance.mining.model import NotExecutable

_WHAT = (r"Copy target instant or sorcery spell( you control)?"
         r"(?: with mana value (\d+) or less)?")
_NEW_TARGETS = r"You may choose new targets for the copy\."
_COPY = re.compile(rf"^{_WHAT}"
                   r"(, except that the copy is (white|blue|black|red|green)"
                   r"|(, then return it to its owner's hand))?\. "
                   r"(?:If (?:this spell|CARDNAME) was cast from a graveyard, copy that spell "
                   r"twice instead\. You may choose new targets for the copies\.|"
                   rf"{_NEW_TARGETS})$")
"""The copy effects the generators script: a copy (of any spell, or of one you control, or of
one with a mana value up to N), with a colour change, or returning the original to its owner's
hand afterwards (Narset's Reversal: the original then never resolves,
:attr:`Copier.returns_original`), or copying twice only when cast from a graveyard (Increasing
Vengeance: cast from a hand, it copies once)."""
_NEXT = re.compile(r"^(?:When you (?:cast your next instant or sorcery spell( with mana value "
                   r"(\d+) or less)? this turn, copy that spell|next cast an instant or sorcery "
                   rf"spell this turn, copy it)\. {_NEW_TARGETS}|(Until end of turn, whenever a "
                   r"player casts an instant or sorcery spell, that player copies it and may "
                   r"choose new targets for the copy\.))$")
"""A spell creating a delayed trigger that copies the next instant or sorcery spell its
controller casts that turn (Galvanic Iteration, Dual Strike), or each one any player casts that
turn (Bonus Round: the caster copies it)."""
_FLASH_LORD = re.compile(r"^(?:Flash|Other [A-Z][a-z]+s you control get \+\d+/\+\d+\.)$")
"""The other lines a creature copier may have: flash (it is cast while the spell to copy is on
the stack) and a lord ability that changes nothing in the scenarios."""
_CAST_TRIGGER = re.compile(r"^Whenever you cast (?:an|your first) instant or sorcery spell"
                           rf"(?: each turn)?, (you may )?copy that spell\. {_NEW_TARGETS}$")
"""A permanent's one ability: a cast trigger (may) copying the spell (Swarm Intelligence), or
the first such spell each turn (Double Vision: the scenarios cast one)."""
_RETARGET = re.compile(rf"^You may choose new targets for target instant or sorcery spell"
                       rf"( you control)?\. Then copy that spell\. {_NEW_TARGETS}$")
"""New targets for the spell (kept in the scenarios), then a copy of it (Wild Ricochet)."""
_HYBRID = re.compile(r"\{([WUBRG])/[WUBRG]\}")


@dataclass
class Copier:
    """How a card copies a spell in a scripted game."""

    card: str
    obj: dict[str, Any]
    zone: str
    mana: str
    delayed: bool
    half: str | None = None
    instant: bool = True
    opponents: bool = True
    features: list[str] = field(default_factory=list)
    color: str | None = None
    """The copy's color word when the copy is made "except that the copy is <color>"."""
    returns_original: bool = False
    """The copied spell is returned to its owner's hand as the copy is made: only the copy
    resolves."""
    max_mana_value: int | None = None
    """It copies only a spell with this mana value or less ("with mana value 4 or less")."""
    how: str = "spell"
    """``spell`` (cast targeting the spell), ``saga`` (a chapter's delayed trigger), ``next``
    (a spell cast beforehand whose delayed trigger copies), ``enters`` (a creature with flash
    whose enters ability targets the spell), ``ability`` (an activated ability) or ``cast``
    (a permanent's cast trigger)."""
    may: bool = False
    """The cast trigger says "you may copy": its controller accepts (a ``may`` choice)."""
    modes: list[int] | None = None
    """The mode that copies, for a modal spell ("Choose one — ... • Copy target ...")."""
    whole_turn: bool = False
    """Its delayed trigger copies every instant or sorcery spell that turn, not the next only."""
    retarget: bool = False
    """It first lets its controller choose new targets for the spell (Wild Ricochet): they are
    kept."""
    ability: int = 0
    """The index of the copy ability among the permanent's activated abilities (``ability``)."""

    @property
    def resolutions(self) -> int:
        """How many times the copied spell's effect happens: the copy's and the original's,
        or the copy's alone when the original goes back to a hand."""
        return 1 if self.returns_original else 2

    def original_zone(self, zone: str) -> str:
        """Where the copied spell (a card) ends: ``zone`` once resolved, a hand if returned."""
        return "hand" if self.returns_original else zone

    def zone_of(self, obj: str) -> dict[str, Any]:
        """A ``state`` entry expecting the copied spell ``obj`` back in its owner's hand, for a
        copier that returns it (nothing otherwise)."""
        return {"zones": {obj: "hand"}} if self.returns_original else {}

    @property
    def id(self) -> str:
        """The copier's object id."""
        return str(self.obj["id"])

    @property
    def casts(self) -> int:
        """Cast events the copier itself adds."""
        return 0 if self.how in ("saga", "ability", "cast") else 1

    @property
    def spell_casts(self) -> int:
        """Instant and sorcery spells the copier itself adds (a creature copier adds none)."""
        return 1 if self.how in ("spell", "next") else 0

    def fits(self, mana_value: int) -> bool:
        """Whether it can copy a spell of ``mana_value``."""
        return self.max_mana_value is None or mana_value <= self.max_mana_value

    def prime(self) -> list[dict[str, Any]]:
        """Actions before the spell to copy is cast (a saga's chapter or a spell sets up the
        copy)."""
        if self.how == "saga":
            return [{"add_counters": {"object": self.id, "counter": "lore", "n": 1}},
                    b.RESOLVE_STACK]
        if self.how == "next":
            return [b.cast(self.id, half=self.half), b.RESOLVE_STACK]
        return []

    def copy(self, spell: str, player: str = "p1", *, extra_trigger: str | None = None,
             targeted: bool = True) -> list[dict[str, Any]]:
        """Actions that copy ``spell`` once it is cast, up to the copy's new-targets choice
        (``extra_trigger``: another source of p1 that triggered on the same cast;
        ``targeted``: the spell has targets, so new ones may be chosen for it)."""
        if self.delayed:
            out: list[dict[str, Any]] = []
            if extra_trigger:
                out.append({"choose": {"choice": "trigger_order",
                                       "order": [extra_trigger, self.id]}})
            return out + [b.RESOLVE_TOP]
        if self.how == "cast":  # the cast trigger, on top of any other trigger of that cast
            out = [{"choose": {"choice": "trigger_order", "order": [extra_trigger, self.id]}}
                   ] if extra_trigger else []
            return out + [b.RESOLVE_TOP] + ([{"choose": {"choice": "may", "source": self.id,
                                                         "accept": True}}] if self.may else [])
        if self.how == "enters":  # the creature resolves; its enters ability targets the spell
            return [b.cast(self.id, player), b.RESOLVE_TOP,
                    {"choose": {"choice": "targets", "source": self.id, "targets": [spell]}},
                    b.RESOLVE_TOP]
        if self.how == "ability":
            return [{"activate": {"player": player, "object": self.id, "ability": self.ability,
                                  "targets": [spell]}}, b.RESOLVE_TOP]
        out = [b.cast(self.id, player, targets=[spell], half=self.half,
                      **({"modes": self.modes} if self.modes else {}))]
        if extra_trigger:
            out.append(b.RESOLVE_TOP)
        keep = [{"choose": {"choice": "new_targets", "source": spell, "targets": None}}]
        return out + [b.RESOLVE_TOP] + (keep if self.retarget and targeted else [])

    def place(self, p1: dict[str, Any]) -> None:
        """Put the copier's object into p1's setup."""
        p1.setdefault(self.zone, []).append(self.obj)


def _pool(cost: str | None) -> str | None:
    """The pool paying ``cost``, a hybrid symbol paid with its first color."""
    return b.mana_pool(_HYBRID.sub(r"{\1}", cost or ""))


def _saga(card: CardInfo) -> Copier | NotExecutable:
    """A chapter II copying the next instant or sorcery spell (Summon: G.F. Cerberus), or a
    last chapter III copying each one that turn (The Mirari Conjecture): the Saga has one lore
    counter less, and the priming action adds one."""
    chapters = b.strip_reminders(card.main.text)
    feats = ["saga", "saga.chapter_trigger", "trigger.delayed", "counters"]
    if re.search(r"II — (?:[A-Za-z]+ — )?When you next cast an instant or sorcery spell this "
                 r"turn, copy it\.", chapters):
        return Copier(card.name, {"id": "cer", "card": card.name, "counters": {"lore": 1}},
                      "battlefield", "", delayed=True, how="saga", features=feats)
    if re.search(r"(?m)^III — Until end of turn, whenever you cast an instant or sorcery spell, "
                 rf"copy it\. {_NEW_TARGETS}$", chapters) and not re.search(r"(?m)^IV", chapters):
        return Copier(card.name, {"id": "cer", "card": card.name, "counters": {"lore": 2}},
                      "battlefield", "", delayed=True, how="saga", whole_turn=True,
                      features=[*feats, "saga.sacrifice"])
    return NotExecutable("the Saga copies spells through a chapter the generator does not "
                         "script")


def _permanent(card: CardInfo, face: FaceInfo) -> Copier | NotExecutable | None:
    """A creature with flash copying its target as it enters, or a permanent with an activated
    copy ability paid with mana (None: the face copies no spell this way)."""
    lines = [ln.strip() for ln in b.strip_reminders(face.text).split("\n") if ln.strip()]
    lines = [ln.replace(face.name, "CARDNAME").replace(card.name, "CARDNAME") for ln in lines]
    enters = re.compile(rf"^When CARDNAME enters(?: the battlefield)?, c{_WHAT[1:]}\. "
                        rf"{_NEW_TARGETS}$")
    activated = re.compile(rf"^((?:\{{[0-9WUBRGC]\}})+): {_WHAT}\. {_NEW_TARGETS}$")
    if lines and (m := _CAST_TRIGGER.match(lines[0])) and len(lines) == 1:
        return Copier(card.name, {"id": "copier", "card": card.name}, "battlefield", "",
                      delayed=False, how="cast", opponents=False, may=bool(m[1]),
                      features=["trigger.cast", "trigger.order"]
                      + (["optional_effect"] if m[1] else []))
    for i, line in enumerate(lines):
        if (m := enters.match(line)) and "Creature" in face.types:
            if any(not _FLASH_LORD.match(ln) for ln in lines if ln != line) or \
                    "Flash" not in lines:
                return NotExecutable("the creature has other abilities than flash and its "
                                     "enters-the-battlefield copy ability")
            mana = _pool(face.mana_cost)
            if mana is None:
                return NotExecutable(f"mana cost {face.mana_cost} cannot be scripted")
            return Copier(card.name, {"id": "copier", "card": card.name}, "hand", mana,
                          delayed=False, how="enters", opponents=m[1] is None,
                          max_mana_value=int(m[2]) if m[2] else None, features=["keywords"])
        if m := activated.match(line):
            if any(re.search(r"\bWhen|\bwhenever\b|\bAt the\b", ln, re.I) for ln in lines):
                return NotExecutable("the permanent has triggered abilities the copy scenarios "
                                     "do not script")
            index = sum(1 for ln in lines[:i] if re.match(r"^[^\"]*?\{[^}]+\}[^\"]*?: ", ln))
            return Copier(card.name, {"id": "copier", "card": card.name}, "battlefield",
                          str(b.mana_pool(m[1])), delayed=False, how="ability", ability=index,
                          opponents=m[2] is None, max_mana_value=int(m[3]) if m[3] else None,
                          features=["activated_ability"])
    return None


def copier_of(card: CardInfo) -> Copier | NotExecutable:
    """How ``card`` copies spells, or why the generators cannot script it."""
    if card.main.subtypes and "Saga" in card.main.subtypes:
        return _saga(card)
    for face in card.faces:
        if not {"Instant", "Sorcery"} & set(face.types):
            if (perm := _permanent(card, face)) is not None:
                return perm
            continue
        text = b.spell_lines(face, drop=("Aftermath", "Flashback", "Foretell"))
        aftermath = "Aftermath" in face.text
        zone = "graveyard" if aftermath else "hand"
        feats = ["split_card", "aftermath"] if aftermath else (
            ["split_card"] if card.is_split else [])
        mana = _pool(face.mana_cost)
        if (n := _NEXT.match(text)) and not aftermath:
            if mana is None:
                return NotExecutable(f"mana cost {face.mana_cost} cannot be scripted")
            return Copier(card.name, {"id": "copier", "card": card.name}, zone, mana,
                          delayed=True, how="next", half=face.name if card.is_split else None,
                          opponents=False, max_mana_value=int(n[2]) if n[2] else None,
                          whole_turn=bool(n[3]), features=[*feats, "trigger.delayed"])
        modes = None
        if text.startswith("Choose one — • "):  # the mode that copies (Insidious Will)
            found = [i for i, mode in enumerate(text.split(" • ")[1:]) if _COPY.match(mode)]
            if len(found) == 1:
                modes, text = found, text.split(" • ")[1 + found[0]]
                feats = [*feats, "modal"]
        if r := _RETARGET.match(text):  # Wild Ricochet
            if mana is None:
                return NotExecutable(f"mana cost {face.mana_cost} cannot be scripted")
            return Copier(card.name, {"id": "copier", "card": card.name}, zone, mana,
                          delayed=False, instant="Instant" in face.types,
                          opponents=r[1] is None, retarget=True, features=feats)
        m = _COPY.match(text)
        if not m:
            if re.match(r"^Copy target instant or sorcery spell[^.]*, then ", text):
                return NotExecutable("the card also does something to the original spell "
                                     f"(\"{text.split('. ')[0]}\") the copy scenarios do not "
                                     "script")
            continue
        if mana is None:
            return NotExecutable(f"mana cost {face.mana_cost} cannot be scripted")
        return Copier(card.name, {"id": "copier", "card": card.name}, zone, mana, delayed=False,
                      half=face.name if card.is_split else None,
                      instant="Instant" in face.types, opponents=m[1] is None,
                      max_mana_value=int(m[2]) if m[2] else None,
                      returns_original=bool(m[5]), color=m[4], features=feats, modes=modes)
    return NotExecutable("the card does not say \"Copy target instant or sorcery spell. You may "
                         "choose new targets for the copy.\" (its copy effect is not scripted)")
