"""The conformance dashboard without a browser: reading and merging run files, the history,
the HTML content, and the ``rulings report conformance`` / ``report merge`` commands.

Run files are real: ``rulings run`` against the suite's own cases with the reference engine (also
in two shards) and a mutant that fails one case.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml
from click.testing import CliRunner

from reports.conformance import build_report, load_runs, merge_shards, read_run_file
from reports.conformance.cases import load_case_index
from reports.conformance.errors import HistoryError, RunFileError, ShardMergeError
from reports.conformance.history import append_runs, read_history
from reports.conformance.load import DEFAULT_CASES_DIR, compute_suite_version, write_run_jsonl
from reports.conformance.render import render_report
from reports.errors import ReportError
from rulings.cli import cli

MUTANT = "crime_per_target"
MUTANT_FAILS = "at-knifepoint/one-crime-for-two-opponent-targets"
INJECTION = "<script>window.__pwned = 1</script><img src=x onerror=alert(1)>"


def rulings(*args: object) -> tuple[int, str]:
    res = CliRunner().invoke(cli, [str(a) for a in args])
    return res.exit_code, res.output


@pytest.fixture(scope="module")
def runs_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("runs")
    for name, extra in (("ref", ()), ("ref-1", ("--shard", "1/2")), ("ref-2", ("--shard", "2/2"))):
        code, out = rulings("run", DEFAULT_CASES_DIR, "-e", "reference", "--jsonl",
                            d / f"{name}.jsonl", "-q", *extra)
        assert code == 0, out
    code, out = rulings("run", DEFAULT_CASES_DIR, "-e", f"mutant:{MUTANT}", "--jsonl",
                        d / "mutant.jsonl", "-q")
    assert code == 1, out  # the mutant fails a case: an unexpected result
    return d


@pytest.fixture
def cases_dir(tmp_path: Path) -> Path:
    """A copy of the suite's cases whose failing case has a ruling that tries to run script."""
    root = tmp_path / "cases"
    shutil.copytree(DEFAULT_CASES_DIR, root)
    f = root / f"{MUTANT_FAILS}.yaml"
    data = yaml.safe_load(f.read_text(encoding="utf-8"))
    data["provenance"]["rulings"]["de"] = INJECTION + " " + data["provenance"]["rulings"]["de"]
    f.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert INJECTION in load_case_index(root)[MUTANT_FAILS].rulings[2][1]
    return root


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def write_lines(path: Path, data: list[dict]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in data), encoding="utf-8")
    return path


def rewrite(src: Path, dst: Path, change) -> Path:
    """Copy a run file, let ``change`` edit its lines, then fix counts and suite_version."""
    data = lines(src)
    change(data)
    cases = [x for x in data if x["type"] == "case"]
    head, foot = data[0], data[-1]
    foot["counts"] = {s: sum(c["status"] == s for c in cases)
                      for s in ("pass", "fail", "error", "crash", "timeout", "unsupported")}
    head["suite_version"] = compute_suite_version(head["protocol"],
                                                  ((c["id"], c["hash"]) for c in cases))
    return write_lines(dst, data)


# --- reading run files ---------------------------------------------------------------------------


def test_reads_a_real_run(runs_dir: Path) -> None:
    f = read_run_file(runs_dir / "mutant.jsonl")
    assert f.header["engine"]["name"] == f"reference-mutant-{MUTANT}"
    failing = [c for c in f.cases if c.status != "pass"]
    assert [c.id for c in failing] == [MUTANT_FAILS]
    assert failing[0].unexpected and failing[0].mismatches


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.pop(), "no footer line: the run was cut short"),
    (lambda d: d.pop(0), "before the header"),
    (lambda d: d.insert(2, dict(d[1])), "reported twice (first on line 2)"),
    (lambda d: d[1].update(status="bogus"), "breaks the run schema: status"),
    (lambda d: d[-1]["counts"].update({"pass": 1}), "the footer counts"),
    (lambda d: d.pop(1) and d[-1]["counts"].update({"pass": d[-1]["counts"]["pass"] - 1}),
     "cases are missing or were edited"),
    (lambda d: d.append(dict(d[1])), "after the footer"),
])
def test_broken_run_files_are_refused(runs_dir: Path, tmp_path: Path, damage, message) -> None:
    data = lines(runs_dir / "ref.jsonl")
    damage(data)
    f = write_lines(tmp_path / "bad.jsonl", data)
    with pytest.raises(RunFileError) as err:
        read_run_file(f)
    assert message in str(err.value) and str(f) in str(err.value)


def test_not_json_names_the_line(tmp_path: Path, runs_dir: Path) -> None:
    f = tmp_path / "bad.jsonl"
    f.write_text((runs_dir / "ref.jsonl").read_text() + "{oops\n")
    with pytest.raises(RunFileError, match=r"bad\.jsonl:\d+: not JSON"):
        read_run_file(f)


# --- merging shards ------------------------------------------------------------------------------


