"""The dataset store: explicit schemas, safe partition slugs, atomic Parquet writes, reading back."""

from __future__ import annotations

from pipeline.store.atomic import MARKER, atomic_directory, recover
from pipeline.store.reader import Dataset, read_dataset, read_table
from pipeline.store.schema import (
    PARTITION_FIELD,
    QUARANTINE_SCHEMA,
    aligned_schema,
    describe,
    schemas,
)
from pipeline.store.slug import slug_for, slugs_for
from pipeline.store.tables import aligned_table, cards_table, quarantine_table, rulings_table
from pipeline.store.writer import (
    CACHE_DIR,
    DatasetWriter,
    open_dataset_writer,
    write_dataset,
    write_partition,
    write_partitions,
    write_table,
)

__all__ = [
    "CACHE_DIR",
    "MARKER",
    "PARTITION_FIELD",
    "QUARANTINE_SCHEMA",
    "aligned_schema",
    "schemas",
    "Dataset",
    "DatasetWriter",
    "aligned_table",
    "cards_table",
    "open_dataset_writer",
    "quarantine_table",
    "rulings_table",
    "write_partition",
    "write_partitions",
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


def __getattr__(name: str) -> object:
    """``ALIGNED_SCHEMA``, ``CARDS_SCHEMA``, ``RULINGS_SCHEMA``, ``SCHEMAS``: the schemas of the
    languages registered when looked up (see :mod:`pipeline.store.schema`)."""
    if name in ("ALIGNED_SCHEMA", "CARDS_SCHEMA", "RULINGS_SCHEMA", "SCHEMAS"):
        from pipeline.store import schema

        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
