"""Tests of :mod:`pipeline.store`: schemas, slugs, atomic writes, reading back."""

from __future__ import annotations

import datetime as dt
import os
import shutil
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pipeline_helpers import small_build, tree_digest

from pipeline.errors import DatasetError
from pipeline.records import AlignedGroup, Quarantined
from pipeline.store import (
    ALIGNED_SCHEMA,
    SCHEMAS,
    aligned_table,
    atomic_directory,
    describe,
    quarantine_table,
    read_dataset,
    read_table,
    recover,
    slug_for,
    slugs_for,
    write_dataset,
)
from pipeline.store import writer as writer_mod


def _group(card: str, n: int) -> AlignedGroup:
    return AlignedGroup(
        group_id=f"g{card}{n}",
        card_id=card,
        card_name=f"Card {card}",
        date=dt.date(2024, 1, n + 1),
        ruling_ids={"en": f"r{card}{n}", "it": None, "de": None},
        texts={"en": f"text {n}", "it": None, "de": None},
        score=0.0,
        method="none",
        status="complete",
    )


def _write(out: Path, cards: list[str], text: str = "x") -> None:
    groups = [_group(c, i) for c in cards for i in range(2)]
    slugs = slugs_for((c, f"Card {c}") for c in cards)
    empty_rulings = pa.Table.from_pylist([], schema=SCHEMAS["rulings"])
    write_dataset(
        out,
        rulings=empty_rulings,
        aligned=aligned_table(groups),
        aligned_slugs=[slugs[g.card_id] for g in groups],
        cards=pa.Table.from_pylist([], schema=SCHEMAS["cards"]),
        quarantine=quarantine_table([Quarantined("f.txt", 3, "why", "f.txt:3: " + text, text)]),
        manifest={"build_key": text},
    )


@pytest.mark.parametrize(
    "title",
    [
        "../../etc/passwd",
        "a/b/c",
        "nul\x00byte",
        "x" * 5000,
        "",
        "..",
        "Rifiutare // Collaborare",
        "日本語",
    ],
)
def test_slugs_are_safe_file_names(title: str, tmp_path: Path) -> None:
    slug = slug_for(title, key=title)
    assert slug and len(slug) <= 60
    assert set(slug) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
    assert slug not in (".", "..")
    (tmp_path / f"card={slug}").mkdir()  # a real, single directory level


@given(st.lists(st.text(max_size=30), min_size=1, max_size=30, unique=True))
def test_slugs_are_collision_free(names: list[str]) -> None:
    # different cards with the same (or same-looking) name still get different slugs
    slugs = slugs_for([(f"id-{i}", "Same Name" if i % 2 else n) for i, n in enumerate(names)])
    assert len(set(slugs.values())) == len(names)


def test_schema_descriptions_are_in_the_parquet_files() -> None:
    out, _ = small_build()
    for table, rel in [("rulings", "rulings/part-0.parquet"), ("cards", "cards/part-0.parquet")]:
        schema = pq.read_schema(out / rel)
        assert describe(schema) == describe(SCHEMAS[table])
        assert all(describe(schema).values())
        assert schema.metadata[b"table"] == table.encode()
    part = next((out / "aligned").glob("card=*/part-0.parquet"))
    assert describe(pq.read_schema(part)) == describe(ALIGNED_SCHEMA)
    assert pq.ParquetFile(part).metadata.row_group(0).column(0).compression == "ZSTD"


def test_readable_by_pandas_pyarrow_and_duckdb() -> None:
    out, summary = small_build()
    frame = pd.read_parquet(out / "rulings")
    assert len(frame) == summary.records_out
    aligned = ds.dataset(out / "aligned", format="parquet", partitioning="hive").to_table()
    assert aligned.num_rows == summary.groups_aligned
    glob = str(out / "aligned" / "**" / "*.parquet")
    con = duckdb.connect()
    n, cards = con.execute(
        f"select count(*), count(distinct card) from read_parquet('{glob}', hive_partitioning=true)"
    ).fetchone()
    assert n == summary.groups_aligned
    assert cards == len(list((out / "aligned").iterdir()))
    (status,) = con.execute(
        f"select count(*) from read_parquet('{out}/rulings/*.parquet') where text_raw <> text_norm"
    ).fetchone()
    assert status > 0  # raw text kept beside the normalised one


def test_read_dataset_returns_frames() -> None:
    out, summary = small_build()
    data = read_dataset(out)
    assert len(data.rulings) == summary.records_out
    assert len(data.aligned) == summary.groups_aligned
    assert "card" in data.aligned.columns
    assert data.manifest["summary"]["records_in"] == summary.records_in
    with pytest.raises(DatasetError, match="not a dataset"):
        read_dataset(out.parent)


