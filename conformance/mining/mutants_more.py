"""More family mutants (see :mod:`conformance.mining.mutants`): the reference engine with the one
rules point of a mined family broken: convoke, improvise and delve (702.51a-b, 702.126a-b,
702.66a-b), heroic once per spell (603.2c), the order of scried cards (701.18a), a card that lost
devoid (613.1e), an additional sacrifice cost paid exactly (118.8), paying Phyrexian symbols with
life (119.4, 107.4f), generic mana toward devotion (700.5), a kicker paid once (702.33d).
:data:`MORE_FAMILY_MUTANTS` is added to the reference mutants, so ``rulings mutants`` and
``mutant:NAME`` engine specs run them too."""

from __future__ import annotations

import re

from conformance.reference import mana
from conformance.reference.cards import Face
from conformance.reference.engine import ReferenceEngine
from conformance.reference.mana import Symbol
from conformance.reference.objects import Obj, Ref, SpellSnapshot, SpellState


class ConvokeLowersManaValue(ReferenceEngine):
    """Each creature tapped for convoke lowers the spell's mana value by one, as if convoke
    reduced its mana cost."""

    MUTANT = "convoke_lowers_mana_value"
    RULE = "702.51b"

    def stack_mana_value(self, spell: SpellState, mana_value: int) -> int:
        return max(0, mana_value - spell.paid_with.count("convoke"))


class ImproviseLowersManaValue(ReferenceEngine):
    """Each artifact tapped for improvise lowers the spell's mana value by one."""

    MUTANT = "improvise_lowers_mana_value"
    RULE = "702.126b"

    def stack_mana_value(self, spell: SpellState, mana_value: int) -> int:
        return max(0, mana_value - spell.paid_with.count("improvise"))


class ImprovisePaysColored(ReferenceEngine):
    """An artifact tapped for improvise pays {1} or one mana of any color."""

    MUTANT = "improvise_pays_colored"
    RULE = "702.126a"

    def improvise_kinds(self, obj: Obj) -> frozenset[str]:
        return frozenset({"generic", *"WUBRG"})


class TappedCreatureConvokes(ReferenceEngine):
    """A tapped creature (one tapped for its mana ability while its controller casts the spell)
    can be tapped again for convoke."""

    MUTANT = "tapped_creature_convokes"
    RULE = "702.51a"

    def may_tap_to_pay(self, player: str, kind: str, obj: Obj) -> bool:
        return kind == "convoke" or super().may_tap_to_pay(player, kind, obj)


class TappedArtifactImprovises(ReferenceEngine):
    """A tapped artifact (one tapped for its mana ability) can be tapped again for improvise."""

    MUTANT = "tapped_artifact_improvises"
    RULE = "702.126a"

    def may_tap_to_pay(self, player: str, kind: str, obj: Obj) -> bool:
        return kind == "improvise" or super().may_tap_to_pay(player, kind, obj)


class DelveLowersManaValue(ReferenceEngine):
    """Each card exiled for delve lowers the spell's mana value by one."""

    MUTANT = "delve_lowers_mana_value"
    RULE = "702.66b"

    def stack_mana_value(self, spell: SpellState, mana_value: int) -> int:
        return max(0, mana_value - spell.paid_with.count("delve"))


class DelvePaysColored(ReferenceEngine):
    """A card exiled for delve pays {1} or one mana of any color."""

    MUTANT = "delve_pays_colored"
    RULE = "702.66a"

    def delve_payments(self, obj: Obj) -> list[int | str]:
        return [*"WUBRG", 1]


class DelveExilesExtra(ReferenceEngine):
    """Cards exiled for delve beyond the generic mana to pay are exiled for nothing."""

    MUTANT = "delve_exiles_extra"
    RULE = "702.66a"

    def delve_payments(self, obj: Obj) -> list[int | str]:
        return [1, 0]


class ConvokeMulticoloredPaysGeneric(ReferenceEngine):
    """A multicolored creature tapped for convoke pays only {1}, never one mana of one of its
    colors."""

    MUTANT = "convoke_multicolored_pays_generic"
    RULE = "702.51a"

    def convoke_kinds(self, obj: Obj) -> frozenset[str]:
        kinds = super().convoke_kinds(obj)
        return frozenset({"generic"}) if len(self.chars(obj).colors) > 1 else kinds


class ConvokeNeedsUnsickCreatures(ReferenceEngine):
    """A creature its controller has not controlled continuously since their most recent turn
    began cannot be tapped for convoke (as if convoke were a {T} ability of the creature)."""

    MUTANT = "convoke_needs_unsick_creatures"
    RULE = "302.6"

    def may_tap_to_pay(self, player: str, kind: str, obj: Obj) -> bool:
        if kind == "convoke" and obj.summoning_sick:
            return False
        return super().may_tap_to_pay(player, kind, obj)


class HeroicPerTarget(ReferenceEngine):
    """A heroic ability triggers once for each time a spell targets its creature (each instance
    of the word "target"), not once per spell."""

    MUTANT = "heroic_per_target"
    RULE = "603.2c"

    def heroic_triggers(self, src: Obj, targeted: list[Ref]) -> int:
        return targeted.count(src.ref)


