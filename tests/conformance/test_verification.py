"""The verification table (`rulings verify`): statuses derived from real engine runs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conformance.cases_io import CASES_DIR
from conformance.verification import (
    TABLE_JSON,
    VerificationError,
    derive_status,
    differences,
    load_table,
    undiagnosed_suspects,
    verify,
    write,
)

IDS = ("refuse-cooperate/mined-copy-x", "refuse-cooperate/mined-copy-modal",
       "ancestral-tribute/mined-flashback-exiled")


@pytest.fixture
def cases(tmp_path: Path) -> Path:
    root = tmp_path / "cases"
    for cid in IDS:
        dst = root / f"{cid}.yaml"
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CASES_DIR / f"{cid}.yaml", dst)
    # the third case names a card no engine declares: every engine is `unsupported` on it
    third = root / f"{IDS[2]}.yaml"
    third.write_text(third.read_text(encoding="utf-8").replace(
        "\ncards:\n", "\ncards:\n- No Such Card\n", 1), encoding="utf-8")
    return root


def test_derive_status() -> None:
    assert derive_status({"a": "pass", "b": "fail"}) == "verified"
    assert derive_status({"a": "fail", "b": "error"}) == "suspect"
    assert derive_status({"a": "fail", "b": "unsupported"}) == "unverified"
    assert derive_status({"a": "unsupported"}) == "unverified"
    assert derive_status({}) == "unverified"


def test_statuses_from_real_engines(cases: Path) -> None:
    engines = [("reference", "reference"), ("m1", "mutant:copy_loses_x"),
               ("m2", "mutant:copy_loses_x")]
    table = verify(cases, engines=engines)
    x, modal = table.cases[IDS[0]], table.cases[IDS[1]]
    assert x["engines"] == {"m1": "fail", "m2": "fail", "reference": "pass"}
    assert x["status"] == "verified" and x["verified_by"] == ["reference"]
    assert modal["verified_by"] == ["m1", "m2", "reference"]
    assert table.cases[IDS[2]]["status"] == "unverified"  # no engine declares a card of it
    # without the reference engine, the two mutants that both fail copy-x make it suspect
    only = verify(cases, engines=engines[1:])
    assert only.cases[IDS[0]]["status"] == "suspect"
    assert undiagnosed_suspects(only, cases / "none.yaml") == [IDS[0]]
    assert table.to_json() == verify(cases, engines=engines).to_json()  # same bytes


def test_missing_engine_is_an_error_unless_allowed(cases: Path) -> None:
    engines = [("reference", "reference"), ("ghost", "no-such-installed-engine")]
    with pytest.raises(VerificationError, match="ghost .* is not installed"):
        verify(cases, engines=engines)
    table = verify(cases, engines=engines, allow_missing=True)
    assert table.missing == ["ghost"]
    assert json.loads(table.to_json())["missing_engines"] == ["ghost"]


def test_write_mirrors_status_into_case_files_and_check_detects_staleness(cases: Path) -> None:
    table = verify(cases, engines=[("reference", "reference")])
    write(table, cases)
    assert differences(table, cases) == []
    assert load_table(cases)[IDS[0]] == (table.cases[IDS[0]]["hash"], "verified")
    path = cases / f"{IDS[2]}.yaml"
    assert "\nstatus: unverified\n" in path.read_text(encoding="utf-8")
    path.write_text(path.read_text(encoding="utf-8").replace("status: unverified",
                                                             "status: verified"),
                    encoding="utf-8")
    assert differences(table, cases) == [f"status: {IDS[2]}.yaml (table: unverified)"]
    (cases / TABLE_JSON).write_text("{}", encoding="utf-8")
    assert "changed: verification.json" in differences(table, cases)


def test_check_reports_a_diagnosis_of_a_case_that_is_not_suspect(cases: Path,
                                                                  tmp_path: Path) -> None:
    table = verify(cases, engines=[("reference", "reference")])
    write(table, cases)
    suspects = tmp_path / "suspects.yaml"
    suspects.write_text(f"suspects:\n  {IDS[0]}: {{reference: a diagnosis}}\n"
                        "  gone/case: {reference: another}\n", encoding="utf-8")
    assert differences(table, cases, suspects) == [
        "diagnosis of a case that is not suspect (suspects.yaml): gone/case is not in the suite",
        f"diagnosis of a case that is not suspect (suspects.yaml): {IDS[0]} is verified"]
    suspects.write_text("suspects: {}\n", encoding="utf-8")
    assert differences(table, cases, suspects) == []


def test_from_runs_reads_run_files_and_a_stale_hash_does_not_count(cases: Path,
                                                                    tmp_path: Path) -> None:
    from rulings.cli import cli

    runner = CliRunner()
    run = tmp_path / "ref.jsonl"
    res = runner.invoke(cli, ["run", str(cases), "--engine", "reference", "--jsonl", str(run),
                              "-q"])
    assert res.exit_code == 0, res.output
    table = verify(cases, engines=[("reference", "reference")], from_runs=[run])
    assert table.cases[IDS[0]]["status"] == "verified"
    # the case changes after the run (an edit, rehashed): the run's result no longer counts for it
    path = cases / f"{IDS[0]}.yaml"
    text = path.read_text(encoding="utf-8")
    assert "\n  turn: " in text
    path.write_text(text.replace("\n  turn: ", "\n  turn: 1", 1), encoding="utf-8")
    res = runner.invoke(cli, ["cases", "rehash", str(path)])
    assert res.exit_code == 0, res.output
    table = verify(cases, engines=[("reference", "reference")], from_runs=[run])
    assert table.cases[IDS[0]]["engines"] == {}
    assert table.cases[IDS[0]]["status"] == "unverified"


def test_cli_check(cases: Path, tmp_path: Path) -> None:
    from conformance.verification import ENGINES
    from rulings.cli import cli

    runner = CliRunner()
    # each engine CI runs, run once (its run file then feeds every `verify` below); python-mtg
    # and phase only where `make engines` installed them
    runs: list[str] = []
    installed = True
    for name, spec in ENGINES:
        run = tmp_path / f"{name}.jsonl"
        res = runner.invoke(cli, ["run", str(cases), "--engine", spec, "--jsonl", str(run), "-q"])
        if res.exit_code == 2 and name != "reference":  # not installed here
            installed = False
            continue
        assert res.exit_code in ((0,) if name == "reference" else (0, 1)), res.output
        runs += ["--from-runs", str(run)]
    args = ["verify", "--cases", str(cases), *runs, "--allow-missing"]
    res = runner.invoke(cli, [*args, "--check"])
    assert res.exit_code == 1 and "missing: verification.json" in res.output
    res = runner.invoke(cli, args)
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, [*args, "--check"]).exit_code == 0
    assert (cases / "verification.md").read_text(encoding="utf-8").startswith("# Verification")
    res = runner.invoke(cli, ["verify", "--cases", str(cases), *runs, "--check"])
    if installed:  # every engine's results given: nothing to run, the table is current
        assert res.exit_code == 0, res.output
    else:  # python-mtg or phase not installed here
        assert res.exit_code == 2 and "is not installed" in res.output


def test_committed_table_matches_the_committed_case_statuses() -> None:
    from committed_suite import committed_cases

    table = load_table(CASES_DIR)
    for case in committed_cases():
        got = table.get(case.id)
        assert got is not None, case.id
        assert got == (case.hash, case.status), case.id


def test_committed_table_has_every_engine_ci_runs() -> None:
    """The committed table was built with reference, python-mtg and phase (none missing), and a
    case phase passes lists phase among the engines that verify it."""
    from conformance.verification import ENGINES, TABLE_JSON

    data = json.loads((CASES_DIR / TABLE_JSON).read_text(encoding="utf-8"))
    assert data["missing_engines"] == []
    assert [e["name"] for e in data["engines"]] == [n for n, _ in ENGINES]
    for row in data["cases"].values():
        assert set(row["engines"]) <= {n for n, _ in ENGINES}
        assert row["verified_by"] == sorted(n for n, s in row["engines"].items() if s == "pass")
    assert sum("phase" in row["verified_by"] for row in data["cases"].values()) > 400
