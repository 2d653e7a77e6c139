"""A language added to the registry at test time (French) reaches the translation report, the
exports and the miner's corpus without a change to their code: the registry is the one list."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from conformance.mining.corpus import load_groups
from pipeline import languages
from pipeline.build import build
from pipeline.languages import Language
from reports.exports import export_dataset, pairs, parallel_pairs
from reports.translation.report import translation_report

REPO = Path(__file__).resolve().parents[2]
ITALIAN_KNIFEPOINT = REPO / "fixtures" / "seeds" / "000_3e6d8c0cce79b8d3.txt"
KNIFEPOINT = REPO / "fixtures" / "data" / "recent" / "at_knifepoint_otj.json"

FRENCH = Language(
    code="fr", name="French", lingua="FRENCH", langdetect="fr", locale="fr-FR",
    function_words=frozenset(
        "le la les un une des du de et ou mais si que qui ne pas est sont a ont il elle ils elles "
        "son sa ses leur leurs ce cette ces avec pour par sur dans plus peut doit tant".split()),
    ambiguous=frozenset("a on me or plus".split()),
    letters=frozenset("àâçéèêëîïôûùœ"),
    elisions=frozenset("l d qu n s c j m t".split()),
    stem_suffixes=("ation", "ment", "er", "es", "e", "s"),
)

ENGLISH_LEFT_IN = ("Outlaw is not a creature type. If an effect asks you to choose a creature "
                   "type, you can\u2019t choose outlaw.")
FRENCH_FILE = "\n\n".join([
    "At Knifepoint",
    "12/04/2024",
    "Une carte, un sort ou un permanent est un hors-la-loi s'il a le type de cr\u00e9ature "
    "Assassin, Mercenaire, Pirate, Gredin ou Sorcier. Peu importe qu'il ait plus d'un de ces "
    "types de cr\u00e9atures ; tant qu'il en a au moins un, c'est un hors-la-loi.",
    "12/04/2024",
    "Un joueur ne peut commettre qu'un seul crime par sort ou capacit\u00e9 qu'il contr\u00f4le. "
    "Cibler plusieurs adversaires, permanents, sorts, capacit\u00e9s et/ou cartes avec le "
    "m\u00eame sort ou la m\u00eame capacit\u00e9 ne constitue pas plusieurs crimes.",
    "12/04/2024",
    ENGLISH_LEFT_IN,
]) + "\n"


def test_a_registered_language_reaches_reports_exports_and_mining(tmp_path: Path) -> None:
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "fr_knifepoint.txt").write_text(FRENCH_FILE, encoding="utf-8")
    assert pairs() == (("it", "en"), ("de", "en"), ("it", "de"))
    with languages.registered(FRENCH):
        ds = tmp_path / "ds"
        build([seeds, ITALIAN_KNIFEPOINT, KNIFEPOINT], ds)

        # exports: the pairs, the parallel corpus and the dataset card follow the registry
        assert pairs() == (("it", "en"), ("de", "en"), ("fr", "en"), ("it", "de"),
                           ("it", "fr"), ("de", "fr"))
        fr_en = parallel_pairs(ds, "fr", "en")
        assert len(fr_en) == 2  # the French ruling left in English is not a translation
        assert {p["src_lang"] for p in fr_en} == {"fr"} and all(p["src"] for p in fr_en)
        assert parallel_pairs(ds, "it", "fr")  # Coltello alla Mano and its French rulings
        result = export_dataset(ds, tmp_path / "export", "hf")
        assert result.counts["parallel-fr-en"] == 2
        assert (tmp_path / "export" / "parallel" / "fr-en.tsv").is_file()
        card = (tmp_path / "export" / "README.md").read_text(encoding="utf-8")
        assert "- config_name: parallel-de-fr" in card and "\n- fr\n" in card
        assert "pretty_name: MTG rulings (en/it/de/fr)" in card
        assert "English, Italian, German and French rulings" in card
        assert "| `text_fr` | string | French ruling text (raw), null when missing. |" in card

        # the translation report: French findings, a text_fr column, French named
        report = translation_report(ds, tmp_path / "report")
        left_in = [f for f in report.findings if f.lang == "fr"]
        assert [(f.check, f.text) for f in left_in if f.check == "untranslated_ruling"] == [
            ("untranslated_ruling", ENGLISH_LEFT_IN)]
        assert any("inside the French file" in f.message for f in left_in)
        with report.csv.open(encoding="utf-8") as fh:
            header = next(csv.reader(fh))
        assert header[-4:] == ["text_en", "text_it", "text_de", "text_fr"]
        doc = json.loads(report.json.read_text(encoding="utf-8"))
        assert "text_fr" in doc["findings"][0]
        assert "Italian, German or French" in doc["checks"]["untranslated_ruling"]
        page = report.html.read_text(encoding="utf-8")
        assert "cards with Italian, German or French rulings" in page
        assert '<option value="fr">fr</option>' in page

        # the miner's corpus: the groups carry their French texts
        groups = load_groups(ds)
        french = [g for g in groups if "fr" in g.texts]
        assert len(french) == 3
        assert any(g.langs.get("fr") == "en" for g in french)  # the English fallback
    assert pairs() == (("it", "en"), ("de", "en"), ("it", "de"))
