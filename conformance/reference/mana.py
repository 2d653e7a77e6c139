"""Mana costs and their payment (rules 107.4, 117.7, 601.2g-h): a solver, not a greedy spender.

A player's mana pool is modelled as the mana added to it since it last emptied (``added``) and the
cost symbols paid from it since then (``paid``). Which mana pays which generic or hybrid symbol is
the player's choice (601.2h); the engine keeps that choice open: a payment is accepted when
*some* assignment of the pool's mana pays every symbol paid so far, so any order of costs the pool
can pay in total is paid (a pool of {G}{G}{U}{U} pays {1}{G} and then {U}{U}). Mana of a color
the player chooses as a mana ability resolves ("Add {R} or {G}", "one mana of any color") is kept
open the same way (``ManaPool.flexible``): nothing observes its color before it is spent, so the
engine lets the payments choose it. Phyrexian symbols
are paid with mana when that stays possible, else with 2 life (the life is paid at once, rule
119.4: only with a life total of at least 2).

The pool a snapshot shows is one canonical assignment's leftover: colored and colorless symbols
first, generic mana from {C} then W, U, B, R, G.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

COLORS = ("W", "U", "B", "R", "G")

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
"""The symbol of each color word of oracle text (105.1) — the one map every template uses."""
KINDS = ("C", *COLORS)
"""The kinds of mana a pool holds, in the order generic costs are paid from (canonical)."""

Need = tuple[int, ...]
"""Mana of each kind (``KINDS`` order) one way of paying a symbol takes, then generic mana."""


class ManaSymbolError(ValueError):
    """A mana symbol the engine does not implement (snow mana, half mana, ...)."""


@dataclass(frozen=True, slots=True)
class Symbol:
    """One cost symbol: the ways to pay it, each a :data:`Need` (``len(KINDS) + 1`` counts,
    the last one generic), and whether it is Phyrexian (payable with 2 life instead)."""

    ways: tuple[Need, ...]
    phyrexian: bool = False
    snow: bool = False
    """{S} (107.4h): one mana of any type, produced by a snow source."""


def _need(kind: str | None, n: int = 1) -> Need:
    out = [0] * (len(KINDS) + 1)
    out[KINDS.index(kind) if kind is not None else len(KINDS)] = n
    return tuple(out)


def parse_symbols(text: str | None) -> list[str]:
    """``"{2}{R/P}{X}"`` -> ``["2", "R/P", "X"]``."""
    return re.findall(r"\{([^}]+)\}", text or "")


def cost_symbols(cost: str | None, x: int) -> list[Symbol]:
    """The payable symbols of ``cost`` with X = ``x`` (rules 107.4a-h)."""
    out: list[Symbol] = []
    for sym in parse_symbols(cost):
        if sym.isdigit():
            if int(sym):
                out.append(Symbol((_need(None, int(sym)),)))
        elif sym == "X":
            if x:
                out.append(Symbol((_need(None, x),)))
        elif sym in KINDS:
            out.append(Symbol((_need(sym),)))
        elif re.fullmatch(r"[WUBRG]/[WUBRG]", sym):  # hybrid (107.4e)
            out.append(Symbol((_need(sym[0]), _need(sym[2]))))
        elif re.fullmatch(r"2/[WUBRG]", sym):  # monocolored hybrid (107.4e)
            out.append(Symbol((_need(None, 2), _need(sym[2]))))
        elif re.fullmatch(r"[WUBRG]/P", sym):  # Phyrexian (107.4f)
            out.append(Symbol((_need(sym[0]),), phyrexian=True))
        elif sym == "S":  # snow (107.4h): any one mana produced by a snow source
            out.append(Symbol(tuple(_need(k) for k in KINDS), snow=True))
        else:
            raise ManaSymbolError(f"mana symbol {{{sym}}}")
    return out


def pool_of(text: str | None) -> Counter[str]:
    """A setup's ``mana`` string as a pool (a number is that much colorless mana)."""
    pool: Counter[str] = Counter()
    for sym in parse_symbols(text):
        if sym in KINDS:
            pool[sym] += 1
        elif sym.isdigit():
            pool["C"] += int(sym)
        else:
            raise ManaSymbolError(f"mana symbol {{{sym}}}")
    return pool


def assignments(added: Counter[str], symbols: Iterable[Symbol],
                snow: Counter[str] | None = None) -> list[Need]:
    """Every distinct total need of ``symbols`` (one way chosen per symbol) that ``added`` can
    pay, in a deterministic order (the order the ways are written in). ``snow``: how much of
    ``added``, by kind, was produced by snow sources — the only mana an {S} symbol takes."""
    have = [added[k] for k in KINDS]
    snowy = [snow[k] if snow else 0 for k in KINDS]
    total = sum(have)
    none = (0,) * len(KINDS)
    states: dict[tuple[Need, tuple[int, ...]], None] = {(_need(None, 0), none): None}
    for sym in symbols:
        nxt: dict[tuple[Need, tuple[int, ...]], None] = {}
        for state, used in states:
            for i, way in enumerate(sym.ways):
                new = tuple(a + b for a, b in zip(state, way, strict=True))
                if not (all(n <= h for n, h in zip(new, have, strict=False))
                        and sum(new) <= total):
                    continue
                if sym.snow:
                    if used[i] >= snowy[i]:
                        continue
                    nxt.setdefault((new, used[:i] + (used[i] + 1,) + used[i + 1:]), None)
                else:
                    nxt.setdefault((new, used), None)
        if not nxt:
            return []
        states = nxt
    return list(dict.fromkeys(need for need, _ in states))


