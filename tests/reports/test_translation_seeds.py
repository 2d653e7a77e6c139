"""The translation checks judged on the seed files: the exact findings per check.

The dataset is the four seed files, At Knifepoint's MTGJSON file and the English rulings of
Refuse // Cooperate (the only seed card whose English rulings come from the 2022 snapshot), so
every seed card is aligned exactly as in the full build.

Decisions (each finding below was read on the seed texts):

* names: the wholly-English rulings name their card in English too ("At Knifepoint" ×2,
  "Summon: G.F. Cerberus"), and 004's English ruling names "Torment of Hailfire"; these are
  reported with severity ``info`` (the ruling is already an untranslated error). "Lead" in
  "…puoi lanciare Destined di Destined // Lead, ma non Lead." is the other face of Destined //
  Lead left in English: a true finding;
* terminology: "sulla pila" is used in 001 (Cerberus) as well as in 004, while 000 and the
  printed Italian card texts (19) say "in pila": 001's two rulings are true findings of the same
  inconsistency; "carta split" (7 uses) is preferred to "carta divisa" (4) as no card text
  decides;
* typography: 004 mixes apostrophes (one ’ in "Chandra’s Pyrohelix", ' elsewhere) and quote
  styles ("lanciata" straight, «Scegli uno —» guillemets; a tie, broken by the Italian
  convention «…»); 000 (’ only, “…”), 001 (' and "…" only) and 003 („…“) are consistent;
* numbers, symbols, quotes/parentheses, dates, missing/extra: no finding on the seeds (Italian
  «…», German „…“ and “una delle due metà” for “either half” are not errors).
"""

from __future__ import annotations

import gzip
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from pipeline import read_dataset
from pipeline.build import build
from reports.translation import CHECKS, Finding, run_checks

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "fixtures" / "data"
COOPERATE = "7db22241-fe43-4071-9af9-de1cf394f7f5"
SEED = {"000": "000_3e6d8c0cce79b8d3.txt", "001": "001_047a4b439f94d352.txt",
        "003": "003_753998890c202c8b.txt", "004": "004_1ed536f22a0f9eba.txt"}


def build_seed_dataset(root: Path, seeds: Path | None = None) -> Path:
    """Build the seed dataset under ``root`` (``seeds``: a seed folder to use instead)."""
    english = root / "rulings_en.jsonl"
    with gzip.open(DATA / "mtgjson-2022" / "rulings_en.jsonl.gz", "rt", encoding="utf-8") as fh:
        lines = [ln for ln in fh if json.loads(ln)["oracle_id"] == COOPERATE]
    english.write_text("".join(lines), encoding="utf-8")
    out = root / "dataset"
    build([seeds or REPO / "fixtures" / "seeds", DATA / "recent" / "at_knifepoint_otj.json",
           english], out)
    return out


@pytest.fixture(scope="module")
def findings(tmp_path_factory: pytest.TempPathFactory) -> list[Finding]:
    ds = build_seed_dataset(tmp_path_factory.mktemp("seeds"))
    return run_checks(read_dataset(ds))


def seen(findings: list[Finding], check: str) -> set[tuple[str, int | None, str]]:
    """(seed, line, evidence) of every finding of ``check``."""
    out = set()
    for f in findings:
        if f.check == check:
            seed = next(k for k, v in SEED.items() if f.source and f.source.endswith(v))
            out.add((seed, f.line, f.evidence))
    return out


FIRST_STRIKE = ("Creatures that deal first strike combat damage but lose first strike before "
                "regular combat damage is dealt won’t deal combat damage again unless they have "
                "double strike. This means you can’t have At Knifepoint leave the battlefield to "
                "have your outlaws deal combat damage twice in a turn.")


def test_untranslated_rulings(findings: list[Finding]) -> None:
    got = seen(findings, "untranslated_ruling")
    assert {(s, line) for s, line, _ in got} == {("000", 21), ("003", 21), ("001", 9),
                                                   ("004", 29)}
    evidence = {e for _, _, e in got}
    assert FIRST_STRIKE in evidence
    assert any(e.startswith("After Summon: G.F. Cerberus's second or third") for e in evidence)
    assert any(e.startswith("If the spell that's copied has an X") for e in evidence)
    assert all(f.severity == "error" for f in findings if f.check == "untranslated_ruling")


def test_untranslated_clauses(findings: list[Finding]) -> None:
    assert seen(findings, "untranslated_clause") == {
        ("000", 25, "if you control them both"),
        ("004", 9, "even if the current target is illegal"),
    }
    f = next(f for f in findings if f.check == "untranslated_clause" and f.line == 25)
    assert f.text[f.spans[0][0]:f.spans[0][1]] == "if you control them both"
    assert f.text_of("en") and "(if you control them both)" in f.text_of("en") and f.text_of("de")


def test_english_card_names(findings: list[Finding]) -> None:
    assert seen(findings, "english_card_name") == {
        ("004", 5, "Cooperate"),
        ("004", 25, "Chandra’s Pyrohelix"),
        ("004", 37, "Crook of Condemnation"),
        ("004", 45, "Destined // Lead"), ("004", 45, "Destined"),
        ("004", 69, "Destined // Lead"),
        ("004", 77, "Destined"), ("004", 77, "Destined // Lead"), ("004", 77, "Lead"),
        # inside wholly-English rulings: info
        ("004", 29, "Torment of Hailfire"),
        ("000", 21, "At Knifepoint"), ("003", 21, "At Knifepoint"),
        ("001", 9, "Summon: G.F. Cerberus"),
    }
    by = {(f.line, f.evidence): f for f in findings if f.check == "english_card_name"}
    assert by[(5, "Cooperate")].suggestion == "Collaborare"
    assert by[(5, "Cooperate")].severity == "warning"
    assert by[(25, "Chandra’s Pyrohelix")].suggestion == "Piroelica di Chandra"
    assert by[(29, "Torment of Hailfire")].severity == "info"


