"""Hostile JSON and text inputs (issue #10): nothing read is dropped uncounted, no traceback.

Each case is real bytes given to :func:`parse_bytes`, the reader ``rulings build`` uses.
"""

from __future__ import annotations

import codecs
import datetime as dt
import gzip
import json

import pytest

from pipeline.sources import InputLimits, SourceResult, parse_bytes
from pipeline.sources.mtgjson import MAX_DEPTH


def _r(text: str, **extra: object) -> dict[str, object]:
    return {"oracle_id": "o", "date": "2020-01-01", "text": text, **extra}


def _reasons(res: SourceResult) -> list[tuple[int, str]]:
    return [(q.line, q.reason) for q in res.quarantined]


def _accounted(res: SourceResult, n: int) -> None:
    assert res.records_in == len(res.rulings) + len(res.quarantined) == n


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_json_nested_1000_deep_is_quarantined_not_a_recursion_error(fmt: str) -> None:
    deep = "[" * 1000 + "]" * 1000
    data = (json.dumps(_r("Ok.")) + "\n" + deep).encode() if fmt == "jsonl" else deep.encode()
    assert len(data) < 2100
    res = parse_bytes(data, f"deep.{fmt}", fmt)
    assert _reasons(res) == [(2 if fmt == "jsonl" else 1, "too_deep")]
    assert res.issues[-1].severity == "error"
    assert len(res.rulings) == (1 if fmt == "jsonl" else 0)


def test_a_lone_surrogate_quarantines_its_record_and_keeps_the_rest() -> None:
    body = "[\n" + json.dumps(_r("bad \ud800 here")) + ",\n" + json.dumps(_r("Good.")) + "\n]"
    assert "\\ud800" in body
    for fmt, data in (("json", body), ("jsonl", body.replace(",\n", "\n")[2:-2])):
        res = parse_bytes(data.encode(), f"s.{fmt}", fmt)
        assert [r.text_raw for r in res.rulings] == ["Good."]
        assert [q.reason for q in res.quarantined] == ["lone_surrogate"]
        q = res.quarantined[0]
        (q.detail + q.text_raw).encode("utf-8")  # the quarantine table can hold it
        assert "\\ud800" in q.text_raw
    pair = json.dumps(_r("emoji \U0001f600 ok"))  # a surrogate *pair* is a real character
    (ok,) = parse_bytes(pair.encode(), "p.json", "json").rulings
    assert ok.text_raw == "emoji \U0001f600 ok"


def test_non_object_items_in_a_rulings_list_are_counted_and_quarantined() -> None:
    card = {"name": "Card", "oracle_id": "o", "rulings": [_r("One."), 42, "two", None, [1]]}
    res = parse_bytes(json.dumps(card, indent=1).encode(), "c.json", "json")
    assert [r.text_raw for r in res.rulings] == ["One."]
    assert [q.reason for q in res.quarantined] == ["not_a_ruling"] * 4
    # the line where the rulings list begins; a list item: where it begins
    assert [q.line for q in res.quarantined] == [4, 4, 4, 13]
    _accounted(res, 5)
    # and scalars or unknown objects in any list of rulings; a "rulings" that is no list; a
    # card without rulings is no record
    doc = [_r("A."), 7, {"name": "C", "rulings": "none"}, {}, {"foo": 1}, {"name": "Card"}]
    res = parse_bytes(json.dumps(doc).encode(), "l.json", "json")
    assert [q.reason for q in res.quarantined] == ["not_a_ruling"] * 4
    _accounted(res, 5)


def test_rulings_nested_deeper_than_the_reader_looks_are_quarantined() -> None:
    shallow = [_r("Shallow.")]
    deep: object = [_r("Deep.")]
    for _ in range(MAX_DEPTH + 2):
        deep = [deep]
    res = parse_bytes(json.dumps([shallow, deep]).encode(), "d.json", "json")
    assert [r.text_raw for r in res.rulings] == ["Shallow."]
    assert [q.reason for q in res.quarantined] == ["too_deep"]
    assert "Deep." in res.quarantined[0].text_raw
    _accounted(res, 2)


