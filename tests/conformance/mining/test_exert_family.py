"""The exert families (701.39): each mined case passes on the reference engine and fails on
the family's mutant; attackers are exerted with ``declare_attackers``' ``exert`` list."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.case_costs import cost_needs

PERMISSION = "You can't exert a creature unless an effect allows you to do so. Similar " \
    "effects that \"tap and freeze\" a creature (such as that of Decision Paralysis) don't " \
    "exert that creature."
VIGILANCE = "If an exerted creature is already untapped during your next untap step (most " \
    "likely because it had vigilance or an effect untapped it), exert's effect preventing it " \
    "from untapping expires without having done anything."
STOLEN = "If you gain control of another player's creature until end of turn and exert it, it " \
    "will untap during that player's untap step."
BLOCKERS = "All cards in the Amonkhet set that let you exert a creature let you do so as you " \
    "declare it as an attacking creature, as do some of the cards in the Hour of Devastation " \
    "set. You can't do so later in combat, and creatures put onto the battlefield attacking " \
    "can't be exerted. Any abilities that trigger on exerting an attacking creature will " \
    "resolve before blockers are declared."
NO_TARGET = "If a creature has a targeted triggered ability that triggers when you exert it, " \
    "you can exert it even if there isn't a legal target for that triggered ability."
AGAIN = "Some cards in the Hour of Devastation set let you exert a creature as a cost to " \
    "activate one of its abilities. You can exert it to pay that cost even if you've already " \
    "exerted it earlier in the turn. Exerting it multiple times will keep it tapped only " \
    "during your next untap step."
ANY = "Some cards have abilities that trigger whenever you exert any creature. These " \
    "abilities trigger when you exert that creature or any other creature you control."


@pytest.mark.parametrize(("text", "family", "card"), [
    (PERMISSION, "exert-needs-permission", "Hooded Brawler"),
    (VIGILANCE, "exert-vigilance-expires", "Watchful Naga"),  # draws a card
    (VIGILANCE, "exert-vigilance-expires", "Ahn-Crop Crasher"),  # targets itself
    (STOLEN, "exert-stolen-creature", "Resolute Survivors"),
    (BLOCKERS, "exert-trigger-before-blockers", "Emberhorn Minotaur"),
    (BLOCKERS, "exert-trigger-before-blockers", "Devoted Crop-Mate"),  # returns a Bears
    (NO_TARGET, "exert-without-target", "Vizier of the True"),
    (ANY, "exerted-any-creature", "Trueheart Twins"),
    (ANY, "exerted-any-creature", "Vizier of the True"),  # taps p2's Bears
    (AGAIN, "exert-cost-again", "Steward of Solidarity"),  # two Warrior tokens
    (AGAIN, "exert-cost-again", "Fervent Paincaster"),  # 1 damage to Hill Giant twice
])
def test_the_case_kills_the_family_mutant(text: str, family: str, card: str) -> None:
    assert_kills_its_mutant(mined_one(card, text, family, "2017-04-18"), family)


def test_a_case_exerting_needs_the_cost_exert() -> None:
    data = mined_one("Hooded Brawler", BLOCKERS, "exert-trigger-before-blockers", "2017-04-18")
    (declare,) = [a for a in data["actions"] if "declare_attackers" in a]
    assert declare["declare_attackers"]["exert"] == ["x"]
    assert list(cost_needs(declare)) == ["exert"]
    assert list(cost_needs({"declare_attackers": {"player": "p1", "attackers": {}}})) == []


def test_the_stolen_creature_is_back_with_its_owner_untapped() -> None:
    data = mined_one("Gust Walker", STOLEN, "exert-stolen-creature", "2017-04-18")
    assert data["expect"]["state"]["objects"] == {"x": {"controller": "p2", "tapped": False}}