class ScryOrderIgnored(ReferenceEngine):
    """The order a player chooses for scried cards is ignored: the cards kept on top and the
    cards put on the bottom keep the order they had in the library."""

    MUTANT = "scry_order_ignored"
    RULE = "701.18a"

    def scry_placement(self, top: list[str], bottom: list[str]) -> tuple[list[str], list[str]]:
        top, bottom = super().scry_placement(top, bottom)
        owner = self.objects[(top or bottom)[0]].owner
        lib = self.zones[(owner, "library")]
        return sorted(top, key=lib.index), sorted(bottom, key=lib.index)


class DevoidLostRestoresColors(ReferenceEngine):
    """An object that lost devoid has the colors of its mana cost again (devoid's color change
    is applied after abilities are removed, not before: 613.1e before 613.1f broken)."""

    MUTANT = "devoid_lost_restores_colors"
    RULE = "613.1e"

    def color_layer_keywords(self, base: frozenset[str], now: frozenset[str]) -> frozenset[str]:
        return base & now


class SacrificeCountUnchecked(ReferenceEngine):
    """An additional cost "sacrifice a creature" is paid by sacrificing any number of
    permanents, none included (118.8 broken: the cost is not paid exactly)."""

    MUTANT = "sacrifice_count_unchecked"
    RULE = "118.8"

    def cost_count_paid(self, kind: str, want: int, named: int) -> bool:
        return (kind == "sacrifice" and want > 0) or super().cost_count_paid(kind, want, named)


class PhyrexianLifeUnchecked(ReferenceEngine):
    """A Phyrexian symbol the pool cannot pay is paid with 2 life whatever the player's life
    total (119.4 broken: a player at 1 life pays 2 life)."""

    MUTANT = "phyrexian_life_unchecked"
    RULE = "119.4"

    def payment_plan(self, pool: mana.ManaPool, symbols: list[Symbol],
                     life: int) -> tuple[list[Symbol], int] | None:
        return super().payment_plan(pool, symbols, max(life, 2 * len(symbols)))


class PhyrexianPaidWithManaOnly(ReferenceEngine):
    """A Phyrexian symbol can be paid only with mana of its color, never with 2 life."""

    MUTANT = "phyrexian_paid_with_mana_only"
    RULE = "107.4f"

    def payment_plan(self, pool: mana.ManaPool, symbols: list[Symbol],
                     life: int) -> tuple[list[Symbol], int] | None:
        return super().payment_plan(pool, symbols, 0)


class DevotionCountsGeneric(ReferenceEngine):
    """The generic mana in the mana costs of permanents counts toward devotion to every color
    (a {1} counts one)."""

    MUTANT = "devotion_counts_generic"
    RULE = "700.5"

    def devotion_text_symbols(self, obj: Obj, color: str) -> int:
        cost = obj.card.faces[0].mana_cost if obj.card is not None else None
        generic = sum(int(n) for n in re.findall(r"\{(\d+)\}", cost or ""))
        return super().devotion_text_symbols(obj, color) + generic


class KickerPaidTwice(ReferenceEngine):
    """A kicker cost may be paid any number of times, as if it were a multikicker cost (702.33d
    broken)."""

    MUTANT = "kicker_paid_twice"
    RULE = "702.33d"

    def kicker_limit(self, face: Face) -> int | None:
        return None


class KickerNotInTotalCost(ReferenceEngine):
    """A kicker cost paid is not added to the spell's total cost: kicking is free (601.2f
    broken)."""

    MUTANT = "kicker_not_in_total_cost"
    RULE = "601.2f"

    def kicker_in_total_cost(self, face: Face) -> bool:
        return False


class KickerOnPutOntoBattlefield(ReferenceEngine):
    """A permanent with kicker put onto the battlefield without being cast counts as kicked
    (702.33d broken)."""

    MUTANT = "kicker_on_put_onto_battlefield"
    RULE = "702.33d"

    def permanent_kicked(self, obj: Obj) -> int:
        card = obj.card
        has_kicker = card is not None and any(f.text.kicker for f in card.faces)
        return super().permanent_kicked(obj) or int(has_kicker)


class CopyNotKicked(ReferenceEngine):
    """A copy of a kicked spell is not kicked (707.10 broken)."""

    MUTANT = "copy_not_kicked"
    RULE = "707.10"

    def copy_kicked(self, info: SpellSnapshot) -> int:
        return 0


MORE_FAMILY_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (
        ConvokeLowersManaValue, ConvokeMulticoloredPaysGeneric, ConvokeNeedsUnsickCreatures,
        ImproviseLowersManaValue, ImprovisePaysColored, TappedCreatureConvokes,
        TappedArtifactImprovises, DelveLowersManaValue, DelvePaysColored, DelveExilesExtra,
        HeroicPerTarget, ScryOrderIgnored, DevoidLostRestoresColors, SacrificeCountUnchecked,
        PhyrexianLifeUnchecked, PhyrexianPaidWithManaOnly, DevotionCountsGeneric,
        KickerPaidTwice, KickerNotInTotalCost, KickerOnPutOntoBattlefield, CopyNotKicked,
    ) if cls.MUTANT is not None
}
"""Mutant name -> engine class, for the families of this module's mutants."""
