"""Building the names table's index from its input files (see :mod:`pipeline.cards.table`).

:func:`build_parts` reads the card files into raw cards (:data:`~pipeline.cards.loaders.RawCard`)
and indexes every English, localized, card and face name by :func:`name_key`: language ->
key -> hits ``(card_id, face index or WHOLE, the name comes only from the Forge supplement)``.
"""

from __future__ import annotations

from pathlib import Path

from pipeline import languages
from pipeline.records import Issue

from .errors import CardDataError
from .loaders import (
    FORGE_METHOD,
    ForgeLine,
    RawCard,
    read_forge_names,
    read_mtgjson_cards,
    read_recent_card,
)
from .normalize import name_key, stable_card_id

__all__ = ["WHOLE", "Hit", "Index", "Parts", "build_parts", "english_names"]

WHOLE = -1
"""Face index of a hit on a whole-card name."""

Hit = tuple[str, int, bool]
"""(card_id, face index or ``WHOLE``, the name variant comes only from the Forge supplement)."""

Index = dict[str, dict[str, tuple[Hit, ...]]]
"""Language -> :func:`name_key` of a name -> its hits, sorted."""

Parts = tuple[dict[str, RawCard], Index, tuple[Issue, ...]]
"""What a names table is made of: raw cards by id, index, issues met while building."""


def english_names(raw: RawCard) -> list[str]:
    """The card's English name and face names."""
    return [raw["name"], *(f["face_name"] for f in raw["faces"] if f["face_name"] is not None)]


def build_parts(files: list[Path]) -> Parts:
    """Read the names table's input files (MTGJSON first, then ``recent/`` files in order) into
    its raw cards, index and issues."""
    issues: list[Issue] = []
    raw_cards: dict[str, RawCard] = {}
    en_keys: dict[str, str] = {}  # card id -> name_key of its English name, as raw_cards grows
    for raw in read_mtgjson_cards(files[0]):
        if raw["card_id"] in raw_cards:
            raise CardDataError(f"{files[0]}: oracle id {raw['card_id']} appears twice")
        raw_cards[raw["card_id"]] = raw
        en_keys[raw["card_id"]] = name_key(raw["name"])
    forge_variants: set[tuple[str, str, str]] = set()  # (card_id, lang, name) added by Forge
    for path in files[1:]:
        if path.suffix == ".json":
            raw = read_recent_card(path)
            if raw["card_id"] in raw_cards:
                issues.append(
                    Issue(
                        str(path),
                        0,
                        "warning",
                        "known_oracle_id",
                        f"oracle id {raw['card_id']} is already in the names table; file skipped",
                    )
                )
                continue
            raw_cards[raw["card_id"]] = raw
            en_keys[raw["card_id"]] = name_key(raw["name"])
        else:
            lines = read_forge_names(path)
            _apply_forge(path, lines, raw_cards, en_keys, forge_variants, issues)
    index = _build_index(raw_cards, en_keys, forge_variants)
    return raw_cards, index, tuple(issues)


def _apply_forge(
    path: Path,
    lines: list[ForgeLine],
    raw_cards: dict[str, RawCard],
    en_keys: dict[str, str],
    forge_variants: set[tuple[str, str, str]],
    issues: list[Issue],
) -> None:
    wanted = {name_key(fl.english) for fl in lines}
    by_english: dict[str, list[str]] = {}
    for cid, english_key in en_keys.items():
        if english_key in wanted:
            by_english.setdefault(english_key, []).append(cid)
    for fl in lines:
        english_key = name_key(fl.english)
        ids = by_english.get(english_key, [])
        if len(ids) > 1:
            issues.append(
                Issue(
                    str(path),
                    fl.line,
                    "warning",
                    "ambiguous_english_name",
                    f"{fl.english!r} names {len(ids)} cards; line not used",
                )
            )
            continue
        if ids:
            raw = raw_cards[ids[0]]
            forge_card = raw["method"] == FORGE_METHOD
        else:
            cid = stable_card_id(fl.english)
            raw = {
                "card_id": cid,
                "oracle_id": None,
                "name": fl.english,
                "layout": "unknown",
                "faces": [
                    {
                        "face_name": None,
                        "type": None,
                        "mana_cost": None,
                        "text": None,
                        **dict.fromkeys(languages.localized()),
                    }
                ],
                "method": FORGE_METHOD,
                "reason": "oracle id unknown in the 2022 MTGJSON snapshot; identity derived "
                "from the English name (Forge cardnames supplement)",
            }
            raw_cards[cid] = raw
            en_keys[cid] = english_key
            by_english[english_key] = [cid]
            forge_card = True
        key = name_key(fl.localized)
        blocks = [b for f in raw["faces"] if (b := f.get(fl.lang)) is not None]
        if blocks:
            if any(key == name_key(n) for b in blocks for n in b["names"]):
                continue
            for b in blocks:
                b["names"].append(fl.localized)
        else:
            single = len(raw["faces"]) == 1
            for face in raw["faces"]:
                face[fl.lang] = {
                    "name": fl.localized,
                    "face_name": None,
                    "names": [fl.localized],
                    "face_names": [],
                    "type": fl.type if single else None,
                    "text": fl.text if single else None,
                    "set": None,
                    "source": FORGE_METHOD,
                }
        if not forge_card:
            forge_variants.add((raw["card_id"], fl.lang, fl.localized))


def _build_index(
    raw_cards: dict[str, RawCard],
    en_keys: dict[str, str],
    forge_variants: set[tuple[str, str, str]],
) -> dict[str, dict[str, tuple[Hit, ...]]]:
    # lang -> key -> hits sorted by (card_id, face); a hit is forge-only if every name giving it
    # comes from the Forge file. Most keys have one hit: it is stored as a 1-tuple at once, and
    # only the keys that get several are sorted at the end.
    localized = languages.localized()
    index: dict[str, dict[str, tuple[Hit, ...]]] = {lg: {} for lg in ("en", *localized)}
    several: set[tuple[str, str]] = set()
    forge_ids = {cid for cid, _lang, _name in forge_variants}

    def add(lang: str, key: str, cid: str, face: int, only: bool) -> None:
        by_key = index[lang]
        hits = by_key.get(key)
        if hits is None:
            by_key[key] = ((cid, face, only),)
            return
        for i, (hit_cid, hit_face, hit_only) in enumerate(hits):
            if hit_cid == cid and hit_face == face:
                if hit_only and not only:
                    by_key[key] = (*hits[:i], (cid, face, False), *hits[i + 1 :])
                return
        by_key[key] = (*hits, (cid, face, only))
        several.add((lang, key))

    for cid, raw in raw_cards.items():
        forge_card = raw["method"] == FORGE_METHOD
        add("en", en_keys[cid], cid, WHOLE, forge_card)
        variants = cid in forge_ids
        for i, face in enumerate(raw["faces"]):
            if face["face_name"] is not None:
                add("en", name_key(face["face_name"]), cid, i, forge_card)
            for lang in localized:
                block = face.get(lang)
                if block is None:
                    continue
                for n in block["names"]:
                    only = forge_card or (variants and (cid, lang, n) in forge_variants)
                    add(lang, name_key(n), cid, WHOLE, only)
                for n in block["face_names"]:
                    add(lang, name_key(n), cid, i, forge_card)
    for lang, key in several:
        index[lang][key] = tuple(sorted(index[lang][key]))
    return index
