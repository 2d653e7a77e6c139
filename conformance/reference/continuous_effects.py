"""Characteristics and continuous effects (rules 611, 613, 709.3-4): printed characteristics, split
cards on and off the stack, static abilities, and layers 6 (abilities) and 7 (power/toughness)
in timestamp order."""

from __future__ import annotations

import re
from dataclasses import replace

from conformance.reference import abilities as o
from conformance.reference import effect_blocks as fx
from conformance.reference.abilities_halves import KEYWORD_COUNTERS
from conformance.reference.cards import CardDef, Face, colors_of, mana_value_of
from conformance.reference.changeling import with_changeling
from conformance.reference.cost_text import overloaded
from conformance.reference.devotion_gods import below_devotion
from conformance.reference.objects import (
    Chars,
    Obj,
    SpellState,
    spell_effects,
)
from conformance.reference.self_while import SelfWhile, holds
from conformance.reference.zones import Zones

_FACE_CHARS: dict[int, Chars] = {}


def _face_chars(f: Face) -> Chars:
    """A face's printed characteristics (cached: faces are loaded once and never change)."""
    c = _FACE_CHARS.get(id(f))
    if c is None:
        c = _FACE_CHARS[id(f)] = Chars(f.name, f.mana_value, f.colors, f.types, f.subtypes,
                                       f.supertypes, f.power, f.toughness, f.text.keywords,
                                       f.text)
    return c