def leftover(added: Counter[str], need: Need) -> Counter[str]:
    """The pool after paying ``need``: its colored and colorless mana, then generic mana from
    {C}, W, U, B, R, G in that order."""
    left = Counter({k: added[k] - n for k, n in zip(KINDS, need, strict=False)})
    generic = need[-1]
    for k in KINDS:
        take = min(left[k], generic)
        left[k] -= take
        generic -= take
    return +left


@dataclass
class ManaPool:
    """A player's mana pool: mana added since it last emptied and the symbols paid from it."""

    added: Counter[str] = field(default_factory=Counter)
    paid: list[Symbol] = field(default_factory=list)
    flexible: list[str] = field(default_factory=list)
    """Mana whose color is one of several (each a string of kinds, ``"RG"``), chosen later;
    ``"WUBRG*3"``: three mana of any one color (one color chosen for the three)."""
    snow: Counter[str] = field(default_factory=Counter)
    """How much of ``added``, by kind, snow sources produced (106.3, 107.4h)."""
    flexible_snow: list[bool] = field(default_factory=list)
    """For each ``flexible`` mana, whether a snow source produced it."""

    def add(self, kind: str, n: int = 1, snow: bool = False) -> None:
        """Mana produced (a mana ability, rule 106.4): ``kind`` is one kind (``"G"``) or the
        kinds its color may be chosen among (``"RG"``; ``"WUBRG*3"``: three mana of one color
        chosen among them); ``snow``: by a snow source."""
        if len(kind) == 1:
            self.added[kind] += n
            if snow:
                self.snow[kind] += n
        else:
            self.flexible.extend([kind] * n)
            self.flexible_snow.extend([snow] * n)

    def empty(self) -> None:
        """The pool empties (rule 500.4)."""
        self.added.clear()
        self.paid.clear()
        self.flexible.clear()
        self.snow.clear()
        self.flexible_snow.clear()

    def _pools(self) -> list[tuple[Counter[str], Counter[str]]]:
        """Every pool the flexible mana's colors could make (with its snow mana), in a
        deterministic order."""
        if not self.flexible:
            return [(self.added, self.snow)]
        key = tuple(self.added[k] for k in KINDS) + tuple(self.snow[k] for k in KINDS)
        pools: dict[tuple[int, ...], tuple[Counter[str], Counter[str]]] = {
            key: (Counter(self.added), Counter(self.snow))}
        snowy = self.flexible_snow + [False] * (len(self.flexible) - len(self.flexible_snow))
        for flexible, is_snow in zip(self.flexible, snowy, strict=True):
            options, _, same = flexible.partition("*")
            n = int(same or 1)  # "WUBRG*3": n mana of the one kind chosen
            nxt: dict[tuple[int, ...], tuple[Counter[str], Counter[str]]] = {}
            for pool, snow in pools.values():
                for kind in options:
                    new, new_snow = Counter(pool), Counter(snow)
                    new[kind] += n
                    if is_snow:
                        new_snow[kind] += n
                    nxt.setdefault(tuple(new[k] for k in KINDS)
                                   + tuple(new_snow[k] for k in KINDS), (new, new_snow))
            pools = nxt
        return list(pools.values())

    def _first(self, symbols: Sequence[Symbol]) -> tuple[Counter[str], Need] | None:
        for pool, snow in self._pools():
            found = assignments(pool, symbols, snow)
            if found:
                return pool, found[0]
        return None

    def payable(self, symbols: Sequence[Symbol]) -> bool:
        """Whether the pool can pay ``symbols`` on top of what it already paid."""
        return self._first([*self.paid, *symbols]) is not None

    def current(self) -> Counter[str]:
        """The mana left in the pool (one canonical assignment, see the module text)."""
        if not self.paid and not self.flexible:
            return +self.added
        first = self._first(self.paid)
        return leftover(*first) if first else Counter()

    def render(self) -> str:
        """The pool as a string of symbols (``{G}{U}``), sorted."""
        return "".join(f"{{{s}}}" for s in sorted(self.current().elements()))


def plan_payment(pool: ManaPool, symbols: Sequence[Symbol],
                 life: int) -> tuple[list[Symbol], int] | None:
    """How to pay ``symbols`` from ``pool`` with a life total of ``life``: the symbols paid with
    mana and the life paid, or None when it cannot be paid. Each Phyrexian symbol is paid with
    mana when the whole cost can still be paid, else with 2 life."""
    mana: list[Symbol] = [s for s in symbols if not s.phyrexian]
    life_paid = 0
    for sym in (s for s in symbols if s.phyrexian):
        with_mana = Symbol(sym.ways)
        if pool.payable([*mana, with_mana]):
            mana.append(with_mana)
        elif life - life_paid >= 2:
            life_paid += 2
        else:
            mana.append(with_mana)
    if not pool.payable(mana):
        return None
    return mana, life_paid
