"""Recurring rulings about things the case format does not model (Contraptions, Planechase,
dungeons, die rolls) or that state no game behaviour (pointers to articles, frames, how to read
card text): recognised, so they leave the "unrecognised" count and the coverage ranking, and
classified as not executable with the reason.

Each reason names what is outside the format. A ruling about one of these that a case *could*
script belongs to a real family instead, listed before these in ``FAMILIES``.
"""

from __future__ import annotations

from conformance.mining.families.knifepoint import classified
from conformance.mining.model import Family, phrases

NO_RULES_STATEMENT = ("not executable: it points to an article or another card for more "
                      "information and states no rule of its own")
FRAME = "not executable: the frame treatment has no rules meaning"
READING_CARDS = ("not executable: how to read card text (the template of an ability), no game "
                 "behaviour of its own")
CONTRAPTIONS = ("not executable: Contraptions (sprockets, cranking, assembling, the Contraption "
                "deck and scrapyard) are outside the case format")
PLANECHASE = ("not executable: Planechase (plane cards, the planar deck, the planar controller "
              "and the planar die) is outside the case format")
DUNGEONS = ("not executable: dungeons (the command zone's dungeon cards, rooms and venturing) "
            "are outside the case format")
DICE = ("not executable: a die roll's result is random and the case format scripts no random "
        "result")
TOURNAMENT = "not executable: tournament and deck-building practice, not game behaviour"

FAMILIES = [
    Family("article-pointer", "Pointers to a mechanics article or another card", (), (),
           classified(NO_RULES_STATEMENT),
           en=phrases("For more information on double-faced cards, see the",
                      "For more information about Day and Night and the Daybound and "
                      "Nightbound abilities, please see",
                      "Megamorph is a variant of the morph ability. You can find more "
                      "information on morph")),
    Family("devoid-frame", "Devoid's frame", (), ("devoid",), classified(FRAME),
           en=phrases("Cards with devoid use frames that are variations of the transparent "
                      "frame")),
    Family("story-spotlight", "Story spotlight symbol", (), (), classified(FRAME),
           en=phrases("the most crucial-called \"story spotlights\"-are shown on cards",
                      "the most crucial—called \"story spotlights\"—are shown on cards")),
    Family("activated-ability-colon", "How activated abilities are written", ("602.1",),
           ("activated_ability",), classified(READING_CARDS),
           en=phrases("Activated abilities contain a colon. They're generally written")),
    Family("contraptions", "Contraptions", (), (), classified(CONTRAPTIONS),
           en=phrases("Contraption that's on the battlefield and wasn't assembled",
                      "if you control any Contraptions, move the CRANK! counter",
                      "Contraptions are artifacts. Anything that interacts with artifacts",
                      "Contraptions aren't put into your main deck",
                      "If a Contraption would leave the battlefield and go to any zone",
                      "If you crank multiple Contraptions",
                      "instructed to assemble a Contraption",
                      "assembles a Contraption and your Contraption deck is empty",
                      "a Contraption deck must have at least fifteen",
                      "a Contraption deck may include any number of Contraption cards",
                      "In silver-bordered games using Contraptions",
                      "While Contraptions you control are on the battlefield")),
    Family("planechase", "Plane cards and the planar die", ("311", "901"), (),
           classified(PLANECHASE),
           en=phrases("A face-up plane card that's turned face down becomes a new object",
                      "A plane card is treated as if its text box included",
                      "If an ability of a plane refers to \"you,\"",
                      "The controller of a face-up plane card is the player designated",
                      "While playing Planechase, rolling the planar die")),
    Family("dungeons", "Dungeons and venturing into the dungeon", ("309", "701.46"), (),
           classified(DUNGEONS),
           en=phrases("A player may only have one dungeon in the command zone at a time",
                      "Choosing the dungeon or room to venture into is part of resolving",
                      "Dungeon cards are not part of a player's deck or sideboard",
                      "Dungeons are removed from the game as a state-based action",
                      "If you somehow venture into the dungeon while a room's ability",
                      "Moving into a dungeon room will cause its room ability to trigger",
                      "Once you resolve the last room ability of a dungeon",
                      "The player venturing into the dungeon chooses which dungeon",
                      "To venture into the dungeon, a player moves their venture marker",
                      "You can only move forward (well, downward) in a dungeon")),
    Family("die-rolls", "Rolling dice", ("706",), (), classified(DICE),
           en=phrases("An ability that tells you to roll a die will also specify what to do",
                      "An effect that says \"choose a target, then roll a d20\"",
                      "Dice are identified by the number of faces each one has",
                      "Some abilities, like that of Pixie Guide and Barbarian Class, replace "
                      "rolling a die",
                      "Some effects instruct you to roll again",
                      "Some effects may modify the result of a die roll",
                      "The instruction to roll a die and the effect that occurs because of the "
                      "result")),
    Family("dice-tournament", "Fair dice and tournament rules on dice", (), (),
           classified(TOURNAMENT),
           en=phrases("Dice used must have equally likely outcomes and the roll must be fair",
                      "Tournament events have more specific rules regarding dice")),
]
