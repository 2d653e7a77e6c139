"""The rule of the cast triggers of :mod:`conformance.reference.cast_quality` (601.2i, 603.2):
each such ability on the battlefield triggers once for each spell cast with its quality, as the
spell is on the stack."""

from __future__ import annotations

from typing import Any

from conformance.reference.cast_quality import CAST_QUALITY
from conformance.reference.mana import COLOR_WORDS
from conformance.reference.objects import Chars, PendingTrigger
from conformance.reference.renown import Renown


def has_quality(chars: Chars, quality: str) -> bool:
    """Whether a spell with ``chars`` has ``quality`` (a color word, multicolored: two or more
    colors, 105.1; or a card type)."""
    if quality in COLOR_WORDS:
        return COLOR_WORDS[quality] in chars.colors
    if quality == "multicolored":
        return len(chars.colors) >= 2
    return quality.capitalize() in chars.types


class CastQuality(Renown):
    """Cast triggers for a quality of the spell (a part of the rules)."""

    def _detect_cast_triggers(self, event: dict[str, Any]) -> None:
        super()._detect_cast_triggers(event)
        spell = self.objects.get(event["object"])
        if spell is None:
            return
        chars = self.chars(spell)
        for oid in list(self.battlefield):
            src = self.objects[oid]
            text = self.abilities(src)
            for t in text.triggered if text is not None else ():
                kind, _, rest = t.event.partition(":")
                if kind != CAST_QUALITY:
                    continue
                who, _, quality = rest.partition(":")
                if (who == "any" or src.controller == event["player"]) and has_quality(
                        chars, quality):
                    self._trigger(PendingTrigger(src.controller, src.id, src.card_name,
                                                 t.name, t.effects))
