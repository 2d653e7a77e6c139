"""Mining conformance cases from aligned rulings.

A *family* (:mod:`conformance.mining.families`) recognises one ruling that recurs across cards
(in English; the seed families also in Italian and German) and turns it, for a card whose oracle
text shows how to exercise it, into one or more executable cases, or classifies it as not
executable with a reason. :func:`conformance.mining.miner.mine` runs every family over a
dataset's ruling groups, verifies the cases on the reference engine and reports coverage;
:func:`conformance.mining.output.plan` / :func:`conformance.mining.output.apply` write the case
files or compare them with what is committed, and :func:`mine_cases` (``rulings mine``) does all
of it for a dataset.
"""

from __future__ import annotations

from conformance.mining.errors import MiningError
from conformance.mining.miner import MiningResult, mine, mine_dataset
from conformance.mining.output import MineOutcome, mine_cases

__all__ = ["MineOutcome", "MiningError", "MiningResult", "mine", "mine_cases", "mine_dataset"]
