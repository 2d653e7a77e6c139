"""Fixtures shared by every test package.

``full_corpus_dataset``: the whole corpus (``fixtures/seeds``, the 45k English MTGJSON rulings,
At Knifepoint) built **once per test session**, whatever the number of xdist workers: the first
worker to ask builds it under a file lock in the session's shared temporary directory, the others
wait for the lock and then find the finished dataset (``build`` sees the same build key and
reuses it in ~0.1 s). Treat it as read-only: copy it (``shutil.copytree``) before changing it.

The ``ci`` marker: a test of the whole corpus at scale whose property a smaller test already
checks in ``make test`` (which runs ``-m "not ci"``); ``.ci/run`` runs them (``-m ci``).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FULL_CORPUS_INPUTS = (
    REPO / "fixtures" / "seeds",
    REPO / "fixtures" / "data" / "mtgjson-2022" / "rulings_en.jsonl.gz",
    REPO / "fixtures" / "data" / "recent" / "at_knifepoint_otj.json",
)
"""The inputs of ``make run`` (the full corpus)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "ci: a whole-corpus check at scale; `make test` skips it (a small test checks the same "
        "property), .ci/run runs it",
    )


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive ``flock`` on ``path`` (released when the block ends or the process dies)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _session_shared_dir(factory: pytest.TempPathFactory) -> Path:
    """A directory shared by the xdist workers of this session (and by this session only)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def full_corpus_build(tmp_path_factory: pytest.TempPathFactory):  # -> (Path, BuildSummary)
    """``(dataset path, BuildSummary)`` of the full corpus, built once per session."""
    from pipeline.build import build

    shared = _session_shared_dir(tmp_path_factory) / "full-corpus"
    out = shared / "dataset"
    with _locked(shared.with_suffix(".lock")):
        summary = build(list(FULL_CORPUS_INPUTS), out)
    assert summary.ok, summary.format()
    return out, summary


@pytest.fixture(scope="session")
def full_corpus_dataset(full_corpus_build) -> Path:
    """Path of the full-corpus dataset (``rulings build`` of ``make run``'s inputs), built once
    per session across xdist workers. Read-only."""
    return full_corpus_build[0]


@pytest.fixture(scope="session")
def full_corpus_mined(full_corpus_dataset: Path, tmp_path_factory: pytest.TempPathFactory):
    """The :class:`~conformance.mining.miner.MiningResult` of mining the full-corpus dataset
    with the committed verification table (what ``rulings mine`` computes), mined **once per
    test session** across xdist workers (the first worker mines and pickles it under a lock,
    the others read it back). Read-only."""
    import pickle

    from conformance.cases_io import CASES_DIR
    from conformance.mining.miner import mine_dataset
    from conformance.verification import load_table

    shared = _session_shared_dir(tmp_path_factory) / "full-corpus-mined"
    done = shared / "result.pickle"
    with _locked(shared.with_suffix(".lock")):
        if done.exists():
            return pickle.loads(done.read_bytes())
        result = mine_dataset(full_corpus_dataset, statuses=load_table(CASES_DIR))
        shared.mkdir(parents=True, exist_ok=True)
        done.write_bytes(pickle.dumps(result))
    return result


@pytest.fixture
def mine_from_fixture(full_corpus_dataset: Path, full_corpus_mined,
                      monkeypatch: pytest.MonkeyPatch):
    """Make ``rulings mine`` of the full-corpus dataset answer with :func:`full_corpus_mined`
    instead of mining it again (the CLI's planning, writing, checking and printing run as
    usual); mining any other dataset is an error of the test."""
    from conformance.mining import miner

    def mine_dataset(dataset: Path | str, **kw: object):
        assert Path(dataset) == full_corpus_dataset, dataset
        return full_corpus_mined

    monkeypatch.setattr(miner, "mine_dataset", mine_dataset)
    return full_corpus_dataset
