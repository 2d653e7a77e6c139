"""Recurring rulings the miner recognises but cannot turn into cases, each with its reason."""

from __future__ import annotations

from conformance.mining.families.knifepoint import classified
from conformance.mining.model import Family, phrases

FAMILIES = [
    Family("copy-costs", "A copy's alternative and additional costs", ("707.10",),
           ("copy_spell",),
           classified("not executable: no spell in the scripted card pool has an alternative or "
                      "additional cost to copy"),
           en=phrases("The controller of a copy can't choose to pay any alternative or "
                      "additional costs for the copy", "You can't choose to pay any additional "
                      "costs for the copy"),
           it=phrases("Non puoi scegliere di pagare alcun costo addizionale per la copia",
                      "Il controllore di una copia non può scegliere di pagare")),
    Family("split-two-names", "A split card has two names", ("709.4",), ("split_card",),
           classified("not executable: no card in the scripted pool names a card"),
           en=phrases("Each split card has two names", "If a player names a card, the player "
                      "may name either half of a split card")),
    Family("split-single-card", "A split card is one card", ("709.1",), ("split_card",),
           classified("not executable: no card in the scripted pool discards or counts cards "
                      "by type"),
           en=phrases("Each split card is a single card")),
    Family("aftermath-frame", "Aftermath frame treatment", (), ("aftermath",),
           classified("not executable: the frame treatment has no rules meaning"),
           en=phrases("Split cards with aftermath have a new frame treatment")),
    Family("saga-creature-sections", "A Saga creature's two text sections", ("714.2",),
           ("saga",),
           classified("not executable: the card has no ability outside its chapters to observe"),
           en=phrases("Saga creatures have two sections in their text box"),
           it=phrases("Le creature Saga hanno due sezioni")),
    Family("morph-look-reveal", "Looking at and revealing face-down spells and permanents",
           ("708.5", "708.9"), ("morph",),
           classified("not executable: hidden information (who may look at a face-down object, "
                      "revealing it as it leaves): a case observes the whole state"),
           en=phrases("At any time, you can look at a face-down spell or permanent you control",
                      "If a face-down permanent leaves the battlefield, you must reveal it")),
    Family("morph-differentiated", "Face-down objects kept distinguishable", ("708.6",),
           ("morph",),
           classified("not executable: tabletop practice (keeping face-down cards in order): "
                      "a case names every object by its id"),
           en=phrases("You must ensure that your face-down spells and permanents can easily be "
                      "differentiated from each other")),
]
