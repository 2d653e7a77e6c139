"""Card data has one reader, :mod:`conformance.card_data` (issue #11, part 1): the cards newer than
the 2022 data come from data files through :func:`~conformance.card_data.recent_cards`, for the
reference engine, the miner and phase's harness alike; no code reads oracle text out of the prose
of ``fixtures/data/PROVENANCE.md`` any more."""

from __future__ import annotations

import ast
import gzip
import json
from pathlib import Path

import pytest

from conformance.card_data import mtgjson_rows_named, power_toughness, recent_cards
from conformance.reference.errors import CardDataError

ROOT = Path(__file__).resolve().parents[2]


def test_every_recent_card_is_read_from_the_data_files() -> None:
    by_name = {c.name: c for c in recent_cards(CardDataError)}
    assert {"At Knifepoint", "Summon: G.F. Cerberus"} <= set(by_name)
    cerberus = by_name["Summon: G.F. Cerberus"]
    assert (cerberus.mana_cost, cerberus.power, cerberus.toughness) == ("{2}{R}{R}", "3", "3")
    assert cerberus.source.endswith("recent_oracle.json:cards[0]")
    assert by_name["At Knifepoint"].oracle_id  # from the set file's identifiers


def test_the_reference_engine_builds_its_recent_cards_from_the_data_files() -> None:
    from conformance.reference import cards as ref

    recent = [e for e in ref.card_list() if e["source"] == "recent"]
    assert {e["name"] for e in recent} == {"At Knifepoint", "Summon: G.F. Cerberus"}
    by_name = {c.name: c for c in recent_cards(CardDataError)}
    for entry in recent:
        card, rc = ref.load_cards()[entry["name"]], by_name[entry["name"]]
        assert card.source == rc.source
        assert card.faces[0] == ref._face(rc.name, rc.type_line, rc.mana_cost, rc.text,
                                          entry.get("power"), entry.get("toughness"), (rc.name,))
    cerberus = ref.load_cards()["Summon: G.F. Cerberus"]
    assert cerberus.layout == "saga"            # the engine plays a one-faced Saga as a Saga
    assert cerberus.faces[0].is_saga and (cerberus.faces[0].power, cerberus.faces[0].toughness) == (3, 3)


def test_power_toughness_that_disagree_with_the_data_file_are_an_error() -> None:
    from conformance.reference import cards as ref

    with pytest.raises(CardDataError, match=r"Cerberus: power/toughness \(3, 4\) .* differ from 3/3 in "
                                            r".*recent_oracle\.json:cards\[0\]"):
        ref._from_recent({"name": "Summon: G.F. Cerberus", "source": "recent", "power": 3,
                          "toughness": 4})
    with pytest.raises(CardDataError, match="No Such Card: not among the recent cards"):
        ref._from_recent({"name": "No Such Card", "source": "recent"})


def test_the_miner_reads_seed_texts_from_the_data_files() -> None:
    from conformance.mining.corpus import _seed_text, card_index

    for rc in recent_cards(CardDataError):
        assert _seed_text(rc.name) == rc.text
        assert card_index()[rc.name].main.text == rc.text


@pytest.mark.parametrize("content, message", [
    ("{oops", "cannot read"),
    ('{"cards": {}}', "needs a 'cards' list"),
    ('{"cards": [{"name": "X", "type": "Instant"}]}', r"cards\[0\]: needs 'text'"),
])
def test_a_broken_data_file_is_an_error_naming_it(tmp_path: Path, content, message) -> None:
    bad = tmp_path / "recent_oracle.json"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(CardDataError, match=message) as err:
        recent_cards(CardDataError, tmp_path / "none", bad)
    assert str(bad) in str(err.value)


def test_named_rows_are_the_rows_the_pipeline_reads() -> None:
    from conformance.card_data import mtgjson_rows

    names = {"Lightning Bolt", "Refuse // Cooperate", "Fire // Ice", "No Such Card"}
    found = mtgjson_rows_named(names, CardDataError)
    assert set(found) == names - {"No Such Card"}
    full = {r["name"]: r for r in mtgjson_rows(CardDataError)}
    for name, (row, _line) in found.items():
        assert {k: full[name][k] for k in row} == row


def test_a_broken_card_line_is_an_error_naming_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "cards.jsonl.gz"
    with gzip.open(bad, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps({"name": "A", "layout": "normal", "faces": [{}]}) + "\n")
        fh.write('{"name": "B", "layout": \n')
    with pytest.raises(CardDataError, match=r"cards\.jsonl\.gz:2: invalid JSON"):
        mtgjson_rows_named({"B"}, CardDataError, bad)
    with gzip.open(bad, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps({"name": "A", "layout": "normal"}) + "\n")
    with pytest.raises(CardDataError, match=r"cards\.jsonl\.gz:1: a card needs 'layout' and a 'faces'"):
        mtgjson_rows_named({"A"}, CardDataError, bad)
    assert mtgjson_rows_named({"Z"}, CardDataError, bad) == {}


def test_a_broken_power_toughness_file_is_an_error_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "pt.json"
    bad.write_text('{"power_toughness": {"Bear": [2, "2"]}}', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"pt\.json: 'Bear': power/toughness must be two integers"):
        power_toughness(CardDataError, bad)
    assert power_toughness(CardDataError)["Grizzly Bears"] == (2, 2)


def _code_mentions(path: Path, word: str) -> bool:
    """Whether ``word`` is in a name or a string of ``path``'s code (docstrings and comments are
    prose, not code)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                and word in node.value:
            return True
        if isinstance(node, ast.Name) and word in node.id or \
                isinstance(node, ast.Attribute) and word in node.attr:
            return True
    return False


def test_no_code_reads_the_provenance_prose() -> None:
    """``fixtures/data/PROVENANCE.md`` is documentation: the only code that names it is the export
    writer, which points readers to it (it reads no card data from it)."""
    allowed = {"reports/exports/writer.py"}
    sources = [p for p in sorted(ROOT.rglob("*.py"))
               if not p.is_symlink() and ".venv" not in p.parts and p.relative_to(ROOT).parts[0] != "tests"]
    assert len(sources) > 100
    readers = [p.relative_to(ROOT).as_posix() for p in sources if _code_mentions(p, "PROVENANCE")]
    assert sorted(set(readers) - allowed) == []
