"""Bestow (rule 702.103), read from a card's line "Bestow {cost}" (``FaceText.alternatives``).

* Cast for its bestow cost (``costs: {alternative: bestow}``, from a hand), the spell is a
  bestowed Aura spell (702.103b): an Aura enchantment with enchant creature, not a creature, its
  one target the creature it will enchant. As it begins resolving with an illegal target it
  ceases to be bestowed and resolves as a creature spell (702.103e).
* It resolves into a bestowed Aura attached to that creature: an Aura enchantment (no creature
  type, no creature subtypes, no power/toughness) whose "Enchanted creature gets ..." applies.
* A bestowed Aura attached to an illegal object becomes unattached and ceases to be bestowed
  instead of going to its owner's graveyard (702.103f, an exception to 704.5m): it is an
  enchantment creature again, untapped unless it was tapped (tapping the enchanted creature
  doesn't tap its Auras).
* A permanent with bestow that enters any other way (not cast bestowed) is an enchantment
  creature (the bestow rulings).
"""

from __future__ import annotations

from dataclasses import replace

from conformance.reference import effect_blocks as fx
from conformance.reference.alt_costs import AlternativeCosts
from conformance.reference.cards import Face
from conformance.reference.objects import Chars, Flow, Obj, Ref

BESTOW = "bestow"


def bestowed_chars(c: Chars) -> Chars:
    """The characteristics of a bestowed Aura (spell or permanent) made from ``c`` (702.103b):
    an Aura enchantment with enchant creature, not a creature (205.3d: no creature subtypes)."""
    text = replace(c.text, enchant="creature") if c.text is not None else None
    return replace(c, types=tuple(t for t in c.types if t != "Creature"), subtypes=("Aura",),
                   power=None, toughness=None, text=text)


class Bestow(AlternativeCosts):
    """Bestowed Aura spells and permanents."""

    def _reset(self) -> None:
        super()._reset()
        self.bestowed: set[Ref] = set()
        """The bestowed Auras on the battlefield (702.103b)."""
        self.entered_as_aura: set[Ref] = set()
        """Permanents with bestow that entered as Auras without being cast bestowed (only
        :meth:`enters_as_creature` mutants)."""

    # --- hooks ----------------------------------------------------------------------------

    def enters_as_creature(self, obj: Obj) -> bool:
        """Hook: a permanent with bestow that enters the battlefield any way other than being
        cast is an enchantment creature, never an Aura (the bestow rulings)."""
        return True

    def bestow_illegal_target_resolves(self, obj: Obj) -> bool:
        """Hook: a bestowed Aura spell whose target is illegal as it begins to resolve is not
        countered: it ceases to be bestowed and resolves as an enchantment creature spell
        (702.103e)."""
        return True

    def bestowed_aura_stays_unattached(self, aura: Obj) -> bool:
        """Hook: a bestowed Aura attached to an illegal object becomes unattached and stays on
        the battlefield as an enchantment creature instead of going to its owner's graveyard
        (702.103f, an exception to 704.5m)."""
        return True

    def bestow_unattached(self, aura: Obj, host: Obj | None) -> None:
        """Hook: what a bestowed Aura becoming unattached keeps (702.103f): its own tapped
        status; an Aura isn't tapped when the creature it enchants becomes tapped (the bestow
        rulings)."""

    # --- rules ----------------------------------------------------------------------------

    def _is_bestowed_spell(self, obj: Obj) -> bool:
        return (obj.zone == "stack" and obj.spell is not None
                and obj.spell.alternative == BESTOW)

    def _spell_text(self, face: Face, modes: tuple[int, ...],
                    alternative: str | None) -> fx.SpellText:
        """A bestowed Aura spell's one "effect" is its enchant creature target (303.4a)."""
        if alternative == BESTOW and BESTOW in dict(face.text.alternatives):
            return (fx.EnchantTarget("creature"),)  # 702.103b: its target, by enchant creature
        return super()._spell_text(face, modes, alternative)

    def _base(self, obj: Obj) -> Chars:
        c = super()._base(obj)
        if self._is_bestowed_spell(obj) or (obj.zone == "battlefield" and (
                obj.ref in self.bestowed or obj.ref in self.entered_as_aura)):
            return bestowed_chars(c)
        return c

    def _resolve_spell(self, obj: Obj) -> Flow:
        spell = obj.spell
        assert spell is not None
        host: Ref | None = None
        if spell.alternative == BESTOW:
            target = spell.targets[0][0] if spell.targets and spell.targets[0] else None
            if target is None or not self._slot_legal(target, fx.TargetSlot("creature"),
                                                      obj.controller, obj.id):
                if self.bestow_illegal_target_resolves(obj):
                    spell.alternative = None  # 702.103e: it resolves as a creature spell
                    spell.targets = []
            else:
                host = target
        yield from super()._resolve_spell(obj)
        if host is not None and obj.zone == "battlefield":
            obj.attached_to = host
            self.bestowed.add(obj.ref)

    def _move(self, obj: Obj, to: str, *, controller: str | None = None,
              top: bool = True, face: int | None = None) -> None:
        before, frm = obj.ref, obj.zone
        super()._move(obj, to, controller=controller, top=top, face=face)
        self.bestowed.discard(before)
        self.entered_as_aura.discard(before)
        if (to == "battlefield" and frm != "stack" and obj.card is not None
                and len(obj.card.faces) == 1
                and BESTOW in dict(obj.card.faces[0].text.alternatives)
                and not self.enters_as_creature(obj)):
            self.entered_as_aura.add(obj.ref)

    def aura_attachment_legal(self, aura: Obj, chars: Chars) -> bool:
        """Hook (704.5m), with bestow's exception (702.103f): a bestowed Aura attached to an
        illegal object becomes unattached and ceases to be bestowed (an enchantment creature
        again), so it stays on the battlefield."""
        legal = super().aura_attachment_legal(aura, chars)
        if not legal and aura.ref in self.bestowed and self.bestowed_aura_stays_unattached(aura):
            # 702.103f, not 704.5m
            ref = aura.attached_to
            host = self.objects.get(ref.id) if ref is not None else None
            self.bestowed.discard(aura.ref)
            aura.attached_to = None
            self.bestow_unattached(aura, host)
            return True
        return legal
