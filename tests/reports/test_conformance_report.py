"""The conformance dashboard without a browser: reading and merging run files, the history,
the HTML content, and the ``rulings report conformance`` / ``report merge`` commands.

Run files are real: ``rulings run`` with the reference engine (also in two shards) and a mutant
that fails one case, made once per module, on the fixed case set ``tests/reports/data/cases``
(8 hand-written cases the reference engine passes and 1 unverified mined case it does not
support; see ``tests/reports/data/README.md``). The live suite's size does not matter here.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml
from click.testing import CliRunner

from reports.conformance import build_report, load_runs, merge_shards, read_run_file
from reports.conformance.cases import CaseInfo, load_case_index
from reports.conformance.errors import HistoryError, RunFileError, ShardMergeError
from reports.conformance.history import append_runs, read_history
from reports.conformance.load import (
    FAILING,
    STATUSES,
    CaseLine,
    compute_suite_version,
    write_run_jsonl,
)
from reports.conformance.render import render_report
from reports.conformance.summary import case_blockers, unsupported_summary
from reports.errors import ReportError
from rulings.cli import cli

CASES = Path(__file__).parent / "data" / "cases"
MUTANT = "crime_per_target"
MUTANT_FAILS = "at-knifepoint/one-crime-for-two-opponent-targets"
UNVERIFIED = "cloud-of-faeries/mined-cycling-activated"
"""The one mined, unverified case: its card is not declared by the reference engine."""
N_CASES = 9
N_TAKEN = N_CASES - 1
INJECTION = "<script>window.__pwned = 1</script><img src=x onerror=alert(1)>"


def rulings(*args: object) -> tuple[int, str]:
    res = CliRunner().invoke(cli, [str(a) for a in args])
    return res.exit_code, res.output


@pytest.fixture(scope="module")
def runs_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Run files of the fixed case set, made once for the module (read-only: copy to change)."""
    d = tmp_path_factory.mktemp("runs")
    for name, extra in (("ref", ()), ("ref-1", ("--shard", "1/2")), ("ref-2", ("--shard", "2/2"))):
        code, out = rulings("run", CASES, "-e", "reference", "--jsonl", d / f"{name}.jsonl", "-q",
                            *extra)
        assert code == 0, out
    code, out = rulings("run", CASES, "-e", f"mutant:{MUTANT}", "--jsonl", d / "mutant.jsonl",
                        "-q")
    assert code == 1, out  # the mutant fails a case: an unexpected result
    return d


@pytest.fixture
def cases_dir(tmp_path: Path) -> Path:
    """A copy of the case set whose failing case has a ruling that tries to run script."""
    root = tmp_path / "cases"
    shutil.copytree(CASES, root)
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


def rewrite(src: Path, dst: Path, change: Callable[[list[dict]], object]) -> Path:
    """Copy a run file, let ``change`` edit its lines, then fix counts and suite_version."""
    data = lines(src)
    change(data)
    cases = [x for x in data if x["type"] == "case"]
    head, foot = data[0], data[-1]
    foot["counts"] = {s: sum(c["status"] == s for c in cases) for s in STATUSES}
    head["suite_version"] = compute_suite_version(head["protocol"],
                                                  ((c["id"], c["hash"]) for c in cases))
    return write_lines(dst, data)


def section(page: str, name: str) -> str:
    """One ``<section id=name>`` of the page (sections do not nest)."""
    found = re.findall(rf'<section id="{name}">.*?</section>', page, re.S)
    assert len(found) == 1, name
    return found[0]


def test_the_fixed_case_set() -> None:
    """What the tests below rely on: 8 verified hand-written cases and 1 unverified mined one."""
    raw = {p.relative_to(CASES).with_suffix("").as_posix():
           yaml.safe_load(p.read_text(encoding="utf-8")) for p in CASES.rglob("*.yaml")}
    assert len(raw) == N_CASES
    unverified = sorted(cid for cid, d in raw.items() if d["status"] == "unverified")
    assert unverified == [UNVERIFIED]
    assert raw[UNVERIFIED]["provenance"]["source"].startswith("mined:")
    assert all(d["provenance"]["source"] == "hand-written" for cid, d in raw.items()
               if cid != UNVERIFIED)
    crime = sorted(cid for cid, d in raw.items() if "crime.targets" in d["features"])
    assert len(crime) == 4 and MUTANT_FAILS in crime