def test_crash_mid_write_leaves_previous_dataset_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "ds"
    _write(out, ["a", "b", "c"], text="first")
    before = tree_digest(out)
    calls = {"n": 0}
    real = writer_mod.write_partitions

    def dying(root: Path, table: pa.Table, runs: list[tuple[str, int, int]]) -> list[str]:
        calls["n"] += 1
        real(root, table, runs[:2])  # two partitions written, then the run is killed
        raise KeyboardInterrupt("killed midway")

    monkeypatch.setattr(writer_mod, "write_partitions", dying)
    with pytest.raises(KeyboardInterrupt):
        _write(out, ["a", "b", "c", "d"], text="second")
    assert calls["n"] == 1
    assert tree_digest(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ds"]  # no temporary left behind
    monkeypatch.undo()
    _write(out, ["a", "b", "c", "d"], text="second")
    assert tree_digest(out) != before


def test_killed_run_leftovers_are_recovered(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    _write(out, ["a"], text="first")
    before = tree_digest(out)
    # a run killed (SIGKILL) between the two fallback renames: the old dataset aside, no OUT
    dead_pid = 2**22 + 12345
    os.rename(out, tmp_path / f".ds.old-{dead_pid}-abc")
    (tmp_path / f".ds.tmp-{dead_pid}-xyz").mkdir()
    recover(out)
    assert tree_digest(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ds"]


def test_refuses_to_replace_a_directory_it_did_not_write(tmp_path: Path) -> None:
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "precious.txt").write_text("keep me")
    with pytest.raises(DatasetError, match="refusing"):
        with atomic_directory(tmp_path / "home"):
            pass
    assert (tmp_path / "home" / "precious.txt").read_text() == "keep me"


def test_same_tables_same_bytes(tmp_path: Path) -> None:
    _write(tmp_path / "one", ["a", "b"])
    _write(tmp_path / "two", ["b", "a"])
    assert tree_digest(tmp_path / "one") == tree_digest(tmp_path / "two")


def test_schema_mismatch_is_a_dataset_error(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="does not match"):
        write_dataset(
            tmp_path / "x",
            rulings=pa.table({"a": [1]}),
            aligned=aligned_table([]),
            aligned_slugs=[],
            cards=pa.Table.from_pylist([], schema=SCHEMAS["cards"]),
            quarantine=quarantine_table([]),
            manifest={},
        )
    assert not (tmp_path / "x").exists()


def test_discover_and_store_agree_on_the_dataset_marker() -> None:
    from pipeline.sources.discover import DATASET_MARKER
    from pipeline.store import MARKER

    assert DATASET_MARKER == MARKER


# ------------------------------------------------------------- aligned.parquet (whole-table view)


def _partitioned(out: Path) -> pa.Table:
    """``aligned`` read from the per-card partitions, as a user of ``aligned/`` reads it."""
    part = pa.schema([pa.field("card", pa.string())])
    return ds.dataset(
        out / "aligned",
        format="parquet",
        schema=ALIGNED_SCHEMA.append(part.field(0)),
        partitioning=ds.partitioning(part, flavor="hive"),
    ).to_table()


def _assert_whole_aligned_file_equals_the_partitions(out: Path, min_rows: int) -> None:
    whole = read_table(out, "aligned")
    parts = _partitioned(out)
    assert whole.num_rows == parts.num_rows > min_rows
    assert whole.schema.equals(parts.schema, check_metadata=True)
    assert whole.equals(parts)  # same rows, same order (partition path order)
    slugs = whole.column("card").unique().to_pylist()
    assert slugs == sorted(slugs, key=lambda s: s + "/")  # partition path order
    # the file is described; aligned/ holds only the partitions
    schema = pq.read_schema(out / "aligned.parquet")
    assert schema.metadata[b"table"] == b"aligned"
    assert all(describe(schema).values())
    assert {p.name for p in (out / "aligned").iterdir()} == {f"card={s}" for s in slugs}
    (n,) = (
        duckdb.connect()
        .execute(
            f"select count(*) from read_parquet('{out}/aligned/**/*.parquet', hive_partitioning=true)"
        )
        .fetchone()
    )
    assert n == whole.num_rows


def test_whole_aligned_file_equals_the_partitions() -> None:
    out, summary = small_build()
    assert len(list((out / "aligned").iterdir())) > 1  # several partitions, in path order
    _assert_whole_aligned_file_equals_the_partitions(out, summary.groups_aligned - 1)


@pytest.mark.ci  # reading the 13,000 partitions back takes ~12 s of CPU
def test_whole_aligned_file_equals_the_partitions_full_corpus(full_corpus_dataset: Path) -> None:
    _assert_whole_aligned_file_equals_the_partitions(full_corpus_dataset, 45_000)


def test_read_table_aligned_does_not_open_the_partitions(monkeypatch: pytest.MonkeyPatch) -> None:
    out, summary = small_build()
    expected = _partitioned(out)

    def no_dataset(*args, **kwargs):  # noqa: ANN002, ANN003
        raise AssertionError("read_table('aligned') scanned aligned/")

    monkeypatch.setattr(ds, "dataset", no_dataset)
    got = read_table(out, "aligned")
    assert got.equals(expected) and got.num_rows == summary.groups_aligned


def test_read_table_falls_back_to_the_partitions(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    shutil.copytree(small_build()[0], out)
    expected = read_table(out, "aligned")
    (out / "aligned.parquet").unlink()  # a dataset written before the whole-table file existed
    assert read_table(out, "aligned").equals(expected)
    assert read_dataset(out).aligned.equals(read_dataset(small_build()[0]).aligned)


def test_write_dataset_writes_the_whole_aligned_file(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    _write(out, ["b", "a", "c"])
    assert read_table(out, "aligned").equals(_partitioned(out))
    assert "aligned.parquet" in read_dataset(out).manifest["files"]
