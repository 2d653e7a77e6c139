"""Tests of the source readers on the real seeds, the real English corpus and synthetic shapes."""

from __future__ import annotations

import datetime as dt
import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pipeline_helpers import KNIFEPOINT, RULINGS_EN, SEEDS

from pipeline.errors import InputError
from pipeline.sources import (
    DateOrder,
    SeedRuling,
    discover,
    parse_bytes,
    parse_jsonl_text,
    parse_seed_text,
    read_input,
    render_seed_file,
)
from pipeline.sources.seed_text import looks_like_date_line

SEED_COUNTS = {
    "000_3e6d8c0cce79b8d3.txt": ("Coltello alla Mano", 9, {dt.date(2024, 4, 12)}),
    "001_047a4b439f94d352.txt": ("Invocazione: G. F. Cerberus", 16, {dt.date(2025, 6, 6)}),
    "003_753998890c202c8b.txt": ("Mit vorgehaltenem Messer", 9, {dt.date(2024, 4, 12)}),
    "004_1ed536f22a0f9eba.txt": ("Collaborare", 19, {dt.date(2017, 7, 14), dt.date(2017, 4, 18)}),
}


@pytest.mark.parametrize("name", sorted(SEED_COUNTS))
def test_seed_files_parse_to_their_rulings(name: str) -> None:
    title, count, dates = SEED_COUNTS[name]
    path = SEEDS / name
    res = parse_bytes(path.read_bytes(), f"fixtures/seeds/{name}", "seed")
    assert res.title == title
    assert len(res.rulings) == count
    assert not res.quarantined and not res.issues
    assert {r.date for r in res.rulings} == dates
    assert [r.position for r in res.rulings] == list(range(count))
    lines = path.read_text(encoding="utf-8").split("\n")
    for r in res.rulings:
        assert r.kind == "seed" and r.title == title and r.declared_lang is None
        assert lines[r.line - 1] == r.text_raw  # line number and byte-exact raw text
        assert looks_like_date_line(lines[r.line - 3])


def test_collaborare_dates_are_read_day_first() -> None:
    res = parse_bytes((SEEDS / "004_1ed536f22a0f9eba.txt").read_bytes(), "c.txt", "seed")
    assert [r.date for r in res.rulings].count(dt.date(2017, 7, 14)) == 10
    assert res.rulings[-1].date == dt.date(2017, 4, 18)  # 18/04/2017: no month 18


def test_date_order_is_an_explicit_rule_not_a_guess() -> None:
    text = "Titolo\n\n04/12/2024\n\nUna regola."
    (day_first,) = parse_seed_text(text, "x.txt").rulings
    (month_first,) = parse_seed_text(text, "x.txt", date_order=DateOrder.MONTH_FIRST).rulings
    assert day_first.date == dt.date(2024, 12, 4)
    assert month_first.date == dt.date(2024, 4, 12)


def test_multiline_paragraph_keeps_its_exact_text() -> None:
    text = "Titolo\r\n\r\n12/04/2024\r\nRiga uno\r\nriga due  \r\n\r\n13/04/2024\r\n\r\nAltra."
    res = parse_seed_text(text, "x.txt")
    assert [r.text_raw for r in res.rulings] == ["Riga uno\r\nriga due  ", "Altra."]
    assert [r.line for r in res.rulings] == [4, 9]
    assert [(i.line, i.code) for i in res.issues] == [(1, "crlf")]


_line_text = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\x85"
    ),
    min_size=1,
    max_size=80,
).filter(lambda s: s.strip() == s and s.strip() != "" and not looks_like_date_line(s))


