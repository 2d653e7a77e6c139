"""``start`` offers the run's cards (issue #11: no harness reads case files to learn the suite): the
runner sends the union of its cases' ``cards`` to every engine it starts (restarts and workers too),
``rulings engines cards`` sends those of the suite it is given, and every server refuses a
malformed offer alike (the servers' comparison is in ``test_wire_servers``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conformance_testlib import CASES, fake_cmd

from conformance import schemas, wire
from conformance.cards import cards
from conformance.runner import RunOptions, run_cases, suite_cards


def starts(log: Path) -> list[dict]:
    return [r["request"] for r in map(json.loads, log.read_text().splitlines())
            if r["request"]["cmd"] == "start"]


def test_every_engine_the_runner_starts_is_offered_the_cards_of_all_its_cases(tmp_path, cases,
                                                                              status_cases) -> None:
    everything = [*cases, *status_cases]
    want = sorted({c for case in everything for c in case.cards})
    assert want == suite_cards(everything) and len(want) >= 4
    log = tmp_path / "log.jsonl"
    # each case goes to a fresh engine: every start, restarts included, offers the same cards
    run = run_cases(everything, fake_cmd("recorder", str(log)), RunOptions(restart_every=1))
    sent = starts(log)
    assert len(sent) == run.restarts + 1 >= 2
    assert all(s["cards"] == want for s in sent)
    assert all(schemas.problems("io/start.request", s) == [] for s in sent)


def test_workers_offer_the_same_cards(tmp_path, cases) -> None:
    log = tmp_path / "log.jsonl"
    run_cases(cases, fake_cmd("recorder", str(log)), RunOptions(jobs=2))
    sent = starts(log)
    # the parent's engine, then one engine per worker that got a chunk (a worker may finish
    # every chunk before the other starts: how many take part is up to the scheduler)
    assert 2 <= len(sent) <= 3
    assert all(s["cards"] == suite_cards(cases) for s in sent)


def test_engines_cards_offers_the_suite_it_is_given(tmp_path) -> None:
    log = tmp_path / "log.jsonl"
    cards(fake_cmd("recorder", str(log)), suite=CASES)
    from conformance.cases_io import load_cases

    assert [s["cards"] for s in starts(log)] == [suite_cards(load_cases([CASES]))]
    log.unlink()
    cards(fake_cmd("recorder", str(log)), suite=None)
    assert ["cards" in s for s in starts(log)] == [False]


@pytest.mark.parametrize("offer, ok", [
    (["Lightning Bolt"], True), ([], True), ("Lightning Bolt", False), ([1], False), ({}, False),
])
def test_a_start_offer_is_a_list_of_names(offer, ok) -> None:
    req = {"seq": 0, "cmd": "start", "protocol": 1, "cards": offer}
    if ok:
        assert wire.requested_cards(wire.check_request(req)) == offer
    else:
        with pytest.raises(wire.WireError, match="start needs 'cards' to be a list of card names"):
            wire.check_request(req)
    assert wire.requested_cards({"seq": 0, "cmd": "start", "protocol": 1}) is None
