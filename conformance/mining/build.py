"""Helpers the families share to write setups, actions and expectations."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from conformance.mining.corpus import CardInfo, FaceInfo

if TYPE_CHECKING:
    from conformance.mining.model import NotExecutable

BEARS = "Grizzly Bears"
GIANT = "Hill Giant"
BOLT = "Lightning Bolt"
GUTTERSNIPE = "Guttersnipe"
BLAZE = "Blaze"
SLAGSTORM = "Slagstorm"
ARC_LIGHTNING = "Arc Lightning"
CANCEL = "Cancel"
ISLAND = "Island"

_REMINDER = re.compile(r"\s*\([^()]*\)")
_TARGET_PHRASES = {
    "any target": ("p2", None),
    "target creature or player": ("p2", None),
    "target player": ("p2", None),
    "target opponent": ("p2", None),
    "target creature or planeswalker": ("bears2", BEARS),
    "target creature": ("bears2", BEARS),
    "target creature an opponent controls": ("bears2", BEARS),
    "target creature you don't control": ("bears2", BEARS),
    "target creature you control": ("bears1", BEARS),
}


def mana_pool(*costs: str | None, x: int = 0) -> str | None:
    """A mana pool that pays exactly ``costs`` (generic as colorless), or None when a cost has
    a symbol a pool cannot be written for (hybrid, Phyrexian, snow)."""
    out: list[str] = []
    for cost in costs:
        for sym in re.findall(r"\{([^}]+)\}", cost or ""):
            if sym.isdigit():
                out += ["C"] * int(sym)
            elif sym == "X":
                out += ["C"] * x
            elif sym in ("W", "U", "B", "R", "G", "C"):
                out.append(sym)
            else:
                return None
    order = "WUBRGC"
    return "".join(f"{{{s}}}" for s in sorted(out, key=order.index))


def strip_reminders(text: str) -> str:
    """Oracle text without reminder text."""
    return _REMINDER.sub("", text)


def spell_lines(face: FaceInfo, *, drop: tuple[str, ...] = ()) -> str:
    """A face's text without reminder text and without lines starting with ``drop``."""
    lines = [ln.strip() for ln in strip_reminders(face.text).split("\n")]
    return " ".join(ln for ln in lines if ln and not ln.startswith(drop))


def scripted_targets(text: str) -> list[tuple[str, str | None]] | None:
    """The targets to script for a spell text, as (id, card of that id or None for a player):
    [] without the word "target", one target for exactly one known "target ..." phrase,
    None (not scriptable) otherwise."""
    low = re.sub(r"you may choose new targets for the cop(?:y|ies)\.?", "", text.lower())
    if re.search(r"additional cost|choose one|choose two|\bx\b|divided|kicker|entwine|"
                 r"\bstrive\b|any number of target|up to|another target|each of|"
                 r"two target|three target|target spell|target card|target land|"
                 r"target artifact|target enchantment|target permanent|target nonland|"
                 r"sacrifice|discard|reveal|search|cast this spell only", low):
        return None  # (a casting restriction is a condition the setup does not arrange)
    found = re.findall(r"\btargets?\b", low)
    if not found:
        return []
    if len(found) != 1:
        return None
    for phrase in sorted(_TARGET_PHRASES, key=len, reverse=True):
        m = re.search(r"\b" + re.escape(phrase) + r"\b", low)
        if m:
            rest = low[m.end():m.end() + 25]
            if (re.match(r"\s*(with|that|of|you|an opponent|card|spell)\b", rest)
                    or re.match(r"\s*or [a-z ]*?\bcards?\b", rest)) and \
                    phrase not in ("target creature you control",
                                   "target creature an opponent controls",
                                   "target creature you don't control"):
                return None
            return [_TARGET_PHRASES[phrase]]
    return None


def objects_for(targets: list[tuple[str, str | None]]) -> tuple[list[dict[str, Any]],
                                                                  list[dict[str, Any]]]:
    """Battlefield objects (p1's, p2's) the scripted targets need."""
    mine: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    for tid, card in targets:
        if card is None:
            continue
        (mine if tid.endswith("1") else theirs).append({"id": tid, "card": card})
    return mine, theirs


