"""Tests of :mod:`pipeline.cards` on the shipped fixtures (and on small synthetic data dirs)."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import unicodedata
from pathlib import Path

import pytest

from pipeline.cards import (
    CardDataError,
    CardEntry,
    CardQueryError,
    CardsError,
    NamesTable,
    UnknownCardError,
    UnsupportedLanguageError,
    iter_parallel_faces,
    name_key,
    stable_card_id,
)
from pipeline.cards import disk_cache as disk_cache_mod
from pipeline.cards import table as table_mod
from pipeline.errors import PipelineError

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO / "fixtures" / "seeds"

AT_KNIFEPOINT = "bddb2064-afdb-4184-ae4a-633745e64a3c"
REFUSE_COOPERATE = "7db22241-fe43-4071-9af9-de1cf394f7f5"
PUPPET_MASTER = "42c7e933-f169-444b-917d-b4dca918d989"
PUPPETEER = "b6597ae6-ae32-4409-8ba9-1015b6ffe2d2"
REGENERATE = "4ce6c946-7a93-4a8d-a2c9-086cbd036e3c"
REGENERATION = "89390a33-b289-4edd-a114-6616e49a49c2"
VENGEANCE = "1d001145-5d14-43a9-bf3b-3ce5c20b2a46"
VENDETTA = "50a16634-ebf7-477f-ad6f-23332599f838"
FORGET = "619ef7e1-33cd-4470-a1d4-83c5f1f5c31e"
CONSIGN_OBLIVION = "8fe7436b-2467-486e-8a2d-7cbf21a65da9"
A_LITTLE_CHAT = "1167fe30-32b8-4381-8067-a05cd345977b"
CERBERUS = "Summon: G.F. Cerberus"


@pytest.fixture(scope="module")
def table() -> NamesTable:
    return NamesTable.load()


def seed_title(name: str) -> str:
    return (SEEDS / name).read_text(encoding="utf-8").splitlines()[0]


# --------------------------------------------------------------------------- seed identities

SEED_CASES = [
    ("000_3e6d8c0cce79b8d3.txt", "Coltello alla Mano", "it"),
    ("003_753998890c202c8b.txt", "Mit vorgehaltenem Messer", "de"),
]


@pytest.mark.parametrize("lang_given", [True, False])
@pytest.mark.parametrize(("seed", "title", "lang"), SEED_CASES)
def test_at_knifepoint_seed_titles(table, seed, title, lang, lang_given):
    assert seed_title(seed) == title
    res = table.resolve_title(title, lang if lang_given else None)
    assert res.status == "resolved"
    assert res.card_id == AT_KNIFEPOINT
    assert res.oracle_id == AT_KNIFEPOINT
    assert res.english_name == "At Knifepoint"
    assert res.face_name is None
    assert res.method == f"localized_name:{lang}"
    assert "newer than the 2022" in res.reason


@pytest.mark.parametrize("lang", ["it", None])
def test_collaborare_is_the_cooperate_face(table, lang):
    title = seed_title("004_1ed536f22a0f9eba.txt")
    assert title == "Collaborare"
    res = table.resolve_title(title, lang)
    assert res.status == "resolved"
    assert res.card_id == REFUSE_COOPERATE
    assert res.oracle_id == REFUSE_COOPERATE
    assert res.english_name == "Refuse // Cooperate"
    assert res.face_name == "Cooperate"
    assert res.method == "localized_face:it"
    assert res.candidates == ()


@pytest.mark.parametrize("lang", ["it", None])
def test_cerberus_comes_from_the_forge_supplement(table, lang):
    title = seed_title("001_047a4b439f94d352.txt")
    assert title == "Invocazione: G. F. Cerberus"
    res = table.resolve_title(title, lang)
    assert res.status == "resolved"
    assert res.card_id == stable_card_id(CERBERUS)
    assert res.oracle_id is None
    assert res.english_name == CERBERUS
    assert res.method == "supplement:forge"
    assert "oracle id unknown in the 2022 MTGJSON snapshot" in res.reason
    assert "derived from the English name" in res.reason


def test_cerberus_spacing_variants_and_german_name(table):
    cid = stable_card_id(CERBERUS)
    for title, lang in [
        ("Invocazione: G.F. Cerberus", "it"),
        ("invocazione:  g. f.  cerberus ", None),
        ("Beschwörung: G.F. Cerberus", "de"),
        ("Beschwörung: G. F. Cerberus", "de"),
        ("Summon: G. F. Cerberus", "en"),
    ]:
        res = table.resolve_title(title, lang)
        assert (res.status, res.card_id, res.method) == ("resolved", cid, "supplement:forge"), title


# --------------------------------------------------------------------------- faces, English


@pytest.mark.parametrize(
    ("title", "face"), [("Kooperieren", "Cooperate"), ("Verweigern", "Refuse")]
)
def test_german_face_names(table, title, face):
    res = table.resolve_title(title, "de")
    assert (res.status, res.card_id, res.face_name) == ("resolved", REFUSE_COOPERATE, face)
    assert res.method == "localized_face:de"


def test_whole_localized_split_name_has_no_face(table):
    for title, lang in [("Verweigern // Kooperieren", "de"), ("Rifiutare//Collaborare", "it")]:
        res = table.resolve_title(title, lang)
        assert (res.card_id, res.face_name, res.method) == (
            REFUSE_COOPERATE,
            None,
            f"localized_name:{lang}",
        )


def test_english_titles_resolve(table):
    cases = [
        ("At Knifepoint", "en", AT_KNIFEPOINT, None, "english_name"),
        ("At Knifepoint", "it", AT_KNIFEPOINT, None, "english_name"),
        ("Refuse // Cooperate", "en", REFUSE_COOPERATE, None, "english_name"),
        ("Cooperate", "en", REFUSE_COOPERATE, "Cooperate", "english_face"),
        ("Cooperate", None, REFUSE_COOPERATE, "Cooperate", "english_face"),
        ("Chandra’s Pyrohelix", "en", None, None, "english_name"),
    ]
    for title, lang, cid, face, method in cases:
        res = table.resolve_title(title, lang)
        assert res.status == "resolved", title
        if cid is not None:
            assert res.card_id == cid
        assert (res.face_name, res.method) == (face, method), title
    assert table.resolve_title("Chandra’s Pyrohelix", "en").english_name == "Chandra's Pyrohelix"


def test_localized_name_that_is_the_english_name_is_noted(table):
    # Some printings carry the English name as Italian name: a data quirk, resolved, noted.
    res = table.resolve_title("Refuse // Cooperate", "it")
    assert (res.status, res.card_id, res.method) == (
        "resolved",
        REFUSE_COOPERATE,
        "localized_name:it",
    )
    assert "identical to the English name" in res.reason


def test_fallback_to_another_language_is_reported(table):
    res = table.resolve_title("Collaborare", "de")
    assert (res.card_id, res.face_name, res.method) == (
        REFUSE_COOPERATE,
        "Cooperate",
        "localized_face:it",
    )
    assert "no German name matches" in res.reason


def test_forge_name_of_a_card_known_to_the_table_keeps_its_oracle_id(table):
    res = table.resolve_title("Discorsetto", "it")  # A Little Chat: no Italian data in 2022
    assert (res.status, res.card_id, res.oracle_id) == ("resolved", A_LITTLE_CHAT, A_LITTLE_CHAT)
    assert res.method == "supplement:forge"
    assert "Forge" in res.reason
    # a Forge name already known from MTGJSON is an ordinary localized name
    assert table.resolve_title("Talismano Sultai", "it").method == "localized_name:it"


# --------------------------------------------------------------------------- unresolved


def test_unresolved_title_is_kept_with_a_stable_prefixed_id(table):
    res = table.resolve_title("Titolo Che Non Esiste", "it")
    assert res.status == "unresolved"
    assert re.fullmatch(r"unresolved:[0-9a-f]{16}", res.card_id)
    assert res.card_id == table.resolve_title("titolo che  non esiste", None).card_id
    assert res.card_id != table.resolve_title("Altro Titolo", "it").card_id
    assert (res.oracle_id, res.english_name, res.face_name) == (None, None, None)
    assert "no card name" in res.reason


@pytest.mark.parametrize("title", ["", "   ", "\n"])
def test_empty_title_is_unresolved_not_an_error(table, title):
    res = table.resolve_title(title, "it")
    assert res.status == "unresolved"
    assert res.reason == "empty title"


def test_no_false_match_on_a_prefix_or_a_longer_title(table):
    assert table.resolve_title("Collabora", "it").status == "unresolved"
    assert table.resolve_title("Collaborare Ancora", "it").status == "unresolved"
    assert table.resolve_title("Coltello", "it").status == "unresolved"


# --------------------------------------------------------------------------- ambiguous


def test_italian_name_shared_by_two_cards_is_ambiguous(table):
    res = table.resolve_title("Burattinaio", "it")  # Puppet Master and Puppeteer
    assert res.status == "ambiguous"
    assert set(res.candidates) == {PUPPET_MASTER, PUPPETEER}
    assert res.candidates == (PUPPET_MASTER, PUPPETEER)  # by English name: deterministic
    assert re.fullmatch(r"ambiguous:[0-9a-f]{16}", res.card_id)
    assert res.card_id == table.resolve_title("Burattinaio", "it").card_id
    assert res.oracle_id is None and res.english_name is None
    assert "Puppet Master" in res.reason and "Puppeteer" in res.reason


def test_german_name_shared_by_two_cards_is_ambiguous(table):
    res = table.resolve_title("Regeneration", "de")  # German name of Regenerate and Regeneration
    assert res.status == "ambiguous"
    assert set(res.candidates) == {REGENERATE, REGENERATION}


def test_card_name_equal_to_another_cards_face_name_is_ambiguous(table):
    res = table.resolve_title("Oblio", "it")  # Forget, and the Oblivion half of Consign // Oblivion
    assert res.status == "ambiguous"
    assert set(res.candidates) == {FORGET, CONSIGN_OBLIVION}
    assert "face Oblivion" in res.reason


def test_exact_language_match_is_preferred_over_other_languages(table):
    # "Vendetta" is the Italian name of Vengeance and the English name of another card.
    assert table.resolve_title("Vendetta", "it").card_id == VENGEANCE
    assert table.resolve_title("Vendetta", "en").card_id == VENDETTA
    res = table.resolve_title("Vendetta", None)
    assert res.status == "ambiguous"
    assert set(res.candidates) == {VENGEANCE, VENDETTA}


def test_ambiguous_name_counts(table):
    amb_it = table.ambiguous_names("it")
    amb_de = table.ambiguous_names("de")
    assert len(amb_it) == 20
    assert len(amb_de) == 24
    assert amb_it["burattinaio"] == tuple(sorted((PUPPET_MASTER, PUPPETEER)))
    assert "regeneration" in amb_de
    for key, ids in {**amb_it, **amb_de}.items():
        assert len(ids) >= 2
        assert table.resolve_title(key, "it" if key in amb_it else "de").status == "ambiguous"


# --------------------------------------------------------------------------- normalisation


def test_name_key_rules():
    assert name_key("Invocazione: G. F. Cerberus") == name_key("invocazione: g.f. cerberus")
    assert name_key("Chandra’s  Pyrohelix") == name_key("chandra's pyrohelix")
    assert name_key("Refuse//Cooperate") == name_key("Refuse // Cooperate")
    assert name_key("Da Spade , a Spighe !") == name_key("Da Spade, a Spighe!")
    assert name_key("Cafe\u0301") == name_key("Café")
    # kept apart: diacritics, hyphens, commas
    assert name_key("Fur") != name_key("Für")
    assert name_key("Ley-Linie") != name_key("Ley Linie")
    assert name_key("Da Spade a Spighe!") != name_key("Da Spade, a Spighe!")


def _plain(name: str) -> str:
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def test_name_key_creates_no_new_collision_between_cards(table):
    """Names of different cards that name_key merges must already be equal case-insensitively."""
    for lang in ("en", "it", "de"):
        by_key: dict[str, set[tuple[str, str]]] = {}
        for cid in table.card_ids():
            c = table.card(cid)
            if lang == "en":
                names = [c.name, *c.face_names]
            else:
                names = [*c.localized_names(lang), *c.localized_face_names(lang)]
            for n in names:
                by_key.setdefault(name_key(n), set()).add((cid, _plain(n)))
        for key, entries in by_key.items():
            cards = {cid for cid, _ in entries}
            if len(cards) > 1:
                plains_by_card = {}
                for cid, p in entries:
                    plains_by_card.setdefault(cid, set()).add(p)
                shared = set.intersection(*plains_by_card.values())
                assert shared, f"{lang}: name_key merges distinct names {sorted(entries)} ({key})"


# --------------------------------------------------------------------------- resolve_card


def test_resolve_card_by_known_oracle_id(table):
    res = table.resolve_card(REFUSE_COOPERATE, "Refuse // Cooperate")
    assert (res.status, res.card_id, res.method, res.reason) == (
        "resolved",
        REFUSE_COOPERATE,
        "oracle_id",
        "",
    )
    res = table.resolve_card(AT_KNIFEPOINT, "At Knifepoint")  # known from recent/
    assert (res.card_id, res.english_name, res.method) == (
        AT_KNIFEPOINT,
        "At Knifepoint",
        "oracle_id",
    )
    res = table.resolve_card(REFUSE_COOPERATE, "Something Else")
    assert res.status == "resolved" and "differs" in res.reason


def test_resolve_card_by_unknown_oracle_id_keeps_it(table):
    oid = "00000000-1111-2222-3333-444444444444"
    res = table.resolve_card(oid, "Brand New Card")
    assert (res.status, res.card_id, res.oracle_id) == ("resolved", oid, oid)
    assert (res.english_name, res.method) == ("Brand New Card", "oracle_id:source")
    assert res.reason


def test_resolve_card_by_english_name(table):
    res = table.resolve_card(None, "Refuse // Cooperate")
    assert (res.card_id, res.method, res.face_name) == (REFUSE_COOPERATE, "english_name", None)
    res = table.resolve_card(None, "Cooperate")
    assert (res.card_id, res.method, res.face_name) == (
        REFUSE_COOPERATE,
        "english_face",
        "Cooperate",
    )
    res = table.resolve_card(None, "Everythingamajig")  # six Un-cards share the name
    assert res.status == "ambiguous" and len(res.candidates) == 6
    res = table.resolve_card(None, "No Such Card Name")
    assert (res.status, res.card_id) == ("unresolved", stable_card_id("No Such Card Name"))


def test_resolve_card_needs_an_id_or_a_name(table):
    with pytest.raises(CardQueryError):
        table.resolve_card(None, None)
    with pytest.raises(CardQueryError):
        table.resolve_card("", "  ")


def test_unsupported_language_is_an_own_error(table):
    with pytest.raises(UnsupportedLanguageError) as info:
        table.resolve_title("Collaborare", "fr")
    assert isinstance(info.value, CardsError) and isinstance(info.value, PipelineError)
    with pytest.raises(UnsupportedLanguageError):
        table.localized_names("en")
    assert table.resolve_title("Collaborare", "und").card_id == REFUSE_COOPERATE


# --------------------------------------------------------------------------- names lists


def test_names_for_masking(table):
    names = table.names_for_masking()
    for n in [
        "Cooperate",
        "Chandra’s Pyrohelix",
        "Chandra's Pyrohelix",
        "Crook of Condemnation",
        "Destined // Lead",
        "Destined",
        "Torment of Hailfire",
        "At Knifepoint",
        CERBERUS,
    ]:
        assert n in names, n
    assert len(names) == len(set(names))
    assert names == sorted(names, key=lambda s: (-len(s), s))
    assert names == table.names_for_masking()
    names.clear()  # callers get a copy
    assert table.names_for_masking()
    assert table.names_for_masking(REFUSE_COOPERATE) == [
        "Refuse // Cooperate",
        "Cooperate",
        "Refuse",
    ]
    assert table.names_for_masking("unresolved:0000000000000000") == []


def test_localized_names(table):
    it = table.localized_names("it")
    de = table.localized_names("de")
    assert it["Collaborare"] == "Cooperate"
    assert it["Rifiutare // Collaborare"] == "Refuse // Cooperate"
    assert it["Coltello alla Mano"] == "At Knifepoint"
    assert it["Invocazione: G. F. Cerberus"] == CERBERUS
    assert de["Kooperieren"] == "Cooperate"
    assert de["Mit vorgehaltenem Messer"] == "At Knifepoint"
    assert "Refuse // Cooperate" not in it  # English name carried by some printings: left out
    assert it["Burattinaio"] == "Puppet Master"  # ambiguous: first English name
    assert list(it) == sorted(it)


def test_card_row(table):
    assert table.card_row(REFUSE_COOPERATE) == {
        "card_id": REFUSE_COOPERATE,
        "oracle_id": REFUSE_COOPERATE,
        "name": "Refuse // Cooperate",
        "layout": "aftermath",
        "face_names": ["Refuse", "Cooperate"],
        "names_it": ["Rifiutare // Collaborare", "Refuse // Cooperate"],
        "names_de": ["Verweigern // Kooperieren", "Refuse // Cooperate"],
        "face_names_it": ["Rifiutare", "Refuse", "Collaborare", "Cooperate"],
        "face_names_de": ["Verweigern", "Refuse", "Kooperieren", "Cooperate"],
        "method": "mtgjson-2022",
        "reason": "",
    }
    row = table.card_row(stable_card_id(CERBERUS))
    assert row["oracle_id"] is None and row["name"] == CERBERUS
    assert row["names_it"] == ["Invocazione: G. F. Cerberus"]
    assert row["names_de"] == ["Beschwörung: G.F. Cerberus"]
    assert row["method"] == "supplement:forge" and "oracle id unknown" in row["reason"]
    row = table.card_row(AT_KNIFEPOINT)
    assert (row["names_it"], row["names_de"]) == (
        ["Coltello alla Mano"],
        ["Mit vorgehaltenem Messer"],
    )
    assert row["method"] == "recent:at_knifepoint_otj.json"
    json.dumps(row)  # JSON-ready


def test_unknown_card_id_raises_an_own_key_error(table):
    with pytest.raises(UnknownCardError) as info:
        table.card_row("unresolved:0000000000000000")
    assert isinstance(info.value, KeyError) and isinstance(info.value, CardsError)
    with pytest.raises(UnknownCardError):
        table.card("nope")


def test_card_entries_carry_texts(table):
    c = table.card(AT_KNIFEPOINT)
    assert isinstance(c, CardEntry)
    (face,) = c.faces
    assert (c.oracle_id, c.name, c.layout) == (AT_KNIFEPOINT, "At Knifepoint", "normal")
    assert (face.type, face.mana_cost) == ("Enchantment", "{1}{B}{R}")
    assert face.text.startswith("During your turn, outlaws you control have first strike.")
    assert (
        face.localized("it").name == "Coltello alla Mano"
        and face.localized("it").type == "Incantesimo"
    )
    assert face.localized("it").text.startswith("Fintanto che è il tuo turno")
    assert face.localized("de").text.startswith("Solange es dein Zug ist")
    rc = table.card(REFUSE_COOPERATE)
    coop = rc.faces[1]
    assert (
        coop.face_name,
        coop.mana_cost,
        coop.localized("it").face_name,
        coop.localized("de").face_name,
    ) == (
        "Cooperate",
        "{2}{U}",
        "Collaborare",
        "Kooperieren",
    )
    assert coop.text.startswith("Aftermath")
    assert coop.localized("it").text.startswith("Conseguenze")
    cerb = table.card(stable_card_id(CERBERUS))
    assert cerb.faces[0].text is None  # no English text in the data
    assert (
        "Sorveglia 1." in cerb.faces[0].localized("it").text
        and "\\n" not in cerb.faces[0].localized("it").text
    )
    assert table.card(AT_KNIFEPOINT) is c


def test_iter_parallel_faces(table):
    it = list(table.iter_parallel_faces("it"))
    de = list(table.iter_parallel_faces("de"))
    # 17,056 / 20,315 MTGJSON faces with both texts, plus At Knifepoint and A Little Chat (Forge)
    assert (len(it), len(de)) == (17058, 20317)
    assert all(o and f and e and loc for o, f, e, loc in it + de)
    coop = [t for t in it if t[0] == REFUSE_COOPERATE and t[1] == "Cooperate"]
    assert len(coop) == 1 and coop[0][3].startswith("Conseguenze")
    assert (AT_KNIFEPOINT, "At Knifepoint") in {(o, f) for o, f, _, _ in de}
    assert not any(o.startswith("name:") for o, _, _, _ in it)
    assert it[:50] == list(iter_parallel_faces("it"))[:50]


# --------------------------------------------------------------------------- stable ids


def test_stable_card_id_form():
    cid = stable_card_id(CERBERUS)
    digest = hashlib.sha256(name_key(CERBERUS).encode()).hexdigest()[:16]
    assert cid == "name:" + digest
    assert re.fullmatch(r"name:[0-9a-f]{16}", cid)
    assert stable_card_id("summon:  G. F. Cerberus") == cid
    assert stable_card_id("Summon: G.F. Ifrit") != cid


# --------------------------------------------------------------------------- loading


def test_load_is_cached_when_warm(table):
    again = NamesTable.load()
    assert again is table  # the same object: a dictionary lookup, no parsing
    assert len(table) == 23738 + 1 + 5  # MTGJSON + At Knifepoint + 5 Forge-only Summon cards
    assert table.issues == ()


def _write_data(root: Path, cards: list[dict], forge: str | None = None) -> Path:
    (root / "mtgjson-2022").mkdir(parents=True)
    with gzip.open(root / "mtgjson-2022" / "cards.jsonl.gz", "wt", encoding="utf-8") as fh:
        for c in cards:
            fh.write(json.dumps(c) + "\n")
    if forge is not None:
        (root / "recent").mkdir()
        (root / "recent" / "forge_cardnames_test.txt").write_text(forge, encoding="utf-8")
    return root


def _card(oid: str, name: str, it: str | None = None) -> dict:
    face = {"face_name": None, "type": "Instant", "mana_cost": "{U}", "text": "Draw a card."}
    if it is not None:
        face["it"] = {
            "name": it,
            "face_name": None,
            "names": [it],
            "face_names": [],
            "type": "Istantaneo",
            "text": "Pesca una carta.",
            "set": "XXX",
        }
    return {"oracle_id": oid, "name": name, "layout": "normal", "faces": [face]}


def test_disk_cache_is_written_and_used(tmp_path, monkeypatch):
    data = _write_data(
        tmp_path / "data",
        [_card("o-1", "Opt", "Scrutare"), _card("o-2", "Twin", "Gemello"), _card("o-3", "Twin")],
        "[it-IT]\nNew Card|Carta Nuova||Testo.\\nAltro.\nTwin|Gemelli||\n",
    )
    monkeypatch.setenv(table_mod.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(table_mod, "_CACHE", {})
    first = NamesTable.load(data)
    assert len(list((tmp_path / "cache").glob("names-table-*.marshal"))) == 1
    assert first.resolve_title("Scrutare", "it").card_id == "o-1"
    assert first.resolve_title("Carta Nuova", "it").card_id == stable_card_id("New Card")
    assert first.card(stable_card_id("New Card")).faces[0].localized("it").text == "Testo.\nAltro."
    assert [i.code for i in first.issues] == ["ambiguous_english_name"]  # "Twin" names 2 cards

    def no_build(*_args: object) -> None:
        raise AssertionError("rebuilt although the disk cache is valid")

    monkeypatch.setattr(table_mod, "_CACHE", {})
    monkeypatch.setattr(disk_cache_mod, "build_parts", no_build)
    second = NamesTable.load(data)
    assert second is not first
    assert second.card_row("o-1") == first.card_row("o-1")
    assert second.issues == first.issues
    assert second.resolve_title("Twin", "en").status == "ambiguous"


def test_corrupt_disk_cache_is_rebuilt(tmp_path, monkeypatch):
    data = _write_data(tmp_path / "data", [_card("o-1", "Opt", "Scrutare")])
    monkeypatch.setenv(table_mod.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(table_mod, "_CACHE", {})
    NamesTable.load(data)
    (cache_file,) = (tmp_path / "cache").glob("*.marshal")
    cache_file.write_bytes(b"not a marshal file")
    monkeypatch.setattr(table_mod, "_CACHE", {})
    assert NamesTable.load(data).resolve_title("Scrutare", "it").card_id == "o-1"
    assert cache_file.read_bytes() != b"not a marshal file"


def test_changed_input_gives_a_new_table(tmp_path, monkeypatch):
    monkeypatch.setenv(table_mod.CACHE_ENV, "")  # disk cache disabled
    data = _write_data(tmp_path / "data", [_card("o-1", "Opt", "Scrutare")])
    assert NamesTable.load(data).resolve_title("Scrutare", "it").status == "resolved"
    path = data / "mtgjson-2022" / "cards.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps(_card("o-1", "Opt", "Sbirciare")) + "\n")
    table = NamesTable.load(data)
    assert table.resolve_title("Scrutare", "it").status == "unresolved"
    assert table.resolve_title("Sbirciare", "it").card_id == "o-1"


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            ['{"oracle_id": "a", "name": "A", "layout": "normal", "faces": []}'],
            ":1: missing or empty",
        ),
        (["{not json"], ":1: invalid JSON"),
        (
            [json.dumps(_card("a", "A")), '{"name": "B"}'],
            ":2: missing or invalid field 'oracle_id'",
        ),
        ([json.dumps(_card("a", "A")), json.dumps(_card("a", "A2"))], "appears twice"),
    ],
)
def test_malformed_mtgjson_is_a_data_error(tmp_path, monkeypatch, lines, message):
    monkeypatch.setenv(table_mod.CACHE_ENV, "")
    root = tmp_path / "data"
    (root / "mtgjson-2022").mkdir(parents=True)
    with gzip.open(root / "mtgjson-2022" / "cards.jsonl.gz", "wt", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    with pytest.raises(CardDataError, match=re.escape(message)):
        NamesTable.load(root)


def test_missing_data_and_bad_forge_lines_are_data_errors(tmp_path, monkeypatch):
    monkeypatch.setenv(table_mod.CACHE_ENV, "")
    with pytest.raises(CardDataError, match="not found"):
        NamesTable.load(tmp_path / "nowhere")
    data = _write_data(tmp_path / "d1", [_card("o-1", "Opt")], "Opt|Scrutare||\n")
    with pytest.raises(CardDataError, match=r":1: card line before any \[lang\] section"):
        NamesTable.load(data)
    data = _write_data(tmp_path / "d2", [_card("o-1", "Opt")], "[it-IT]\n# c\nOpt\n")
    with pytest.raises(CardDataError, match=":3: expected English"):
        NamesTable.load(data)


def test_disk_cache_keeps_only_the_newest_files(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    for i in range(5):  # stale0 and stale1: the .pickle files of the first cache format
        stale = cache / f"names-table-stale{i}.{'pickle' if i < 2 else 'marshal'}"
        stale.write_bytes(b"old")
        os.utime(stale, ns=(i * 10**9, i * 10**9))
    (cache / "unrelated.txt").write_text("x")
    data = _write_data(tmp_path / "data", [_card("o-1", "Opt", "Scrutare")])
    monkeypatch.setenv(table_mod.CACHE_ENV, str(cache))
    monkeypatch.setattr(table_mod, "_CACHE", {})
    NamesTable.load(data)
    kept = sorted(p.name for p in cache.glob("names-table-*"))
    assert len(kept) == 3
    assert "names-table-stale4.marshal" in kept and "names-table-stale3.marshal" in kept
    assert (cache / "unrelated.txt").exists()  # only names-table cache files are pruned