def test_ruling_objects_missing_a_part_or_wrongly_typed_are_quarantined() -> None:
    doc = [
        _r("Good."),
        {"oracle_id": "o", "text": "No date."},
        {"oracle_id": "o", "date": "2020-01-01"},
        _r(42),  # type: ignore[arg-type]
        _r(["a", "list"]),  # type: ignore[arg-type]
        _r({"a": "dict"}),  # type: ignore[arg-type]
        {"name": "Card", "identifiers": {}, "type": "Creature", "text": "Oracle text."},
    ]
    res = parse_bytes(json.dumps(doc, indent=1).encode(), "t.json", "json")
    assert [r.text_raw for r in res.rulings] == ["Good."]
    assert [q.reason for q in res.quarantined] == [
        "impossible_date",
        "missing_text",
        "bad_text_type",
        "bad_text_type",
        "bad_text_type",
    ]
    typed = [i for i in res.issues if i.code == "bad_text_type"]
    assert {i.severity for i in typed} == {"error"} and "int" in typed[0].message
    _accounted(res, 6)  # the card without rulings is no record


def test_bad_records_in_a_json_file_get_their_own_line() -> None:
    doc = [
        _r("First."),
        _r(""),
        _r("Bad date.", date="2020-13-01"),
        _r("First."),
        _r(42),  # type: ignore[arg-type]
        _r("Last."),
    ]
    text = json.dumps(doc, indent=1)
    lines = text.split("\n")
    res = parse_bytes(text.encode(), "x.json", "json")
    assert [r.line for r in res.rulings] == [5, 20, 30]
    assert _reasons(res) == [(7, "missing_text"), (15, "impossible_date"), (22, "bad_text_type")]
    assert lines[6].strip() == "{" and '"text": ""' in lines[9]  # line 7 opens the empty one
    assert '"text": 42' in lines[24] and lines[21].strip() == "{"


@pytest.mark.parametrize(
    ("raw", "ok"),
    [
        ("2020-01-01", True),
        ("2020-01-01T00:00:00Z", True),
        (" 2020-01-01 ", True),
        ("2023-02-30", False),
        ("2020-01-01garbage", False),
        ("20200101", False),
        ("2020-W01-1", False),
        (20200101, False),
        (None, False),
    ],
)
def test_json_dates_follow_the_explicit_rule(raw: object, ok: bool) -> None:
    res = parse_bytes(json.dumps(_r("R.", date=raw)).encode(), "d.json", "json")
    if ok:
        assert res.rulings[0].date == dt.date(2020, 1, 1)
    else:
        assert _reasons(res) == [(1, "impossible_date")]


def test_utf16_without_bom_is_read_as_utf16_not_binary() -> None:
    seed = "Coltello alla Mano\n\n12/04/2024\n\nUna carta è un fuorilegge."
    for enc in ("utf-16-le", "utf-16-be"):
        res = parse_bytes(seed.encode(enc), f"{enc}.txt", "seed")
        assert [r.text_raw for r in res.rulings] == ["Una carta è un fuorilegge."]
        assert [(i.code, i.severity) for i in res.issues] == [("utf16_no_bom", "warning")]
    lines = "\n".join(json.dumps(_r(f"R{i}.")) for i in range(3))
    res = parse_bytes(lines.encode("utf-16-le"), "x.jsonl", "jsonl")
    assert len(res.rulings) == 3
    with_bom = parse_bytes(codecs.BOM_UTF16_LE + seed.encode("utf-16-le"), "b.txt", "seed")
    assert len(with_bom.rulings) == 1  # unchanged
    # real binary data stays binary
    assert _reasons(parse_bytes(bytes(range(256)) * 8, "bin.txt", "seed")) == [(0, "binary_data")]


def test_jsonl_with_cr_only_line_ends_is_read_line_by_line() -> None:
    body = "\r".join(json.dumps(_r(f"R{i}.")) for i in range(4)) + "\r"
    res = parse_bytes(body.encode(), "cr.jsonl", "jsonl")
    assert [r.line for r in res.rulings] == [1, 2, 3, 4] and not res.quarantined


def test_many_blank_lines_are_cheap() -> None:
    import time

    started = time.process_time()
    res = parse_bytes(b"\n" * 8_000_000 + json.dumps(_r("R.")).encode(), "b.jsonl", "jsonl")
    assert time.process_time() - started < 8
    assert [r.line for r in res.rulings] == [8_000_001]


def test_a_flood_of_bad_records_stops_reading_the_file() -> None:
    """1 MiB of junk lines cost 26 s and a 98 MB manifest: past --max-bad-records, the rest of
    the file is one quarantined record."""
    import time

    started = time.process_time()
    res = parse_bytes(b"x\n" * 524_288, "flood.jsonl", "jsonl")
    assert time.process_time() - started < 5
    assert len(res.quarantined) == 10_001
    assert _reasons(res)[-1] == (10_000, "too_many_bad_records")
    assert "after line 10000, is not read" in res.issues[-1].message
    seed = "Titolo\n\n" + "\n\n".join(f"31/02/2020\n\nRegola {i}." for i in range(10))
    limits = InputLimits(max_bad_records=3)
    res = parse_bytes(seed.encode(), "s.txt", "seed", limits)
    assert [q.reason for q in res.quarantined] == ["impossible_date"] * 3 + ["too_many_bad_records"]
    gz = parse_bytes(gzip.compress(b"x\n" * 10), "f.jsonl.gz", "gz", limits)
    assert [q.reason for q in gz.quarantined][-1] == "too_many_bad_records"
    assert len(gz.quarantined) == 4


