"""The copy-* families script more copy wordings (issue #15): a copy limited by mana value
(Expansion // Explosion), a creature with flash copying as it enters (Naru Meha), an activated
copy ability (Nivix Guildmage) and a spell whose delayed trigger copies the next instant or
sorcery spell (Galvanic Iteration, Dual Strike); each mined case passes on the reference engine
and fails on its family's mutant."""

from __future__ import annotations

import pytest
from family_checks import assert_kills_its_mutant, mined_one

from conformance.mining.corpus import card_index
from conformance.mining.families.copy_copiers import copier_of
from conformance.mining.model import NotExecutable

NOT_CAST = "The copy is created on the stack, so it's not \"cast.\""
SAME_TARGETS = ("The copy will have the same targets as the spell it's copying unless you choose "
                "new ones.")
MODAL = ("If the spell that's copied is modal (that is, it says \"Choose one —\" or the like), "
         "the copy will have the same mode. You can't choose a different one.")
X = ("If the spell that's copied has an X whose value was determined as it was cast (like "
     "Blaze does), the copy has the same value of X.")
CONTROLLER = ("If you copy a spell, you control the copy. It will resolve before the original "
              "spell does.")


@pytest.mark.parametrize(("card", "text", "family"), [
    ("Expansion // Explosion", X, "copy-x"),
    ("Expansion // Explosion", CONTROLLER, "copy-controller"),
    ("Naru Meha, Master Wizard", NOT_CAST, "copy-not-cast"),
    ("Dualcaster Mage", CONTROLLER, "copy-controller"),
    ("Nivix Guildmage", SAME_TARGETS, "copy-same-targets"),
    ("Galvanic Iteration", MODAL, "copy-modal"),
    ("Dual Strike", NOT_CAST, "copy-not-cast"),
])
def test_new_copiers_kill_their_familys_mutant(card: str, text: str, family: str) -> None:
    data = mined_one(card, text, family)
    assert_kills_its_mutant(data, family)


def test_a_creature_copier_adds_a_cast_but_no_instant_or_sorcery_cast() -> None:
    """Naru Meha is cast (a creature spell: no Guttersnipe trigger), then its enters ability
    targets the Bolt: two casts, one Guttersnipe trigger, two Bolts' damage."""
    data = mined_one("Naru Meha, Master Wizard", NOT_CAST, "copy-not-cast")
    counts = {c["match"].get("source", c["match"]["type"]): c["count"]
              for c in data["expect"]["event_counts"]}
    assert counts == {"cast": 2, "gsnipe": 1}
    assert data["expect"]["state"]["life"] == {"p2": 20 - 6 - 2}
    assert {"choose": {"choice": "targets", "source": "copier", "targets": ["bolt"]}} in \
        data["actions"]


def test_an_activated_copier_is_activated_with_its_abilitys_index() -> None:
    """Nivix Guildmage's copy ability is its second activated ability (after the loot)."""
    data = mined_one("Nivix Guildmage", SAME_TARGETS, "copy-same-targets")
    (activate,) = [a["activate"] for a in data["actions"] if "activate" in a]
    assert activate == {"player": "p1", "object": "copier", "ability": 1, "targets": ["bolt"]}
    assert data["setup"]["players"]["p1"]["battlefield"] == [
        {"id": "copier", "card": "Nivix Guildmage"}]


def test_a_mana_value_limit_refuses_a_spell_above_it() -> None:
    """Expansion copies only spells with mana value 4 or less; Dual Strike's next spell too."""
    for name in ("Expansion // Explosion", "Dual Strike"):
        cp = copier_of(card_index()[name])
        assert not isinstance(cp, NotExecutable)
        assert cp.max_mana_value == 4 and cp.fits(4) and not cp.fits(5)


def test_copiers_not_scripted_say_why() -> None:
    """A creature copier without flash cannot be cast while the spell is on the stack."""
    cp = copier_of(card_index()["Twincast"])
    assert not isinstance(cp, NotExecutable) and cp.how == "spell"
    assert isinstance(copier_of(card_index()["Grizzly Bears"]), NotExecutable)


def test_galvanic_iteration_flashback_is_mined() -> None:
    """"You may choose new targets for the copy" is no target of the spell: Galvanic Iteration's
    flashback cases are scripted (it has no target)."""
    data = mined_one("Galvanic Iteration", "\"Flashback [cost]\" means \"You may cast this card "
                     "from your graveyard by paying [cost] rather than paying its mana cost\" "
                     "and \"If the flashback cost was paid, exile this card instead of putting it "
                     "anywhere else any time it would leave the stack.\"", "flashback-meaning")
    assert_kills_its_mutant(data, "flashback-meaning")


def test_a_cast_trigger_copier_accepts_its_may() -> None:
    """Swarm Intelligence's trigger and Guttersnipe's trigger on the same cast are ordered, the
    copy trigger resolves first and its controller accepts the "may"."""
    data = mined_one("Swarm Intelligence", NOT_CAST, "copy-not-cast")
    assert_kills_its_mutant(data, "copy-not-cast")
    assert {"choose": {"choice": "trigger_order", "order": ["gsnipe", "copier"]}} in \
        data["actions"]
    assert {"choose": {"choice": "may", "source": "copier", "accept": True}} in data["actions"]
    counts = {c["match"].get("source", c["match"]["type"]): c["count"]
              for c in data["expect"]["event_counts"]}
    assert counts == {"cast": 1, "gsnipe": 1}


def test_a_modal_copier_casts_its_copy_mode() -> None:
    """Insidious Will's third mode copies: it is cast with ``modes: [2]``."""
    data = mined_one("Insidious Will", X, "copy-x")
    assert_kills_its_mutant(data, "copy-x")
    (cast,) = [a["cast"] for a in data["actions"] if a.get("cast", {}).get("object") == "copier"]
    assert cast["modes"] == [2] and cast["targets"] == ["blaze"]


def test_wild_ricochet_keeps_the_originals_targets_then_copies() -> None:
    """Its first choice (new targets for the spell) is kept; a spell without targets asks
    none (Slagstorm's mode)."""
    data = mined_one("Wild Ricochet", SAME_TARGETS, "copy-same-targets")
    assert_kills_its_mutant(data, "copy-same-targets")
    choices = [a["choose"] for a in data["actions"] if "choose" in a]
    assert choices == [{"choice": "new_targets", "source": "bolt", "targets": None},
                       {"choice": "new_targets", "targets": ["bears2"]}]
    modal = mined_one("Wild Ricochet", MODAL, "copy-modal")
    assert not [a for a in modal["actions"] if "choose" in a]


def test_a_sagas_last_chapter_copies_each_spell_that_turn() -> None:
    """The Mirari Conjecture's chapter III ("Until end of turn, whenever you cast an instant or
    sorcery spell, copy it"): the Saga starts with two lore counters, the third triggers it."""
    data = mined_one("The Mirari Conjecture", MODAL, "copy-modal")
    assert_kills_its_mutant(data, "copy-modal")
    (saga,) = data["setup"]["players"]["p1"]["battlefield"]
    assert saga["counters"] == {"lore": 2}
    assert data["actions"][0] == {"add_counters": {"object": "cer", "counter": "lore", "n": 1}}
