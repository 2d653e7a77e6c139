"""Tests of :func:`pipeline.build.build` and of the ``rulings build`` command."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pandas as pd
import pytest
from click.testing import CliRunner
from pipeline_helpers import FULL_INPUTS, KNIFEPOINT, SEEDS, small_build, tree_digest

from pipeline.build import build
from pipeline.errors import DatasetError, InputError
from pipeline.store import read_dataset
from rulings.commands.pipeline import build_command

KNIFEPOINT_ORACLE = "bddb2064-afdb-4184-ae4a-633745e64a3c"


def test_small_build_summary() -> None:
    _, s = small_build()
    assert s.files == 5
    assert s.records_in == 9 + 16 + 9 + 19 + 9 == s.records_out + s.quarantined
    assert s.quarantined == 0
    assert s.files_per_lang == {"it": 3, "de": 1, "en": 1}
    # one English ruling left untranslated in each localized file
    assert s.english_fallbacks == 4
    assert s.rulings_per_lang == {"en": 9 + 4, "it": 44 - 3, "de": 8}
    assert s.cards_unresolved == 0 and s.cards_ambiguous == 0
    assert s.cards_resolved == 3  # At Knifepoint (it, de, en), Cerberus, Refuse // Cooperate
    assert s.groups_multilingual > 0
    assert s.english_clauses >= 1
    assert s.ok


def test_small_build_rows() -> None:
    out, _ = small_build()
    data = read_dataset(out)
    r = data.rulings
    knife = r[r.card_id == KNIFEPOINT_ORACLE]
    assert sorted(knife.file_lang.value_counts().items()) == [("de", 9), ("en", 9), ("it", 9)]
    assert set(knife.card_name) == {"At Knifepoint"}
    fallback = r[(r.file_lang == "it") & (r.lang == "en")]
    assert len(fallback) == 3
    assert (r.ruling_id.str.len() == 16).all() and r.ruling_id.is_unique
    # raw text is the file's; the normalised column is separate
    coltello = (SEEDS / "000_3e6d8c0cce79b8d3.txt").read_text(encoding="utf-8").split("\n")
    for row in r[r.source.str.endswith("000_3e6d8c0cce79b8d3.txt")].itertuples():
        assert coltello[row.line - 1] == row.text_raw
    assert r.text_norm.str.contains("\u2019").sum() == 0
    assert r.text_raw.str.contains("\u2019").sum() > 0
    a = data.aligned
    knife_groups = a[a.card_id == KNIFEPOINT_ORACLE]
    assert len(knife_groups) >= 9
    assert knife_groups.text_en.notna().sum() == 9
    c = data.cards
    assert set(c[c.status != "named"].card_id) == set(r.card_id)
    # the other rows: cards the localized rulings cite by their English name, without rulings
    assert set(c[c.status == "named"].card_id).isdisjoint(r.card_id)
    assert "Chandra's Pyrohelix" in set(c[c.status == "named"].name)


def test_same_inputs_same_bytes(tmp_path: Path) -> None:
    out, _ = small_build()
    again = build([SEEDS, KNIFEPOINT], tmp_path / "again")
    assert not again.reused
    assert tree_digest(tmp_path / "again") == tree_digest(out)


def test_unchanged_rebuild_reuses_earlier_work(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    shutil.copytree(small_build()[0], out)
    before = tree_digest(out)
    s = build([SEEDS, KNIFEPOINT], out)
    assert s.reused and s.detections == 0
    assert tree_digest(out) == before
    # a changed input rebuilds, reusing cached language guesses of unchanged texts
    seeds = tmp_path / "seeds"
    shutil.copytree(SEEDS, seeds)
    path = seeds / "000_3e6d8c0cce79b8d3.txt"
    path.write_text(
        path.read_text(encoding="utf-8") + "\n\n13/04/2024\n\nUna nuova regola di prova.",
        encoding="utf-8",
    )
    s2 = build([seeds, KNIFEPOINT], out)
    assert not s2.reused
    assert s2.detections == 1  # only the new text went to the detector
    assert s2.records_out == small_build()[1].records_out + 1


def test_missing_input_raises(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        build([tmp_path / "nope.txt"], tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_cli_build_prints_summary(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        build_command, [str(SEEDS), str(KNIFEPOINT), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 0, result.output
    assert "records            62 in = 62 out + 0 quarantined" in result.output
    assert "english fallbacks  4" in result.output
    assert "cards              3 resolved, 0 unresolved, 0 ambiguous" in result.output


def test_cli_errors_exit_non_zero(tmp_path: Path) -> None:
    missing = CliRunner().invoke(
        build_command, [str(tmp_path / "nope"), "--out", str(tmp_path / "o")]
    )
    assert missing.exit_code == 1 and "no such file" in missing.output
    (tmp_path / "empty.txt").write_bytes(b"")
    bad = CliRunner().invoke(
        build_command, [str(SEEDS), str(tmp_path / "empty.txt"), "--out", str(tmp_path / "o")]
    )
    assert bad.exit_code == 1
    assert "empty.txt:1: error: empty file" in bad.output
    assert (tmp_path / "o" / "quarantine").is_dir()  # the dataset is still written
    usage = CliRunner().invoke(
        build_command, [str(SEEDS), "--out", str(tmp_path / "o"), "--detector", "x"]
    )
    assert usage.exit_code == 2


# ----------------------------------------------------------------------------- the full corpus


@pytest.mark.ci  # the whole corpus (built and mined once per session): CI only
def test_full_corpus_build(full_corpus_build) -> None:
    out, s = full_corpus_build
    assert s.files == 6
    assert s.records_in == 45_047 + 9 + 53 == s.records_out + s.quarantined
    assert s.quarantined_by_reason == {"missing_text": 1}
    assert (
        s.cards_resolved == 13_295 + 2
    )  # every oracle id + Knifepoint + Cerberus (Cooperate is one)
    assert s.rulings_per_lang["en"] > 45_000
    assert s.errors == []
    glob = str(out / "aligned" / "**" / "*.parquet")
    (groups, cards) = (
        duckdb.connect()
        .execute(
            f"select count(*), count(distinct card) from read_parquet('{glob}', hive_partitioning=true)"
        )
        .fetchone()
    )
    assert groups == s.groups_aligned
    assert cards == len(list((out / "aligned").iterdir())) == s.cards_resolved
    assert len(pd.read_parquet(out / "rulings", columns=["ruling_id"])) == s.records_out
    # the marker lists every file written, the align worker's partitions too (it records its
    # own in a side file the writer collects), and nothing is left beside them
    written = json.loads((out / "_build.json").read_text())["written"]
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert on_disk - set(written) == {"_build.json"}


@pytest.mark.ci  # the whole corpus (built and mined once per session): CI only
def test_full_corpus_rebuild_reuses_the_dataset(full_corpus_build) -> None:
    # the time it takes is measured by bench/pipeline_bench.py (warm rebuild), not asserted here
    out, first = full_corpus_build
    again = build(FULL_INPUTS, out)
    assert again.reused and again.to_dict() == first.to_dict()


def test_progress_callback_sees_every_stage(tmp_path: Path) -> None:
    seen: dict[str, tuple[int, int]] = {}

    def callback(stage: str, done: int, total: int) -> None:
        assert 0 <= done <= max(total, 1)
        seen[stage] = (done, total)

    s = build([SEEDS], tmp_path / "o", progress=callback)
    assert {"read", "language", "cards", "align"} <= set(seen)
    assert seen["read"] == (4, 4)
    assert set(s.timings) >= {"read", "language", "align"}
    # the CLI's click bars (stderr) work too when not attached to a terminal
    from rulings.progress import click_progress

    assert build([SEEDS], tmp_path / "o2", progress=click_progress()).records_out == 53


def test_detector_process_builds_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The detector child process (used for big inputs) changes nothing in the dataset."""
    import pipeline.build as build_mod

    monkeypatch.setattr(build_mod, "DETECTOR_PROCESS_MIN_BYTES", 0)
    started: list[str] = []
    real = build_mod.DetectorProcess

    class Tracked(real):  # type: ignore[misc, valid-type]
        def __init__(self, name: str) -> None:
            started.append(name)
            super().__init__(name)

    monkeypatch.setattr(build_mod, "DetectorProcess", Tracked)
    s = build([SEEDS, KNIFEPOINT], tmp_path / "child")
    assert started == ["lingua"]
    assert s.to_dict() == small_build()[1].to_dict()
    assert tree_digest(tmp_path / "child") == tree_digest(small_build()[0])


