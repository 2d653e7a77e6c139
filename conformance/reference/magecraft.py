"""Magecraft (an ability word, 207.2c): "Magecraft — Whenever you cast or copy an instant or
sorcery spell, <effects>" triggers when its controller casts an instant or sorcery spell
(601.2i, 603.2) and also whenever an effect creates a copy of an instant or sorcery spell that
player controls on the stack (707.10: a copy is created, not cast; 707.10c: each copy created
makes it trigger once). A part of :class:`~conformance.reference.rules.Rules`.

:data:`~conformance.reference.common_triggers.MAGECRAFT` is the ``Triggered.event`` a form
of :mod:`conformance.reference.common_triggers` reads; :data:`MAGECRAFT_HOOKS` are the hooks this
module adds to :data:`conformance.reference.rules.HOOKS`.
"""

from __future__ import annotations

from typing import Any

from conformance.reference.common_triggers import MAGECRAFT
from conformance.reference.objects import PendingTrigger
from conformance.reference.trigger_events import TriggerEvents

MAGECRAFT_HOOKS: dict[str, str] = {
    "copy_triggers_magecraft": "207.2c, 707.10: a copy of an instant or sorcery spell created "
                               "on the stack triggers \"whenever you cast or copy\"",
}
"""The hooks of :class:`CastOrCopyTriggers`."""


class CastOrCopyTriggers(TriggerEvents):
    """"Whenever you cast or copy an instant or sorcery spell" (magecraft)."""

    def copy_triggers_magecraft(self, original: str) -> bool:
        """Hook: creating a copy of the instant or sorcery spell ``original`` triggers
        "whenever you cast or copy an instant or sorcery spell" of the copy's controller, once
        for each copy created (207.2c, 707.10)."""
        return True

    def _after_event(self, event: dict[str, Any]) -> None:
        super()._after_event(event)
        if event["type"] == "copy_created" and self.copy_triggers_magecraft(event["of"]):
            self._magecraft(event["controller"], event["object"])

    def _detect_cast_triggers(self, event: dict[str, Any]) -> None:
        super()._detect_cast_triggers(event)
        if event.get("copy"):
            return  # a copy "cast" by a broken rule triggers as a copy already
        self._magecraft(event["player"], event["object"])

    def _magecraft(self, player: str, spell_id: str) -> None:
        spell = self.objects.get(spell_id)
        if spell is None or not {"Instant", "Sorcery"} & set(self.chars(spell).types):
            return
        for src, t in self._triggered_abilities(player):
            if t.event == MAGECRAFT:
                self._trigger(PendingTrigger(player, src.id, src.card_name, t.name, t.effects))
