"""The dataset store: explicit schemas, safe partition slugs, atomic Parquet writes, reading back."""

from __future__ import annotations

from pipeline.store.atomic import MARKER, atomic_directory, recover
from pipeline.store.reader import Dataset, read_dataset, read_table
from pipeline.store.schema import (
    ALIGNED_SCHEMA,
    CARDS_SCHEMA,
    PARTITION_FIELD,
    QUARANTINE_SCHEMA,
    RULINGS_SCHEMA,
    SCHEMAS,
    describe,
)
from pipeline.store.slug import slug_for, slugs_for
from pipeline.store.writer import CACHE_DIR, write_dataset, write_table

__all__ = [
    "ALIGNED_SCHEMA",
    "CACHE_DIR",
    "CARDS_SCHEMA",
    "MARKER",
    "PARTITION_FIELD",
    "QUARANTINE_SCHEMA",
    "RULINGS_SCHEMA",
    "SCHEMAS",
    "Dataset",
    "atomic_directory",
    "describe",
    "read_dataset",
    "read_table",
    "recover",
    "slug_for",
    "slugs_for",
    "write_dataset",
    "write_table",
]