# --- reading run files ---------------------------------------------------------------------------


def test_reads_a_real_run(runs_dir: Path) -> None:
    f = read_run_file(runs_dir / "mutant.jsonl")
    assert f.header["engine"]["name"] == f"reference-mutant-{MUTANT}"
    assert len(f.cases) == N_CASES
    failing = [c for c in f.cases if c.status in FAILING]
    assert [c.id for c in failing] == [MUTANT_FAILS]
    assert failing[0].unexpected and failing[0].mismatches
    skipped = [c for c in f.cases if c.status == "unsupported"]
    assert [c.id for c in skipped] == [UNVERIFIED]
    assert skipped[0].outcome == "skipped" and not skipped[0].unexpected
    assert skipped[0].message == "cards not declared: Cloud of Faeries"
    assert [c.status for c in f.cases if c.id not in (MUTANT_FAILS, UNVERIFIED)] == \
        ["pass"] * (N_CASES - 2)


def test_reads_run_ids_and_restarts_and_files_without_them(runs_dir: Path,
                                                          tmp_path: Path) -> None:
    """Newer runners add a header ``run_id`` and a footer ``restarts``; older files lack both."""
    f = read_run_file(runs_dir / "ref.jsonl")
    assert f.header["run_id"] and f.footer["restarts"] == 0
    run = load_runs([runs_dir / "ref.jsonl"])[0]
    assert run.header_run_id == f.header["run_id"] and run.restarts == 0

    def restarted(d: list[dict]) -> None:
        d[-1]["restarts"] = 4

    assert load_runs([rewrite(runs_dir / "ref.jsonl", tmp_path / "r.jsonl", restarted)])[0] \
        .restarts == 4

    def old(d: list[dict]) -> None:
        del d[0]["run_id"], d[-1]["restarts"]

    legacy = load_runs([rewrite(runs_dir / "ref.jsonl", tmp_path / "old.jsonl", old)])[0]
    assert legacy.header_run_id is None and legacy.restarts == 0
    assert len(legacy.cases) == N_CASES


def _drop_footer(d: list[dict]) -> None:
    d.pop()


def _drop_header(d: list[dict]) -> None:
    d.pop(0)


def _case_twice(d: list[dict]) -> None:
    d.insert(2, dict(d[1]))


def _bogus_status(d: list[dict]) -> None:
    d[1]["status"] = "bogus"


def _miscount(d: list[dict]) -> None:
    d[-1]["counts"]["pass"] += 1  # the case lines are unchanged: one pass too many


def _drop_case_keep_counts_right(d: list[dict]) -> None:
    gone = d.pop(1)
    d[-1]["counts"][gone["status"]] -= 1  # counts agree with the lines; the suite hash does not


def _after_footer(d: list[dict]) -> None:
    d.append(dict(d[1]))


def _bad_restarts(d: list[dict]) -> None:
    d[-1]["restarts"] = -1


