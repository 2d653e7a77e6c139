"""The dashboard's interop table: engines side by side per feature and per card, with the
agreement between engines (issue #13)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from conformance.cases_io import CASES_DIR
from reports.conformance.cases import load_case_index
from reports.conformance.load import load_runs
from reports.conformance.render import render_report
from reports.conformance.summary import agreement


def _runs(tmp_path: Path) -> list[Path]:
    from rulings.cli import cli

    runner = CliRunner()
    out = []
    for name, spec in (("ref", "reference"), ("x", "mutant:copy_loses_x")):
        path = tmp_path / f"{name}.jsonl"
        res = runner.invoke(cli, ["run", str(CASES_DIR / "refuse-cooperate"), "--engine", spec,
                                  "--jsonl", str(path), "-q"])
        assert res.exit_code in (0, 1), res.output
        out.append(path)
    return out


def test_agreement_per_feature_and_card(tmp_path: Path) -> None:
    runs = load_runs(_runs(tmp_path))
    cases = load_case_index(CASES_DIR)
    feats = agreement(runs, cases, "feature")
    x = feats["x_spell"]
    # the mutant fails the copy-x cases the reference passes: they disagree there
    assert 0 < x.compared and x.agreed < x.compared
    assert feats["split_card"].compared >= x.compared
    cards = agreement(runs, cases, "card")
    assert set(cards) == {"Refuse // Cooperate"}
    html = render_report(runs, cases)
    assert 'id="interop-cards"' in html and "agreement" in html
    assert f"{x.agreed}/{x.compared}" in html
