"""Issue #15: a mined case whose card the reference engine does not build cannot have its
family's mutant checked on it, so the miner emits no case for that card (it stays
``not_executable`` with the reason)."""

from __future__ import annotations

from conformance.mining.corpus import RulingGroup
from conformance.mining.miner import MINED, NOT_EXECUTABLE, mine
from conformance.reference.cards import card_names, refused_cards

DEVOID = "A card with devoid is just colorless. It's not colorless and the colors of mana in its " \
    "mana cost."


def test_no_case_for_a_card_the_reference_engine_does_not_build() -> None:
    """Barrage Tyrant (devoid) would be mined into devoid cases kept without the per-card
    mutant check; Blinding Drone, which the engine builds, keeps its case."""
    assert "Barrage Tyrant" in refused_cards()  # "{2}{R}, Sacrifice another colorless ..."
    assert "Blinding Drone" in card_names()
    r = mine([RulingGroup("g", "Barrage Tyrant", "2015-08-25", {"en": DEVOID}),
              RulingGroup("d", "Blinding Drone", "2015-08-25", {"en": DEVOID})])
    assert list(r.cases) == ["blinding-drone/mined-devoid-colorless"]
    tyrant = next(o for o in r.outcomes if o.card == "Barrage Tyrant")
    assert tyrant.status == NOT_EXECUTABLE
    assert "the reference engine does not build the card" in tyrant.reason
    drone = next(o for o in r.outcomes if o.card == "Blinding Drone")
    assert drone.status == MINED


def test_without_verification_the_case_is_still_drafted() -> None:
    """``verify=False`` (drafting only) keeps the old behaviour: nothing is run, so nothing is
    dropped for lack of a run."""
    r = mine([RulingGroup("g", "Barrage Tyrant", "2015-08-25", {"en": DEVOID})], verify=False)
    assert list(r.cases) == ["barrage-tyrant/mined-devoid-colorless"]
