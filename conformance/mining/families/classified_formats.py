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
CONSPIRACIES = ("not executable: conspiracies (cards of the Conspiracy draft variant put into the "
                "command zone as the game begins, hidden agendas) are outside the case format")
COMMANDER = ("not executable: the Commander variant (commanders and partners, commander tax, "
             "color identity, lieutenant) is outside the case format: a case sets up a "
             "two-player game with no commander")
OUTSIDE_GAME = ("not executable: cards outside the game (sideboards, companions, cards brought "
                "in from outside the game) are outside the case format, whose setup has no "
                "sideboard")

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
    Family("conspiracies", "Conspiracies (the Conspiracy draft variant)", ("905",), (),
           classified(CONSPIRACIES),
           en=phrases("Conspiracies are colorless, have no mana cost, and can't be cast as "
                      "spells",
                      "You don't have to play with any conspiracy you draft",
                      "A conspiracy doesn't count as a card in your deck",
                      "A conspiracy's static and triggered abilities function as long as that "
                      "conspiracy is face-up in the command zone",
                      "Conspiracies are never put into your deck",
                      "You can look at any player's face-up conspiracies at any time",
                      "Conspiracies aren't legal for any sanctioned Constructed format",
                      "A conspiracy with hidden agenda that has a triggered ability must be face "
                      "up",
                      "At the end of the game, you must reveal any face-down conspiracies",
                      "There are several ways to secretly name a card, including writing the "
                      "name on a piece of paper",
                      "You name the card as the game begins, as you put the conspiracy into the "
                      "command zone",
                      "As a special action, you may turn a face-down conspiracy face up")),
    Family("commander-variant", "The Commander variant: commanders, partners, lieutenant",
           ("903",), (), classified(COMMANDER),
           en=phrases("An effect that checks whether you control your commander is satisfied if "
                      "you control one or both of your two commanders",
                      "Once the game begins, your two commanders are tracked separately",
                      "The triggered ability of the \"partner with\" keyword still triggers in "
                      "a Commander game",
                      "Both commanders start in the command zone",
                      "You can choose two commanders with partner",
                      "If your Commander deck has two commanders",
                      "If something refers to your commander while you have two commanders",
                      "To have two commanders, both must have the partner ability",
                      "The second ability represented by the \"partner with [name]\" keyword "
                      "modifies the rules for deck construction",
                      "is banned as a commander in Duel Commander format",
                      "A nonlegendary creature can't be your commander",
                      "A creature with a \"partner with\" ability can't partner with any "
                      "creature other than its designated partner",
                      "You may have one companion in the Commander variant",
                      "In a Commander game where this card is your commander",
                      "Lieutenant abilities refer only to whether you control your commander",
                      "If a triggered ability granted by a lieutenant ability triggers",
                      "Lieutenant abilities apply only if your commander is on the battlefield",
                      "If you lose control of your commander, lieutenant abilities",
                      "If you gain control of a creature with a lieutenant ability",
                      "It doesn't matter whose commander you control",
                      "If your commander was countered, that time you cast it still counts",
                      "If you have multiple commanders, you'll copy this spell for each time",
                      "If you have multiple commanders (for example, because they have Partner)",
                      "Each Storm's triggered ability counts only how many times you've cast "
                      "your commander",
                      "and it's your commander in the Commander variant, you may put it into "
                      "the command zone instead",
                      "If you have multiple commanders, you need to control only one for the "
                      "lieutenant effect",
                      "If you don't control your commander as the lieutenant ability resolves",
                      "The lieutenant effect happens only once each combat",
                      "In a Commander game, combat damage you're dealt by a commander is still "
                      "tracked",
                      "If you have two commanders, the ability adds one mana of any color in "
                      "their combined color identities",
                      "If your commander is a card that has no colors in its color identity",
                      "If you don't have a commander,",
                      "The \"commander tax\" increases based on how many times a commander was "
                      "cast")),
    Family("outside-the-game", "Cards outside the game: sideboards, companions", ("400.11",),
           (), classified(OUTSIDE_GAME),
           en=phrases("If you bring a card into the game from outside the game in a Constructed "
                      "tournament",
                      "If a card is brought into the game from outside the game, it will stay "
                      "in the game",
                      "If you bring a card into the game from outside the game in a Sealed Deck "
                      "or Booster Draft event",
                      "Your companion begins the game outside the game",
                      "Before shuffling your deck to become your library, you may reveal one "
                      "card from outside the game to be your companion",
                      "Wizards of the Coast has issued functional errata for the Companion "
                      "mechanic",
                      "In a sanctioned event, a card that's \"outside the game\" is one that's "
                      "in your sideboard",
                      "Controlling a player doesn't allow you to look at that player's "
                      "sideboard",
                      "In a casual game, a card you choose from outside the game comes from your "
                      "personal collection")),
]