def test_terminology(findings: list[Finding]) -> None:
    assert seen(findings, "term_inconsistent") == {
        ("004", 13, "sulla pila"), ("004", 45, "sulla pila"),
        ("004", 77, "sulla pila … sulla pila"),
        ("001", 25, "sulla pila … sulla pila"), ("001", 61, "sulla pila"),
        ("004", 53, "carte divise … carta divisa"), ("004", 61, "carta divisa"),
        ("004", 69, "carta divisa"),
    }
    sugg = {f.evidence.split(" … ")[0]: f.suggestion for f in findings
            if f.check == "term_inconsistent"}
    assert sugg == {"sulla pila": "in pila", "carte divise": "carta split",
                    "carta divisa": "carta split"}
    assert seen(findings, "term_card_text") == {("000", 5, "Stregone")}
    f = next(f for f in findings if f.check == "term_card_text")
    assert f.suggestion == "Warlock" and f.lang == "it"


def test_typography(findings: list[Finding]) -> None:
    assert seen(findings, "typography") == {("004", 25, "’"), ("004", 13, '"lanciata"')}
    f = next(f for f in findings if f.check == "typography" and f.line == 13)
    assert f.suggestion == "«lanciata»"


def test_structure_and_comparisons_have_no_findings_on_the_seeds(
        findings: list[Finding]) -> None:
    counts = Counter(f.check for f in findings)
    for check in ("missing_ruling", "extra_ruling", "date_mismatch", "numbers", "symbols",
                  "quotes_parentheses"):
        assert counts[check] == 0, [f for f in findings if f.check == check]
    missing_en = [f for f in findings if f.check == "missing_en"]
    assert len(missing_en) == 16
    assert {f.card_name for f in missing_en} == {"Summon: G.F. Cerberus"}
    assert {f.severity for f in missing_en} == {"info"}


def test_exact_counts_and_fields(findings: list[Finding]) -> None:
    assert dict(Counter(f.check for f in findings)) == {
        "untranslated_ruling": 4, "untranslated_clause": 2, "missing_en": 16,
        "english_card_name": 13, "term_inconsistent": 8, "term_card_text": 1, "typography": 2,
    }
    assert set(CHECKS) >= {f.check for f in findings}
    for f in findings:
        assert f.card_id and f.card_name and f.lang in ("it", "de") and f.ruling_id
        for a, b in f.spans:
            assert 0 <= a < b <= len(f.text)
    assert len({f.finding_id for f in findings}) == len(findings)


@pytest.fixture(scope="module")
def mutated(tmp_path_factory: pytest.TempPathFactory) -> list[Finding]:
    """The seeds with one planted problem per remaining check."""
    root = tmp_path_factory.mktemp("mutated")
    seeds = root / "seeds"
    shutil.copytree(REPO / "fixtures" / "seeds", seeds)
    p = seeds / SEED["004"]
    s = p.read_text(encoding="utf-8")
    s = s.replace("il suo valore di mana è 6", "il suo valore di mana è 5")
    s = s.replace("Se una magia ha {X} nel suo costo", "Se una magia ha {Y} nel suo costo")
    s = s.replace("(come Chandra’s Pyrohelix)", "come Chandra’s Pyrohelix")
    s += ("\n\n18/04/2017\n\nUna carta <script>alert(1)</script> non è una magia finché non "
          "viene lanciata dalla mano del suo proprietario.")
    p.write_text(s, encoding="utf-8")
    p = seeds / SEED["000"]
    s = p.read_text(encoding="utf-8")
    i = s.index("12/04/2024\n\nFuorilegge non è")
    s = s[:i] + s[s.index("12/04/2024", i + 5):]
    p.write_text(s, encoding="utf-8")
    p = seeds / SEED["003"]
    s = p.read_text(encoding="utf-8")
    p.write_text(s.replace("12/04/2024\n\nGesetzloser ist kein", "13/04/2024\n\nGesetzloser ist "
                           "kein"), encoding="utf-8")
    return run_checks(read_dataset(build_seed_dataset(root, seeds)))


def test_planted_problems_are_found(mutated: list[Finding]) -> None:
    by = {}
    for f in mutated:
        by.setdefault(f.check, []).append(f)
    (num,) = by["numbers"]
    assert num.evidence == "5 … [en] 6" and num.text[num.spans[0][0]] == "5"
    assert num.texts["en"][num.ref_spans[0][0]] == "6"
    (sym,) = by["symbols"]
    assert sym.evidence == "{Y} … [en] {X}" and sym.severity == "error"
    (qp,) = by["quotes_parentheses"]
    assert qp.details["parentheses"] == [[1, 1], [2, 2]]
    (date,) = by["date_mismatch"]
    assert (date.lang, date.evidence, date.suggestion) == ("de", "2024-04-13", "2024-04-12")
    (miss,) = by["missing_ruling"]
    assert miss.lang == "it" and miss.text.startswith("Outlaw is not a creature type")
    assert miss.source and miss.source.endswith(SEED["000"])
    (extra,) = by["extra_ruling"]
    assert "<script>alert(1)</script>" in extra.text