# ------------------------------------------------------------------- more attacks (issue #10)


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_an_integer_of_5000_digits_is_invalid_json_not_a_traceback(fmt: str) -> None:
    bad = json.dumps(_r("Big.")).replace("}", ', "x": ' + "1" * 5000 + "}")
    body = bad + "\n" + json.dumps(_r("Fine.")) if fmt == "jsonl" else bad
    res = parse_bytes(body.encode(), f"big.{fmt}", fmt)
    assert _reasons(res) == [(1, "invalid_json")]
    assert "4300 digits" in res.quarantined[0].detail
    assert [r.text_raw for r in res.rulings] == (["Fine."] if fmt == "jsonl" else [])


def test_utf32_with_bom_is_not_read_as_utf16() -> None:
    seed = "Coltello alla Mano\n\n12/04/2024\n\nUna carta è un fuorilegge."
    for bom, enc in ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be")):
        res = parse_bytes(bom + seed.encode(enc), "u32.txt", "seed")
        assert res.title == "Coltello alla Mano" and len(res.rulings) == 1
        assert [i.code for i in res.issues] == ["utf32_bom"]


def test_a_stray_cp1252_line_does_not_garble_the_utf8_lines() -> None:
    good = json.dumps(_r("Già è così."), ensure_ascii=False).encode("utf-8")
    stray = json.dumps(_r("Perché"), ensure_ascii=False).encode("cp1252")
    res = parse_bytes(
        good + b"\n" + stray + b"\n" + good.replace(b"2020", b"2021"), "m.jsonl", "jsonl"
    )
    assert [r.text_raw for r in res.rulings] == ["Già è così.", "Perché", "Già è così."]
    (issue,) = res.issues
    assert (issue.code, issue.line) == ("not_utf8", 2)
    assert "decoded as CP1252 (1 line; 2 lines more are UTF-8)" in issue.message


def test_oversized_titles_names_and_json_texts_are_quarantined() -> None:
    seed = "T" * 200_000 + "\n\n12/04/2024\n\nUna regola."
    res = parse_bytes(seed.encode(), "t.txt", "seed")
    assert _reasons(res) == [(1, "oversized_title")] and len(res.quarantined[0].text_raw) < 30_000
    long_name = {"name": "N" * 600, "date": "2020-01-01", "text": "A ruling."}
    long_text = _r("x" * 30_000)
    res = parse_bytes(json.dumps([long_name, long_text, _r("Fine.")]).encode(), "n.json", "json")
    assert [q.reason for q in res.quarantined] == ["oversized_name", "oversized_ruling"]
    assert [r.text_raw for r in res.rulings] == ["Fine."]


def test_duplicate_keys_are_quarantined_not_silently_overwritten() -> None:
    line = '{"oracle_id": "o", "date": "2020-01-01", "text": "first", "text": "second"}'
    res = parse_bytes((line + "\n" + json.dumps(_r("Fine."))).encode(), "d.jsonl", "jsonl")
    assert _reasons(res) == [(1, "duplicate_key")] and [r.text_raw for r in res.rulings] == [
        "Fine."
    ]
    assert "first" in res.quarantined[0].text_raw or "second" in res.quarantined[0].text_raw
    card = (
        '{"name": "C", "oracle_id": "o", "rulings": [{"date": "2020-01-01", "text": "a"}],'
        ' "rulings": [{"date": "2020-01-01", "text": "b"}]}'
    )
    res = parse_bytes(f"[{card}, {json.dumps(_r('Fine.'))}]".encode(), "c.json", "json")
    assert [q.reason for q in res.quarantined] == ["duplicate_key"]
    assert [r.text_raw for r in res.rulings] == ["Fine."]
    inner = '{"name": "C", "rulings": [{"date": "2020-01-01", "text": "a", "date": "2021-01-01"}]}'
    res = parse_bytes(inner.encode(), "i.json", "json")
    assert [q.reason for q in res.quarantined] == ["duplicate_key"] and not res.rulings