@settings(max_examples=150, deadline=None)
@given(
    title=_line_text,
    rulings=st.lists(
        st.tuples(
            st.dates(min_value=dt.date(1993, 1, 1), max_value=dt.date(2099, 12, 31)), _line_text
        ),
        max_size=8,
        unique_by=lambda x: x,
    ),
)
def test_parse_of_render_gives_back_the_rulings(
    title: str, rulings: list[tuple[dt.date, str]]
) -> None:
    from pipeline.normalise import normalise

    unique: dict[tuple[dt.date, str], tuple[dt.date, str]] = {}
    for d, t in rulings:
        unique.setdefault((d, normalise(t)), (d, t))  # the parser reports exact repeats
    items = list(unique.values())
    text = render_seed_file(title, [SeedRuling(d, t) for d, t in items])
    res = parse_seed_text(text, "prop.txt")
    if not items:
        assert res.quarantined[0].reason == "no_rulings"
        return
    assert res.title == title
    assert [(r.date, r.text_raw) for r in res.rulings] == items
    assert not res.quarantined


def test_render_matches_the_real_seed_bytes() -> None:
    path = SEEDS / "000_3e6d8c0cce79b8d3.txt"
    res = parse_bytes(path.read_bytes(), "s.txt", "seed")
    again = render_seed_file(res.title or "", [(r.date, r.text_raw) for r in res.rulings])
    assert again.encode("utf-8") == path.read_bytes()  # no trailing newline, same bytes


def test_at_knifepoint_card_object() -> None:
    res = parse_bytes(KNIFEPOINT.read_bytes(), "k.json", "json")
    assert len(res.rulings) == 9 and not res.quarantined
    lines = KNIFEPOINT.read_text(encoding="utf-8").split("\n")
    for pos, r in enumerate(res.rulings):
        assert r.oracle_id == "bddb2064-afdb-4184-ae4a-633745e64a3c"
        assert r.card_name == "At Knifepoint" and r.declared_lang == "en" and r.kind == "mtgjson"
        assert r.date == dt.date(2024, 4, 12) and r.position == pos
        assert json.dumps(r.text_raw)[1:40] in lines[r.line - 1]


def test_english_corpus_jsonl_gz() -> None:
    res = parse_bytes(
        RULINGS_EN.read_bytes(), "fixtures/data/mtgjson-2022/rulings_en.jsonl.gz", "gz"
    )
    assert len(res.rulings) == 45_046
    assert [(q.line, q.reason) for q in res.quarantined] == [(40597, "missing_text")]
    assert res.records_in == 45_047
    with gzip.open(RULINGS_EN, "rt", encoding="utf-8") as fh:
        first = json.loads(fh.readline())
    r0 = res.rulings[0]
    assert (r0.line, r0.oracle_id, r0.text_raw, r0.date.isoformat()) == (
        1,
        first["oracle_id"],
        first["text"],
        first["date"],
    )


def test_json_shapes(tmp_path: Path) -> None:
    ruling = {"oracle_id": "o1", "date": "2020-01-02", "text": "A ruling."}
    scry = {"object": "ruling", "oracle_id": "o2", "published_at": "2021-03-04", "comment": "B."}
    card = {
        "name": "Card",
        "identifiers": {"scryfallOracleId": "o3"},
        "rulings": [{"date": "2022-05-06", "text": "C."}],
    }
    docs = {
        "list.json": [ruling, scry],
        "data.json": {"data": [card]},
        "set.json": {"data": {"cards": [card]}},
        "scryfall_list.json": {"object": "list", "data": [scry]},
    }
    for name, doc in docs.items():
        (tmp_path / name).write_text(json.dumps(doc, indent=1), encoding="utf-8")
    got = {f.path.name: read_input(f)[1] for f in discover([tmp_path])}
    assert [(r.oracle_id, r.kind) for r in got["list.json"].rulings] == [
        ("o1", "mtgjson"),
        ("o2", "scryfall"),
    ]
    assert got["list.json"].rulings[1].text_raw == "B."
    assert got["data.json"].rulings[0].card_name == "Card"
    assert got["set.json"].rulings[0].oracle_id == "o3"
    assert got["scryfall_list.json"].rulings[0].date == dt.date(2021, 3, 4)


