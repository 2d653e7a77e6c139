"""Leveler cards (711) and level up (702.87): a level symbol's static ability gives the creature
its base power and toughness and its abilities while its number of level counters is in the
symbol's range (711.2a-b), with the leveler's own timestamp, whenever the counters were put
(613.7a: a static ability's timestamp is its permanent's). Its level is its number of level
counters, however they were put or removed; the abilities it gains are added to its own,
level up included (711.4). A part of :class:`~conformance.reference.rules.Rules`.

The symbol's power/toughness and abilities are part of the leveler's base characteristics here
(:meth:`Levelers._base`): every other effect on it began later, so this is their timestamp
order. Not modelled: a leveler that loses all abilities keeps its symbol's power/toughness
(613.7a would drop it with the ability); no case makes one lose them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from conformance.reference.abilities import FaceText
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.leveler_text import LevelBand, LevelUp, SetBasePowerToughness, with_band
from conformance.reference.objects import Chars, ContinuousEffect, Obj, Ref
from conformance.reference.trigger_events import TriggerEvents

LEVELER_HOOKS: dict[str, str] = {
    "level_of": "711.2: a leveler's level is its number of level counters",
    "level_band_text": "711.4: a level symbol's abilities add to the leveler's own (level up "
                       "stays)",
    "level_band_sets_base": "711.2, 613.4b: a level symbol sets base power and toughness "
                            "(layer 7b), before counters and modifying effects",
    "level_band_timestamp": "613.7a, 711.2: a level symbol's timestamp is the leveler's, "
                            "whenever its level counters were put",
}
"""The hooks of :class:`Levelers`."""


class Levelers(TriggerEvents):
    """Level counters and level symbols (a part of the rules)."""

    def _reset(self) -> None:
        super()._reset()
        self.level_ups: Counter[Ref] = Counter()
        """How many level up abilities resolved for each permanent (bookkeeping the rules
        ignore: :meth:`level_of` counts counters)."""
        self.level_stamps: dict[Ref, int] = {}
        """The timestamp of the last level counter put on each permanent (bookkeeping the rules
        ignore: :meth:`level_band_timestamp` is the leveler's own)."""

    def _add_counters(self, obj: Obj, counter: str, n: int) -> None:
        super()._add_counters(obj, counter, n)
        if counter == "level":
            self.level_stamps[obj.ref] = next(self._clock)

    def level_band_timestamp(self, obj: Obj) -> int:
        """Hook: the timestamp of a level symbol's ability is the leveler's own, however
        recently its last level counter was put on it (613.7a, the levelers' rulings): an
        effect setting its power and toughness that began later wins over the symbol's."""
        return obj.timestamp

    def level_of(self, obj: Obj) -> int:
        """Hook: a leveler's level is the number of level counters on it, however they were put
        on it or removed (711.2, the levelers' rulings)."""
        return obj.counters.get("level", 0)

    def level_band_text(self, printed: FaceText, band: FaceText) -> FaceText:
        """Hook: the abilities of a leveler whose level symbol applies: the symbol's abilities
        added to the card's own, which it keeps (711.4)."""
        return with_band(printed, band)

    def level_band_sets_base(self) -> bool:
        """Hook: a level symbol's power/toughness is a base power and toughness (layer 7b,
        613.4b) with the leveler's timestamp: counters and effects that modify power and
        toughness apply after it, whenever they began (the levelers' rulings)."""
        return True

    def _band(self, obj: Obj, c: Chars) -> LevelBand | None:
        if obj.zone != "battlefield" or c.text is None or not c.text.levels:
            return None
        level = self.level_of(obj)
        return next((b for b in c.text.levels if b.applies(level)), None)

    def _base(self, obj: Obj) -> Chars:
        c = super()._base(obj)
        band = self._band(obj, c)
        if band is None or c.text is None:
            return c
        text = self.level_band_text(c.text, band.text)
        pt = (band.power, band.toughness) if self.level_band_sets_base() else (c.power,
                                                                               c.toughness)
        return replace(c, power=pt[0], toughness=pt[1], keywords=text.keywords, text=text)

    def chars(self, obj: Obj) -> Chars:
        c = super().chars(obj)
        band = self._band(obj, super()._base(obj)) if obj.zone == "battlefield" else None
        if band is None or c.power is None or c.toughness is None:
            return c
        if not self.level_band_sets_base():
            return replace(c, power=band.power, toughness=band.toughness)
        stamp = self.level_band_timestamp(obj)
        setters = [e for e in self.effects if e.base_pt is not None and obj.ref in e.affected]
        last = max(setters, key=lambda e: e.timestamp) if setters else None
        if last is None or last.base_pt is None or stamp == obj.timestamp \
                or last.timestamp > stamp:
            return c
        return replace(c, power=c.power - last.base_pt[0] + band.power,  # the symbol's wins
                       toughness=c.toughness - last.base_pt[1] + band.toughness)


@effect(LevelUp)
def _level_up(r: Effects, eff: LevelUp, ctx: EffectContext) -> None:
    assert isinstance(r, Levelers)
    ob = r.objects.get(ctx.source)
    if ob is None or ob.zone != "battlefield":
        return
    r._add_counters(ob, "level", 1)
    r.level_ups[ob.ref] += 1


@effect(SetBasePowerToughness)
def _set_base_pt(r: Effects, eff: SetBasePowerToughness, ctx: EffectContext) -> None:
    ref = ctx.first()
    if ref is not None:
        r.effects.append(ContinuousEffect(next(r._clock), frozenset({ref}),
                                          base_pt=(eff.power, eff.toughness)))