def test_shards_merge_into_the_unsharded_run(runs_dir: Path, tmp_path: Path) -> None:
    from conformance.output.jsonl import load_run  # the runner's own reader accepts the merge

    whole = read_run_file(runs_dir / "ref.jsonl")
    merged = merge_shards([read_run_file(runs_dir / "ref-2.jsonl"),
                           read_run_file(runs_dir / "ref-1.jsonl")])
    assert merged.shards == 2
    assert merged.suite_version == whole.header["suite_version"]
    assert [(c.id, c.status, c.hash) for c in merged.cases] == sorted(
        (c.id, c.status, c.hash) for c in whole.cases)
    out = tmp_path / "merged.jsonl"
    write_run_jsonl(merged, out)
    again = read_run_file(out)
    assert again.shard is None and again.header["options"]["shard"] is None
    assert len(load_run(out).results) == len(whole.cases)


def test_a_missing_shard_is_an_error(runs_dir: Path) -> None:
    with pytest.raises(ShardMergeError, match=r"shard\(s\) 2/2 missing"):
        load_runs([runs_dir / "ref-1.jsonl"])


def test_a_shard_given_twice_is_an_error(runs_dir: Path, tmp_path: Path) -> None:
    copy = shutil.copy(runs_dir / "ref-1.jsonl", tmp_path / "again.jsonl")
    with pytest.raises(ShardMergeError, match=r"shard 1/2 of reference given twice"):
        load_runs([runs_dir / "ref-1.jsonl", runs_dir / "ref-2.jsonl", copy])


def test_the_same_file_twice_is_an_error(runs_dir: Path) -> None:
    with pytest.raises(RunFileError, match="given twice"):
        load_runs([runs_dir / "ref.jsonl", runs_dir / "ref.jsonl"])


def test_a_case_in_two_shards_is_an_error(runs_dir: Path, tmp_path: Path) -> None:
    stray = lines(runs_dir / "ref-1.jsonl")[1]
    two = rewrite(runs_dir / "ref-2.jsonl", tmp_path / "two.jsonl",
                  lambda d: d.insert(1, stray))
    with pytest.raises(ShardMergeError, match=f"case '{stray['id']}' is in two shards"):
        load_runs([runs_dir / "ref-1.jsonl", two])


def test_shards_of_different_runs_do_not_merge(runs_dir: Path, tmp_path: Path) -> None:
    def retime(d: list[dict]) -> None:
        d[0]["options"]["timeout"] = 99.0

    other = rewrite(runs_dir / "ref-2.jsonl", tmp_path / "other.jsonl", retime)
    with pytest.raises(ShardMergeError, match="differ in option timeout"):
        merge_shards([read_run_file(runs_dir / "ref-1.jsonl"), read_run_file(other)])


def test_group_runs_merges_only_shards(runs_dir: Path) -> None:
    runs = load_runs(sorted(runs_dir.glob("*.jsonl")))
    assert sorted((r.engine_name, r.shards) for r in runs) == [
        ("reference", 1), ("reference", 2), (f"reference-mutant-{MUTANT}", 1)]
    merged = next(r for r in runs if r.shards == 2)
    assert len({r.run_id for r in runs}) == 3
    assert load_runs([runs_dir / "ref-2.jsonl", runs_dir / "ref-1.jsonl"])[0].run_id == \
        merged.run_id


# --- history -------------------------------------------------------------------------------------


def test_history_appends_each_run_once(runs_dir: Path, tmp_path: Path) -> None:
    hist = tmp_path / "h" / "history.parquet"
    assert read_history(hist) == []
    runs = load_runs([runs_dir / "ref.jsonl", runs_dir / "mutant.jsonl"])
    assert len(append_runs(hist, runs)) == 2
    assert append_runs(hist, runs) == []
    rows = read_history(hist)
    assert len(rows) == 2
    mutant = next(r for r in rows if r.engine.endswith(MUTANT))
    n = len(lines(runs_dir / "mutant.jsonl")) - 2
    assert (mutant.cases, mutant.passed, mutant.failed, mutant.unexpected) == (n, n - 1, 1, 1)
    assert mutant.statuses()[MUTANT_FAILS][0] == "fail"
    assert abs((mutant.pass_rate or 0) - (n - 1) / n) < 1e-9


def test_a_foreign_parquet_file_is_not_a_history(tmp_path: Path) -> None:
    f = tmp_path / "other.parquet"
    pq.write_table(pa.table({"x": [1]}), f)
    with pytest.raises(HistoryError, match="not a conformance history"):
        read_history(f)
    (tmp_path / "junk.parquet").write_text("not parquet")
    with pytest.raises(HistoryError, match="cannot read"):
        read_history(tmp_path / "junk.parquet")


# --- the page ------------------------------------------------------------------------------------


