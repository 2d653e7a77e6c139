"""The shared per-user disk cache: where it is, how files are keyed and written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline import user_cache


def test_cache_dir_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MTG_RULINGS_CACHE", raising=False)
    monkeypatch.delenv("MTG_RULINGS_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache.cache_dir() == tmp_path / "xdg" / "mtg-rulings"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert user_cache.cache_dir() == Path.home() / ".cache" / "mtg-rulings"
    monkeypatch.setenv("MTG_RULINGS_CACHE_DIR", str(tmp_path / "legacy"))
    assert user_cache.cache_dir() == tmp_path / "legacy"
    monkeypatch.setenv("MTG_RULINGS_CACHE", str(tmp_path / "new"))
    assert user_cache.cache_dir() == tmp_path / "new"
    monkeypatch.setenv("MTG_RULINGS_CACHE", " ")
    assert user_cache.cache_dir() is None


def test_file_digest_follows_names_and_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("one")
    b.write_text("two")
    key = user_cache.file_digest("x", [a, b], tmp_path)
    assert key == user_cache.file_digest("x", [a, b], tmp_path)
    assert key != user_cache.file_digest("y", [a, b], tmp_path)
    assert key != user_cache.file_digest("x", [b, a], tmp_path)
    b.write_text("two!")
    assert key != user_cache.file_digest("x", [a, b], tmp_path)


def test_write_atomic_writes_and_prunes(tmp_path: Path) -> None:
    for i in range(5):
        path = tmp_path / f"thing-{i}.bin"
        user_cache.write_atomic(path, b"%d" % i, prune=("thing-*.bin",), keep=2)
        os.utime(path, ns=(i * 10**9, i * 10**9))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thing-3.bin", "thing-4.bin"]
    assert (tmp_path / "thing-4.bin").read_bytes() == b"4"


def test_write_atomic_into_an_unwritable_place_is_not_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    user_cache.write_atomic(blocker / "sub" / "x.bin", b"data")  # no exception
    assert blocker.read_text() == "not a directory"
