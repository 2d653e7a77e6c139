"""The card-name index of ``rulings cases lint`` (``conformance.card_names``): disk-cached under
the digest of its input files, never stale, never written into the repository."""

from __future__ import annotations

import gzip
import json
import os
import shutil
from pathlib import Path

import pytest

from conformance import card_data, card_names
from conformance.card_data import MTGJSON_CARDS, RECENT_DIR
from conformance.card_names import shipped_card_names
from conformance.reference.errors import CardDataError


def _row(name: str) -> dict[str, object]:
    return {"oracle_id": f"id-{name}", "name": name, "layout": "normal",
            "faces": [{"face_name": None, "type": "Instant", "mana_cost": "{R}", "text": "Boom."}]}


def _data(tmp_path: Path, *names: str) -> tuple[Path, Path]:
    cards = tmp_path / "cards.jsonl.gz"
    with gzip.open(cards, "wt", encoding="utf-8") as fh:
        for n in names:
            fh.write(json.dumps(_row(n)) + "\n")
    recent = tmp_path / "recent"
    recent.mkdir(exist_ok=True)
    (recent / "new.json").write_text(json.dumps({"name": "Newer Card"}), encoding="utf-8")
    return cards, recent


def test_the_names_are_the_shipped_data_s_and_the_cache_holds_them(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = shipped_card_names(MTGJSON_CARDS, RECENT_DIR, cache)
    assert first == card_names._read(MTGJSON_CARDS, RECENT_DIR)
    assert {"Lightning Bolt", "At Knifepoint"} <= first
    (stored,) = cache.glob("card-names-*.json")
    assert shipped_card_names(MTGJSON_CARDS, RECENT_DIR, cache) == first
    assert json.loads(stored.read_text(encoding="utf-8"))["names"] == sorted(first)


def test_a_cache_hit_answers_without_reading_the_card_data(tmp_path: Path) -> None:
    cards, recent = _data(tmp_path, "Alpha", "Beta")
    cache = tmp_path / "cache"
    assert shipped_card_names(cards, recent, cache) == {"Alpha", "Beta", "Newer Card"}
    (stored,) = cache.glob("card-names-*.json")
    doc = json.loads(stored.read_text(encoding="utf-8"))
    stored.write_text(json.dumps({**doc, "names": ["From The Cache"]}), encoding="utf-8")
    assert shipped_card_names(cards, recent, cache) == {"From The Cache"}


def test_a_changed_input_is_read_again(tmp_path: Path) -> None:
    cards, recent = _data(tmp_path, "Alpha")
    cache = tmp_path / "cache"
    assert shipped_card_names(cards, recent, cache) == {"Alpha", "Newer Card"}
    _data(tmp_path, "Alpha", "Gamma")
    card_data._read.cache_clear()  # rows are kept per path for a process; a new one reads anew
    assert shipped_card_names(cards, recent, cache) == {"Alpha", "Gamma", "Newer Card"}
    (recent / "newest.json").write_text(json.dumps({"name": "Newest"}), encoding="utf-8")
    assert "Newest" in shipped_card_names(cards, recent, cache)
    assert len(list(cache.glob("card-names-*.json"))) == 3


@pytest.mark.parametrize("content", ["", "{\"key\": ", "[]", "{\"key\": \"other\", \"names\": []}"])
def test_a_torn_or_foreign_cache_file_is_rebuilt(tmp_path: Path, content: str) -> None:
    cards, recent = _data(tmp_path, "Alpha")
    cache = tmp_path / "cache"
    shipped_card_names(cards, recent, cache)
    (stored,) = cache.glob("card-names-*.json")
    stored.write_text(content, encoding="utf-8")
    assert shipped_card_names(cards, recent, cache) == {"Alpha", "Newer Card"}
    assert json.loads(stored.read_text(encoding="utf-8"))["names"] == ["Alpha", "Newer Card"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_cache_is_skipped(tmp_path: Path) -> None:
    cards, recent = _data(tmp_path, "Alpha")
    cache = tmp_path / "ro"
    cache.mkdir()
    cache.chmod(0o500)
    try:
        assert shipped_card_names(cards, recent, cache) == {"Alpha", "Newer Card"}
    finally:
        cache.chmod(0o700)


def test_a_cache_that_cannot_be_a_directory_is_skipped(tmp_path: Path) -> None:
    cards, recent = _data(tmp_path, "Alpha")
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    assert shipped_card_names(cards, recent, blocker / "cache") == {"Alpha", "Newer Card"}
    assert blocker.read_text(encoding="utf-8") == "not a directory"


def test_a_malformed_card_file_is_an_error_and_is_not_cached(tmp_path: Path) -> None:
    cards, recent = _data(tmp_path)
    with gzip.open(cards, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps({"name": "X", "layout": "normal", "faces": []}) + "\n")
    cache = tmp_path / "cache"
    for _ in range(2):
        with pytest.raises(CardDataError, match=r"cards\.jsonl\.gz:1:"):
            shipped_card_names(cards, recent, cache)
    assert not list(cache.glob("card-names-*.json"))


def test_the_default_cache_is_the_projects_user_cache(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_RULINGS_CACHE", str(tmp_path / "c"))
    assert card_names.cache_dir() == tmp_path / "c"
    cards, recent = _data(tmp_path, "Alpha")
    shipped_card_names(cards, recent)
    assert len(list((tmp_path / "c").glob("card-names-*.json"))) == 1
    monkeypatch.delenv("MTG_RULINGS_CACHE")
    assert card_names.cache_dir() == Path.home() / ".cache" / "mtg-rulings"
    shutil.rmtree(tmp_path / "c")
