"""The case format's vocabulary against python-mtg's: step names, counters, colours, zones, mana."""

from __future__ import annotations

import re

from mtg_rulings_harness import unsupported

STEPS = ["untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "postcombat_main",
         "end", "cleanup"]
"""The case format's step names; python-mtg uses the same names (turn.dl) except first_strike_damage."""

ABILITY_LABEL = re.compile(r"(.+)_(a\d+[a-z]?)")
"""python-mtg labels a triggered ability's effects ``<instance id>_<ability id>`` (``guttersnipe_1_a0``)."""

COUNTER_TO_ENGINE = {"+1/+1": "p1p1", "-1/-1": "m1m1"}
COUNTER_FROM_ENGINE = {v: k for k, v in COUNTER_TO_ENGINE.items()}
COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
COLOR_LETTER = {v: k for k, v in COLOR_WORD.items() if k != "C"}
COLOR_WORD_LETTER = {v: k for k, v in COLOR_WORD.items()}
ZONE_RELS = (("in_hand", "hand"), ("in_library", "library"), ("command_zone", "command"))
SET_ZONES = (("on_battlefield", "battlefield"), ("graveyard", "graveyard"), ("exile", "exile"))


def parse_mana(spec: str) -> dict[str, int]:
    """``"{R}{R}{U}{2}"`` -> ``{"red": 2, "blue": 1, "colorless": 2}`` (python-mtg's pool colors)."""
    pool: dict[str, int] = {}
    for sym in re.findall(r"\{([^}]*)\}", spec or ""):
        if sym.isdigit():
            pool["colorless"] = pool.get("colorless", 0) + int(sym)
        elif sym in COLOR_WORD:
            pool[COLOR_WORD[sym]] = pool.get(COLOR_WORD[sym], 0) + 1
        else:
            raise unsupported(f"mana symbol {{{sym}}} in the pool")
    if re.sub(r"\{[^}]*\}", "", spec or "").strip():
        raise unsupported(f"unparsed mana spec {spec!r}")
    return pool


def mana_value(cost: str | None) -> int:
    total = 0
    for sym in re.findall(r"\{([^}]*)\}", cost or ""):
        if sym.isdigit():
            total += int(sym)
        elif sym not in ("X", "Y", "Z"):
            total += 1
    return total

