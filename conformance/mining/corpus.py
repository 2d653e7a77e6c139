"""The miner's inputs: ruling groups from an aligned dataset, and card data by English name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from conformance.card_data import mtgjson_rows, recent_cards
from conformance.mining.errors import MiningError
from conformance.mining.text import card_name_variants, normalise
from pipeline import languages

SEED_CARDS = ("At Knifepoint", "Summon: G.F. Cerberus", "Refuse // Cooperate")
"""The cards of the seed files: each of their ruling groups must end as cases or a reason."""


@dataclass(frozen=True)
class RulingGroup:
    """One ruling across languages (a row of the dataset's ``aligned`` table)."""

    group_id: str
    card_name: str
    date: str | None
    texts: dict[str, str]
    """Language code -> verbatim text, only the languages present."""
    status: str = ""
    langs: dict[str, str] = field(default_factory=dict)
    """File language -> the language the pipeline detected for that text, when they differ or
    are known (an Italian file may hold an English ruling left untranslated)."""

    def quotes(self) -> dict[str, str]:
        """The group's texts under the language each is written in: a text detected as another
        language moves under that language's key, unless that key has a text of its own (the
        group's ruling in that language), in which case the copy is left out."""
        out: dict[str, str] = {}
        moved: list[tuple[str, str]] = []
        codes = languages.codes()
        for lang in codes:
            if lang not in self.texts:
                continue
            real = self.langs.get(lang, lang)
            if real == lang or real not in codes:
                out[lang] = self.texts[lang]
            else:
                moved.append((real, self.texts[lang]))
        for real, text in moved:
            out.setdefault(real, text)
        return {lang: out[lang] for lang in codes if lang in out}

    @property
    def language(self) -> str:
        """The language recognisers read: the first present in the registry's order (English,
        then Italian, then German built in)."""
        for lang in languages.codes():
            if lang in self.texts:
                return lang
        return "und"


@dataclass(frozen=True)
class FaceInfo:
    """One face of a card as the shipped data has it."""

    name: str
    type_line: str
    mana_cost: str | None
    text: str

    @property
    def types(self) -> tuple[str, ...]:
        """Card types (left of the dash)."""
        return tuple(self.type_line.partition("—")[0].split())

    @property
    def subtypes(self) -> tuple[str, ...]:
        """Subtypes (right of the dash)."""
        return tuple(self.type_line.partition("—")[2].split())


@dataclass(frozen=True)
class CardInfo:
    """A card by English name: layout, faces, oracle id."""

    name: str
    oracle_id: str | None
    layout: str
    faces: tuple[FaceInfo, ...]
    names: tuple[str, ...] = field(default=())
    """The names its rulings may use for it (see :func:`card_name_variants`)."""

    @property
    def is_split(self) -> bool:
        """Split and aftermath cards."""
        return self.layout in ("split", "aftermath")

    @property
    def main(self) -> FaceInfo:
        """The first face."""
        return self.faces[0]


def _info(name: str, oracle_id: str | None, layout: str, faces: list[FaceInfo]) -> CardInfo:
    return CardInfo(name, oracle_id, layout, tuple(faces),
                    card_name_variants(name, tuple(f.name for f in faces)))


@cache
def card_index() -> dict[str, CardInfo]:
    """Every card of the shipped data by English name (2022 cards, and the seed cards newer than
    them: :func:`conformance.card_data.recent_cards`)."""
    from conformance.reference.cards import MTGJSON_CARDS, load_cards

    out: dict[str, CardInfo] = {}
    for row in mtgjson_rows(lambda msg: MiningError(f"unreadable card data: {msg}"), MTGJSON_CARDS):
        faces = [
            FaceInfo(
                f["face_name"] or row["name"], f["type"] or "", f["mana_cost"], f["text"] or ""
            )
            for f in row["faces"]
        ]
        out[row["name"]] = _info(row["name"], row["oracle_id"], row["layout"], faces)
    for name in SEED_CARDS:
        if name in out:
            continue
        card = load_cards()[name]
        faces = [FaceInfo(f.name, _type_line(f.supertypes, f.types, f.subtypes), f.mana_cost,
                          _seed_text(name)) for f in card.faces]
        out[name] = _info(name, card.oracle_id, card.layout, faces)
    return out


def _type_line(supers: Iterable[str], types: Iterable[str], subs: Iterable[str]) -> str:
    left = " ".join([*supers, *types])
    subs = list(subs)
    return f"{left} — {' '.join(subs)}" if subs else left


def _seed_text(name: str) -> str:
    """Oracle text of a seed card outside the 2022 data (:func:`conformance.card_data.recent_cards`)."""
    return _recent_texts().get(name, "")


@cache
def _recent_texts() -> dict[str, str]:
    return {c.name: c.text
            for c in recent_cards(lambda msg: MiningError(f"unreadable card data: {msg}"))}


def _row_texts(row: dict[str, Any]) -> dict[str, str]:
    out = {}
    for lang in languages.codes():
        v = row.get(languages.get(lang).text_column)
        if isinstance(v, str) and v.strip():
            out[lang] = v
    return out


def load_groups(dataset: Path | str) -> list[RulingGroup]:
    """The ruling groups of the dataset at ``dataset`` (the ``--out`` of ``rulings build``),
    sorted by card name and group id.

    Reads the ``aligned`` table through the pipeline's public reading API.
    """
    from pipeline import read_table
    from pipeline.errors import DatasetError

    langs = [languages.get(c) for c in languages.codes()]
    cols = ["group_id", "card_name", "date", *(lg.text_column for lg in langs), "status",
            *(lg.ruling_id_column for lg in langs)]
    try:
        table = read_table(dataset, "aligned").select(cols)
        rulings = read_table(dataset, "rulings").select(["ruling_id", "lang"])
    except DatasetError as exc:
        raise MiningError(f"{dataset}: {exc}") from exc
    detected = dict(zip(rulings.column("ruling_id").to_pylist(),
                        rulings.column("lang").to_pylist(), strict=True))
    groups = []
    for row in table.to_pylist():
        date = row.get("date")
        found = {lg.code: str(detected[rid]) for lg in langs
                 if (rid := row.get(lg.ruling_id_column)) is not None
                 and detected.get(rid) not in (None, lg.code)}
        groups.append(RulingGroup(str(row["group_id"]), str(row["card_name"]),
                                  date.isoformat() if date is not None else None,
                                  _row_texts(row), str(row.get("status") or ""), found))
    groups.sort(key=lambda g: (g.card_name, g.group_id))
    return groups


def group_key_text(group: RulingGroup, card: CardInfo | None) -> tuple[str, str]:
    """(language, normalised text) a recogniser reads for ``group``."""
    lang = group.language
    names = card.names if card is not None else (group.card_name,)
    return lang, normalise(group.texts.get(lang, ""), names)
