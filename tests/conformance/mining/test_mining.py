"""The miner: recognisers, generators, determinism, seed accounting, mutants, --check."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from committed_suite import mined_cases

from conformance.cases_io import CASES_DIR, Case
from conformance.mining import output
from conformance.mining.corpus import SEED_CARDS, RulingGroup, card_index
from conformance.mining.families import FAMILIES
from conformance.mining.miner import MINED, NOT_EXECUTABLE, UNRECOGNISED, match_family, mine
from conformance.mining.text import normalise, slug
from conformance.reference.mutants import MUTANTS, SEED_RULING_MUTANTS
from conformance.runner import execute_case

ROOT = Path(__file__).resolve().parents[3]


def group(card: str, gid: str = "g1", **texts: str) -> RulingGroup:
    return RulingGroup(gid, card, "2020-01-01", dict(texts))


def test_normalise_canonicalises_quotes_and_names() -> None:
    t = normalise("Cooperate can\u2019t copy \u201cthat\u201d.", ("Cooperate",))
    assert t == "CARDNAME can't copy \"that\"."
    assert slug("Summon: G.F. Cerberus") == "summon-gf-cerberus"
    assert slug("Refuse // Cooperate") == "refuse-cooperate"


def test_family_ids_are_unique_and_slugs() -> None:
    ids = [f.id for f in FAMILIES]
    assert len(ids) == len(set(ids)) >= 15
    assert all(slug(i) == i for i in ids)


@pytest.mark.parametrize(("lang", "text", "card", "family"), [
    ("en", "The copy is created on the stack, so it's not \u201ccast.\u201d Abilities ...",
     "Twincast", "copy-not-cast"),
    ("it", "La copia viene creata sulla pila, quindi non viene \"lanciata\".",
     "Summon: G.F. Cerberus", "copy-not-cast"),
    ("it", "Rimuovere segnalini sapere non fa innescare un'abilità capitolo precedente.",
     "Summon: G.F. Cerberus", "saga-removed-counters"),
    ("de", "Ein Spieler kann nur ein Verbrechen pro Zauberspruch oder Fähigkeit begehen",
     "At Knifepoint", "crime-one-per-spell"),
    ("en", "Cycling is an activated ability. Effects that interact with activated abilities "
     "(such as Stifle) will interact with cycling.", "Desert Cerodon", "cycling-activated"),
])
def test_recognisers(lang: str, text: str, card: str, family: str) -> None:
    fam = match_family(lang, normalise(text), card)
    assert fam is not None and fam.id == family


def test_seed_families_only_apply_to_their_card() -> None:
    text = normalise("Outlaw is not a creature type.")
    assert match_family("en", text, "At Knifepoint") is not None
    assert match_family("en", text, "Grizzly Bears") is None


def test_generated_case_quotes_every_language_once() -> None:
    g = group("Refuse // Cooperate", "gx",
              en="If you copy a spell, you control the copy. It will resolve before the "
                 "original spell does.",
              it="Se copi una magia, controlli la copia. Si risolverà prima della magia "
                 "originale.")
    r = mine([g])
    assert [o.status for o in r.outcomes] == [MINED]
    (case,) = r.cases.values()
    assert case["provenance"]["rulings"] == g.texts
    assert case["provenance"]["group_id"] == "gx"
    assert case["provenance"]["source"] == "mined:copy-controller"
    assert case["status"] == "unverified"  # the verification table decides, not the miner


def test_italian_only_group_mines_on_its_own() -> None:
    g = group("Summon: G.F. Cerberus", "gi",
              it="Se la magia che viene copiata ha una X il cui valore è stato determinato al "
                 "momento del lancio, la copia avrà lo stesso valore di X.")
    r = mine([g])
    assert r.outcomes[0].status == MINED
    assert list(r.cases) == ["summon-gf-cerberus/mined-copy-x"]


def test_not_executable_and_unrecognised_have_outcomes() -> None:
    r = mine([group("Refuse // Cooperate", "a", en="Each split card has two names. ..."),
              group("Grizzly Bears", "b", en="Bears are cute.")])
    a, b = r.outcomes
    assert a.status == NOT_EXECUTABLE and a.reason.startswith("not executable:")
    assert b.status == UNRECOGNISED and not r.cases


def test_generic_family_generates_per_card_from_oracle_text() -> None:
    text = ("\u201cFlashback [cost]\u201d means \u201cYou may cast this card from your graveyard "
            "by paying [cost] rather than paying its mana cost\u201d and ...")
    r = mine([group("Firebolt", "f", en=text), group("Think Twice", "t", en=text)])
    assert sorted(r.cases) == ["firebolt/mined-flashback-meaning",
                               "think-twice/mined-flashback-meaning"]
    assert {c["status"] for c in r.cases.values()} == {"unverified"}
    fire = r.cases["firebolt/mined-flashback-meaning"]
    assert fire["setup"]["players"]["p1"]["mana"] == "{R}{C}{C}{C}{C}"  # the flashback cost


def test_mining_is_deterministic() -> None:
    groups = [group(c, f"g{i}", en="The copy is created on the stack, so it's not \"cast.\"")
              for i, c in enumerate(sorted(SEED_CARDS))]
    a, b = mine(groups), mine(groups)
    assert [output.render_case(c) for c in a.cases.values()] == \
        [output.render_case(c) for c in b.cases.values()]


def mined_seed_cases() -> list[Case]:
    return [c for c in mined_cases() if c.provenance["card"] in SEED_CARDS]


def test_committed_seed_cases_cover_the_issue() -> None:
    cases = mined_seed_cases()
    assert len(cases) >= 35
    assert all(c.status == "verified" for c in cases)
    feats = {f for c in cases for f in c.features}
    assert {"crime", "outlaw", "first_strike", "saga", "copy_spell", "split_card",
            "aftermath"} <= feats
    assert {c.provenance["card"] for c in cases} == set(SEED_CARDS)


@pytest.mark.parametrize("name", sorted(SEED_RULING_MUTANTS))
def test_mined_seed_cases_kill_every_mutant(name: str) -> None:
    engine = MUTANTS[name]()
    assert any(execute_case(engine, c, timeout=10.0).status != "pass"
               for c in mined_seed_cases()), f"mutant {name} survives the mined seed cases"


def test_plan_never_overwrites_hand_written_cases(tmp_path: Path) -> None:
    g = group("Refuse // Cooperate", "gx",
              en="If you copy a spell, you control the copy. It will resolve before the "
                 "original spell does.")
    r = mine([g])
    (case_id,) = r.cases
    path = tmp_path / f"{case_id}.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("id: x\nprovenance: {source: hand-written}\n", encoding="utf-8")
    p = output.plan(r, tmp_path)
    assert p.skipped == [case_id] and path not in p.write
    output.apply(p)
    assert "hand-written" in path.read_text(encoding="utf-8")
    assert (tmp_path / "COVERAGE.md").is_file() and (tmp_path / "coverage.json").is_file()
    stale = tmp_path / "old-card" / "mined-gone.yaml"
    stale.parent.mkdir()
    stale.write_text("provenance: {source: 'mined:copy-x'}\n", encoding="utf-8")
    p2 = output.plan(r, tmp_path)
    # mining did not write it (its marker does not list it): never deleted, whatever it says
    # (deleting stale files mining did write: tests/conformance/mining/test_mined_output_safety.py)
    assert p2.delete == [] and not p2.write


def test_card_index_has_the_seed_cards() -> None:
    idx = card_index()
    assert set(SEED_CARDS) <= set(idx)
    assert idx["Summon: G.F. Cerberus"].main.subtypes == ("Saga", "Dog")


@pytest.fixture(scope="module")
def dataset(full_corpus_dataset: Path) -> Path:
    """The full-corpus dataset, built once per session (tests/conftest.py); read-only."""
    return full_corpus_dataset


@pytest.mark.ci  # the whole corpus (built and mined once per session): CI only
def test_mine_check_is_green_and_detects_changes(mine_from_fixture: Path, tmp_path: Path) -> None:
    """``mine --check`` on a copy of the committed cases with one mined file edited exits 1
    and lists that file as the only difference: mining reproduces every other committed case
    and the coverage files. (One mining run; ``make run`` and CI also run ``mine --check`` on
    the committed suite itself and need exit 0.)"""
    from rulings.cli import cli

    copy = tmp_path / "cases"
    shutil.copytree(CASES_DIR, copy)
    victim = next(copy.glob("refuse-cooperate/mined-*.yaml"))
    victim.write_text(victim.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["mine", str(mine_from_fixture), "--check", "-q", "--out",
                                   str(copy)])
    assert res.exit_code == 1, res.output
    assert res.stdout.splitlines() == [f"changed: refuse-cooperate/{victim.name}"], res.output
    assert "1 differences" in res.stderr
