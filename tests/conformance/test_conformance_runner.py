"""The runner: statuses, restarts after misbehaviour, unsupported never sent, expectations,
workers, shards, filters."""

from __future__ import annotations

import pytest
from conformance_testlib import fake_cmd
from toy import RecordingToy

from conformance.cases_io import CaseFilter
from conformance.errors import EngineStartError, ExpectationsError
from conformance.expectations import Expectations, Expected, expectations_from_mapping
from conformance.runner import RunOptions, parse_shard, run_cases

BASE = {"status/error": "error", "status/expected-error": "pass", "status/fail": "fail",
        "status/pass": "pass", "status/unsupported": "unsupported"}


def statuses(run):
    return {r.id: r.status for r in run.results}


@pytest.mark.parametrize("spec, bad", [
    ("toy:ToyEngine", "pass"),
    ("toy:CrashyToy", "crash"),
    (fake_cmd("toy_stdio"), "pass"),
    (fake_cmd("crasher"), "crash"),
    (fake_cmd("early_exit"), "crash"),
    (fake_cmd("garbage"), "crash"),
    (fake_cmd("wrong_seq"), "crash"),
    (fake_cmd("hanger"), "timeout"),
], ids=["toy", "crashy-in-process", "stdio", "crasher", "early_exit", "garbage", "wrong_seq",
        "hanger"])
def test_each_misbehaviour_lands_in_its_status_and_the_run_goes_on(status_cases, spec, bad):
    seen = []
    run = run_cases(status_cases, spec, RunOptions(timeout=1.0), on_result=seen.append)
    assert statuses(run) == {**BASE, "status/misbehave": bad}
    assert [r.id for r in seen] == [c.id for c in status_cases]
    # status/pass comes after status/misbehave: the engine was restarted and passed it
    ids = [r.id for r in run.results]
    assert ids.index("status/pass") > ids.index("status/misbehave")
    failed = next(r for r in run.results if r.id == "status/misbehave")
    if bad == "crash" and "crasher" in spec:
        assert "segmentation fault" in failed.stderr
    if bad != "pass":
        assert failed.message and failed.outcome == "unexpected"


def test_fail_shows_expected_and_observed(status_cases):
    run = run_cases(status_cases, "toy:ToyEngine")
    fail = next(r for r in run.results if r.id == "status/fail")
    assert fail.mismatches == [{"where": "state.life.p2", "message": "life differs",
                                "expected": 16, "observed": 17}]
    err = next(r for r in run.results if r.id == "status/error")
    assert err.error == {"kind": "illegal_action", "message": "cannot cast Grizzly Bears", "action": 0}


def test_unsupported_cases_are_never_sent(status_cases):
    RecordingToy.sent.clear()
    run = run_cases(status_cases, "toy:RecordingToy")
    assert statuses(run)["status/unsupported"] == "unsupported"
    assert "status/unsupported" not in RecordingToy.sent
    assert len(RecordingToy.sent) == len(status_cases) - 1
    msg = next(r.message for r in run.results if r.status == "unsupported")
    assert "Counterspell" in msg and "counterspell" in msg


def test_exit_code_follows_expectations(status_cases):
    assert run_cases(status_cases, "toy:ToyEngine").exit_code == 1
    exp = Expectations("toy", {"status/error": Expected("error", "toy casts burn only"),
                               "status/fail": Expected("fail", link="https://example.org/1")})
    run = run_cases(status_cases, "toy:ToyEngine", expectations=exp)
    assert run.exit_code == 0
    outcomes = {r.id: r.outcome for r in run.results}
    assert outcomes["status/error"] == "expected" and outcomes["status/unsupported"] == "skipped"
    strict = run_cases(status_cases, "toy:ToyEngine", RunOptions(strict_unsupported=True),
                       expectations=exp)
    assert [r.id for r in strict.unexpected] == ["status/unsupported"]


def test_an_unexpected_pass_is_reported_and_fails_the_run(status_cases):
    exp = Expectations("toy", {"status/error": Expected("error", "x"),
                               "status/fail": Expected("fail", "x"),
                               "status/pass": Expected("fail", "was broken")})
    run = run_cases(status_cases, "toy:ToyEngine", expectations=exp)
    assert [r.id for r in run.unexpected_passes] == ["status/pass"]
    assert run.exit_code == 1


def test_a_known_failure_of_another_kind_is_unexpected(status_cases):
    exp = Expectations("toy", {"status/error": Expected("fail", "x"),
                               "status/fail": Expected("fail", "x")})
    run = run_cases(status_cases, "toy:ToyEngine", expectations=exp)
    assert [r.id for r in run.unexpected] == ["status/error"]


def test_expectations_for_another_engine_are_refused(status_cases):
    with pytest.raises(ExpectationsError, match="not 'toy'"):
        run_cases(status_cases, "toy:ToyEngine", expectations=Expectations("forge"))


def test_expectations_file_format():
    e = expectations_from_mapping({"engine": "toy", "failures": {
        "a/b": {"kind": "timeout", "reason": "slow"}}})
    assert e.for_case("a/b") == Expected("timeout", "slow") and e.for_case("a/c") is None
    assert expectations_from_mapping({"engine": "toy", "failures": None}).failures == {}
    assert "a/b" in e.to_yaml()
    for bad in ({"engine": "toy"}, {"engine": "toy", "failures": {"a/b": {"kind": "flaky", "reason": "x"}}},
                {"engine": "toy", "failures": {"a/b": {"kind": "fail"}}}):
        with pytest.raises(ExpectationsError):
            expectations_from_mapping(bad)


def test_workers_give_the_same_results(status_cases, cases):
    one = run_cases([*cases, *status_cases], fake_cmd("crasher"), RunOptions(timeout=2.0))
    two = run_cases([*cases, *status_cases], fake_cmd("crasher"), RunOptions(timeout=2.0, jobs=2))
    assert statuses(two) == statuses(one)
    assert [r.id for r in two.results] == [r.id for r in one.results]
    assert two.options["jobs"] == 2


def test_in_process_workers(cases):
    run = run_cases(cases, "toy:ToyEngine", RunOptions(jobs=2))
    assert set(statuses(run).values()) == {"pass"}


def test_shards_partition_the_run(status_cases, cases):
    everything = [*cases, *status_cases]
    ids = []
    for i in (1, 2, 3):
        ids += [r.id for r in run_cases(everything, "toy:ToyEngine",
                                        RunOptions(shard=(i, 3))).results]
    assert sorted(ids) == sorted(c.id for c in everything)
    assert parse_shard("2/4") == (2, 4)
    for bad in ("0/4", "5/4", "x", "1-4"):
        with pytest.raises(ValueError):
            parse_shard(bad)


def test_filters(status_cases, cases):
    run = run_cases([*cases, *status_cases], "toy:ToyEngine",
                    RunOptions(filter=CaseFilter(cards=frozenset({"Grizzly Bears"}))))
    assert statuses(run) == {"lightning-bolt/kills-bears": "pass", "status/error": "error",
                             "status/expected-error": "pass"}


def test_an_engine_that_cannot_start_stops_the_run(cases):
    with pytest.raises(EngineStartError):
        run_cases(cases, fake_cmd("mute"))


def test_header_and_footer_fields(cases):
    run = run_cases(cases, "toy:ToyEngine", RunOptions(timeout=3))
    head, foot = run.header(), run.footer()
    assert head["engine"]["name"] == "toy" and head["options"]["timeout"] == 3
    assert head["suite_version"].startswith("1+")
    assert foot["counts"]["pass"] == 3 and foot["exit_code"] == 0
