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
    "ALIGNED_SCHEMA",
    "CACHE_DIR",
    "CARDS_SCHEMA",
    "MARKER",
    "PARTITION_FIELD",
    "QUARANTINE_SCHEMA",
    "RULINGS_SCHEMA",
    "SCHEMAS",
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
