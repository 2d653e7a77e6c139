"""The bad input corpus (``fixtures/bad/``): every file gets a clear issue naming file and line,
and every record in is a record out or a quarantined record."""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from pathlib import Path

import pytest
from pipeline_helpers import BAD

from pipeline.build import BuildSummary, build
from pipeline.store import Dataset, read_dataset

# file -> (severity, issue code, line, quarantine reason or None, rulings kept)
EXPECTED = {
    "empty.txt": ("error", "empty_file", 1, "empty_file", 0),
    "title_only.txt": ("error", "no_rulings", 1, "no_rulings", 0),
    "bom.txt": ("warning", "bom_stripped", 1, None, 2),
    "crlf.txt": ("warning", "crlf", 1, None, 2),
    "cp1252.txt": ("warning", "not_utf8", 5, None, 2),
    "impossible_date.txt": ("error", "impossible_date", 5, "impossible_date", 1),
    "date_without_ruling.txt": ("error", "date_without_ruling", 7, "date_without_ruling", 2),
    "ruling_without_date.txt": ("error", "ruling_without_date", 3, "ruling_without_date", 1),
    "duplicated.txt": ("warning", "duplicate_ruling", 13, "duplicate_ruling", 2),
    "long_line.txt": ("error", "oversized_ruling", 9, "oversized_ruling", 1),
    "binary.txt": ("error", "binary_data", 0, "binary_data", 0),
    "nul_bytes.txt": ("error", "nul_bytes", 9, "nul_bytes", 1),
    "unsafe_title.txt": ("warning", "unsafe_title", 1, None, 1),
    "html.txt": ("warning", "html_markup", 5, None, 2),
}


def _scratch(prefix: str) -> Path:
    """A temporary folder removed when the test process exits (these builds are cached per process)."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, path, True)
    return path


@functools.cache
def bad_build(name: str | None = None) -> tuple[BuildSummary, Dataset]:
    """Build one bad file (``name``) or the whole bad corpus (``None``), once per process."""
    out = _scratch("rulings-bad-") / "dataset"
    summary = build([BAD / name if name else BAD], out)
    return summary, read_dataset(out)


def test_every_bad_file_is_covered() -> None:
    assert sorted(p.name for p in BAD.glob("*.txt")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_issue_names_file_and_line(name: str) -> None:
    summary, data = bad_build(name)
    severity, code, line, reason, kept = EXPECTED[name]
    source = f"fixtures/bad/{name}"
    issues = [i for i in summary.issues if i.source.endswith(source) and i.code == code]
    assert issues, f"no {code} issue for {name}: {[str(i) for i in summary.issues]}"
    assert (issues[0].severity, issues[0].line) == (severity, line)
    assert str(issues[0]).startswith(f"{issues[0].source}:{line}: {severity}: ")
    rulings = data.rulings[data.rulings.source.str.endswith(source)]
    assert len(rulings) == kept
    q = data.quarantine[data.quarantine.source.str.endswith(source)]
    if reason is None:
        assert q.empty
    else:
        assert list(q.reason) == [reason]
        assert q.iloc[0].line == line
        assert name in q.iloc[0].detail


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_records_in_equal_records_out_plus_quarantined_per_file(name: str) -> None:
    summary, data = bad_build(name)
    assert summary.records_in == summary.records_out + summary.quarantined
    assert (summary.records_out, summary.quarantined) == (len(data.rulings), len(data.quarantine))
    assert summary.ok == (EXPECTED[name][0] == "warning")


def test_records_in_equal_records_out_plus_quarantined() -> None:
    summary, data = bad_build()
    assert summary.records_in == summary.records_out + summary.quarantined
    assert summary.records_out == len(data.rulings)
    assert summary.quarantined == len(data.quarantine)
    by_reason = summary.quarantined_by_reason
    for _severity, _code, _line, reason, _kept in EXPECTED.values():
        if reason is not None:
            assert by_reason[reason] >= 1
    # the files repeat rulings of the same card: across files they are duplicates too, reported
    # with both places
    dup = data.quarantine[data.quarantine.reason == "duplicate_ruling"]
    assert len(dup) > 1
    assert dup.detail.str.contains(
        r"duplicate of the ruling at (?:line \d+|fixtures/bad/\w+\.txt:\d+)"
    ).all()
    assert not summary.ok and len(summary.errors) == 8
    text = summary.format()
    assert (
        f"{summary.records_in} in = {summary.records_out} out + {summary.quarantined} quarantined"
        in text
    )


def test_decoded_texts() -> None:
    r = bad_build("cp1252.txt")[1].rulings.sort_values("line")
    assert (
        r.iloc[1].text_raw == "L\u2019abilit\u00e0 \u00e8 gi\u00e0 risolta: \u201ccos\u00ec\u201d."
    )
    crlf = bad_build("crlf.txt")[1].rulings
    assert len(crlf) == 2 and not crlf.text_raw.str.contains("\r").any()
    html = bad_build("html.txt")[1].rulings.sort_values("line")
    assert html.iloc[0].text_raw.startswith("<p>Un giocatore commette un <b>crimine</b>")
    bom = bad_build("bom.txt")[1]
    assert list(bom.cards.titles.iloc[0]) == ["Coltello alla Mano"]  # read without the BOM
    assert bom.cards.status.iloc[0] == "resolved"


def test_unsafe_title_gets_a_safe_partition() -> None:
    summary, data = bad_build("unsafe_title.txt")
    out = Path(data.path)
    names = [p.name for p in (out / "aligned").iterdir()]
    assert all(n.startswith("card=") and "/" not in n and ".." not in n for n in names)
    unsafe = data.aligned[data.aligned.card_name == "../../Coltello/alla/Mano"]
    assert len(unsafe) == 1
    (slug,) = set(unsafe.card)
    assert (out / "aligned" / f"card={slug}" / "part-0.parquet").is_file()
    assert not (out.parent / "Coltello").exists()


def test_impossible_date_message_names_the_date_line() -> None:
    summary, _ = bad_build("impossible_date.txt")
    (issue,) = [i for i in summary.issues if i.code == "impossible_date"]
    assert "31/02/2024 on line 3" in issue.message
