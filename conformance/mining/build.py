"""Helpers the families share to write setups, actions and expectations."""

from __future__ import annotations

import re
from typing import Any

from conformance.mining.corpus import CardInfo, FaceInfo

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
    low = text.lower()
    if re.search(r"additional cost|choose one|choose two|\bx\b|divided|kicker|entwine|"
                 r"\bstrive\b|any number of target|up to|another target|each of|"
                 r"two target|three target|target spell|target card|target land|"
                 r"target artifact|target enchantment|target permanent|target nonland|"
                 r"sacrifice|discard|reveal|search", low):
        return None
    found = re.findall(r"\btargets?\b", low)
    if not found:
        return []
    if len(found) != 1:
        return None
    for phrase in sorted(_TARGET_PHRASES, key=len, reverse=True):
        m = re.search(r"\b" + re.escape(phrase) + r"\b", low)
        if m:
            rest = low[m.end():m.end() + 25]
            if re.match(r"\s*(with|that|of|you|an opponent|card|spell)\b", rest) and \
                    phrase not in ("target creature you control",
                                   "target creature an opponent controls",
                                   "target creature you don't control"):
                return None
            return [_TARGET_PHRASES[phrase]]
    return None


def objects_for(targets: list[tuple[str, str | None]]) -> tuple[list[dict[str, Any]],
                                                                  list[dict[str, Any]]]:
    """Battlefield objects (p1's, p2's) the scripted targets need."""
    mine, theirs = [], []
    for tid, card in targets:
        if card is None:
            continue
        (mine if tid.endswith("1") else theirs).append({"id": tid, "card": card})
    return mine, theirs


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
    p1 = player(mana=mana, battlefield=mine, library=islands(3),
                **{zone: [{"id": obj, "card": card}]})
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
