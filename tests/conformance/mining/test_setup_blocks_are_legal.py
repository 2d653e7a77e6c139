"""A case's scripted blocks are ones the rules allow: a creature with flying can be blocked only by a
creature with flying or reach (702.9b, 702.17b). The reference engine takes a setup's blocks as given, so
an illegal one passes there and is refused only by an engine that declares the blocks for real (phase:
"phase asks for no blockers (none can block)"): infect-counters-stay once had Enormous Baloth block Plague
Stinger."""

from __future__ import annotations

from committed_suite import committed_cases

from conformance.cases_io import case_from_mapping
from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, mine
from conformance.reference import ReferenceEngine
from conformance.reference.cards import load_cards
from conformance.runner import execute_case

COUNTERS = "The -1/-1 counters remain on the creature indefinitely. They're not removed if the " \
    "creature regenerates or the turn ends."


def _keywords(obj: dict) -> set[str]:
    card = load_cards().get(obj["card"])
    printed = set(card.faces[0].text.keywords) if card is not None else set()
    return printed | {str(k).lower() for k in obj.get("keywords") or []}


def _illegal_blocks(setup: dict) -> list[str]:
    objects = {o["id"]: o for p in (setup.get("players") or {}).values()
               for o in (p or {}).get("battlefield") or []}
    out = []
    for o in objects.values():
        attacker = objects.get(o.get("blocking"))
        if attacker is not None and "flying" in _keywords(attacker) \
                and not {"flying", "reach"} & _keywords(o):
            out.append(f"{o['id']} ({o['card']}) blocks the flyer {attacker['id']} ({attacker['card']})")
    return out


def test_no_committed_case_blocks_a_flyer_without_flying_or_reach() -> None:
    bad = {c.id: _illegal_blocks(c.setup) for c in committed_cases()}
    assert not {k: v for k, v in bad.items() if v}


def test_the_infect_counters_case_of_a_flyer_gives_its_blocker_reach() -> None:
    r = mine([RulingGroup("g", "Plague Stinger", "2011-01-01", {"en": COUNTERS})])
    assert [o.status for o in r.outcomes] == [MINED], r.outcomes[0].reason
    (data,) = r.cases.values()
    case = case_from_mapping(data)
    assert _illegal_blocks(case.setup) == []
    assert execute_case(ReferenceEngine(), case, timeout=10.0).status == "pass"
