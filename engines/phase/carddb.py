"""phase.rs card data built offline from the project's fixtures (standard library, ``phase`` and the
project's card-data module only).

phase's own generator (``phase.gen``) downloads MTGJSON's AtomicCards; this module builds the same
``card-data.json`` entries from what the project ships instead, read by ``conformance/card_data.py``
(installed into the engine's venv as ``mtg_rulings_cards`` from ``wire/``):

* ``fixtures/data/mtgjson-2022/cards.jsonl.gz``: name, layout, oracle id, and per face the type line,
  mana cost and oracle text;
* ``fixtures/cards/power_toughness.json``: printed power/toughness of creature faces;
* ``fixtures/data/recent/*.json`` (At Knifepoint, MTGJSON-shaped) and ``fixtures/cards/recent_oracle.json``
  (cards newer than the 2022 data, e.g. Summon: G.F. Cerberus, with their provenance).

Each face becomes an MTGJSON AtomicCard-shaped dict (``name``, ``faceName``, ``manaCost``, ``manaValue``,
``layout``, ``colors``, ``colorIdentity``, ``identifiers``, ``type``/``types``/``subtypes``/``supertypes``,
``text``, ``power``/``toughness``) parsed by phase's ``build_oracle_face_multi`` (the multi variant
extracts keywords from the text; the plain one with no MTGJSON keyword list turns keyword lines into
unimplemented abilities). The parsed faces are cached in a JSON file keyed by a digest of the inputs and
phase's version, under ``$PHASE_CARD_CACHE`` or ``$XDG_CACHE_HOME/mtg-rulings/phase`` (``~/.cache``).

phase keys faces by lower-cased face name, so two cards with a face of the same name collide (Start //
Fire and Fire // Ice both have "Fire"): :meth:`CardData.engine_json` builds the database of one game
from the faces of that game's cards only, so the cards under test always win; :attr:`CardData.collisions`
lists every collision among the loaded cards for the ``start`` answer.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mtg_rulings_cards as cards  # the project's card data (wire/, installed by engines.mk)

BUILDER_VERSION = "1"
"""Bumped whenever the AtomicCard dicts built here change shape (part of the cache key)."""

ROOT = Path(__file__).resolve().parent.parent.parent

MULTI_LAYOUTS = frozenset({"split", "flip", "transform", "meld", "adventure", "modal_dfc", "aftermath"})
"""Layouts phase builds as two faces sharing an oracle id (as ``phase.gen`` does)."""

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
COLOR_ORDER = "WUBRG"

GAP_TYPES = frozenset({"Unimplemented", "Unknown", "Unrecognized", "Other"})
"""The ``type`` tags phase's parser gives text it could not turn into an ability, trigger, static or
replacement (``Effect::Unimplemented``, ``TriggerMode::Unknown``, ``StaticMode::Other``, ...)."""

GAP_SECTIONS = ("abilities", "triggers", "static_abilities", "replacements")


class CardDataError(Exception):
    """A fixture file is missing or malformed (the message names the file and line)."""


def cache_dir() -> Path:
    """Where parsed faces are cached: ``$PHASE_CARD_CACHE``, else ``$XDG_CACHE_HOME/mtg-rulings/phase``."""
    env = os.environ.get("PHASE_CARD_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-rulings" / "phase"


def parse_type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """``"Legendary Enchantment Creature — Saga Dog"`` -> (supertypes, types, subtypes)."""
    left, _, right = line.partition("\u2014")
    words = left.split()
    supers = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    return supers, types, right.split()


def mana_symbols(cost: str | None) -> list[str]:
    """``"{2}{R}{R}"`` -> ``["2", "R", "R"]``."""
    return re.findall(r"\{([^}]+)\}", cost or "")


def mana_value(cost: str | None) -> float:
    """Mana value of a mana cost string (X counts 0, hybrid ``{2/W}`` counts 2)."""
    total = 0
    for sym in mana_symbols(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        elif sym.startswith("2/"):
            total += 2
        else:
            total += 1
    return float(total)


def colors_of(cost: str | None) -> list[str]:
    """The colors of a mana cost, in WUBRG order."""
    found = {c for sym in mana_symbols(cost) for c in sym.split("/") if c in COLOR_ORDER}
    return [c for c in COLOR_ORDER if c in found]


@dataclass
class Source:
    """One card as the fixtures give it: its name, layout, oracle id and faces (AtomicCard dicts)."""

    name: str
    layout: str
    oracle_id: str | None
    faces: list[dict[str, Any]]
    origin: str


def _atomic(card_name: str, layout: str, oracle_id: str | None, face_name: str | None, type_line: str,
            cost: str | None, text: str, pt: Any, card_cost_total: float) -> dict[str, Any]:
    supers, types, subs = parse_type_line(type_line)
    colors = colors_of(cost)
    d: dict[str, Any] = {
        "name": card_name, "layout": layout, "type": type_line, "types": types, "subtypes": subs,
        "supertypes": supers, "text": text, "manaValue": card_cost_total, "colors": colors,
        "colorIdentity": colors, "identifiers": {"scryfallOracleId": oracle_id} if oracle_id else {},
    }
    if cost:
        d["manaCost"] = cost
    if face_name:
        d["faceName"] = face_name
    if pt is not None:
        d["power"], d["toughness"] = str(pt[0]), str(pt[1])
    return d


def load_sources(names: set[str]) -> dict[str, Source]:
    """The fixture data of each card in ``names`` that the project ships (others are left out), read
    by the project's card-data module (``conformance/card_data.py``, installed as ``mtg_rulings_cards``)."""
    pts = cards.power_toughness(CardDataError)
    found: dict[str, Source] = {}
    for name, (row, lineno) in sorted(cards.mtgjson_rows_named(names, CardDataError).items(),
                                      key=lambda item: item[1][1]):
        faces = row["faces"]
        total = sum(mana_value(f.get("mana_cost")) for f in faces) if row["layout"] in (
            "split", "aftermath") else mana_value(faces[0].get("mana_cost"))
        found[name] = Source(name, row["layout"], row.get("oracle_id"), [
            _atomic(name, row["layout"], row.get("oracle_id"), f.get("face_name"), f.get("type") or "",
                    f.get("mana_cost"), f.get("text") or "", pts.get(f.get("face_name") or name), total)
            for f in faces], f"{_rel(cards.MTGJSON_CARDS)}:{lineno}")
    for rc in cards.recent_cards(CardDataError):
        if rc.name in names:
            pt = (rc.power, rc.toughness) if rc.power is not None else None
            found[rc.name] = Source(rc.name, rc.layout, rc.oracle_id, [
                _atomic(rc.name, rc.layout, rc.oracle_id, None, rc.type_line, rc.mana_cost, rc.text, pt,
                        mana_value(rc.mana_cost))], _rel(rc.source))
    return found


