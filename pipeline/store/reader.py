"""Read a dataset written by :func:`pipeline.build.build` back into pandas frames."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from pipeline.errors import DatasetError
from pipeline.store.atomic import MARKER
from pipeline.store.schema import (
    ALIGNED_SCHEMA,
    CARDS_SCHEMA,
    PARTITION_FIELD,
    QUARANTINE_SCHEMA,
    RULINGS_SCHEMA,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Dataset", "read_dataset", "read_table"]


@dataclass(slots=True)
class Dataset:
    """A dataset read back: one pandas frame per table, plus the build manifest.

    ``aligned`` has the partition column ``card`` (the card slug) after the schema's columns.
    """

    path: Path
    rulings: pd.DataFrame
    aligned: pd.DataFrame
    cards: pd.DataFrame
    quarantine: pd.DataFrame
    manifest: dict[str, Any] = field(default_factory=dict)


def read_table(path: Path | str, table: str) -> pa.Table:
    """One table of the dataset at ``path`` as an Arrow table (``aligned`` with ``card``)."""
    root = Path(path)
    schemas = {
        "rulings": RULINGS_SCHEMA,
        "aligned": ALIGNED_SCHEMA,
        "cards": CARDS_SCHEMA,
        "quarantine": QUARANTINE_SCHEMA,
    }
    if table not in schemas:
        raise DatasetError(f"unknown table {table!r} (expected one of {', '.join(schemas)})")
    where = root / table
    if not where.is_dir():
        raise DatasetError(f"{where}: missing; is {root} a dataset written by `rulings build`?")
    schema = schemas[table]
    import pyarrow.dataset as ds  # imports pandas: only when reading

    try:
        if table == "aligned":
            part = pa.schema([pa.field(PARTITION_FIELD, pa.string())])
            data = ds.dataset(
                where,
                format="parquet",
                schema=schema.append(part.field(0)),
                partitioning=ds.partitioning(part, flavor="hive"),
            )
        else:
            data = ds.dataset(where, format="parquet", schema=schema)
        return data.to_table()
    except (pa.ArrowInvalid, OSError) as exc:
        raise DatasetError(f"{where}: unreadable: {exc}") from exc


def read_dataset(path: Path | str) -> Dataset:
    """Read the dataset at ``path`` (the ``--out`` of ``rulings build``) into pandas frames.

    Raises :class:`~pipeline.errors.DatasetError` when ``path`` is not such a dataset.
    """
    root = Path(path)
    marker = root / MARKER
    if not marker.is_file():
        raise DatasetError(f"{root}: not a dataset (no {MARKER})")
    try:
        manifest = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DatasetError(f"{marker}: unreadable: {exc}") from exc
    frames = {
        name: read_table(root, name).to_pandas()
        for name in ("rulings", "aligned", "cards", "quarantine")
    }
    return Dataset(path=root, manifest=manifest, **frames)