def one_target_each(effects: Iterable[Any], kinds: dict[str, tuple[str, str | None]]
                    ) -> list[tuple[str, str | None]] | NotExecutable:
    """The scripted target (id, card or None for a player) of each target slot of ``effects``, in
    order, from ``kinds`` (slot kind -> target); a
    :class:`~conformance.mining.model.NotExecutable` when a slot is not exactly one target of a
    kind in ``kinds``."""
    from conformance.mining.model import NotExecutable

    targets: list[tuple[str, str | None]] = []
    for eff in effects:
        for slot in eff.slots:
            if slot.kind not in kinds or slot.min != 1 or slot.max != 1:
                return NotExecutable(f"its target ({slot.kind}) is not one the generator "
                                     "scripts")
            targets.append(kinds[slot.kind])
    return targets


def player(life: int = 20, **zones: Any) -> dict[str, Any]:
    """A player's setup with only the non-empty zones."""
    out: dict[str, Any] = {"life": life}
    for k, v in zones.items():
        if v:
            out[k] = v
    return out


def islands(n: int = 3) -> list[dict[str, Any]]:
    """A library of ``n`` Islands, ids ``lib1`` to ``lib<n>`` (cards to draw)."""
    return [{"id": f"lib{i}", "card": ISLAND} for i in range(1, n + 1)]