class ContinuousEffects(Zones):
    """An object's characteristics after continuous effects."""

    def aura_host_controller(self, obj: Obj, c: Chars) -> str | None:
        """Hook: the controller of the permanent the Aura ``obj`` is attached to (the
        permanents an "Auras attached to permanents you control have ..." ability looks at,
        whoever controls the Aura: Umbra Mystic's ruling), or None."""
        ref = obj.attached_to
        host = self.objects.get(ref.id) if ref is not None else None
        if "Aura" not in c.subtypes or host is None or ref is None or host.zcc != ref.zcc \
                or host.zone != "battlefield":
            return None
        return host.controller

    def _base(self, obj: Obj) -> Chars:
        if obj.token is not None:
            t = obj.token
            return Chars(t.name, 0, t.colors, t.types, t.subtypes, (), t.power,
                         t.toughness, t.keywords, o.FaceText(keywords=t.keywords,
                                                             activated=t.activated,
                                                             triggered=t.triggered))
        card = obj.card
        assert card is not None
        if obj.zone == "stack" and obj.spell is not None:
            c = self.stack_characteristics(card, obj.spell)
            mv = self.stack_mana_value(obj.spell, c.mana_value)
            return c if mv == c.mana_value else replace(c, mana_value=mv)
        if card.is_split:
            return self._split_characteristics(card)
        face = card.faces[obj.up_face if obj.zone == "battlefield" else 0]
        c = _face_chars(face)
        if card.is_mdfc and obj.zone != "battlefield":  # 712.8: only the front face's
            mv = self.mdfc_mana_value(card)
            c = c if mv == c.mana_value else replace(c, mana_value=mv)
        phyrexian = (face.mana_cost or "").count("/P}")
        if phyrexian:  # 202.3, 105.2: each Phyrexian symbol counts as the hooks say
            c = replace(c, mana_value=c.mana_value - phyrexian
                        + phyrexian * self.phyrexian_symbol_mana_value())
            if not self.phyrexian_symbols_colored():
                plain = re.sub(r"\{[^}]*/P\}", "", face.mana_cost or "")
                c = replace(c, colors=colors_of(plain))
        return c

    def attachment_applies(self, attached: Obj, host: Obj) -> bool:
        """Hook: an Aura or Equipment affects the permanent it is attached to, whoever controls
        either (303.4e, 301.5d: their controllers need not be the same)."""
        return True

    def overloaded_effects(self, effects: fx.SpellText) -> fx.SpellText:
        """Hook: the text of a spell cast for its overload cost, "target" changed to "each"
        (702.96a-b: it has no targets; a text-changing effect, 612)."""
        return tuple(overloaded(e) for e in effects)

    def _spell_text(self, face: Face, modes: tuple[int, ...],
                    alternative: str | None) -> fx.SpellText:
        """The effects of a spell of ``face`` with ``modes``, cast for ``alternative``."""
        effects = spell_effects(face, modes)
        return self.overloaded_effects(effects) if alternative == "overload" else effects

    def phyrexian_symbols_colored(self) -> bool:
        """Hook: a Phyrexian mana symbol gives a card its color, however the cost is paid
        (105.2, 107.4f)."""
        return True

    def phyrexian_symbol_mana_value(self) -> int:
        """Hook: a Phyrexian mana symbol in a mana cost counts 1 toward its mana value
        (rules 107.4f, 202.3)."""
        return 1

    def stack_characteristics(self, card: CardDef, spell: SpellState) -> Chars:
        """Hook: on the stack only the cast half's characteristics exist (rule 709.3b)."""
        c = _face_chars(spell.face)
        if spell.face.has_x and spell.x:
            c = replace(c, mana_value=mana_value_of(spell.face.mana_cost, spell.x))
        return c

    def _split_characteristics(self, card: CardDef) -> Chars:
        """Off the stack a split card has both halves' characteristics combined (rule 709.4)."""
        faces = card.faces
        cost = "".join(f.mana_cost or "" for f in faces)
        types = tuple(dict.fromkeys(t for f in faces for t in f.types))
        return Chars(card.name, self.split_mana_value(card), colors_of(cost), types, (), (),
                     None, None, frozenset(), faces[0].text)

    def mdfc_mana_value(self, card: CardDef) -> int:
        """Hook: the mana value of a modal double-faced card in a zone other than the stack and
        the battlefield: its front face's (712.8; on the stack and the battlefield, the face
        up's)."""
        return card.faces[0].mana_value

    def split_mana_value(self, card: CardDef) -> int:
        """Hook: a split card's mana value off the stack, from its combined cost (709.4b)."""
        return sum(f.mana_value for f in card.faces)

    def colorless_by_devoid(self, obj: Obj, chars: Chars) -> bool:
        """Hook: an object with devoid is colorless, in every zone (702.114a: a
        characteristic-defining ability, 604.3)."""
        return "devoid" in chars.keywords

    def stack_mana_value(self, spell: SpellState, mana_value: int) -> int:
        """Hook: the mana value of a spell on the stack whose mana cost gives ``mana_value``
        (202.3; 702.51b, 702.66b, 702.126b: creatures tapped for convoke, cards exiled for delve
        and artifacts tapped for improvise pay its cost, they don't change its mana cost; the
        kinds of the objects that paid are ``spell.paid_with``)."""
        return mana_value

    def layer5_colors(self, printed: tuple[str, ...], devoid: bool,
                      set_by: list[tuple[str, ...]]) -> tuple[str, ...]:
        """Hook: an object's colors in layer 5 (613.1e): devoid, a characteristic-defining
        ability, applies first (613.3: colorless), then the effects that set its colors
        (``set_by``, in timestamp order), the last one winning: a devoid creature that becomes
        red is red, not red and colorless (the devoid rulings)."""
        colors = () if devoid else printed
        for new in set_by:
            colors = new
        return colors

    def color_layer_keywords(self, base: frozenset[str], now: frozenset[str]) -> frozenset[str]:
        """Hook: the keywords that decide an object's color (613.1e before 613.1f: devoid sets
        the color in layer 5, before layer 6 adds or removes abilities, so an object that lost
        devoid is still colorless): ``base``, its keywords before layer 6 (``now``: after)."""
        return base

    def card_types(self, obj: Obj) -> tuple[str, ...]:
        """Hook: the card types counted of ``obj`` ("card types among cards in your graveyard"):
        its card types (205.2a), never its supertypes, snow included (205.4a)."""
        return self._base(obj).types

    def is_outlaw(self, obj: Obj, chars: Chars) -> bool:
        """Hook: "outlaw" means a *permanent* with an outlaw creature type (the 2024 ruling)."""
        return obj.zone == "battlefield" and bool(o.OUTLAW_TYPES & set(chars.subtypes))

    def _statics(self) -> list[tuple[Obj, o.Static]]:
        if self._statics_cache is not None:
            return self._statics_cache
        out: list[tuple[Obj, o.Static]] = []
        for oid in self.battlefield:
            src = self.objects[oid]
            base = self._base(src)
            if "Creature" in base.types and self._humility_present(exclude=src):
                continue  # a creature under "All creatures lose all abilities" has no statics
            if base.text is not None:
                out.extend((src, s) for s in base.text.statics)
        self._statics_cache = out
        return out

    def _humility_present(self, exclude: Obj | None = None) -> bool:
        for oid in self.battlefield:
            src = self.objects[oid]
            if src is exclude:
                continue
            base = self._base(src)
            if "Creature" not in base.types and base.text is not None and any(
                    isinstance(s, o.CreaturesLoseAllAbilities) for s in base.text.statics):
                return True
        return False

    def chars(self, obj: Obj) -> Chars:
        """``obj``'s characteristics with continuous effects applied (layers 6, 7b, 7c)."""
        c = self._base(obj)
        if "Creature" in c.types and below_devotion(self, obj, c.text):  # layer 4: the gods
            c = replace(c, types=tuple(t for t in c.types if t != "Creature"))
        statics = self._statics() if obj.zone in ("battlefield", "stack") else []
        layer6: list[tuple[int, str, tuple[str, ...]]] = []
        base_pt: tuple[int, int] | None = None
        aura_power = aura_toughness = 0
        pt_stamp = -1
        is_creature = "Creature" in c.types
        subtypes = self._subtypes(obj, with_changeling(c))  # changeling: 702.73a
        lords = [(src, st) for src, st in statics if isinstance(st, o.SubtypeLord)
                 and self.lord_affects(src, obj, self._lord_matches(src, st, obj, c.types,
                                                                   subtypes)
                                       and (not st.colorless or not c.colors
                                            or self.colorless_by_devoid(obj, c)))]
        granted: list[o.FaceText] = []  # quoted abilities lords grant (layer 6)
        for src, lord in self.applied_lords(lords):
            if lord.keywords:
                layer6.append((src.timestamp, "add", lord.keywords))
            if lord.granted is not None:
                layer6.append((src.timestamp, "grant_lord", (str(len(granted)),)))
                granted.append(lord.granted)
            aura_power += lord.power
            aura_toughness += lord.toughness
        for src, st in statics:
            if (isinstance(st, o.CreaturesLoseAllAbilities) and is_creature
                    and obj.zone == "battlefield"):
                layer6.append((src.timestamp, "lose_all", ()))
                if src.timestamp > pt_stamp:
                    base_pt, pt_stamp = (st.power, st.toughness), src.timestamp
            elif (isinstance(st, o.OutlawsHaveKeyword) and self.active == src.controller
                  and obj.controller == src.controller and self.is_outlaw(obj, c)):
                layer6.append((src.timestamp, "add", (st.keyword,)))
            elif (isinstance(st, o.EnchantedCreatureGets) and src.attached_to == obj.ref
                  and is_creature and obj.zone == "battlefield"
                  and self.attachment_applies(src, obj)):
                if st.keywords:
                    layer6.append((src.timestamp, "add", st.keywords))
                if st.granted is not None:  # quoted abilities (Bear Umbra), as a lord's
                    layer6.append((src.timestamp, "grant_lord", (str(len(granted)),)))
                    granted.append(st.granted)
                aura_power += st.power
                aura_toughness += st.toughness
            elif isinstance(st, o.AurasAttachedHave) and obj.zone == "battlefield" \
                    and self.aura_host_controller(obj, c) == src.controller:
                layer6.append((src.timestamp, "add", (st.keyword,)))
            elif isinstance(st, SelfWhile) and src is obj and self.self_while_applies(src, st):
                if st.keywords:  # 611.3a: while its condition holds (self_while)
                    layer6.append((src.timestamp, "add", st.keywords))
                aura_power += st.power
                aura_toughness += st.toughness
        if obj.setup_keywords:
            layer6.append((obj.timestamp, "add", obj.setup_keywords))
        power_mod = toughness_mod = 0
        for eff in self.effects:
            if obj.ref not in eff.affected:
                continue
            if eff.lose_all:
                layer6.append((eff.timestamp, "lose_all", ()))
            if eff.base_pt is not None and eff.timestamp > pt_stamp:  # layer 7b, in timestamp order
                base_pt, pt_stamp = eff.base_pt, eff.timestamp
            if eff.add:
                layer6.append((eff.timestamp, "add", eff.add))
            if eff.remove:
                layer6.append((eff.timestamp, "remove", eff.remove))
            if eff.triggered or eff.activated:  # quoted abilities (113.1a), by the effect's index
                layer6.append((eff.timestamp, "grant", (str(self.effects.index(eff)),)))
            power_mod += eff.power
            toughness_mod += eff.toughness
        keywords = set(c.keywords) | {k for k, n in obj.counters.items()  # 122.1b
                                      if n > 0 and k in KEYWORD_COUNTERS}
        text = c.text
        for _, op, kws in self.layer6_order(layer6):
            if op == "lose_all":
                keywords.clear()
                text = None
            elif op == "add":
                keywords.update(kws)
            elif op == "grant_lord":  # after the printed abilities, in timestamp order
                g, base = granted[int(kws[0])], text if text is not None else o.FaceText()
                text = replace(base, activated=base.activated + g.activated,
                               triggered=base.triggered + g.triggered)
            elif op == "grant":
                grant, had = self.effects[int(kws[0])], text or o.FaceText()
                text = replace(had, triggered=(*had.triggered, *grant.triggered),
                               activated=(*had.activated, *grant.activated))
            else:
                keywords.difference_update(kws)
        power, toughness = c.power, c.toughness
        if is_creature and power is not None and toughness is not None:
            if base_pt is not None:
                power, toughness = base_pt
            plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
            power += power_mod + aura_power + plus
            toughness += toughness_mod + aura_toughness + plus
            if sum(1 for e in self.effects if e.switch and obj.ref in e.affected) % 2:
                power, toughness = toughness, power  # layer 7d (613.4d)
        now = frozenset(keywords)
        seen = self.color_layer_keywords(c.keywords, now)
        devoid = self.colorless_by_devoid(
            obj, c if seen is c.keywords else replace(c, keywords=seen))
        set_by = [e.colors for e in sorted(self.effects, key=lambda e: e.timestamp)
                  if e.colors is not None and obj.ref in e.affected]
        colors = self.layer5_colors(c.colors, devoid, set_by) if devoid or set_by else c.colors
        return Chars(c.name, c.mana_value, colors, c.types, subtypes, c.supertypes, power,
                     toughness, now, text)

    def _subtypes(self, obj: Obj, printed: tuple[str, ...]) -> tuple[str, ...]:
        """``obj``'s subtypes after the effects adding or removing subtypes (layer 4, 613.1d),
        in timestamp order."""
        found = [e for e in self.effects if (e.subtypes_add or e.subtypes_remove)
                 and obj.ref in e.affected]
        if not found:
            return printed
        out = list(printed)
        for e in sorted(found, key=lambda e: e.timestamp):
            out = [s for s in out if s not in e.subtypes_remove]
            out += [s for s in e.subtypes_add if s not in out]
        return tuple(out)

    @staticmethod
    def _lord_matches(src: Obj, st: o.SubtypeLord, obj: Obj, types: tuple[str, ...],
                      subtypes: tuple[str, ...]) -> bool:
        """Whether ``obj`` (with ``types`` and ``subtypes`` now) is in the group ``st`` of
        ``src`` names: a permanent, a creature if so said, of its subtype, controlled by the
        source's controller if so said, not the source for "other"."""
        return (obj.zone == "battlefield" and ("Creature" in types or not st.creatures_only)
                and (not st.subtype or st.subtype in subtypes)
                and (not st.yours or obj.controller == src.controller)
                and not (st.other and obj is src)
                and (not st.with_counter or obj.counters.get(st.with_counter, 0) > 0))

    def lord_affects(self, source: Obj, obj: Obj, matches: bool) -> bool:
        """Hook: a static ability granting a group of permanents something affects whatever
        is in the group at each moment (611.3a) — ``matches``: whether ``obj`` is, with its
        characteristics now (a Sliver that stopped being a Sliver no longer gets its own
        ability's bonus)."""
        return matches

    def applied_lords(self, lords: list[tuple[Obj, o.SubtypeLord]]
                      ) -> list[tuple[Obj, o.SubtypeLord]]:
        """Hook: every static ability affecting an object applies, each instance on its own:
        two copies of a lord give twice its bonus (613.4c, 613.1f; the Slivers' rulings)."""
        return lords

    def layer6_order(self, entries: list[tuple[int, str, tuple[str, ...]]]
                     ) -> list[tuple[int, str, tuple[str, ...]]]:
        """Hook: ability-adding and ability-removing effects apply in layer 6 in timestamp
        order (613.7): ``entries`` are ``(timestamp, "add" | "remove" | "lose_all", keywords)``."""
        return sorted(entries, key=lambda t: t[0])

    def self_while_applies(self, src: Obj, st: SelfWhile) -> bool:
        """Hook: "CARDNAME has <keyword> as long as <condition>" applies exactly while its
        condition holds (611.3a: checked continuously)."""
        return holds(self, src, st.condition)

    def abilities(self, obj: Obj) -> o.FaceText | None:
        """The abilities ``obj`` has now (``None``: it lost all abilities)."""
        return self.chars(obj).text
