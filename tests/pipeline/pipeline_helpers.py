"""Shared helpers of the pipeline-core tests: paths and one small build per process.

The full-corpus build is the session fixture ``full_corpus_build`` of ``tests/conftest.py``.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

from click.testing import CliRunner

from pipeline.build import BuildSummary, build

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO / "fixtures" / "seeds"
BAD = REPO / "fixtures" / "bad"
RULINGS_EN = REPO / "fixtures" / "data" / "mtgjson-2022" / "rulings_en.jsonl.gz"
KNIFEPOINT = REPO / "fixtures" / "data" / "recent" / "at_knifepoint_otj.json"
FULL_INPUTS = [SEEDS, RULINGS_EN, KNIFEPOINT]


def rulings(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """The real ``rulings`` command run in this process (click's runner): its exit code, stdout
    and stderr as a subprocess would give them, without a new interpreter, detector and names
    table per call. An exception the command does not turn into an exit code is raised (a
    traceback is a test failure, never an exit code)."""
    from rulings.cli import cli

    argv = [str(a) for a in args]
    res = CliRunner().invoke(cli, argv)
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    return subprocess.CompletedProcess(["rulings", *argv], res.exit_code, res.stdout, res.stderr)


def tree_digest(root: Path) -> dict[str, str]:
    """Relative path -> sha256 of every file under ``root`` (hidden cache included)."""
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _scratch(prefix: str) -> Path:
    """A temporary folder removed when the test process exits (these builds are cached per process)."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, path, True)
    return path


@functools.cache
def small_build() -> tuple[Path, BuildSummary]:
    """Build the four seeds and At Knifepoint's MTGJSON card once per test process."""
    out = _scratch("rulings-small-") / "dataset"
    return out, build([SEEDS, KNIFEPOINT], out)