def _rel(where: str | Path) -> str:
    """``where`` relative to the repository root when it is inside it."""
    text = str(where)
    root = f"{ROOT}/"
    return text[len(root):] if text.startswith(root) else text


def gaps(face: dict[str, Any]) -> list[str]:
    """Where phase's parser left a gap marker in ``face``: ``"<section>: <Type> <detail>"`` items."""
    out: list[str] = []

    def walk(node: Any, section: str) -> None:
        if isinstance(node, dict):
            t = node.get("type")
            if isinstance(t, str) and t in GAP_TYPES:
                detail = {k: v for k, v in node.items() if k != "type"}
                out.append(f"{section}: {t} {json.dumps(detail, sort_keys=True)[:160]}")
            for v in node.values():
                walk(v, section)
        elif isinstance(node, list):
            for v in node:
                walk(v, section)
        elif isinstance(node, str) and section == "triggers" and node in GAP_TYPES:
            out.append(f"{section}: {node}")

    for section in GAP_SECTIONS:
        walk(face.get(section), section)
    return out


@dataclass
class CardData:
    """Parsed phase faces of the run's cards: ``entries`` (face key -> card-data entry) per card."""

    phase_version: str
    cards: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Card name -> its card-data entries (one per face, in face order)."""
    origin: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    collisions: dict[str, list[str]] = field(default_factory=dict)
    """Lower-cased face name -> the cards sharing it (more than one)."""
    cache_file: str | None = None
    cache_hit: bool = False

    def gaps(self, name: str) -> list[str]:
        """phase's gap markers in every face of card ``name`` (empty: fully parsed)."""
        return [g for e in self.cards.get(name, []) for g in gaps(e)]

    def engine_json(self, names: set[str]) -> str:
        """A ``card-data.json`` text with the faces of ``names`` only (in sorted order: deterministic)."""
        db: dict[str, Any] = {}
        for name in sorted(names):
            for entry in self.cards.get(name, []):
                db[entry["name"].lower()] = entry
        return json.dumps(db, separators=(",", ":"), sort_keys=True)


