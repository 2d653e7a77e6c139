"""The ``aligned`` partition encoder writes what pyarrow writes, readable by pyarrow and DuckDB."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pipeline_helpers import small_build

from pipeline.errors import DatasetError
from pipeline.store.parquet_files import PartitionEncoder
from pipeline.store.schema import ALIGNED_SCHEMA
from pipeline.store.writer import PARTITION_OPTIONS, partition_runs, write_partitions


def _pyarrow_file(table: pa.Table) -> pq.ParquetFile:
    sink = pa.BufferOutputStream()
    pq.write_table(table.cast(ALIGNED_SCHEMA), sink, **PARTITION_OPTIONS)
    return pq.ParquetFile(pa.BufferReader(sink.getvalue()))


def _assert_like_pyarrow(data: bytes, expected: pa.Table) -> None:
    """``data`` reads back as ``expected`` with the metadata and layout pyarrow writes."""
    mine = pq.ParquetFile(pa.BufferReader(data))
    got = mine.read()
    assert got.equals(expected)
    assert got.schema.equals(ALIGNED_SCHEMA, check_metadata=True)
    for field in ALIGNED_SCHEMA:  # field descriptions survive
        assert got.schema.field(field.name).metadata == field.metadata
    ref = _pyarrow_file(expected)
    assert mine.metadata.schema.equals(ref.metadata.schema)
    assert mine.metadata.metadata == ref.metadata.metadata
    assert mine.metadata.format_version == ref.metadata.format_version
    assert mine.metadata.num_row_groups == 1
    for i in range(len(ALIGNED_SCHEMA)):
        a, b = mine.metadata.row_group(0).column(i), ref.metadata.row_group(0).column(i)
        assert a.compression == b.compression == "ZSTD"
        assert (a.physical_type, a.num_values, a.path_in_schema) == (
            b.physical_type,
            b.num_values,
            b.path_in_schema,
        )
        if expected.num_rows:  # pyarrow lists no PLAIN for a file of no rows
            assert a.encodings == b.encodings
        assert not a.is_stats_set and not a.has_dictionary_page


def _seed_aligned() -> tuple[pa.Table, list[tuple[str, int, int]]]:
    """The real ``aligned`` rows of the seeds and At Knifepoint, with their per-card runs."""
    whole = pq.ParquetFile(small_build()[0] / "aligned.parquet").read()
    runs = partition_runs(whole.column("card").to_pylist())
    return whole.drop_columns(["card"]).cast(ALIGNED_SCHEMA), runs


def test_seed_partitions_read_back_exactly_like_pyarrow_files() -> None:
    table, runs = _seed_aligned()
    assert [n for _, _, n in runs] == [9, 19, 16]  # At Knifepoint, Refuse // Cooperate, Cerberus
    # the seeds hold rows with every mix of present and missing languages
    assert 0 < table.column("text_de").null_count < table.num_rows
    files = PartitionEncoder(ALIGNED_SCHEMA).encode(table, [(off, n) for _, off, n in runs])
    for (_, off, n), data in zip(runs, files, strict=True):
        _assert_like_pyarrow(data, table.slice(off, n))


def test_build_partitions_are_the_encoders_files() -> None:
    out = small_build()[0]
    table, runs = _seed_aligned()
    files = PartitionEncoder(ALIGNED_SCHEMA).encode(table, [(off, n) for _, off, n in runs])
    for (slug, _, _), data in zip(runs, files, strict=True):
        assert (out / "aligned" / f"card={slug}" / "part-0.parquet").read_bytes() == data


def test_encoding_is_deterministic_and_handles_empty_runs() -> None:
    table, runs = _seed_aligned()
    spans = [(off, n) for _, off, n in runs] + [(0, 0), (table.num_rows, 0)]
    first = PartitionEncoder(ALIGNED_SCHEMA).encode(table, spans)
    assert first == PartitionEncoder(ALIGNED_SCHEMA).encode(table, spans)
    _assert_like_pyarrow(first[-1], table.slice(0, 0))


def test_duckdb_reads_written_partitions(tmp_path: Path) -> None:
    table, runs = _seed_aligned()
    root = tmp_path / "aligned"
    root.mkdir()
    written = write_partitions(root, table, runs)
    assert written == [f"aligned/card={slug}/part-0.parquet" for slug, _, _ in runs]
    con = duckdb.connect()
    got = con.sql(
        f"SELECT * FROM read_parquet('{root.as_posix()}/**/*.parquet', hive_partitioning=true) "
        "ORDER BY card, group_id"
    ).fetchall()
    cards = [slug for slug, _, n in runs for _ in range(n)]
    expected = sorted(
        (tuple(row.values()) + (card,) for row, card in zip(table.to_pylist(), cards, strict=True)),
        key=lambda r: (r[-1], r[0]),
    )
    assert got == expected


def test_unsupported_schema_and_bad_runs_raise_dataset_error() -> None:
    with pytest.raises(DatasetError, match="unsupported type"):
        PartitionEncoder(pa.schema([pa.field("n", pa.list_(pa.string()))]))
    table, _ = _seed_aligned()
    enc = PartitionEncoder(ALIGNED_SCHEMA)
    with pytest.raises(DatasetError, match="outside"):
        enc.encode(table, [(table.num_rows - 1, 2)])
    with pytest.raises(DatasetError, match="schema differs"):
        enc.encode(table.drop_columns(["score"]), [(0, 1)])


_text = st.text(
    st.characters(blacklist_categories=("Cs",)), max_size=40
)  # any Unicode text but lone surrogates (not valid UTF-8)
_opt_text = st.none() | _text
_dates = st.none() | st.dates(dt.date(1990, 1, 1), dt.date(2100, 12, 31))
_rows = st.lists(
    st.tuples(
        _text,
        _text,
        _text,
        _dates,
        _opt_text,
        _opt_text,
        _opt_text,
        _opt_text,
        _opt_text,
        _opt_text,
        st.floats(allow_nan=False),
        _text,
        _text,
    ),
    max_size=40,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=_rows, cuts=st.lists(st.integers(0, 40), max_size=6))
def test_any_table_and_runs_round_trip(rows: list[tuple], cuts: list[int]) -> None:
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(ALIGNED_SCHEMA)
    table = pa.Table.from_arrays(
        [pa.array(c, type=f.type) for c, f in zip(columns, ALIGNED_SCHEMA, strict=True)],
        schema=ALIGNED_SCHEMA,
    )
    bounds = sorted({0, table.num_rows, *(min(c, table.num_rows) for c in cuts)})
    spans = [(a, b - a) for a, b in zip(bounds, bounds[1:], strict=False)] or [(0, 0)]
    files = PartitionEncoder(ALIGNED_SCHEMA).encode(table, spans)
    for (off, n), data in zip(spans, files, strict=True):
        _assert_like_pyarrow(data, table.slice(off, n))
