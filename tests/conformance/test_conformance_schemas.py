"""Every schema is valid, and every message, case and run line is validated against its schema."""

from __future__ import annotations

import json

import pytest
from conformance_testlib import CASES, STATUSES, fake_cmd
from jsonschema import Draft202012Validator

from conformance import schemas
from conformance.cases_io import find_case_files, parse_yaml
from conformance.engines.stdio import StdioEngine


@pytest.mark.parametrize("name", schemas.schema_names())
def test_schema_is_valid_draft_2020_12(name):
    Draft202012Validator.check_schema(schemas.schema(name))


def test_every_message_has_request_and_response_schemas():
    names = set(schemas.schema_names())
    for cmd in schemas.MESSAGES:
        assert f"io/{cmd}.request" in names
        assert f"io/{cmd}.response" in names


@pytest.mark.parametrize("path", find_case_files([CASES, STATUSES]), ids=str)
def test_test_cases_validate(path):
    assert schemas.problems("case", parse_yaml(path.read_text())) == []


def _case():
    return parse_yaml((CASES / "lightning-bolt" / "face.yaml").read_text())


@pytest.mark.parametrize("mutate, where", [
    (lambda c: c.update(extra=1), "(top)"),
    (lambda c: c.update(id="Not A Slug"), "id"),
    (lambda c: c["actions"].append({"teleport": {}}), "actions/2"),
    (lambda c: c["actions"].append({"cast": {"player": "p1"}}), "actions/2"),
    (lambda c: c["actions"].append({"cast": {"player": "p3", "object": "bolt"}}), "actions/2"),
    (lambda c: c["actions"].append({"resolve_top": {}, "resolve_stack": {}}), "actions/2"),
    (lambda c: c["actions"][0]["cast"].update(targetz=["p2"]), "actions/0"),
    (lambda c: c["setup"].update(step="second_main"), "setup/step"),
    (lambda c: c["setup"]["players"]["p1"]["hand"][0].update(id="Bolt!"), "setup/players/p1/hand/0/id"),
    (lambda c: c["expect"]["state"].update(zones={"bolt": "limbo"}), "expect/state/zones/bolt"),
    (lambda c: c["expect"]["events"].append({"type": "exploded"}), "expect/events/2/type"),
    (lambda c: c.update(hash="md5:abc"), "hash"),
    (lambda c: c.update(features=[]), "features"),
    (lambda c: c["provenance"].pop("source"), "provenance"),
])
def test_strict_case_schema_rejects(mutate, where):
    case = _case()
    assert schemas.problems("case", case) == []
    mutate(case)
    found = schemas.problems("case", case)
    assert found and any(p.startswith(where) for p in found), found


def test_requests_and_responses_on_the_wire_match_their_schemas(tmp_path, cases):
    log = tmp_path / "wire.jsonl"
    spec = fake_cmd("recorder", str(log))
    from conformance.engines.spec import parse_spec

    engine = StdioEngine(parse_spec(spec).argv)
    for case in cases:
        engine.setup(case.id, case.setup)
        for action in case.actions:
            engine.act(action)
        engine.observe()
    try:
        engine.act({"cast": {"player": "p1", "object": "nothing_here"}})
    except Exception:  # noqa: BLE001 - a refusal, recorded below
        pass
    engine.close()
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    cmds = {x["request"]["cmd"] for x in lines}
    assert cmds == {"start", "setup", "action", "observe", "stop"}
    assert any(not x["response"]["ok"] for x in lines)
    for x in lines:
        cmd = x["request"]["cmd"]
        assert schemas.problems(f"io/{cmd}.request", x["request"]) == [], x["request"]
        assert schemas.problems(f"io/{cmd}.response", x["response"]) == [], x["response"]


def test_response_schemas_reject_garbage():
    assert schemas.problems("io/observe.response", {"seq": 1, "ok": True, "events": []})
    assert schemas.problems("io/observe.response", {"seq": 1, "ok": True, "events": [{"type": "boom"}],
                                                    "state": {"players": {}, "objects": {}, "stack": []}})
    assert schemas.problems("io/start.response", {"seq": 0, "ok": True, "engine": {"name": "x"}})
    assert schemas.problems("io/action.response", {"seq": 0, "ok": False})
    assert not schemas.problems("io/action.response",
                                {"seq": 0, "ok": False, "error": {"kind": "illegal_action", "message": ""}})