def caster(card: str, obj: str, zone: str, mana: str | None,
           targets: list[tuple[str, str | None]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """p1's setup to cast ``card`` (object ``obj``) from ``zone`` with ``mana`` at the scripted
    ``targets`` (p1's target objects on the battlefield, three Islands in the library), and the
    battlefield objects p2 needs for the targets."""
    mine, theirs = objects_for(targets)
    held: dict[str, Any] = {zone: [{"id": obj, "card": card}]}
    p1 = player(mana=mana, battlefield=mine, library=islands(3), **held)
    return p1, theirs


def game(p1: dict[str, Any], p2: dict[str, Any], *, active: str = "p1",
         step: str = "precombat_main", turn: int = 3) -> dict[str, Any]:
    """A setup mapping."""
    return {"active_player": active, "step": step, "turn": turn,
            "players": {"p1": p1, "p2": p2}}


def cast(obj: str, player_id: str = "p1", *, targets: list[str] | None = None,
         half: str | None = None, **kw: Any) -> dict[str, Any]:
    """A ``cast`` action."""
    body: dict[str, Any] = {"player": player_id, "object": obj}
    if half:
        body["half"] = half
    if targets:
        body["targets"] = targets
    body.update(kw)
    return {"cast": body}


RESOLVE_TOP: dict[str, Any] = {"resolve_top": {}}
RESOLVE_STACK: dict[str, Any] = {"resolve_stack": {}}


def keep_targets() -> dict[str, Any]:
    """Answer a copy's "new targets" choice by keeping them."""
    return {"choose": {"choice": "new_targets", "targets": None}}


def new_targets(targets: list[str]) -> dict[str, Any]:
    """Answer a copy's "new targets" choice."""
    return {"choose": {"choice": "new_targets", "targets": targets}}


def castable_face(card: CardInfo) -> FaceInfo | None:
    """The face cast from a hand for a one-face instant or sorcery card."""
    if len(card.faces) != 1:
        return None
    f = card.faces[0]
    return f if {"Instant", "Sorcery"} & set(f.types) else None


_DECISIONS = (
    (r"\bscry\b", "scry"),
    (r"\bsurveil\b", "surveil"),
    (r"\b(?:one|two|any number) of them\b", "choosing among the looked-at cards"),
    (r"\bchoose a card name\b|\bname a card\b|\bnames? a card\b", "naming a card"),
    (r"\blook at\b", "looking at hidden cards"),
    (r"\bsearch\b", "a library search"),
    (r"\byou may (?!play\b|cast\b|spend\b)|\bmay have\b", "an optional instruction"),
    # modes and divisions are chosen on casting (the cast action carries them)
    (r"(?<!as you )\bchooses?\b(?! (?:one|two|three)\b)", "a choice"),
    (r"\bdiscards?\b(?! this card)", "choosing cards to discard"),
    (r"\bsacrifices? an?\b|\bsacrifices? (?:one|two|three)\b", "choosing what to sacrifice"),
    (r"\bin any order\b|\bin a random order\b", "ordering cards"),
)


def decision_needed(text: str) -> str | None:
    """The decision (or random outcome) resolving ``text`` would need that the case format
    cannot script (scry, "put one of them into your hand", "choose a card name", ...), or None.

    Strict engines refuse to resolve such an effect without an answer (``unanswered_choice``),
    so a generator that resolves it emits no case."""
    # new targets for a copy or a spell are a `new_targets` choice a case scripts; a flashback
    # cost is paid as the spell is cast (the cast action's `costs`), not as it resolves
    low = re.sub(r"(?:you |and )?may choose new targets for (?:the cop(?:y|ies)|target [a-z ]*spell)"
                 r"\.?", "", strip_reminders(text).lower())
    low = re.sub(r"^flashback\b.*$", "", low, flags=re.M)
    low = re.sub(r"as an additional cost to cast this spell, [^.]*\.", "", low)  # cast costs
    for pattern, what in _DECISIONS:
        if re.search(pattern, low):
            return what
    return None


_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                 "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def draws(text: str) -> dict[str, int]:
    """How many cards each player draws when ``text`` resolves for p1 (``{"p1": n, "p2": m}``):
    libraries in a setup must hold at least that many cards, or drawing from an empty library
    makes a player lose (rule 704.5b) and the case tests something else."""
    low = strip_reminders(text).lower()
    out = {"p1": 0, "p2": 0}
    for m in re.finditer(r"\b(each player|target player|target opponent|each opponent|you)?"
                         r"[^.]*?\bdraws? (a|an|one|two|three|four|five|six|seven|eight|nine|"
                         r"ten|\d+) cards?", low):
        n = int(m[2]) if m[2].isdigit() else _NUMBER_WORDS[m[2]]
        who = m[1] or "you"
        if who in ("each player",):
            out["p1"] += n
            out["p2"] += n
        elif who in ("target opponent", "each opponent", "target player"):
            out["p2"] += n
        else:
            out["p1"] += n
    return out


def stock_libraries(players: dict[str, dict[str, Any]], need: dict[str, int],
                    times: int = 1) -> None:
    """Give each player of ``players`` (``{"p1": ..., "p2": ...}`` setups) a library of Islands
    holding one card more than ``times`` resolutions of an effect that draws ``need`` cards
    make them draw (p1's ids ``lib<n>``, p2's ``olib<n>``; an existing larger library stays)."""
    for pid, pl in players.items():
        n = need.get(pid, 0) * times
        if not n:
            continue
        prefix = "lib" if pid == "p1" else "olib"
        size = max(n + 1, len(pl.get("library", [])))
        pl["library"] = [{"id": f"{prefix}{i}", "card": ISLAND} for i in range(1, size + 1)]


def built_face(name: str, *, creature: bool = False) -> Any:
    """The one face of ``name`` as the reference engine builds it (a creature card's, with
    ``creature``), or a :class:`~conformance.mining.model.NotExecutable` saying why the card is
    not scripted: the preamble of every generator that reads the built card."""
    from conformance.mining.model import NotExecutable
    from conformance.reference.cards import load_cards

    card = load_cards().get(name)
    if card is None:
        return NotExecutable("the reference engine does not build the card")
    if creature and (len(card.faces) != 1 or "Creature" not in card.faces[0].types):
        return NotExecutable("only one-face creature cards are scripted")
    if len(card.faces) != 1:
        return NotExecutable("only one-face cards are scripted")
    return card.faces[0]


def one_trigger_creature(name: str, event: str) -> tuple[Any, Any] | Any:
    """The face of the one-face creature card ``name`` and the one effect of its only ability, a
    triggered ability of ``event`` (``heroic``, ``constellation``), as the reference engine builds
    it; or a :class:`~conformance.mining.model.NotExecutable` saying why the card is not scripted."""
    from conformance.mining.model import NotExecutable

    face = built_face(name, creature=True)
    if isinstance(face, NotExecutable):
        return face
    t = face.text
    if t.activated or t.statics or t.restrictions or len(t.triggered) != 1 \
            or t.triggered[0].event != event or len(t.triggered[0].effects) != 1:
        return NotExecutable(f"the card has other abilities than one {event} ability with one "
                             "effect")
    return face, t.triggered[0].effects[0]