@pytest.mark.parametrize("damage, message", [
    (_drop_footer, "no footer line: the run was cut short"),
    (_drop_header, "before the header"),
    (_case_twice, "reported twice (first on line 2)"),
    (_bogus_status, "breaks the run schema: status"),
    (_miscount, "the footer counts"),
    (_drop_case_keep_counts_right, "cases are missing or were edited"),
    (_after_footer, "after the footer"),
    (_bad_restarts, "breaks the run schema: restarts"),
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
    shard_ids = {read_run_file(runs_dir / f"ref-{i}.jsonl").header["run_id"] for i in (1, 2)}
    assert len(shard_ids) == 1  # the runner gives the shards of one run one run id
    assert merged.shards == 2 and merged.header_run_id in shard_ids
    assert merged.suite_version == whole.header["suite_version"]
    assert [(c.id, c.status, c.hash) for c in merged.cases] == sorted(
        (c.id, c.status, c.hash) for c in whole.cases)
    assert len(merged.cases) == N_CASES and all(
        len(read_run_file(runs_dir / f"ref-{i}.jsonl").cases) > 0 for i in (1, 2))
    out = tmp_path / "merged.jsonl"
    write_run_jsonl(merged, out)
    again = read_run_file(out)
    assert again.shard is None and again.header["options"]["shard"] is None
    assert again.header["run_id"] == merged.header_run_id and again.footer["restarts"] == 0
    back = load_run(out)
    assert len(back.results) == len(whole.cases) and back.run_id == merged.header_run_id


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
    # the same run id groups them, so the report says where they differ (not "missing")
    with pytest.raises(ShardMergeError, match="differ in option timeout"):
        load_runs([runs_dir / "ref-1.jsonl", other])


def _night(run_id: str | None, started: str, engine: str | None = None):
    def change(d: list[dict]) -> None:
        if run_id is None:
            d[0].pop("run_id", None)
        else:
            d[0]["run_id"] = run_id
        d[0]["started"] = started
        if engine is not None:
            d[0]["engine"]["name"] = engine
    return change


def test_shards_are_grouped_by_run_id(runs_dir: Path, tmp_path: Path) -> None:
    """Two nights of one engine, suite and options: only the run id tells their shards apart."""
    files = [rewrite(runs_dir / f"ref-{i}.jsonl", tmp_path / f"{night}-{i}.jsonl",
                     _night(night, f"2030-01-0{n}T00:00:0{i}+00:00"))
             for n, night in ((1, "n1"), (2, "n2")) for i in (1, 2)]
    runs = load_runs(files)
    assert [(r.header_run_id, r.shards, len(r.cases)) for r in runs] == [
        ("n1", 2, N_CASES), ("n2", 2, N_CASES)]
    assert {p.name for p in runs[0].sources} == {"n1-1.jsonl", "n1-2.jsonl"}
    assert runs[0].run_id != runs[1].run_id  # two rows in the history
    # without run ids (older runners) the two nights cannot be told apart
    legacy = [rewrite(f, tmp_path / f"legacy-{f.name}", _night(None, lines(f)[0]["started"]))
              for f in files]
    with pytest.raises(ShardMergeError, match="given twice"):
        load_runs(legacy)
    assert load_runs(legacy[:2])[0].shards == 2  # one night of them still merges


def test_one_run_id_may_name_several_engines(runs_dir: Path, tmp_path: Path) -> None:
    """A CI run number given as --run-id to every engine: shards group per engine."""
    files = [rewrite(runs_dir / f"ref-{i}.jsonl", tmp_path / f"{e}-{i}.jsonl",
                     _night("ci-42", "2030-01-01T00:00:00+00:00", e))
             for e in ("alpha", "beta") for i in (1, 2)]
    runs = load_runs(files)
    assert [(r.engine_name, r.shards, len(r.cases)) for r in runs] == [
        ("alpha", 2, N_CASES), ("beta", 2, N_CASES)]


def test_restarts_add_up_over_shards_and_show(runs_dir: Path, tmp_path: Path) -> None:
    def restarts(n: int):
        def change(d: list[dict]) -> None:
            d[-1]["restarts"] = n
        return change

    files = [rewrite(runs_dir / f"ref-{i}.jsonl", tmp_path / f"r-{i}.jsonl", restarts(i + 1))
             for i in (1, 2)]
    run = load_runs(files)[0]
    assert run.restarts == 5 and run.footer_line()["restarts"] == 5
    assert "5 engine restart(s)" in render_report([run], {})
    assert "engine restart" not in render_report(load_runs([runs_dir / "ref.jsonl"]), {})


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
    assert (mutant.cases, mutant.passed, mutant.failed, mutant.unsupported,
            mutant.unexpected) == (N_CASES, N_TAKEN - 1, 1, 1, 1)
    assert mutant.statuses()[MUTANT_FAILS][0] == "fail"
    assert mutant.statuses()[UNVERIFIED][0] == "unsupported"
    assert abs((mutant.pass_rate or 0) - (N_TAKEN - 1) / N_TAKEN) < 1e-9
    ref = next(r for r in rows if r.engine == "reference")
    assert (ref.passed, ref.unsupported, ref.pass_rate) == (N_TAKEN, 1, 1.0)


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
    assert page.count('<article class="case') == 1  # the unsupported case is not a failure
    # interop: 4 crime.targets cases, the mutant fails one of them (columns by engine name)
    row = re.search(r"<tr><th scope=\"row\"><code>crime.targets</code></th>(.*?)</tr>", page)
    assert row and re.search(r"<b>100%</b> <small>4/4</small>.*<b>75%</b> <small>3/4</small>",
                             row.group(1))
    # only the unverified case has cycling: neither engine took it
    row = re.search(r"<tr><th scope=\"row\"><code>cycling</code></th>(.*?)</tr>", page)
    assert row and row.group(1).count(">n/s</td>") == 2


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
            if x["id"].startswith("refuse-cooperate/"):
                x.update(status="unsupported", outcome="skipped", message=None)

    f = rewrite(runs_dir / "mutant.jsonl", tmp_path / "partial.jsonl", unsupport)
    runs = load_runs([f])
    assert runs[0].counts["unsupported"] == 4
    page = render_report(runs, {})  # no case files at all
    assert "Case file not found" in page
    # counterspell: only refuse-cooperate cases have it, all unsupported now
    row = re.search(r"<tr><th scope=\"row\"><code>counterspell</code></th>(.*?)</tr>", page)
    assert row and "n/s" in row.group(1)
    row = re.search(r"<tr><th scope=\"row\"><code>crime.targets</code></th>(.*?)</tr>", page)
    assert row and "n/s" not in row.group(1)
    unsupp = section(page, "unsupported")
    assert "<b>4</b> of 9 cases unsupported (44.4%)" in unsupp
    assert re.search(r"no message</i></td>.*?<td class=\"num\">3</td>", unsupp)
    assert "Cloud of Faeries" in unsupp


# --- why cases are unsupported -------------------------------------------------------------------


def _line(message: str | None, cid: str = "x/y") -> CaseLine:
    return CaseLine(id=cid, status="unsupported", expected="pass", outcome="skipped",
                    duration=0.0, message=message)


def test_case_blockers_read_the_runners_message() -> None:
    jace = CaseInfo(id="x/y", title="", card="Jace, the Mind Sculptor", features=(), rulings=(),
                    cards=("Island", "Jace, the Mind Sculptor", "Fire // Ice"), hash=None)
    msg = ("features not declared: flashback, trigger.order; "
           "cards not declared: Fire // Ice, Jace, the Mind Sculptor")
    assert case_blockers(_line(msg), jace) == [
        ("feature", "flashback"), ("feature", "trigger.order"),
        ("card", "Jace, the Mind Sculptor"), ("card", "Fire // Ice")]
    assert case_blockers(_line("cards not declared: Fire // Ice, Island")) == [
        ("card", "Fire // Ice"), ("card", "Island")]
    refusal = "choice 'trigger_order': not modelled; see notes"
    assert case_blockers(_line(refusal)) == [("refused", refusal)]
    assert case_blockers(_line(None)) == [("unknown", "")]


def test_unsupported_summary_counts_reasons(runs_dir: Path, tmp_path: Path) -> None:
    messages = {
        "at-knifepoint/new-targets-for-a-copy-are-no-crime": "features not declared: crime",
        "at-knifepoint/one-crime-for-two-opponent-targets":
            "features not declared: crime, tokens; cards not declared: Arc Trail",
        "at-knifepoint/outlaws-have-first-strike-during-your-turn": "<b>no combat</b>",
    }

    def unsupport(d: list[dict]) -> None:
        for x in d[1:-1]:
            if x["id"] in messages:
                x.update(status="unsupported", outcome="skipped", message=messages[x["id"]])

    run = load_runs([rewrite(runs_dir / "ref.jsonl", tmp_path / "u.jsonl", unsupport)])[0]
    cases = load_case_index(CASES)
    s = unsupported_summary(run, cases)
    assert (s.unsupported, s.total) == (4, N_CASES)
    assert s.kinds == {"feature": 2, "card": 2, "refused": 1}
    # most cases first, then most cases kept out by this reason alone, then kind, then name
    assert [(b.kind, b.name, b.cases, b.only) for b in s.blockers] == [
        ("feature", "crime", 2, 1), ("card", "Cloud of Faeries", 1, 1),
        ("refused", "<b>no combat</b>", 1, 1), ("feature", "tokens", 1, 0),
        ("card", "Arc Trail", 1, 0)]
    assert s.blockers[0].examples == ("at-knifepoint/new-targets-for-a-copy-are-no-crime",
                                      "at-knifepoint/one-crime-for-two-opponent-targets")
    page = render_report([run], cases)
    assert "<b>no combat</b>" not in page and "&lt;b&gt;no combat&lt;/b&gt;" in page


def test_page_says_why_cases_are_unsupported(runs_dir: Path, tmp_path: Path) -> None:
    def with_notes(d: list[dict]) -> None:
        d[0]["engine"]["extra"] = {"not_declared": {"cycling": "no <cycling> in this engine"}}
        for x in d[1:-1]:
            if x["id"] == MUTANT_FAILS:
                x.update(status="unsupported", outcome="skipped",
                         message="features not declared: cycling")

    noted = rewrite(runs_dir / "ref.jsonl", tmp_path / "noted.jsonl", with_notes)
    runs = load_runs([noted, runs_dir / "mutant.jsonl"])
    page = render_report(runs, load_case_index(CASES))
    unsupp = section(page, "unsupported")
    ref = unsupp[unsupp.index("<h3"):unsupp.index("<h3", unsupp.index("<h3") + 1)]
    assert "<b>2</b> of 9 cases unsupported (22.2%)" in ref
    assert "<b>1</b> feature not declared · <b>1</b> card not declared" in ref
    assert "no &lt;cycling&gt; in this engine" in ref and "<cycling>" not in page
    assert re.search(r"<code>cycling</code></td>.*?<td class=\"num\">1</td>", ref)
    assert re.search(r"Cloud of Faeries</td>.*?<td class=\"num\">1</td>", ref)
    # the mutant's one unsupported case, with the engine card naming the reason
    assert "<b>1</b> of 9 cases unsupported (11.1%)" in unsupp
    engines = section(page, "engines")
    assert engines.count('unsupported</a>') == 2 and "Cloud of Faeries" in engines


def test_identical_unsupported_cases_are_not_repeated(runs_dir: Path) -> None:
    runs = load_runs([runs_dir / "ref.jsonl", runs_dir / "mutant.jsonl"])
    page = render_report(runs, load_case_index(CASES))
    unsupp = section(page, "unsupported")
    assert unsupp.count('<table class="reasons">') == 1  # the mutant declares what ref does
    assert "the same cases, for the same reasons, as" in unsupp


def test_history_drives_trends_and_diff(runs_dir: Path, tmp_path: Path) -> None:
    def later_and_broken(d: list[dict]) -> None:
        d[0]["started"] = "2099-01-01T00:00:00+00:00"
        d[-1]["finished"] = "2099-01-01T00:00:01+00:00"
        d[1].update(status="fail", outcome="unexpected")

    newer = rewrite(runs_dir / "ref.jsonl", tmp_path / "newer.jsonl", later_and_broken)
    broken_id = lines(newer)[1]["id"]
    out = tmp_path / "site"
    first = build_report([runs_dir / "ref.jsonl"], out, cases_dirs=[CASES])
    assert len(first.recorded) == 1 and "Only one recorded run" in first.index.read_text()
    second = build_report([newer], out, cases_dirs=[CASES])
    assert len(second.recorded) == 1
    page = second.index.read_text()
    diff = page[page.index('<section id="diff">'):]
    assert re.search(rf'kind-broken">broken</td><td><code>{re.escape(broken_id)}</code>', diff)
    assert page.count("<circle") == 2  # two recorded runs on the trend chart
    again = build_report([newer], out, cases_dirs=[CASES])
    assert again.recorded == () and again.index.read_text() == page


# --- the commands --------------------------------------------------------------------------------


def test_report_command(runs_dir: Path, tmp_path: Path) -> None:
    out, summary = tmp_path / "out", tmp_path / "summary.md"
    code, text = rulings("report", "conformance", runs_dir / "ref-1.jsonl",
                         runs_dir / "ref-2.jsonl", runs_dir / "mutant.jsonl", "--out", out,
                         "--cases", CASES, "--summary", summary,
                         "--url", "https://ci.example/report/")
    assert code == 0, text
    assert "2 runs, 1 merged from shards" in text and "2 run(s) added" in text
    assert (out / "index.html").is_file() and (out / "history.parquet").is_file()
    md = summary.read_text()
    assert "[Open the dashboard](https://ci.example/report/)" in md
    assert "| engine | pass rate | unexpected | unsupported |" in md
    assert f"| reference 1.0 | 100.0% | 0 | 1 of {N_CASES} |" in md
    assert f"| reference-mutant-{MUTANT} 1.0 | 87.5% | 1 | 1 of {N_CASES} |" in md  # 7 of 8


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
    assert f"{N_CASES} cases from 2 shard(s)" in text
    code, text = rulings("diff", runs_dir / "ref.jsonl", out)
    assert code == 0 and "no changes" in text


def test_errors_are_report_errors() -> None:
    for cls in (RunFileError, ShardMergeError, HistoryError):
        assert issubclass(cls, ReportError)