def test_jsonl_bad_lines_are_quarantined_with_their_line(tmp_path: Path) -> None:
    body = "\n".join(
        [
            json.dumps({"oracle_id": "o", "date": "2020-01-01", "text": "ok"}),
            "{not json",
            json.dumps({"oracle_id": "o", "date": "2020-02-30", "text": "bad date"}),
            json.dumps({"hello": 1}),
        ]
    )
    path = tmp_path / "r.jsonl.gz"
    path.write_bytes(gzip.compress(body.encode()))
    _, res = read_input(discover([path])[0])
    assert len(res.rulings) == 1
    assert [(q.line, q.reason) for q in res.quarantined] == [
        (2, "invalid_json"),
        (3, "impossible_date"),
        (4, "not_a_ruling"),
    ]
    assert res.records_in == 4


_RULING_LINE = json.dumps({"oracle_id": "o", "date": "2020-01-01", "text": "A ruling."})


@pytest.mark.parametrize(
    ("line", "ruling_lines", "quarantined"),
    [
        (_RULING_LINE, [1, 2, 3], []),
        (_RULING_LINE + "\r", [1, 2, 3], []),
        (f" \t{_RULING_LINE}  ", [1, 2, 3], []),
        (f"[{_RULING_LINE}]", [1, 2, 3], []),
        ("", [1, 3], []),
        ("\u00a0\x1c", [1, 3], []),  # blank: str.strip() whitespace only
        ("\ufeff" + _RULING_LINE, [1, 3], ["Unexpected UTF-8 BOM (decode using utf-8-sig)"]),
        ("\x1c" + _RULING_LINE, [1, 3], ["Expecting value"]),
        (_RULING_LINE + " " + _RULING_LINE, [1, 3], ["Extra data"]),
        (_RULING_LINE + ",", [1, 3], ["Extra data"]),
        (_RULING_LINE[:-1], [1, 3], ["Expecting ',' delimiter"]),
        ("NaN", [1, 3], [None]),
    ],
)
def test_jsonl_lines_are_read_as_json_loads_reads_them(
    line: str, ruling_lines: list[int], quarantined: list[str | None]
) -> None:
    """A line is a ruling, blank (skipped), ``invalid_json`` with the message of ``json.loads``,
    or a value that holds no ruling (``None`` above), whatever path the reader takes for it."""
    res = parse_jsonl_text(f"{_RULING_LINE}\n{line}\n{_RULING_LINE}", "x.jsonl")
    assert [r.line for r in res.rulings] == ruling_lines
    assert [(r.position, r.text_raw) for r in res.rulings] == [
        (i, "A ruling.") for i in range(len(ruling_lines))
    ]
    assert [(q.line, q.reason, q.detail) for q in res.quarantined] == [
        (2, "invalid_json", f"x.jsonl:2: invalid JSON: {msg}")
        if msg is not None
        else (2, "not_a_ruling", "x.jsonl:2: JSON value holds no ruling")
        for msg in quarantined
    ]


def test_discover_folders_and_extensions(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("a.txt", "b.JSON", "sub/c.jsonl", "sub/d.jsonl.gz", "e.csv", ".hidden.txt"):
        (tmp_path / name).write_bytes(b"")
    found = discover([tmp_path])
    assert [(Path(f.source).name, f.format) for f in found] == [
        ("a.txt", "seed"),
        ("b.JSON", "json"),
        ("c.jsonl", "jsonl"),
        ("d.jsonl.gz", "gz"),
    ]
    assert discover([tmp_path / "a.txt", tmp_path]) == found  # no duplicates


def test_discover_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        discover([tmp_path / "missing.txt"])
    (tmp_path / "x.csv").write_text("a")
    with pytest.raises(InputError, match="unsupported"):
        discover([tmp_path / "x.csv"])
    with pytest.raises(InputError, match="no input files"):
        discover([tmp_path / "empty"] if (tmp_path / "empty").mkdir() is None else [])


def test_discover_skips_datasets_written_by_the_pipeline(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("T\n\n01/01/2020\n\nR.")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "_build.json").write_text("{}")
    (tmp_path / "out" / "x.json").write_text("{}")
    assert [Path(f.source).name for f in discover([tmp_path])] == ["a.txt"]