def _entries(phase: Any, src: Source) -> list[dict[str, Any]]:
    if len(src.faces) == 1 or src.layout not in MULTI_LAYOUTS:
        return [phase.build_oracle_face_multi(src.faces[0], src.oracle_id)]
    out = []
    for idx, f in enumerate(src.faces[:2]):
        entry = dict(phase.build_oracle_face_multi(f, src.oracle_id))
        entry["layout"] = src.layout
        entry["face_index"] = idx
        out.append(entry)
    return out


def build(phase: Any, names: set[str], version: str) -> CardData:
    """Parse the faces of ``names`` with ``phase`` (its module), through the on-disk cache."""
    sources = load_sources(names)
    key_src = json.dumps({"builder": BUILDER_VERSION, "phase": version,
                          "cards": {n: [s.layout, s.oracle_id, s.faces] for n, s in sorted(sources.items())}},
                         sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(key_src.encode("utf-8")).hexdigest()[:24]
    cache = cache_dir() / f"faces-{digest}.json"
    data = CardData(phase_version=version, missing=sorted(names - set(sources)), cache_file=str(cache),
                    origin={n: s.origin for n, s in sources.items()})
    cached = None
    if cache.is_file():
        try:
            cached = json.loads(cache.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            cached = None                                  # a torn or foreign file: rebuild it
    if isinstance(cached, dict) and set(cached) == set(sources):
        data.cards = cached
        data.cache_hit = True
    else:
        data.cards = {n: _entries(phase, s) for n, s in sorted(sources.items())}
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(data.cards, sort_keys=True), encoding="utf-8")
            os.replace(tmp, cache)
        except OSError:
            data.cache_file = None                         # read-only home: run without a cache
    data.collisions = _collisions(data.cards)
    return data


def extend(data: CardData, phase: Any, names: set[str]) -> None:
    """Add to ``data`` the cards of ``names`` it has not looked up yet (a ``setup`` naming cards the
    ``start`` did not offer), parsed with ``phase`` without the on-disk cache."""
    new = names - set(data.cards) - set(data.missing)
    if not new:
        return
    sources = load_sources(new)
    for n, s in sorted(sources.items()):
        data.cards[n] = _entries(phase, s)
        data.origin[n] = s.origin
    data.missing = sorted(set(data.missing) | (new - set(sources)))
    data.collisions = _collisions(data.cards)


def _collisions(cards: dict[str, list[dict[str, Any]]]) -> dict[str, list[str]]:
    by_face: dict[str, list[str]] = {}
    for n, entries in sorted(cards.items()):
        for e in entries:
            by_face.setdefault(e["name"].lower(), []).append(n)
    return {k: v for k, v in sorted(by_face.items()) if len(v) > 1}
