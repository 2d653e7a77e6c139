"""Readers of the names table's input files.

They return plain JSON-like card dicts (:data:`RawCard`, the shape of one ``cards.jsonl.gz``
line plus ``card_id``, ``method`` and ``reason``) that :mod:`pipeline.cards.table` indexes and
turns into :class:`~pipeline.cards.model.CardEntry` objects on demand. Every malformed input
raises :class:`~pipeline.cards.errors.CardDataError` naming the file and line.
"""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline import languages

from .errors import CardDataError

__all__ = ["ForgeLine", "RawCard", "read_mtgjson_cards", "read_recent_card", "read_forge_names"]

RawCard = dict[str, Any]
"""``{card_id, oracle_id, name, layout, method, reason, faces: [{face_name, type, mana_cost,
text, <lang>...}]}``, one ``<lang>`` key per localized language of the registry (``it``,
``de``): ``None`` or ``{name, face_name, names, face_names, type, text, set, source}``
(``type``, ``text``, ``set``, ``source`` may be absent)."""

MTGJSON_METHOD = "mtgjson-2022"
FORGE_METHOD = "supplement:forge"


def _foreign_langs() -> dict[str, str]:
    """MTGJSON ``foreignData`` language -> code, for the registry's localized languages."""
    return {languages.get(c).name: c for c in languages.localized()}


def _forge_sections() -> dict[str, str]:
    """Forge ``cardnames`` section -> code, for the registry's localized languages."""
    return {languages.get(c).locale: c for c in languages.localized()}


_FACE_KEYS = ("face_name", "type", "mana_cost", "text")


