"""Rulings about what the case format does not model, or that state no game behaviour, are
recognised and classified with the reason; real families still match first."""

from __future__ import annotations

import pytest

from conformance.mining.families import BY_ID, FAMILIES, classified_formats
from conformance.mining.miner import match_family
from conformance.mining.model import Context


@pytest.mark.parametrize(("text", "family", "word"), [
    ("Contraptions are artifacts. Anything that interacts with artifacts will interact with "
     "Contraptions.", "contraptions", "Contraption"),
    ("To venture into the dungeon, a player moves their venture marker into the next room of "
     "the dungeon they are currently in.", "dungeons", "dungeons"),
    ("Some effects instruct you to roll again. This uses the same number and type of dice as "
     "the original roll.", "die-rolls", "random"),
    ("A plane card is treated as if its text box included \"When you roll {PW}, put this card "
     "on the bottom of its owner's planar deck face down.\"", "planechase", "Planechase"),
    ("For more information on double-faced cards, see the Shadows over Innistrad mechanics "
     "article (http://magic.wizards.com/en/articles/archive/feature/shadows-over-innistrad-"
     "mechanics).", "article-pointer", "article"),
])
def test_out_of_format_rulings_are_classified_with_their_reason(text, family, word):
    found = match_family("en", text, "Some Card")
    assert found is not None and found.id == family
    outcome = found.generate(Context(group=None, card=None, lang="en", text=text))  # type: ignore[arg-type]
    assert outcome.__class__.__name__ == "NotExecutable" and word in outcome.reason
    assert BY_ID[family].mutant is None


def test_they_match_after_every_family_that_can_script_a_ruling():
    ids = [f.id for f in FAMILIES]
    first = min(ids.index(f.id) for f in classified_formats.FAMILIES)
    assert ids[first:] == [f.id for f in classified_formats.FAMILIES]


def test_a_ruling_a_real_family_scripts_is_not_taken():
    text = ("If the target creature is an illegal target by the time CARDNAME tries to resolve, "
            "the spell doesn't resolve.")
    found = match_family("en", text, "Some Card")
    assert found is not None and found.id == "illegal-target-fizzle"
