"""``rulings export``: every format, the dataset card and the parallel corpus."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from test_translation_seeds import build_seed_dataset

from reports.exports import ExportError, export_dataset, parallel_pairs
from rulings.cli import cli


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_seed_dataset(tmp_path_factory.mktemp("export"))


COUNTS = {"rulings": 81, "aligned": 44, "cards": 8, "quarantine": 0,  # 3 + 5 named in rulings
          "parallel-it-en": 26, "parallel-de-en": 8, "parallel-it-de": 8}


@pytest.mark.parametrize("fmt", ["parquet", "csv", "jsonl", "hf"])
def test_formats(dataset: Path, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / fmt
    result = CliRunner().invoke(cli, ["export", str(dataset), "--format", fmt, "--out", str(out)])
    assert result.exit_code == 0, result.output
    if fmt == "parquet":
        rulings = pq.read_table(out / "rulings.parquet")
        assert rulings.schema.metadata[b"table"] == b"rulings"
        n = rulings.num_rows
    elif fmt == "csv":
        with (out / "rulings.csv").open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
        n = len(rows)
        assert any(r["english_spans"] == '["if you control them both"]' for r in rows)
    elif fmt == "jsonl":
        rows = [json.loads(x) for x in (out / "rulings.jsonl").read_text("utf-8").splitlines()]
        n = len(rows)
        assert {r["date"] for r in rows} >= {"2024-04-12", "2017-07-14"}
    else:
        n = pq.read_table(out / "data" / "rulings" / "train-00000-of-00001.parquet").num_rows
        assert (out / "data" / "parallel-it-en" / "train-00000-of-00001.parquet").is_file()
    assert n == COUNTS["rulings"]
    card = (out / "README.md").read_text(encoding="utf-8")
    for needle in ("## Schema", "## Counts", "## Provenance", "## Licence notes",
                   "Fan Content Policy", "| rulings | 81 |", "| parallel-it-en | 26 |",
                   "`english_spans`", "fixtures/seeds/004_1ed536f22a0f9eba.txt"):
        assert needle in card, needle
    assert card.startswith("---\nconfigs:") == (fmt == "hf")


def test_parallel_corpus(dataset: Path, tmp_path: Path) -> None:
    result = export_dataset(dataset, tmp_path / "x", "jsonl")
    assert result.counts == COUNTS
    pairs = parallel_pairs(dataset, "it", "en")
    assert len(pairs) == 26
    # untranslated (English) rulings of the localized files are not translations
    assert not any(p["src"].startswith(("Creatures that deal first strike", "If the spell"))
                   for p in pairs)
    flagged = [p for p in pairs if p["flags"]]
    assert {p["flags"][0] for p in flagged} == {"english_clause:it"} and len(flagged) == 2
    lines = (tmp_path / "x" / "parallel" / "de-en.tsv").read_text("utf-8").splitlines()
    assert lines[0].split("\t")[:8] == ["group_id", "card_id", "card_name", "date", "src_lang",
                                        "tgt_lang", "src", "tgt"]
    assert len(lines) == 1 + 8 and all(len(x.split("\t")) == 13 for x in lines)
    jl = [json.loads(x) for x in
          (tmp_path / "x" / "parallel" / "it-de.jsonl").read_text("utf-8").splitlines()]
    assert len(jl) == 8 and {(r["src_lang"], r["tgt_lang"]) for r in jl} == {("it", "de")}


def test_deterministic_and_errors(dataset: Path, tmp_path: Path) -> None:
    a = export_dataset(dataset, tmp_path / "a", "csv")
    b = export_dataset(dataset, tmp_path / "b", "csv")
    for p in a.files:
        assert p.read_bytes() == (b.out / p.relative_to(a.out)).read_bytes(), p
    export_dataset(dataset, tmp_path / "a", "csv")  # a previous export is replaced
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("x")
    with pytest.raises(ExportError, match="refusing"):
        export_dataset(dataset, foreign, "csv")
    with pytest.raises(ExportError, match="unknown format"):
        export_dataset(dataset, tmp_path / "c", "xml")
    with pytest.raises(ExportError, match="not a dataset"):
        export_dataset(tmp_path, tmp_path / "d", "csv")


def test_hf_loads_with_datasets(dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                ) -> None:
    import datasets  # a dev dependency (pyproject [dev]): missing, it is a failure, not a skip

    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    out = tmp_path / "hf"
    export_dataset(dataset, out, "hf")
    cache = str(tmp_path / "cache")
    rulings = datasets.load_dataset(str(out), "rulings", cache_dir=cache)["train"]
    assert rulings.num_rows == 81 and "english_spans" in rulings.column_names
    pairs = datasets.load_dataset(
        "parquet", data_files={"train": str(out / "data" / "parallel-it-en" / "*.parquet")},
        cache_dir=cache)["train"]
    assert pairs.num_rows == 26 and pairs[0]["src_lang"] == "it"
