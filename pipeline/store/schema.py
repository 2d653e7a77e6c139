"""Explicit Arrow schemas of the four tables of a dataset, with field descriptions.

Each field carries its description in the field metadata (key ``description``); each schema
carries ``dataset``, ``table`` and ``schema_version`` in the schema metadata. Both are stored in
every Parquet file written, so a reader sees them without this module.

The per-language columns (``aligned.text_<code>``, ``aligned.ruling_id_<code>``,
``cards.names_<code>``) and their descriptions come from the language registry
(:mod:`pipeline.languages`): the functions below build the schemas of the languages registered
when they are called (cached until the registry changes). The ``*_SCHEMA`` and ``SCHEMAS`` names
are the same schemas, looked up when they are imported.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from pipeline import languages

__all__ = [  # and the names of __getattr__: RULINGS_SCHEMA, ALIGNED_SCHEMA, CARDS_SCHEMA, ...
    "ALIGNED_WHOLE_FILE",
    "PARTITION_FIELD",
    "QUARANTINE_SCHEMA",
    "SCHEMA_VERSION",
    "aligned_schema",
    "aligned_whole_schema",
    "describe",
    "schemas",
]

SCHEMA_VERSION = "2"
"""2: ``cards`` carries ``name_<code>`` and ``face_names_<code>`` and the cards a localized ruling
names by their English name (status ``named``)."""
PARTITION_FIELD = "card"
"""The hive partition key of ``aligned/`` (``aligned/card=<slug>/``); it is in paths, not files."""


def _f(name: str, type_: pa.DataType, description: str, nullable: bool = True) -> pa.Field:
    return pa.field(name, type_, nullable=nullable, metadata={"description": description})


def _schema(table: str, fields: list[pa.Field], description: str) -> pa.Schema:
    return pa.schema(
        fields,
        metadata={
            "dataset": "mtg-rulings",
            "table": table,
            "schema_version": SCHEMA_VERSION,
            "description": description,
        },
    )


def _rulings_schema() -> pa.Schema:
    detected = ", ".join(languages.detector_codes())
    return _schema(
        "rulings",
        [
            _f(
                "ruling_id",
                pa.string(),
                "Stable id: hash of (card_id, date, text_norm, file_lang).",
                False,
            ),
            _f(
                "card_id",
                pa.string(),
                "Card identity: Scryfall oracle id when known, else a stable id.",
                False,
            ),
            _f("card_name", pa.string(), "English card name (null when the card is unresolved)."),
            _f(
                "file_lang",
                pa.string(),
                "Language of the whole file (detected for seed files; 'en' for JSON).",
                False,
            ),
            _f("lang", pa.string(), f"Detected language of this ruling: {detected} or und.", False),
            _f("lang_confidence", pa.float64(), "Detector confidence in 'lang', in [0, 1].", False),
            _f(
                "english_spans",
                pa.list_(pa.string()),
                "English clauses found inside a localized ruling (card names masked when searching).",
                False,
            ),
            _f(
                "date",
                pa.date32(),
                "Ruling date (ISO); seed files are read day-first by rule.",
                False,
            ),
            _f(
                "position",
                pa.int32(),
                "0-based index of the ruling in its file (seed) or card (JSON).",
                False,
            ),
            _f(
                "text_raw",
                pa.string(),
                "The ruling text exactly as in the source (after decoding).",
                False,
            ),
            _f(
                "text_norm",
                pa.string(),
                "NFC, canonical quotes and apostrophes, collapsed whitespace.",
                False,
            ),
            _f("source", pa.string(), "Input file the ruling was read from (posix path).", False),
            _f(
                "line",
                pa.int32(),
                "1-based line of the ruling's first text line in 'source'.",
                False,
            ),
        ],
        "One row per ruling per source file.",
    )


def _aligned_schema() -> pa.Schema:
    langs = [languages.get(c) for c in languages.codes()]
    statuses = ", ".join(["complete", *(f"missing_{lg.code}" for lg in langs)])
    if len(langs) > 1:
        statuses += f", english_fallback_{langs[1].code}"
    return _schema(
        "aligned",
        [
            _f(
                "group_id",
                pa.string(),
                "Stable id of the aligned group (one ruling across languages).",
                False,
            ),
            _f("card_id", pa.string(), "Card identity (see rulings.card_id).", False),
            _f(
                "card_name",
                pa.string(),
                "English card name, or the file title when unresolved.",
                False,
            ),
            _f(
                "date",
                pa.date32(),
                "Ruling date shared by the group (null when the members disagree).",
            ),
            *(
                _f(lg.text_column, pa.string(), f"{lg.name} ruling text (raw), null when missing.")
                for lg in langs
            ),
            *(
                _f(
                    lg.ruling_id_column,
                    pa.string(),
                    f"rulings.ruling_id of the {lg.name} member, null when missing.",
                )
                for lg in langs
            ),
            _f("score", pa.float64(), "Alignment score in [0, 1] (1 for exact matches).", False),
            _f("method", pa.string(), "How the group was aligned.", False),
            _f(
                "status",
                pa.string(),
                f"{statuses}, ...",
                False,
            ),
        ],
        "One row per aligned group; hive-partitioned by card slug (aligned/card=<slug>/).",
    )


def _cards_schema() -> pa.Schema:
    loc = [languages.get(c) for c in languages.localized()]
    return _schema(
        "cards",
        [
            _f("card_id", pa.string(), "Card identity used by rulings and aligned.", False),
            _f("oracle_id", pa.string(), "Scryfall oracle id, null when unknown."),
            _f("name", pa.string(), "English card name, null when unresolved."),
            _f(
                "face_names", pa.list_(pa.string()), "English face names (multi-face cards).", False
            ),
            *(
                _f(
                    lg.names_column,
                    pa.list_(pa.string()),
                    f"{lg.name} names known for the card.",
                    False,
                )
                for lg in loc
            ),
            *(
                field
                for lg in loc
                for field in (
                    _f(
                        lg.name_column,
                        pa.string(),
                        f"{lg.name} card name (the latest seen), null when unknown.",
                    ),
                    _f(
                        lg.face_names_column,
                        pa.list_(pa.string()),
                        f"{lg.name} name of each English face name (same order as face_names; "
                        "null where unknown).",
                        False,
                    ),
                )
            ),
            _f(
                "titles",
                pa.list_(pa.string()),
                "Titles of the seed files resolved to this card.",
                False,
            ),
            _f(
                "status",
                pa.string(),
                "resolved, unresolved or ambiguous; named: a card the rulings are not about whose "
                "English name a localized ruling may cite (its localized names, for checks).",
                False,
            ),
            _f(
                "method",
                pa.string(),
                "How the card was resolved (oracle_id, localized_name:it, ...).",
                False,
            ),
            _f(
                "reason",
                pa.string(),
                "Why a card is unresolved or ambiguous (empty otherwise).",
                False,
            ),
            _f(
                "candidates",
                pa.list_(pa.string()),
                "Card ids an ambiguous title could mean.",
                False,
            ),
        ],
        "One row per card met in the inputs (a card of the rulings, or named in one).",
    )


QUARANTINE_SCHEMA = _schema(
    "quarantine",
    [
        _f("source", pa.string(), "Input file (posix path).", False),
        _f("line", pa.int32(), "1-based line (0: the whole file).", False),
        _f("reason", pa.string(), "Machine-readable reason code, e.g. impossible_date.", False),
        _f("detail", pa.string(), "Human-readable explanation naming file and line.", False),
        _f("text_raw", pa.string(), "The quarantined text (possibly truncated).", False),
    ],
    "Records the pipeline could not use, with the reason.",
)

ALIGNED_WHOLE_FILE = "aligned.parquet"
"""The whole-table view of ``aligned/``: every row of every partition in one file, beside (not
inside) ``aligned/`` so that readers of the partitioned directory do not see it twice."""


def _aligned_whole_schema(aligned: pa.Schema) -> pa.Schema:
    return pa.schema(
        [
            *aligned,
            _f(
                PARTITION_FIELD,
                pa.string(),
                "Card slug: the hive partition aligned/card=<slug>/ holding this row.",
                False,
            ),
        ],
        metadata={
            **aligned.metadata,
            b"table": b"aligned",
            b"description": (
                b"Every row of aligned/ in one file, with the partition column 'card', in "
                b"partition path order: the whole-table view of the same rows, fast to read whole."
            ),
        },
    )


_CACHE: dict[int, dict[str, pa.Schema]] = {}


def _current() -> dict[str, pa.Schema]:
    generation = languages.generation()
    found = _CACHE.get(generation)
    if found is None:
        aligned = _aligned_schema()
        found = {
            "rulings": _rulings_schema(),
            "aligned": aligned,
            "cards": _cards_schema(),
            "quarantine": QUARANTINE_SCHEMA,
            "aligned.parquet": _aligned_whole_schema(aligned),
        }
        _CACHE.clear()
        _CACHE[generation] = found
    return found


def schemas() -> dict[str, pa.Schema]:
    """Table name -> schema, for the languages registered now."""
    return {k: v for k, v in _current().items() if k != ALIGNED_WHOLE_FILE}


def aligned_schema() -> pa.Schema:
    """The schema of ``aligned`` (one pair of columns per registered language)."""
    return _current()["aligned"]


def aligned_whole_schema() -> pa.Schema:
    """The schema of ``aligned.parquet``: :func:`aligned_schema` plus the column ``card``."""
    return _current()[ALIGNED_WHOLE_FILE]


_CONSTANTS = {
    "RULINGS_SCHEMA": "rulings",
    "ALIGNED_SCHEMA": "aligned",
    "CARDS_SCHEMA": "cards",
    "ALIGNED_WHOLE_SCHEMA": ALIGNED_WHOLE_FILE,
}


def __getattr__(name: str) -> Any:
    """``RULINGS_SCHEMA``, ``ALIGNED_SCHEMA``, ``CARDS_SCHEMA``, ``ALIGNED_WHOLE_SCHEMA`` and
    ``SCHEMAS``: the schemas of the languages registered when the name is looked up."""
    if name == "SCHEMAS":
        return schemas()
    table = _CONSTANTS.get(name)
    if table is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _current()[table]


def describe(schema: pa.Schema) -> dict[str, str]:
    """Field name -> description, as stored in the field metadata."""
    return {f.name: (f.metadata or {}).get(b"description", b"").decode("utf-8") for f in schema}