def _track_workers(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the process id of every align worker a build starts; forbid ``os.fork``."""
    import os

    import pipeline.align.worker as worker_mod

    pids: list[int] = []
    real_init = worker_mod.AlignWorker.__init__

    def init(self: worker_mod.AlignWorker) -> None:
        real_init(self)
        assert self.pid is not None
        pids.append(self.pid)

    def no_fork() -> int:
        raise AssertionError("os.fork() called: the build runs threads")

    monkeypatch.setattr(worker_mod.AlignWorker, "__init__", init)
    monkeypatch.setattr(os, "fork", no_fork)
    return pids


def _use_the_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    import pipeline.build as build_mod

    monkeypatch.setattr(build_mod, "PARALLEL_MIN_CARDS", 1)
    monkeypatch.setattr(build_mod, "ALIGN_WORKER_MIN_BYTES", 0)
    monkeypatch.setattr(build_mod.os, "cpu_count", lambda: 2)


def test_two_processes_write_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The align worker (a child interpreter, used for big inputs) gives the bytes of the
    one-process path, and the build never forks."""
    import pipeline.align.stage as stage_mod

    _use_the_worker(monkeypatch)
    pids = _track_workers(monkeypatch)
    monkeypatch.setattr(stage_mod, "BATCH", 1)  # one table per card on both sides
    s = build([SEEDS, KNIFEPOINT], tmp_path / "two")
    assert len(pids) == 1
    assert s.to_dict() == small_build()[1].to_dict()
    assert tree_digest(tmp_path / "two") == tree_digest(small_build()[0])


@pytest.mark.parametrize("where", ["child", "parent"])
def test_align_worker_error_is_raised_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """An error in either process of the two-process align stage fails the build cleanly, and
    the worker has ended (and was reaped) when ``build`` returns."""
    import os

    import pipeline.store.writer as writer_mod

    _use_the_worker(monkeypatch)
    pids = _track_workers(monkeypatch)
    if where == "child":  # a real fault in the worker's interpreter only, by a site hook
        hook = tmp_path / "hook"
        hook.mkdir()
        (hook / "sitecustomize.py").write_text(
            "import pipeline.store.writer as w\n"
            "def broken(root, table, runs):\n"
            "    raise OSError(28, 'No space left on device')\n"
            "w.write_partitions = broken\n"
        )
        monkeypatch.setenv("PYTHONPATH", str(hook))
    else:

        def broken(root, table, runs):  # noqa: ANN001
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(writer_mod, "write_partitions", broken)
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(DatasetError, match="No space left"):
        build([SEEDS, KNIFEPOINT], out / "o")
    assert list(out.iterdir()) == []
    assert len(pids) == 1
    with pytest.raises(ChildProcessError):  # the worker ended and was reaped
        os.waitpid(pids[0], os.WNOHANG)


def test_a_killed_worker_fails_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that dies without answering is a BuildError naming it, not a hang."""
    import os
    import signal

    import pipeline.align.worker as worker_mod
    from pipeline.errors import BuildError

    _use_the_worker(monkeypatch)
    real_submit = worker_mod.AlignWorker.submit

    def submit(self: worker_mod.AlignWorker, *args: object) -> None:
        assert self.pid is not None
        os.kill(self.pid, signal.SIGKILL)
        real_submit(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(worker_mod.AlignWorker, "submit", submit)
    with pytest.raises(BuildError, match="worker process ended abnormally"):
        build([SEEDS, KNIFEPOINT], tmp_path / "o")
    assert list(tmp_path.iterdir()) == []


def test_partition_write_error_is_raised_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pipeline.store.writer as writer_mod

    def broken(root, table, runs):  # noqa: ANN001
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writer_mod, "write_partitions", broken)
    with pytest.raises(DatasetError, match="No space left"):
        build([SEEDS], tmp_path / "o")
    assert list(tmp_path.iterdir()) == []
