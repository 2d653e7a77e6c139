"""Faithful mined cases (issue #15): one test per known defect of the mined suite, on the
committed cases and on the miner that writes them; and per family, its mutant is killed by
that family's cases alone."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest
from committed_suite import mined_cases

from conformance.cases_io import Case
from conformance.mining.build import decision_needed, draws
from conformance.mining.corpus import RulingGroup, card_index
from conformance.mining.families import BY_ID, FAMILIES
from conformance.mining.miner import DUPLICATE, MINED, mine
from conformance.reference import ReferenceEngine
from conformance.reference.mutants import MUTANTS
from conformance.runner import execute_case


def mined() -> tuple[Case, ...]:
    """The committed mined cases (parsed once per test process: ``tests/committed_suite.py``)."""
    return mined_cases()


def family(c: Case) -> str:
    return str(c.provenance["source"]).removeprefix("mined:")


def _resolves(case: Case) -> bool:
    return any(next(iter(a)) in ("resolve_top", "resolve_stack", "pass_priority")
               for a in case.actions)


def _not_activated(text: str | None, case: Case | None = None) -> str:
    """A face's text without its activated abilities ("[cost]: [effect]", 602.1): casting or
    resolving the spell never activates them (Aether Theorist's "{T}, Pay {E}: Scry 1.");
    nor, in a case that declares no attackers or blockers and advances no step, the abilities
    that trigger on attacking or blocking or at the beginning of a step (Aether Chaser's
    "Whenever CARDNAME attacks, you may pay {E}{E}. ..."; Suspicious Stowaway's "Whenever
    CARDNAME deals combat damage to a player, draw a card, then discard a card")."""
    kept = [ln for ln in (text or "").split("\n")
            if not re.match(r"(?:\{[^}]+\}|[A-Z][^:.\"]*?)(?:, [^:.\"]+)*: ", ln)]
    acts = {next(iter(a)) for a in case.actions} if case is not None else None
    if acts is not None and not acts & {"declare_attackers", "declare_blockers"}:
        kept = [ln for ln in kept if not re.match(
            r"Whenever \S.*? (?:attacks|blocks|becomes blocked|deals combat damage)\b[^,]*,",
            ln)]
    if acts is not None and "advance" not in acts:
        kept = [ln for ln in kept if not ln.startswith("At the beginning of ")]
    return "\n".join(kept)


def _resolved_faces(case: Case) -> list[tuple[str, str]]:
    """(object id, face text) of each spell the case's actions cast and then resolve (a
    simple stack walk: ``resolve_top`` resolves the last spell cast, ``resolve_stack`` all;
    actions from an expected refusal on are not carried out; a spell the case expects not to
    resolve — a ``resolved`` event in ``events_absent``, e.g. under a cast trigger that
    resolves first — does not)."""
    objects = {o["id"]: o["card"] for p in case.setup["players"].values()
               for zone in ("hand", "graveyard", "battlefield", "library", "exile")
               for o in p.get(zone, [])}
    idx = card_index()
    stop = case.expect.get("error", {}).get("action", len(case.actions))
    stack: list[tuple[str, str]] = []
    out: list[tuple[str, str]] = []
    for a in case.actions[:stop]:
        name, body = next(iter(a.items()))
        if name == "cast":
            card = idx.get(objects.get(body["object"], ""))
            if card is None:
                continue
            face = card.faces[0]
            if body.get("half"):
                face = next(f for f in card.faces if f.name == body["half"])
            if (body.get("costs") or {}).get("alternative") == "morph":
                stack.append((body["object"], ""))  # face down: no text (708.2)
                continue
            stack.append((body["object"], _not_activated(face.text, case)))
        elif name == "resolve_top" and stack:
            out.append(stack.pop())
        elif name == "resolve_stack":
            out += reversed(stack)
            stack = []
    unresolved = {e.get("object") for e in case.expect.get("events_absent", [])
                  if e.get("type") == "resolved"}
    return [(oid, text) for oid, text in out if oid not in unresolved]


def test_decision_detector_knows_the_unscriptable_decisions() -> None:
    assert decision_needed("Scry 2, then draw a card.") == "scry"
    assert decision_needed("Look at the top four cards of your library. Put one of them into "
                           "your hand and the rest into your graveyard.")
    assert decision_needed("Choose a card name. Until your next turn, your opponents can't "
                           "cast spells with the chosen name.") == "naming a card"
    assert decision_needed("Copy target instant or sorcery spell. You may choose new targets "
                           "for the copy.") is None
    assert decision_needed("Firebolt deals 2 damage to any target.") is None


ANSWERED_BY = {"scry": "cards", "surveil": "cards", "a library search": "cards",
               "choosing among the looked-at cards": "cards", "choosing cards to discard": "cards",
               "an optional instruction": "may"}
"""The decisions a protocol-2 ``choose`` answers (SPEC.md, "choose (protocol 2)"), by kind."""


def test_no_mined_case_leaves_a_decision_unanswered() -> None:
    """A case that resolves a spell needing scry, "one of them" or a card name must be
    refused by a strict engine unless the case answers it: the miner emits none (Forbidden
    Alchemy, Scour All Possibilities, Failure // Comply, Reason // Believe were mined before).
    A case scripting the ``cards`` (``may``) choice answers a scry, surveil, search or discard
    (a "you may")."""
    bad = []
    for case in mined():
        if not _resolves(case):
            continue
        answered = {a["choose"].get("choice") for a in case.actions if "choose" in a}
        countered = {e.get("object") for e in case.expect.get("events", [])
                     if e.get("type") == "countered"} | {
            e.get("object") or e.get("source") for e in case.expect.get("events_absent", [])
            if e.get("type") == "resolved"}  # countered, or its abilities not resolved (608.2b)
        for obj, text in _resolved_faces(case):
            what = decision_needed(text)
            if what and obj not in countered and ANSWERED_BY.get(what) not in answered:
                bad.append(f"{case.id}: {what}")
    assert not bad, bad


def test_narsets_reversal_copy_cases_expect_the_original_back_in_hand() -> None:
    """"Copy target instant or sorcery spell, then return it to its owner's hand": the copy
    cases once expected the original to resolve (the clause was swallowed). Now each of its
    cases expects the copied spell back in its owner's hand and its effect once (the copy's)."""
    cases = [c for c in mined() if c.provenance["card"] == "Narset's Reversal"]
    assert len(cases) >= 5
    for case in cases:
        copied = next(a["cast"]["targets"][0] for a in case.actions
                      if "cast" in a and a["cast"]["object"] == "copier")
        assert case.expect["state"]["zones"][copied] == "hand", case.id
    g = RulingGroup("g", "Narset's Reversal", "2020-01-01",
                    {"en": "The copy is created on the stack, so it's not \"cast.\""})
    r = mine([g])
    (data,) = r.cases.values()
    assert data["expect"]["state"]["life"] == {"p2": 13}  # one Bolt (the copy), two Guttersnipes
    assert data["expect"]["state"]["zones"] == {"bolt": "hand"}


def test_fork_still_copies() -> None:
    g = RulingGroup("g", "Fork", "2020-01-01",
                    {"en": "The copy is created on the stack, so it's not \"cast.\""})
    assert list(mine([g], verify=False).cases) == ["fork/mined-copy-not-cast"]


def test_draws_give_every_player_a_library_to_draw_from() -> None:
    """Echo of Eons made both players draw seven cards from libraries of three and none."""
    assert draws("Each player shuffles their hand and graveyard into their library, then "
                 "draws seven cards.") == {"p1": 7, "p2": 7}
    checked = 0
    for case in mined():
        need = {"p1": 0, "p2": 0}
        for _, text in _resolved_faces(case):
            for pid, n in draws(text).items():
                need[pid] += n
        for pid, n in need.items():
            if n:
                checked += 1
                assert len(case.setup["players"][pid].get("library", [])) > n, (case.id, pid)
    assert checked >= 4  # Echo of Eons, Think Twice, Memory, ...


def test_no_cycling_case_for_a_card_with_madness() -> None:
    """Ichor Slick has madness: cycling discards it into exile (rule 702.35a), but the
    cycling-activated case expected it in the graveyard."""
    idx = card_index()
    for case in mined():
        if family(case) == "cycling-activated":
            text = idx[case.provenance["card"]].faces[0].text
            assert "Madness" not in text, case.id
    g = RulingGroup("g", "Ichor Slick", "2020-01-01",
                    {"en": "Cycling is an activated ability. Effects that interact with activated "
                           "abilities (such as Stifle or Rings of Brighthearth) will interact with "
                           "cycling."})
    r = mine([g], verify=False)
    assert not r.cases and "madness" in r.outcomes[0].reason


def test_flashback_priority_second_target_survives_the_first_cast() -> None:
    """Sever the Bloodline exiles the target "and all other creatures with the same name": the
    second cast's target must not share the first one's name."""
    for case in mined():
        if family(case) != "flashback-priority":
            continue
        text = " ".join(f.text or "" for f in card_index()[case.provenance["card"]].faces)
        if "same name" not in text:  # only a same-name effect reaches the second target
            continue
        casts = [a["cast"] for a in case.actions if "cast" in a]
        t1, t2 = casts[0].get("targets") or [], casts[1].get("targets") or []
        objects = {o["id"]: o["card"] for p in case.setup["players"].values()
                   for o in p.get("battlefield", [])}
        if t1 and t2 and t1 != t2:
            assert objects.get(t1[0]) != objects.get(t2[0]), case.id


def test_no_flashback_never_cast_case_repeats_flashback_meaning() -> None:
    """flashback-never-cast was flashback-meaning's setup with a subset of its checks."""
    assert not [c.id for c in mined() if family(c) == "flashback-never-cast"]


def _subset(small: Any, big: Any) -> bool:
    if isinstance(small, dict) and isinstance(big, dict):
        return all(k in big and _subset(v, big[k]) for k, v in small.items())
    if isinstance(small, list) and isinstance(big, list):
        return all(any(_subset(s, b) for b in big) for s in small)
    return bool(small == big)


def test_no_case_is_a_subset_of_another_on_the_same_setup() -> None:
    """No case whose actions are a prefix of another's on the same setup while its event
    assertions are a subset of the other's (flashback-never-cast against flashback-meaning):
    it would check nothing the other does not."""
    by_setup: dict[str, list[Case]] = defaultdict(list)
    for c in mined():
        by_setup[repr((c.setup, c.provenance["card"]))].append(c)
    bad = []
    keys = ("events", "events_absent", "event_counts", "error")
    for group in by_setup.values():
        for a in group:
            for b in group:
                if a.id == b.id or b.actions[:len(a.actions)] != a.actions:
                    continue
                ea = {k: a.expect[k] for k in keys if k in a.expect}
                eb = {k: b.expect[k] for k in keys if k in b.expect}
                if ea and _subset(ea, eb):
                    bad.append((a.id, b.id))
    assert not bad, bad


def test_saga_order_cases_script_the_non_default_order() -> None:
    cases = [c for c in mined() if family(c) == "saga-chapter-order"]
    assert cases
    for c in cases:
        (choose,) = [a["choose"] for a in c.actions
                     if a.get("choose", {}).get("choice") == "trigger_order"]
        assert choose["order"] == ["saga_b", "saga_a"], c.id  # saga_a triggered first
        targets = [a["choose"]["source"] for a in c.actions
                   if a.get("choose", {}).get("choice") == "targets"]
        assert targets in ([], ["saga_b", "saga_a"], ["saga_b"], ["saga_a"]), c.id  # bottom first


def test_mana_value_cases_have_costs_that_differ() -> None:
    for c in mined():
        if family(c) != "flashback-mana-value":
            continue
        card = card_index()[c.provenance["card"]]
        paid = c.setup["players"]["p1"].get("mana", "")  # none: a cost other than mana
        mv = c.expect["state"]["objects"]["fb"]["mana_value"]
        assert paid.count("{") != mv, (c.id, card.main.mana_cost, paid)


def test_no_case_quotes_english_under_it_or_de() -> None:
    """The At Knifepoint first-strike cases, Refuse // Cooperate's copy-x and Cerberus'
    copy-any-spell stored English rulings under `it`/`de`."""
    from pipeline.language import get_detector

    detector = get_detector("lingua")
    items = [(c.id, lang, text) for c in mined()
             for lang, text in c.provenance["rulings"].items() if lang in ("it", "de")]
    guesses = detector.detect_many([t for _, _, t in items])
    bad = [(cid, lang) for (cid, lang, _), g in zip(items, guesses, strict=True)
           if g.lang == "en"]
    assert not bad, bad


def test_group_quotes_move_a_text_to_its_language() -> None:
    g = RulingGroup("g", "X", None, {"en": "A ruling.", "it": "A ruling (copy)."},
                    langs={"it": "en"})
    assert g.quotes() == {"en": "A ruling."}
    g = RulingGroup("g", "X", None, {"it": "An English ruling."}, langs={"it": "en"})
    assert g.quotes() == {"en": "An English ruling."}


@pytest.mark.ci  # the whole corpus (built and mined once per session): CI only
def test_every_ruling_counted_as_mined_is_quoted_by_a_case(full_corpus_mined: Any) -> None:
    r = full_corpus_mined
    quoted = defaultdict(set)
    for case in r.cases.values():
        quoted[case["provenance"]["group_id"]].add(case["id"])
    unquoted = [o.group_id for o in r.outcomes if o.status == MINED and not quoted[o.group_id]]
    assert not unquoted, unquoted
    assert sum(o.status == DUPLICATE for o in r.outcomes) >= 1


@pytest.fixture(scope="module")
def reference_passing() -> dict[str, list[Case]]:
    engine = ReferenceEngine()
    out: dict[str, list[Case]] = defaultdict(list)
    for c in mined():
        if execute_case(engine, c, timeout=10.0).status == "pass":
            out[family(c)].append(c)
    return out


def test_every_generating_family_names_a_mutant() -> None:
    for fam in FAMILIES:
        if fam.mutant is not None:
            assert fam.mutant in MUTANTS, fam.id
    with_cases = {family(c) for c in mined()}
    assert all(BY_ID[f].mutant for f in with_cases), sorted(
        f for f in with_cases if not BY_ID[f].mutant)


@pytest.mark.parametrize("fam", sorted(f.id for f in FAMILIES if f.mutant))
def test_family_cases_alone_kill_its_mutant(fam: str,
                                            reference_passing: dict[str, list[Case]]) -> None:
    cases = reference_passing.get(fam, [])
    if not cases:
        pytest.skip(f"the reference engine implements no card of {fam}'s cases")
    engine = MUTANTS[BY_ID[fam].mutant or ""]()
    assert any(execute_case(engine, c, timeout=10.0).status != "pass" for c in cases), \
        f"{BY_ID[fam].mutant} survives the {fam} cases"


def test_a_card_whose_cases_do_not_kill_the_mutant_gets_none() -> None:
    """Think Twice is an instant: "can be cast with flashback on an opponent's turn" passes on
    an engine that ignores timing for flashback too, so its flashback-timing case is dropped."""
    text = ("You must still follow any timing restrictions and permissions, including those "
            "based on the card's type. For instance, you can cast a sorcery using flashback "
            "only when you could normally cast a sorcery.")
    r = mine([RulingGroup("t", "Think Twice", "2020-01-01", {"en": text}),
              RulingGroup("f", "Firebolt", "2020-01-01", {"en": text})])
    assert list(r.cases) == ["firebolt/mined-flashback-timing"]
    think = next(o for o in r.outcomes if o.card == "Think Twice")
    assert "flashback_ignores_timing passes it too" in think.reason


def test_targets_that_the_setup_cannot_arrange_are_not_scripted() -> None:
    """Found by phase: Pulse of Murasa's "target creature or land card from a graveyard" was
    scripted at a creature on the battlefield, and Feast of Blood ("Cast this spell only if you
    control two or more Vampires") was cast without the Vampires."""
    from conformance.mining.build import scripted_targets

    assert scripted_targets("Return target creature or land card from a graveyard to its "
                            "owner's hand. You gain 6 life.") is None
    assert scripted_targets("Cast this spell only if you control two or more Vampires. "
                            "Destroy target creature. You gain 4 life.") is None
    assert scripted_targets("Destroy target creature or planeswalker.") == [
        ("bears2", "Grizzly Bears")]
