"""Explicit Arrow schemas of the four tables of a dataset, with field descriptions.

Each field carries its description in the field metadata (key ``description``); each schema
carries ``dataset``, ``table`` and ``schema_version`` in the schema metadata. Both are stored in
every Parquet file written, so a reader sees them without this module.
"""

from __future__ import annotations

import pyarrow as pa

__all__ = [
    "ALIGNED_SCHEMA",
    "ALIGNED_WHOLE_FILE",
    "ALIGNED_WHOLE_SCHEMA",
    "CARDS_SCHEMA",
    "PARTITION_FIELD",
    "QUARANTINE_SCHEMA",
    "RULINGS_SCHEMA",
    "SCHEMA_VERSION",
    "SCHEMAS",
    "describe",
]

SCHEMA_VERSION = "1"
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


RULINGS_SCHEMA = _schema(
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
        _f("lang", pa.string(), "Detected language of this ruling: it, de, en or und.", False),
        _f("lang_confidence", pa.float64(), "Detector confidence in 'lang', in [0, 1].", False),
        _f(
            "english_spans",
            pa.list_(pa.string()),
            "English clauses found inside a localized ruling (card names masked when searching).",
            False,
        ),
        _f("date", pa.date32(), "Ruling date (ISO); seed files are read day-first by rule.", False),
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
        _f("line", pa.int32(), "1-based line of the ruling's first text line in 'source'.", False),
    ],
    "One row per ruling per source file.",
)

ALIGNED_SCHEMA = _schema(
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
            "card_name", pa.string(), "English card name, or the file title when unresolved.", False
        ),
        _f(
            "date", pa.date32(), "Ruling date shared by the group (null when the members disagree)."
        ),
        _f("text_en", pa.string(), "English ruling text (raw), null when missing."),
        _f("text_it", pa.string(), "Italian ruling text (raw), null when missing."),
        _f("text_de", pa.string(), "German ruling text (raw), null when missing."),
        _f(
            "ruling_id_en",
            pa.string(),
            "rulings.ruling_id of the English member, null when missing.",
        ),
        _f(
            "ruling_id_it",
            pa.string(),
            "rulings.ruling_id of the Italian member, null when missing.",
        ),
        _f(
            "ruling_id_de",
            pa.string(),
            "rulings.ruling_id of the German member, null when missing.",
        ),
        _f("score", pa.float64(), "Alignment score in [0, 1] (1 for exact matches).", False),
        _f("method", pa.string(), "How the group was aligned.", False),
        _f(
            "status",
            pa.string(),
            "complete, missing_en, missing_it, missing_de, english_fallback_it, ...",
            False,
        ),
    ],
    "One row per aligned group; hive-partitioned by card slug (aligned/card=<slug>/).",
)

CARDS_SCHEMA = _schema(
    "cards",
    [
        _f("card_id", pa.string(), "Card identity used by rulings and aligned.", False),
        _f("oracle_id", pa.string(), "Scryfall oracle id, null when unknown."),
        _f("name", pa.string(), "English card name, null when unresolved."),
        _f("face_names", pa.list_(pa.string()), "English face names (multi-face cards).", False),
        _f("names_it", pa.list_(pa.string()), "Italian names known for the card.", False),
        _f("names_de", pa.list_(pa.string()), "German names known for the card.", False),
        _f(
            "titles",
            pa.list_(pa.string()),
            "Titles of the seed files resolved to this card.",
            False,
        ),
        _f("status", pa.string(), "resolved, unresolved or ambiguous.", False),
        _f(
            "method",
            pa.string(),
            "How the card was resolved (oracle_id, localized_name:it, ...).",
            False,
        ),
        _f(
            "reason", pa.string(), "Why a card is unresolved or ambiguous (empty otherwise).", False
        ),
        _f("candidates", pa.list_(pa.string()), "Card ids an ambiguous title could mean.", False),
    ],
    "One row per card met in the inputs.",
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

ALIGNED_WHOLE_SCHEMA = pa.schema(
    [
        *ALIGNED_SCHEMA,
        _f(
            PARTITION_FIELD,
            pa.string(),
            "Card slug: the hive partition aligned/card=<slug>/ holding this row.",
            False,
        ),
    ],
    metadata={
        **ALIGNED_SCHEMA.metadata,
        b"table": b"aligned",
        b"description": (
            b"Every row of aligned/ in one file, with the partition column 'card', in partition "
            b"path order: the whole-table view of the same rows, fast to read whole."
        ),
    },
)

SCHEMAS: dict[str, pa.Schema] = {
    "rulings": RULINGS_SCHEMA,
    "aligned": ALIGNED_SCHEMA,
    "cards": CARDS_SCHEMA,
    "quarantine": QUARANTINE_SCHEMA,
}
"""Table name -> schema."""


def describe(schema: pa.Schema) -> dict[str, str]:
    """Field name -> description, as stored in the field metadata."""
    return {f.name: (f.metadata or {}).get(b"description", b"").decode("utf-8") for f in schema}
