"""`rulings mine` replaces or deletes only files it can prove it wrote (issue #10, High 1).

The cases root also holds hand-written cases. Real folders; :func:`output.plan`/:func:`output.apply`
are what the command runs, and the command itself for the dataset/OUT overlap.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conformance.mining import output
from conformance.mining.errors import MiningError
from conformance.mining.miner import MiningResult
from pipeline.build import build
from rulings.cli import cli

REPO = Path(__file__).resolve().parents[3]


def case(case_id: str, source: str = "mined:x", title: str = "t") -> dict:
    return {"id": case_id, "title": title, "provenance": {"source": source}}


def mined(*ids: str, title: str = "t") -> MiningResult:
    return MiningResult(cases={i: case(i, title=title) for i in ids}, outcomes=[])


def write(root: Path, result: MiningResult) -> output.Plan:
    p = output.plan(result, root)
    output.apply(p)
    return p


def test_a_copy_of_a_mined_case_is_never_deleted(tmp_path: Path) -> None:
    write(tmp_path, mined("card-a/mined-x", "card-a/mined-y"))
    copy = tmp_path / "card-a" / "my-variant.yaml"  # a user's copy, provenance and all
    shutil.copy(tmp_path / "card-a" / "mined-x.yaml", copy)
    copy.write_text(copy.read_text(encoding="utf-8") + "# my edit\n", encoding="utf-8")
    p = write(tmp_path, mined("card-a/mined-x"))  # mined-y is no longer produced
    assert p.delete == [tmp_path / "card-a" / "mined-y.yaml"]
    assert not (tmp_path / "card-a" / "mined-y.yaml").exists()
    assert copy.read_text(encoding="utf-8").endswith("# my edit\n")
    marker = json.loads((tmp_path / ".rulings-output.json").read_text(encoding="utf-8"))
    assert marker["kind"] == "mined-cases"
    assert sorted(marker["written"]) == ["COVERAGE.md", "card-a/mined-x.yaml", "coverage.csv",
                                         "coverage.json"]


def test_an_unlisted_file_at_a_mined_path_is_skipped_not_overwritten(tmp_path: Path) -> None:
    write(tmp_path, mined("card-a/mined-x"))
    other = tmp_path / "card-b" / "mined-z.yaml"  # not written by mining, says mined:
    other.parent.mkdir()
    other.write_text("id: card-b/mined-z\nprovenance: {source: 'mined:x'}\n", encoding="utf-8")
    p = write(tmp_path, mined("card-a/mined-x", "card-b/mined-z"))
    assert p.skipped == ["card-b/mined-z"]
    assert "mined:x" in other.read_text(encoding="utf-8")
    # a listed file changed by mining's own families is rewritten
    p = write(tmp_path, mined("card-a/mined-x", title="new"))
    assert tmp_path / "card-a" / "mined-x.yaml" in p.write
    assert "title: new" in (tmp_path / "card-a" / "mined-x.yaml").read_text(encoding="utf-8")
    # a listed file a human turned into a hand-written case is left alone
    hand = tmp_path / "card-a" / "mined-x.yaml"
    hand.write_text("id: card-a/mined-x\nprovenance: {source: hand-written}\n", encoding="utf-8")
    p = write(tmp_path, mined("card-a/mined-x", title="newer"))
    assert p.skipped == ["card-a/mined-x"]
    assert "hand-written" in hand.read_text(encoding="utf-8")
    p = write(tmp_path, mined())
    assert hand.is_file() and not p.delete


@pytest.mark.parametrize("bad", ["../../escaped", "card-a/../../escaped", "/abs/x", "a/b/c",
                                 "Card/X"])
def test_unsafe_case_ids_are_refused(tmp_path: Path, bad: str) -> None:
    root = tmp_path / "root" / "cases"
    root.mkdir(parents=True)
    with pytest.raises(MiningError, match="not a safe file name"):
        output.plan(mined(bad), root)
    assert not (tmp_path / "escaped.yaml").exists() and not (tmp_path / "root" / "escaped.yaml"
                                                              ).exists()


def test_a_foreign_coverage_file_is_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "COVERAGE.md").write_text("# my coverage notes\n", encoding="utf-8")
    with pytest.raises(MiningError, match="COVERAGE.md"):
        output.plan(mined("card-a/mined-x"), tmp_path)
    assert (tmp_path / "COVERAGE.md").read_text(encoding="utf-8") == "# my coverage notes\n"


def test_a_root_holding_another_output_is_refused(tmp_path: Path) -> None:
    (tmp_path / ".rulings-output.json").write_text(json.dumps(
        {"tool": "mtg-rulings", "kind": "export", "written": {}}), encoding="utf-8")
    with pytest.raises(MiningError, match="export"):
        output.plan(mined("card-a/mined-x"), tmp_path)
    (tmp_path / ".rulings-output.json").write_text("not ours", encoding="utf-8")
    with pytest.raises(MiningError, match="not a marker"):
        output.plan(mined("card-a/mined-x"), tmp_path)


def test_a_root_without_marker_falls_back_to_provenance(tmp_path: Path) -> None:
    """Roots written before markers: mined provenance still decides, once; then the marker."""
    stale = tmp_path / "card-a" / "mined-old.yaml"
    stale.parent.mkdir()
    stale.write_text("provenance: {source: 'mined:x'}\n", encoding="utf-8")
    p = write(tmp_path, mined("card-a/mined-x"))
    assert p.delete == [stale] and (tmp_path / ".rulings-output.json").is_file()


def test_mine_refuses_out_inside_the_dataset(tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    build([REPO / "fixtures" / "seeds"], ds)
    res = CliRunner().invoke(cli, ["mine", str(ds), "--out", str(ds / "cases"), "-q"])
    assert res.exit_code == 2 and "lies inside the dataset" in res.output
    assert not (ds / "cases").exists()
