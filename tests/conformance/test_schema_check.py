"""The compiled schema check (``conformance.schema_check``) agrees with ``jsonschema``.

:func:`conformance.schemas.problems` trusts the compiled check's "valid": a wrong "valid" would
let a bad case through lint. So the check is compared with ``jsonschema`` on every shipped case,
on real observations of the reference engine, and on thousands of deterministic mutants of them
(values replaced by values of other types or taken from elsewhere in the instance or from the
schemas' enums, keys dropped or added, list items doubled), valid and invalid alike.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from committed_suite import committed_cases

from conformance import schemas
from conformance.case_yaml import load_yaml_file
from conformance.cases_io import CASES_DIR, find_case_files
from conformance.schema_check import UnsupportedSchema, compile_schema, json_equal


def _nodes(x: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _nodes(v, (*path, i))


def _schema_constants(x: Any) -> Iterator[Any]:
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "enum":
                yield from v
            elif k == "const":
                yield v
            else:
                yield from _schema_constants(v)
    elif isinstance(x, list):
        for v in x:
            yield from _schema_constants(v)


_PALETTE: list[Any] = [None, True, False, 0, 1, -1, 1.5, 2.0, "", "x", "Not A Slug!", "p1", [],
                       ["x", "x"], [1], {}, {"x": 1}, {"type": "x"}]


def _mutant(instance: Any, rng: random.Random, constants: list[Any],
            pool: dict[Any, list[Any]]) -> Any:
    """``instance`` with one to three random edits; ``pool`` holds, by key, values that key has
    somewhere in the instances (so that edits stay realistic: a ``choice`` switched to another
    kind with the fields of the first, a key another mapping of the suite has)."""
    x = copy.deepcopy(instance)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        nodes = list(_nodes(x))
        path, value = rng.choice(nodes)
        how = rng.randrange(8)
        if not path:  # the instance itself: edited in place, or replaced by a value
            if how in (4, 5, 7) and isinstance(value, (dict, list)):
                path, parent = ("",), {"": value}
            else:
                return copy.deepcopy(rng.choice(_PALETTE))
        else:
            parent = x
            for step in path[:-1]:
                parent = parent[step]
        if how == 0:
            parent[path[-1]] = copy.deepcopy(rng.choice(_PALETTE))
        elif how == 1:
            parent[path[-1]] = copy.deepcopy(rng.choice(nodes)[1])
        elif how == 2:
            parent[path[-1]] = copy.deepcopy(rng.choice(constants))
        elif how == 3 and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == 4 and isinstance(value, dict):
            key = rng.choice(sorted(pool, key=str))
            value[key] = copy.deepcopy(rng.choice(pool[key]))
        elif how == 5 and isinstance(value, list) and value:
            value.append(copy.deepcopy(rng.choice(value)))
        elif how == 6 and isinstance(path[-1], str) and path[-1] in pool:
            parent[path[-1]] = copy.deepcopy(rng.choice(pool[path[-1]]))
        elif how == 7 and isinstance(value, (dict, list)):
            value.clear()
    return x


def _agree(name: str, instances: list[Any], mutants_each: int, seed: int,
           pointer: str = "") -> tuple[int, int]:
    """Asserts that the compiled check and jsonschema agree on ``instances`` and on
    ``mutants_each`` mutants of each, against the schema ``name`` or its subschema at the JSON
    ``pointer`` (e.g. ``/$defs/action``); returns how many were valid and invalid."""
    if pointer:
        from jsonschema import Draft202012Validator

        ref = {"$ref": schemas.schema(name)["$id"] + "#" + pointer}
        check = compile_schema(ref, schemas._documents())
        validator = Draft202012Validator(ref, registry=schemas._registry())
    else:
        found = schemas.checker(name)
        assert found is not None
        check, validator = found, schemas.validator(name)
    constants = list(_schema_constants(schemas._documents()))
    pool: dict[Any, list[Any]] = {}
    for instance in instances:
        for path, value in _nodes(instance):
            if path and isinstance(path[-1], str):
                pool.setdefault(path[-1], []).append(value)
    rng = random.Random(seed)
    counts = [0, 0]
    for instance in instances:
        for x in [instance] + [_mutant(instance, rng, constants, pool)
                               for _ in range(mutants_each)]:
            expected = validator.is_valid(x)
            assert check(x) is expected, (name, x, [e.message for e in validator.iter_errors(x)])
            counts[expected] += 1
    return counts[1], counts[0]


@functools.cache
def _parsed_sample(size: int) -> tuple[dict[str, Any], ...]:
    """``size`` committed case files evenly spread over the suite (0: all), parsed once."""
    files = find_case_files([CASES_DIR])
    if size:
        files = files[::max(1, len(files) // size)]
    instances = [load_yaml_file(f) for f in files]
    for x in instances:  # as case_from_mapping validates them (`resolve_stack:` is `{}`)
        x["actions"] = [{k: {} if v is None else v for k, v in a.items()} for a in x["actions"]]
    return tuple(instances)


def test_every_shipped_schema_compiles():
    """None falls back to jsonschema alone (and so none is slow) without anyone noticing."""
    assert [n for n in schemas.schema_names() if schemas.checker(n) is None] == []


# The whole suite runs in CI (marker `ci`); `make test` takes 500 cases spread over the suite, so
# its time does not grow with the suite (the instances and mutants are the same kind; only the
# count differs). A parameter is the size of the sample (0: every case).
STRIDES = [pytest.param(500, id="500-cases"),
           pytest.param(0, id="every-case", marks=pytest.mark.ci)]


def _sample(size: int) -> list[dict[str, Any]]:
    """``size`` cases of the suite as parsed YAML, evenly spread (every case for 0): a fresh
    copy each call."""
    return copy.deepcopy(list(_parsed_sample(size)))


@pytest.mark.parametrize("stride", STRIDES)
def test_the_check_agrees_with_jsonschema_on_every_case_and_mutants_of_them(stride):
    instances = _sample(stride)
    _agree("case", instances, 0, seed=0)
    valid, invalid = _agree("case", instances[::4], 2, seed=11)
    assert invalid > len(instances) // 4, (valid, invalid)


@pytest.mark.parametrize("stride", STRIDES)
@pytest.mark.parametrize("part", ["action", "check", "setup", "expect"])
def test_the_check_agrees_with_jsonschema_on_mutants_of_every_part_of_the_cases(part, stride):
    """Mutants of the parts (each action, setup and expect block of the suite, against its
    subschema) are small: most edits land on something a keyword decides."""
    instances = _sample(stride)
    if part == "action":
        parts = [a for x in instances for a in x["actions"]]
    elif part == "check":
        parts = [a["check"] for x in instances for a in x["actions"] if "check" in a]
    else:
        parts = [x[part] for x in instances]
    unique = list({json.dumps(p, sort_keys=True): p for p in parts}.values())
    valid, invalid = _agree("case", unique, 3, seed=21, pointer=f"/$defs/{part}")
    assert valid > len(unique) and invalid > len(unique), (valid, invalid)


def test_the_check_agrees_with_jsonschema_on_observations_and_start_answers():
    from conformance.engines.stdio import info_to_wire
    from conformance.reference import ReferenceEngine

    engine = ReferenceEngine()
    answers = []
    for case in committed_cases()[::25]:
        engine.setup(case.id, case.setup)
        try:
            for action in case.actions:
                if "check" not in action:
                    engine.act(action)
        except Exception:  # noqa: BLE001 - a refused action: observe what was reached
            pass
        obs = engine.observe()
        answers.append({"seq": 3, "ok": True, "events": obs.events, "state": obs.state})
    valid, invalid = _agree("io/observe.response", answers, 20, seed=12)
    assert valid > len(answers) and invalid > len(answers)
    wire = info_to_wire(engine.info())
    start = {"seq": 0, "ok": True, "engine": {**wire, "cards": wire["cards"][:40]}}
    _agree("io/start.response", [start], 150, seed=13)
    error = {"seq": 0, "ok": False, "error": {"kind": "illegal_action", "message": "no"}}
    for name in ("io/action.response", "io/setup.response", "io/stop.response"):
        _agree(name, [error, {"seq": 1, "ok": True}], 100, seed=14)


@pytest.mark.parametrize("a, b, equal", [
    (True, 1, False), (False, 0, False), (1, 1.0, True), ("1", 1, False), ([1, True], [1, True], True),
    ([True], [1], False), ({"a": [0]}, {"a": [False]}, False), ({"a": 1}, {"a": 1, "b": 2}, False),
    (None, None, True), (None, False, False),
])
def test_json_equality_is_jsonschemas(a, b, equal):
    assert json_equal(a, b) is equal
    assert schemas.checker("case") is not None
    check = compile_schema({"const": b})
    assert check(a) is equal
    assert compile_schema({"enum": ["z", b]})(a) is equal


@pytest.mark.parametrize("schema, good, bad", [
    ({"type": "integer"}, [1, 2.0, -3], [True, 1.5, "1", None]),
    ({"minimum": 0}, [0, 0.5, "x", True], [-1, -0.5]),
    ({"uniqueItems": True}, [[1, True], ["a", "b"], [[1], [True]], [{"a": 1}, {"a": False}],
                             [float("nan"), float("nan")], [{1: 0}, {1: 1}]],
     [[1, 1.0], ["a", "a"], [{}, {}], [[0, "x"], [0.0, "x"]], [{"a": [1]}, {"a": [1.0]}],
      [{1: 0}, {1: 0}]]),
    ({"oneOf": [{"type": "string"}, {"minLength": 2}]}, ["a", 3], ["ab"]),
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}},
     [{"a": 1, "b": 1}, {"c": 1}, []], [{"a": 1}, {}]),
    ({"then": {"required": ["b"]}}, [{}], []),
    ({"allOf": [{"maxItems": 1}, {"not": {"type": "string", "maxLength": 2}}], "maximum": 3},
     [[], 2, "abc", {}], [[1, 2], "ab", 4]),
    ({"properties": {"a": {"type": "string"}}, "patternProperties": {"^x": {"type": "integer"}},
      "additionalProperties": False}, [{"a": "s", "xy": 1}, 5], [{"a": 1}, {"xy": "s"}, {"b": 1}]),
    ({"propertyNames": {"pattern": "^[a-z]+$"}, "maxProperties": 2}, [{"ab": 1}], [{"A": 1},
                                                                                   {"a": 1, "b": 1, "c": 1}]),
    ({"$defs": {"n": {"anyOf": [{"type": "null"}, {"items": {"$ref": "#/$defs/n"},
                                                     "type": "array"}]}}, "$ref": "#/$defs/n"},
     [None, [], [[None]]], [[1], [[[0]]]]),
])
def test_keywords_mean_what_jsonschema_says(schema, good, bad):
    from jsonschema import Draft202012Validator

    check = compile_schema(schema)
    for x in good:
        assert check(x) and Draft202012Validator(schema).is_valid(x), x
    for x in bad:
        assert not check(x) and not Draft202012Validator(schema).is_valid(x), x


@pytest.mark.parametrize("schema", [
    {"unevaluatedProperties": False}, {"format": "date"}, {"$dynamicRef": "#x"},
    {"items": {"$id": "https://x.invalid/nested"}}, {"$ref": "#/$defs/missing"},
    {"$ref": "other.schema.json"}, {"prefixItems": [{}], "items": False}, {"type": "decimal"},
])
def test_what_the_check_does_not_implement_is_refused_not_skipped(schema):
    with pytest.raises(UnsupportedSchema):
        compile_schema(schema)
