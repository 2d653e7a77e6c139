"""``rulings build`` over hostile inputs (issue #10), through the real CLI: nothing read is lost
silently (records in = records out + quarantined, unreadable inputs included), nothing outside
the inputs is read, no traceback, and the exit status says when something went wrong.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from pipeline_helpers import REPO

from pipeline.store import read_dataset
from rulings.cli import cli as main

SEED = "Coltello alla Mano\n\n12/04/2024\n\nUna carta, una magia o un permanente è un fuorilegge."


def _rulings(n: int, tag: str = "") -> str:
    return "\n".join(
        json.dumps({"oracle_id": f"o{i % 5}", "date": "2020-01-01", "text": f"{tag}Ruling {i}."})
        for i in range(n)
    )


def _unlistable(parent: Path) -> Path:
    """A folder nested past PATH_MAX: it cannot be listed by its path, even by root."""
    fd = os.open(parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for _ in range(20):
            os.mkdir("d" * 255, dir_fd=fd)
            nxt = os.open("d" * 255, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = nxt
    finally:
        os.close(fd)
    return parent / ("d" * 255)


def _hostile_tree(root: Path) -> dict[str, str]:
    """Write one input of every hostile kind; returns file name -> expected quarantine reason."""
    root.mkdir()
    (root / "good.txt").write_text(SEED, encoding="utf-8")
    lines = _rulings(10).split("\n")
    (root / "multi.jsonl.gz").write_bytes(
        gzip.compress("\n".join(lines[:5]).encode() + b"\n")
        + gzip.compress("\n".join(lines[5:]).encode())
    )
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    (root / "trunc.jsonl.gz").write_bytes(
        c.compress(_rulings(6, "Cut ").encode() + b"\n") + c.flush(zlib.Z_SYNC_FLUSH)
    )
    (root / "bomb.jsonl.gz").write_bytes(gzip.compress(b"\n" * 16_000_000, 9))
    (root / "deep.json").write_text("[" * 1000 + "]" * 1000)
    (root / "surrogate.jsonl").write_text(
        '{"oracle_id": "o", "date": "2020-01-01", "text": "bad \\ud800"}\n' + _rulings(1, "S ")
    )
    (root / "junk.json").write_text(
        json.dumps({"name": "C", "oracle_id": "o9", "rulings": [1, "x", {"date": "2020-01-01"}]})
    )
    with open(os.fsencode(root) + b"/caf\xff.txt", "w") as fh:
        fh.write(SEED)
    os.mkfifo(root / "fifo.jsonl")
    (root / "passwd.json").symlink_to("/etc/passwd")
    (root / "environ.txt").symlink_to("/proc/self/environ")
    (root / "dangling.json").symlink_to(root / "gone.json")
    _unlistable(root)
    return {
        "trunc.jsonl.gz": "truncated_gzip",
        "bomb.jsonl.gz": "too_large",
        "deep.json": "too_deep",
        "surrogate.jsonl": "lone_surrogate",
        "junk.json": "not_a_ruling",
        "caf\\xff.txt": "bad_file_name",
        "fifo.jsonl": "not_regular_file",
        "passwd.json": "symlink_outside",
        "environ.txt": "symlink_outside",
        "dangling.json": "unreadable",
        "d" * 255: "unreadable",
    }


def test_hostile_inputs_are_all_accounted_for(tmp_path: Path) -> None:
    expected = _hostile_tree(tmp_path / "in")
    out = tmp_path / "ds"
    result = CliRunner().invoke(main, ["build", str(tmp_path / "in"), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    data = read_dataset(out)
    q = data.quarantine
    by_file = {Path(s).name: set(q[q.source == s].reason) for s in set(q.source)}
    for name, reason in expected.items():
        assert reason in by_file.get(name, set()), (name, by_file)
    assert by_file["junk.json"] == {"not_a_ruling", "missing_text"}
    # the summary's invariant, with unreadable inputs counted as records
    manifest = json.loads((out / "_build.json").read_text())["summary"]
    assert manifest["records_in"] == manifest["records_out"] + manifest["quarantined"]
    assert manifest["records_out"] == len(data.rulings) == 1 + 10 + 6 + 1
    assert manifest["quarantined"] == len(q)
    # nothing of the link targets was read into the outputs
    passwd = Path("/etc/passwd").read_bytes()[:20]
    for f in out.rglob("*"):
        if f.is_file():
            assert passwd not in f.read_bytes()
    # every error names its file
    for name in ("trunc.jsonl.gz", "passwd.json", "fifo.jsonl", "d" * 40):
        assert name in result.output


_RUN_CLI = """
import os, sys
from rulings.cli import cli
if sys.argv[1] == "drop":
    from pipeline.build import build
    build([sys.argv[2]], sys.argv[3])  # as root: every module, model and table loads now
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)  # from here on, a user that chmod 000 denies
cli(sys.argv[4:])
"""


def _run_unprivileged(args: list[str], cwd: Path, warm: Path) -> subprocess.CompletedProcess[str]:
    """Run the ``rulings`` CLI in a child process without privileges. Root reads any folder
    (only a user without privileges meets chmod 000): as root, the child drops to user nobody.
    The interpreter lives where nobody cannot read, so it first loads everything (a warm-up
    build of ``warm`` as root), then drops."""
    drop = "drop" if os.geteuid() == 0 else "stay"
    return subprocess.run(
        [sys.executable, "-c", _RUN_CLI, drop, str(warm), str(cwd.parent / "warm-ds"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A temporary folder every user can reach (pytest's own lives in a 0700 folder)."""
    path = Path(tempfile.mkdtemp(prefix="rulings-h10-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_a_folder_that_cannot_be_listed_fails_the_build_naming_it(open_tmp: Path) -> None:
    tmp_path = open_tmp
    work = Path(shutil.copytree(REPO / "fixtures" / "bad", tmp_path / "w" / "in"))
    (work / "locked").mkdir()
    (work / "locked" / "hidden.txt").write_text(SEED, encoding="utf-8")
    for p in (tmp_path, tmp_path / "w", work):
        p.chmod(0o777)
    for f in work.iterdir():
        f.chmod(0o755 if f.is_dir() else 0o644)
    (work / "locked").chmod(0)
    try:
        done = _run_unprivileged(["build", "in", "--out", "ds", "--quiet"], tmp_path / "w", work)
    finally:
        (work / "locked").chmod(0o755)
    assert done.returncode == 1, done.stderr
    assert "in/locked:0: error: cannot list folder: Permission denied [unreadable]" in done.stderr
    data = read_dataset(tmp_path / "w" / "ds")
    locked = data.quarantine[data.quarantine.source == "in/locked"]
    assert list(locked.reason) == ["unreadable"]
    manifest = json.loads((tmp_path / "w" / "ds" / "_build.json").read_text())["summary"]
    assert manifest["records_in"] == manifest["records_out"] + manifest["quarantined"]


def test_no_ruling_out_is_a_failure(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.jsonl").write_text(
        '{"oracle_id": "o", "date": "2020-01-01", "text": ""}\n'  # a warning, not an error
    )
    result = CliRunner().invoke(
        main, ["build", str(tmp_path / "in"), "--out", str(tmp_path / "ds"), "--quiet"]
    )
    assert result.exit_code == 1
    assert "no ruling could be read from the inputs (1 records in, all quarantined" in (
        result.output
    )


def test_limit_flags_reach_the_readers(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "r.jsonl.gz").write_bytes(gzip.compress(_rulings(50).encode()))
    (tmp_path / "outside.txt").write_text(SEED, encoding="utf-8")
    (tmp_path / "in" / "link.txt").symlink_to(tmp_path / "outside.txt")
    args = ["build", str(tmp_path / "in"), "--out", str(tmp_path / "ds"), "--quiet"]
    small = CliRunner().invoke(main, [*args, "--max-input-bytes", "1000"])
    assert small.exit_code == 1  # ~300 bytes that inflate to ~3,000
    assert "inflates over the limit of 1,000 bytes (--max-input-bytes)" in small.output
    tiny = CliRunner().invoke(main, [*args, "--max-input-bytes", "100"])
    assert "bytes: over the limit of 100 bytes (--max-input-bytes)" in tiny.output
    assert "symlink_outside" in small.output
    ok = CliRunner().invoke(main, [*args, "--follow-symlinks"])
    assert ok.exit_code == 0, ok.output
    data = read_dataset(tmp_path / "ds")
    assert len(data.rulings) == 51 and data.quarantine.empty
    assert CliRunner().invoke(main, [*args, "--max-gzip-ratio", "0"]).exit_code == 2
    (tmp_path / "in" / "junk.jsonl").write_text("x\ny\nz\n")
    few = CliRunner().invoke(main, [*args, "--follow-symlinks", "--max-bad-records", "2"])
    assert "junk.jsonl:2: error: reading stopped after 2 quarantined records" in few.output
