"""Read a dataset written by :func:`pipeline.build.build` back into pandas frames."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.errors import DatasetError
from pipeline.store.atomic import MARKER
from pipeline.store.schema import ALIGNED_WHOLE_FILE, PARTITION_FIELD, aligned_schema, schemas

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Dataset", "read_dataset", "read_table"]


def _aligned_read_schema() -> pa.Schema:
    """``aligned`` as read back: the schema's columns, then the partition column ``card``."""
    return aligned_schema().append(pa.field(PARTITION_FIELD, pa.string()))


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
    """One table of the dataset at ``path`` as an Arrow table (``aligned`` with ``card``).

    ``aligned`` is read from ``aligned.parquet`` (the same rows in one file, in the order of the
    partition paths) when the dataset has it, else from the ``aligned/card=<slug>/`` partitions.
    """
    root = Path(path)
    known = schemas()
    if table not in known:
        raise DatasetError(f"unknown table {table!r} (expected one of {', '.join(known)})")
    where = root / table
    whole = root / ALIGNED_WHOLE_FILE
    if table == "aligned" and whole.is_file():
        # the same rows as aligned/, in one file: reading ~13,000 partition files costs seconds
        try:
            return pq.read_table(whole).cast(_aligned_read_schema())
        except (pa.ArrowInvalid, OSError, ValueError) as exc:
            raise DatasetError(f"{whole}: unreadable: {exc}") from exc
    if not where.is_dir():
        raise DatasetError(f"{where}: missing; is {root} a dataset written by `rulings build`?")
    schema = known[table]
    import pyarrow.dataset as ds  # imports pandas: only when reading

    try:
        if table == "aligned":
            part = pa.schema([pa.field(PARTITION_FIELD, pa.string())])
            data = ds.dataset(
                where,
                format="parquet",
                schema=_aligned_read_schema(),
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
