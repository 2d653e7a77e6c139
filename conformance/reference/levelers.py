"""Leveler cards (711) and level up (702.87): a level symbol's static ability gives the creature
its base power and toughness and its abilities while its number of level counters is in the
symbol's range (711.2a-b), with the leveler's own timestamp, whenever the counters were put
(613.7a: a static ability's timestamp is its permanent's). Its level is its number of level
counters, however they were put or removed; the abilities it gains are added to its own,
level up included (711.4). A part of :class:`~conformance.reference.rules.Rules`."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from conformance.reference.abilities import FaceText
from conformance.reference.effects import EffectContext, Effects, effect
from conformance.reference.leveler_text import LevelBand, LevelUp, with_band
from conformance.reference.objects import Chars, Obj, Ref
from conformance.reference.trigger_events import TriggerEvents

LEVELER_HOOKS: dict[str, str] = {
    "level_of": "711.2: a leveler's level is its number of level counters",
    "level_band_text": "711.4: a level symbol's abilities add to the leveler's own (level up "
                       "stays)",
    "level_band_sets_base": "711.2, 613.4b: a level symbol sets base power and toughness "
                            "(layer 7b), before counters and modifying effects",
}
"""The hooks of :class:`Levelers`."""


class Levelers(TriggerEvents):
    """Level counters and level symbols (a part of the rules)."""

    def _reset(self) -> None:
        super()._reset()
        self.level_ups: Counter[Ref] = Counter()
        """How many level up abilities resolved for each permanent (bookkeeping the rules
        ignore: :meth:`level_of` counts counters)."""

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
        if self.level_band_sets_base():
            return c
        band = self._band(obj, super()._base(obj))
        return c if band is None else replace(c, power=band.power, toughness=band.toughness)


@effect(LevelUp)
def _level_up(r: Effects, eff: LevelUp, ctx: EffectContext) -> None:
    assert isinstance(r, Levelers)
    ob = r.objects.get(ctx.source)
    if ob is None or ob.zone != "battlefield":
        return
    r._add_counters(ob, "level", 1)
    r.level_ups[ob.ref] += 1