def test_page_shows_failures_with_every_ruling_escaped(runs_dir: Path, cases_dir: Path) -> None:
    runs = load_runs([runs_dir / "ref.jsonl", runs_dir / "mutant.jsonl"])
    cases = load_case_index(cases_dir)
    page = render_report(runs, cases)
    assert INJECTION not in page and "<img src=x" not in page
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page
    assert page.count("<script") == 1  # the page's own
    article = re.search(r'<article class="case"[^>]*>.*?</article>', page, re.S)
    assert article and MUTANT_FAILS in article.group(0)
    for lang, _text in cases[MUTANT_FAILS].rulings:
        assert f'<blockquote lang="{lang}">' in article.group(0)
    assert {"en", "it", "de"} <= {lang for lang, _ in cases[MUTANT_FAILS].rulings}
    assert "event_counts[0]" in article.group(0)  # the mismatch: expected 1, observed 2
    assert re.search(r"<pre>1</pre></td><td><pre>2</pre>", article.group(0))
    # interop: crime.targets cases, mutant fails one of them
    row = re.search(r"<tr><th scope=\"row\"><code>crime.targets</code></th>(.*?)</tr>", page)
    assert row and "100%" in row.group(1) and re.search(r"\d\d%</b> <small>\d/\d", row.group(1))


def test_page_is_self_contained_and_deterministic(runs_dir: Path, cases_dir: Path) -> None:
    runs = load_runs(sorted(runs_dir.glob("*.jsonl")))
    cases = load_case_index(cases_dir)
    page = render_report(runs, cases)
    assert page == render_report(list(reversed(runs)), cases)
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert not re.search(r"@import|url\(", page)
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert csp and "default-src 'none'" in html.unescape(csp.group(1))


def test_unsupported_and_missing_case_files(runs_dir: Path, tmp_path: Path) -> None:
    def unsupport(d: list[dict]) -> None:
        for x in d[1:-1]:
            if x["id"].startswith("summon-gf-cerberus/"):
                x.update(status="unsupported", outcome="skipped")

    f = rewrite(runs_dir / "mutant.jsonl", tmp_path / "partial.jsonl", unsupport)
    runs = load_runs([f])
    page = render_report(runs, {})  # no case files at all
    assert "Case file not found" in page
    row = re.search(r"<tr><th scope=\"row\"><code>saga</code></th>(.*?)</tr>", page)
    assert row and "n/s" in row.group(1)


def test_history_drives_trends_and_diff(runs_dir: Path, tmp_path: Path) -> None:
    def later_and_broken(d: list[dict]) -> None:
        d[0]["started"] = "2099-01-01T00:00:00+00:00"
        d[-1]["finished"] = "2099-01-01T00:00:01+00:00"
        d[1].update(status="fail", outcome="unexpected")

    newer = rewrite(runs_dir / "ref.jsonl", tmp_path / "newer.jsonl", later_and_broken)
    broken_id = lines(newer)[1]["id"]
    out = tmp_path / "site"
    first = build_report([runs_dir / "ref.jsonl"], out)
    assert len(first.recorded) == 1 and "Only one recorded run" in first.index.read_text()
    second = build_report([newer], out)
    assert len(second.recorded) == 1
    page = second.index.read_text()
    diff = page[page.index('<section id="diff">'):]
    assert re.search(rf'kind-broken">broken</td><td><code>{re.escape(broken_id)}</code>', diff)
    assert page.count("<circle") == 2  # two recorded runs on the trend chart
    again = build_report([newer], out)
    assert again.recorded == () and again.index.read_text() == page


# --- the commands --------------------------------------------------------------------------------


def test_report_command(runs_dir: Path, tmp_path: Path) -> None:
    out, summary = tmp_path / "out", tmp_path / "summary.md"
    code, text = rulings("report", "conformance", runs_dir / "ref-1.jsonl",
                         runs_dir / "ref-2.jsonl", runs_dir / "mutant.jsonl", "--out", out,
                         "--summary", summary, "--url", "https://ci.example/report/")
    assert code == 0, text
    assert "2 runs, 1 merged from shards" in text and "2 run(s) added" in text
    assert (out / "index.html").is_file() and (out / "history.parquet").is_file()
    md = summary.read_text()
    assert "[Open the dashboard](https://ci.example/report/)" in md
    n = len(lines(runs_dir / "mutant.jsonl")) - 2
    assert f"| reference-mutant-{MUTANT} 1.0 | {100 * (n - 1) / n:.1f}% | 1 |" in md


def test_report_command_errors_exit_2(runs_dir: Path, tmp_path: Path) -> None:
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join((runs_dir / "ref.jsonl").read_text().splitlines(True)[:-1]))
    code, text = rulings("report", "conformance", cut, "--out", tmp_path / "o")
    assert code == 2 and "the run was cut short" in text
    code, text = rulings("report", "conformance", runs_dir / "ref-1.jsonl", "--out",
                         tmp_path / "o")
    assert code == 2 and "2/2 missing" in text


def test_merge_command(runs_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "merged.jsonl"
    code, text = rulings("report", "merge", runs_dir / "ref-1.jsonl", runs_dir / "ref-2.jsonl",
                         "-o", out)
    assert code == 0, text
    assert f"{len(lines(runs_dir / 'ref.jsonl')) - 2} cases from 2 shard(s)" in text
    code, text = rulings("diff", runs_dir / "ref.jsonl", out)
    assert code == 0 and "no changes" in text


def test_errors_are_report_errors() -> None:
    for cls in (RunFileError, ShardMergeError, HistoryError):
        assert issubclass(cls, ReportError)