def _is_str_list(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    for item in value:  # a loop, not all(<generator>): most lists hold one name
        if not isinstance(item, str):
            return False
    return True


def _check_block(block: Any) -> bool:
    if block is None:
        return True
    if not (isinstance(block, dict) and isinstance(block.get("name"), str)):
        return False
    names = block.setdefault("names", [])
    if not _is_str_list(names) or not _is_str_list(block.setdefault("face_names", [])):
        return False
    if not names:
        names.append(block["name"])
    return True


def _check_card(obj: Any) -> str | None:
    """Return what is wrong with a ``cards.jsonl.gz`` object, or ``None`` if it is usable.

    Absent face fields and localized blocks are set to ``None``, absent ``names`` and
    ``face_names`` to lists (``names`` holding at least the block's ``name``).
    """
    if not isinstance(obj, dict):
        return "not a JSON object"
    for key in ("oracle_id", "name", "layout"):
        value = obj.get(key)
        if not isinstance(value, str) or not value:
            return f"missing or invalid field {key!r}"
    faces = obj.get("faces")
    if not isinstance(faces, list) or not faces:
        return "missing or empty 'faces'"
    localized = languages.localized()
    for face in faces:
        if not isinstance(face, dict):
            return "a face is not a JSON object"
        for key in _FACE_KEYS:
            value = face.setdefault(key, None)
            if value is not None and not isinstance(value, str):
                return f"face field {key!r} is not a string"
        for lang in localized:
            if not _check_block(face.setdefault(lang, None)):
                return f"invalid {lang!r} block"
    return None


def read_mtgjson_cards(path: Path) -> list[RawCard]:
    """Read ``cards.jsonl.gz`` (one card a line, keyed by Scryfall oracle id) in file order."""
    cards: list[RawCard] = []
    # ``raw_decode`` of a line that is one JSON value and its newline gives what ``json.loads``
    # gives, without its two whitespace scans; any other line (blank, padded, last without a
    # newline, invalid) goes through ``json.loads``, which also words the errors.
    raw_decode = json.JSONDecoder().raw_decode
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                try:
                    obj, end = raw_decode(line)
                except json.JSONDecodeError:
                    end = -1
                if end != len(line) - 1 or line[end] != "\n":
                    if not line.strip():
                        continue
                    try:
                        obj = json.loads(line)
                    except json.JSONDecodeError as exc:
                        raise CardDataError(f"{path}:{lineno}: invalid JSON ({exc.msg})") from exc
                problem = _check_card(obj)
                if problem is not None:
                    raise CardDataError(f"{path}:{lineno}: {problem}")
                obj["card_id"] = obj["oracle_id"]
                obj["method"] = MTGJSON_METHOD
                obj["reason"] = ""
                cards.append(obj)
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as exc:
        raise CardDataError(f"{path}: cannot read ({exc})") from exc
    return cards


def _need_str(obj: Any, key: str, where: str) -> str:
    if not isinstance(obj, dict) or not isinstance(obj.get(key), str) or not obj[key]:
        raise CardDataError(f"{where}: missing or invalid field {key!r}")
    return str(obj[key])


def _opt_str(obj: dict[str, Any], key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        raise CardDataError(f"{where}: field {key!r} is not a string")
    return value or None


def read_recent_card(path: Path) -> RawCard:
    """Read one MTGJSON card object of a single-face card newer than the 2022 snapshot.

    The oracle id is ``identifiers.scryfallOracleId``; the localized languages come from
    ``foreignData`` (the first entry of each language).
    """
    where = str(path)
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(f"{where}: cannot read ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise CardDataError(f"{where}:{exc.lineno}: invalid JSON ({exc.msg})") from exc
    if not isinstance(obj, dict):
        raise CardDataError(f"{where}: not a JSON object")
    if obj.get("faceName") is not None:
        raise CardDataError(f"{where}: multi-face cards are not supported in recent/ files")
    name = _need_str(obj, "name", where)
    oracle_id = _need_str(obj.get("identifiers"), "scryfallOracleId", where)
    source = f"recent:{path.name}"
    blocks: dict[str, dict[str, Any] | None] = dict.fromkeys(languages.localized())
    foreign_langs = _foreign_langs()
    foreign_data = obj.get("foreignData") or []
    if not isinstance(foreign_data, list):
        raise CardDataError(f"{where}: 'foreignData' is not a list")
    for foreign in foreign_data:
        lang = foreign_langs.get(_need_str(foreign, "language", where))
        if lang is None or blocks[lang] is not None:
            continue
        local = _need_str(foreign, "name", where)
        blocks[lang] = {
            "name": local,
            "face_name": None,
            "names": [local],
            "face_names": [],
            "type": _opt_str(foreign, "type", where),
            "text": _opt_str(foreign, "text", where),
            "set": _opt_str(obj, "setCode", where),
            "source": source,
        }
    face = {
        "face_name": None,
        "type": _opt_str(obj, "type", where),
        "mana_cost": _opt_str(obj, "manaCost", where),
        "text": _opt_str(obj, "text", where),
        **blocks,
    }
    return {
        "card_id": oracle_id,
        "oracle_id": oracle_id,
        "name": name,
        "layout": _opt_str(obj, "layout", where) or "unknown",
        "faces": [face],
        "method": source,
        "reason": f"newer than the 2022 MTGJSON snapshot; oracle id from recent/{path.name}",
    }


@dataclass(frozen=True, slots=True)
class ForgeLine:
    """One line of a Forge ``cardnames-<lang>.txt`` file."""

    lang: str
    english: str
    localized: str
    type: str | None
    text: str | None
    """With Forge's escaped ``\\n`` turned into newlines."""
    line: int


def read_forge_names(path: Path) -> list[ForgeLine]:
    """Read Forge cardnames lines ``English|Localized|LocalizedType|LocalizedText``.

    Sections ``[<locale>]`` of the localized languages (``[it-IT]``, ``[de-DE]``) set the
    language; lines of other sections are skipped; ``#`` lines and blank lines are comments.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(f"{path}: cannot read ({exc})") from exc
    out: list[ForgeLine] = []
    sections = _forge_sections()
    lang: str | None = None
    in_section = False
    for lineno, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("[") and stripped.endswith("]"):
            lang = sections.get(stripped[1:-1])
            in_section = True
            continue
        if not in_section:
            raise CardDataError(f"{path}:{lineno}: card line before any [lang] section")
        if lang is None:
            continue
        fields = line.split("|", 3)
        if len(fields) < 2 or not fields[0].strip() or not fields[1].strip():
            raise CardDataError(f"{path}:{lineno}: expected English|Localized|Type|Text")
        fields += [""] * (4 - len(fields))
        out.append(
            ForgeLine(
                lang=lang,
                english=fields[0].strip(),
                localized=fields[1].strip(),
                type=fields[2].strip() or None,
                text=fields[3].replace("\\n", "\n").strip() or None,
                line=lineno,
            )
        )
    return out
