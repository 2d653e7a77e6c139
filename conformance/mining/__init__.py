"""Mining conformance cases from aligned rulings.

A *family* (:mod:`conformance.mining.families`) recognises one ruling that recurs across cards
(in English; the seed families also in Italian and German) and turns it, for a card whose oracle
text shows how to exercise it, into one or more executable cases, or classifies it as not
executable with a reason. :func:`conformance.mining.miner.mine` runs every family over a
dataset's ruling groups, verifies the cases on the reference engine and reports coverage;
:func:`conformance.mining.output.write_cases` / :func:`conformance.mining.output.check_cases`
write the case files or compare them with what is committed.
"""

from __future__ import annotations

from conformance.mining.errors import MiningError
from conformance.mining.miner import MiningResult, mine, mine_dataset

__all__ = ["MiningError", "MiningResult", "mine", "mine_dataset"]
