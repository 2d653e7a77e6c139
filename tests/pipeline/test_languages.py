"""The language registry: the built-in languages, and a language added at test time (French)
that a real build detects, resolves, aligns and writes in columns of its own."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from pipeline_helpers import KNIFEPOINT, SEEDS, tree_digest

from pipeline import languages
from pipeline.align.model import statuses
from pipeline.build import build
from pipeline.language import get_detector
from pipeline.languages import Language, LanguageRegistryError
from pipeline.store import read_table
from pipeline.store.schema import aligned_schema, describe, schemas

KNIFEPOINT_ORACLE = "bddb2064-afdb-4184-ae4a-633745e64a3c"

FRENCH = Language(
    code="fr",
    name="French",
    lingua="FRENCH",
    langdetect="fr",
    locale="fr-FR",
    function_words=frozenset(
        "le la les un une des du de et ou mais si que qui ne pas est sont a ont il elle ils elles "
        "son sa ses leur leurs ce cette ces avec pour par sur dans plus peut doit tant".split()
    ),
    ambiguous=frozenset("a on me or plus".split()),
    letters=frozenset("àâçéèêëîïôûùœ"),
    elisions=frozenset("l d qu n s c j m t".split()),
    stem_suffixes=("ation", "ment", "er", "es", "e", "s"),
)

ENGLISH_LEFT_IN = (
    "Outlaw is not a creature type. If an effect asks you to choose a creature type, "
    "you can\u2019t choose outlaw."
)
FRENCH_FILE = "\n".join(
    [
        "At Knifepoint",
        "",
        "12/04/2024",
        "",
        "Une carte, un sort ou un permanent est un hors-la-loi s'il a le type de cr\u00e9ature "
        "Assassin, Mercenaire, Pirate, Gredin ou Sorcier. Peu importe qu'il ait plus d'un de ces "
        "types de cr\u00e9atures ; tant qu'il en a au moins un, c'est un hors-la-loi.",
        "",
        "12/04/2024",
        "",
        "Un joueur ne peut commettre qu'un seul crime par sort ou capacit\u00e9 qu'il contr\u00f4le. "
        "Cibler plusieurs adversaires, permanents, sorts, capacit\u00e9s et/ou cartes avec le "
        "m\u00eame sort ou la m\u00eame capacit\u00e9 ne constitue pas plusieurs crimes.",
        "",
        "12/04/2024",
        "",
        ENGLISH_LEFT_IN,
        "",
    ]
)


def test_built_in_registry() -> None:
    assert languages.codes() == ("en", "it", "de")
    assert languages.localized() == ("it", "de")
    assert languages.detector_codes() == ("it", "de", "en")
    assert [languages.get(c).name for c in languages.codes()] == ["English", "Italian", "German"]
    names = aligned_schema().names
    assert names[4:10] == [
        "text_en", "text_it", "text_de", "ruling_id_en", "ruling_id_it", "ruling_id_de",
    ]  # fmt: skip
    assert "english_fallback_it_de" in statuses()


def test_registry_refuses_what_it_cannot_hold() -> None:
    with pytest.raises(LanguageRegistryError, match="already registered"):
        languages.register(languages.get("it"))
    with pytest.raises(LanguageRegistryError, match="ISO 639-1"):
        languages.register(Language("fra", "French", "FRENCH", "fr", "fr-FR"))
    with pytest.raises(LanguageRegistryError, match="read DMY"):
        languages.register(Language("xx", "X", "FRENCH", None, "xx-XX", seed_dates="MDY"))
    with pytest.raises(LanguageRegistryError, match="cannot be removed"):
        languages.unregister("en")
    with pytest.raises(LanguageRegistryError, match="not registered"):
        languages.get("fr")
    assert languages.codes() == ("en", "it", "de")


def test_a_registered_language_is_built_with_columns_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pipeline.build as build_mod

    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "fr_knifepoint.txt").write_text(FRENCH_FILE, encoding="utf-8")
    italian = SEEDS / "000_3e6d8c0cce79b8d3.txt"  # Coltello alla Mano: At Knifepoint in Italian
    before = {name: s for name, s in schemas().items()}
    with languages.registered(FRENCH):
        assert languages.codes() == ("en", "it", "de", "fr")
        assert (
            get_detector("lingua")
            .detect("Un joueur ne peut commettre qu'un seul crime par sort.")
            .lang
            == "fr"
        )
        s = build([seeds, italian, KNIFEPOINT], tmp_path / "ds")
        out = tmp_path / "ds"
        aligned = read_table(out, "aligned")
        rulings = read_table(out, "rulings").to_pylist()
        cards = pq.read_table(out / "cards").to_pylist()
        part_schema = pq.read_schema(next((out / "aligned").glob("card=*/part-0.parquet")))
        vocabulary = statuses()
        # the child processes (detector, align worker) are told the registered languages
        monkeypatch.setattr(build_mod, "DETECTOR_PROCESS_MIN_BYTES", 0)
        monkeypatch.setattr(build_mod, "PARALLEL_MIN_CARDS", 1)
        monkeypatch.setattr(build_mod, "ALIGN_WORKER_MIN_BYTES", 0)
        monkeypatch.setattr(build_mod.os, "cpu_count", lambda: 2)
        build([seeds, italian, KNIFEPOINT], tmp_path / "children")
        assert tree_digest(tmp_path / "children") == tree_digest(out)
    assert languages.codes() == ("en", "it", "de")  # the registry is as it was
    assert {name: s for name, s in schemas().items()} == before

    # the schema: the French columns come after the built-in ones, described from the registry
    assert aligned.column_names[4:12] == [
        "text_en", "text_it", "text_de", "text_fr",
        "ruling_id_en", "ruling_id_it", "ruling_id_de", "ruling_id_fr",
    ]  # fmt: skip
    assert describe(part_schema)["text_fr"] == "French ruling text (raw), null when missing."
    assert "names_fr" in cards[0] and "names_it" in cards[0]
    assert describe(pq.read_schema(out / "rulings" / "part-0.parquet"))["lang"] == (
        "Detected language of this ruling: it, de, fr, en or und."
    )

    # detection: the file is French, its rulings French but the one left in English
    assert s.files_per_lang == {"fr": 1, "it": 1, "en": 1}
    french = [r for r in rulings if r["file_lang"] == "fr"]
    assert [r["lang"] for r in sorted(french, key=lambda r: r["line"])] == ["fr", "fr", "en"]
    assert {r["card_id"] for r in french} == {KNIFEPOINT_ORACLE}  # the title resolved
    fallbacks = [r for r in rulings if r["file_lang"] != "en" and r["lang"] == "en"]
    assert s.english_fallbacks == len(fallbacks)  # a French ruling counts as a fallback too
    assert [r["text_raw"] for r in fallbacks if r["file_lang"] == "fr"] == [ENGLISH_LEFT_IN]

    # alignment: the English fallback is identical to its English source ruling; the French
    # rulings joined the card's English groups (the test's text is a translation of them)
    groups = [g for g in aligned.to_pylist() if g["card_id"] == KNIFEPOINT_ORACLE]
    by_fr = {g["text_fr"]: g for g in groups if g["text_fr"] is not None}
    assert len(by_fr) == 3
    fallback = by_fr[ENGLISH_LEFT_IN]
    assert fallback["text_en"] is not None and "identical" in fallback["method"].split(",")
    assert fallback["status"].startswith("english_fallback_") and "fr" in fallback["status"]
    for text, g in by_fr.items():
        assert g["text_en"] is not None, text
    assert {"missing_fr", "unaligned_fr", "english_fallback_it_de_fr"} <= vocabulary
    assert {g["status"] for g in groups} <= vocabulary
    assert "missing_fr" not in statuses()  # the built-in vocabulary again
