"""Mutants of transforming double-faced cards, day and night, daybound and nightbound (rules
712, 701.28, 702.145, 726; the rules: :mod:`conformance.reference.transform` and
:mod:`conformance.reference.designations`): each breaks one point the recurring rulings of
those cards state, and the cases mined from those rulings
(``conformance/mining/families/transform.py``) kill it (``rulings mutants``)."""

from __future__ import annotations

from conformance.reference.cards import CardDef
from conformance.reference.engine import ReferenceEngine
from conformance.reference.objects import PLAYERS, Obj
from conformance.reference.transform_text import NO_SPELLS_LAST_TURN


class NightToDayNeedsThreeSpells(ReferenceEngine):
    """Night becomes day only when the previous turn's active player cast more than two
    spells (two are not enough)."""

    MUTANT = "night_to_day_needs_three_spells"
    RULE = "726.3a"

    def day_night_after_turn(self, now: str, spells: int) -> str:
        if now == "night":
            return "day" if spells > 2 else now
        return super().day_night_after_turn(now, spells)


class DayboundNeverTransforms(ReferenceEngine):
    """Daybound and nightbound permanents do not transform as it becomes night or day."""

    MUTANT = "daybound_never_transforms"
    RULE = "702.145b"

    def bound_transforms(self, obj: Obj, now: str) -> bool:
        return False


class DayboundEntersFrontFace(ReferenceEngine):
    """At night a permanent with daybound enters the battlefield front face up (cast or put
    there)."""

    MUTANT = "daybound_enters_front_face"
    RULE = "702.145b"

    def daybound_enters_transformed(self, card: CardDef) -> bool:
        return False


class WerewolfCountsAllPlayers(ReferenceEngine):
    """"If a player cast two or more spells last turn" counts the spells of all players
    together."""

    MUTANT = "werewolf_counts_all_players"
    RULE = "603.4"

    def werewolf_condition(self, event: str, spells: dict[str, int]) -> bool:
        if event == NO_SPELLS_LAST_TURN:
            return super().werewolf_condition(event, spells)
        return sum(spells.values()) >= 2


class WerewolfSeesOnlyItsTime(ReferenceEngine):
    """A werewolf's "last turn" condition counts only the spells cast while it was on the
    battlefield."""

    MUTANT = "werewolf_sees_only_its_time"
    RULE = "603.4"

    def spells_seen_by(self, obj: Obj, turn: int) -> dict[str, int]:
        out = {p: 0 for p in PLAYERS}
        for t, player, there in self.cast_log:
            if t == turn and (obj.id, obj.zcc) in there:
                out[player] += 1
        return out


class BackFaceOwnManaValue(ReferenceEngine):
    """A permanent back face up has its back face's mana value (no mana cost: 0)."""

    MUTANT = "back_face_own_mana_value"
    RULE = "712.4d"

    def transformed_mana_value(self, card: CardDef) -> int:
        return card.faces[1].mana_value


class TransformedKeepsFrontFace(ReferenceEngine):
    """A transforming permanent keeps its front face's characteristics whichever face is up."""

    MUTANT = "transformed_keeps_front_face"
    RULE = "712.4d"

    def characteristics_face(self, obj: Obj) -> int:
        return 0


class TdfcEntersBackFaceUp(ReferenceEngine):
    """A transforming double-faced card enters the battlefield back face up."""

    MUTANT = "tdfc_enters_back_face_up"
    RULE = "712.10"

    def enters_face(self, obj: Obj) -> int:
        card = obj.card
        return 1 if card is not None and card.is_tdfc else super().enters_face(obj)


class FirstDayTriggers(ReferenceEngine):
    """The game becoming day or night for the first time triggers "whenever day becomes night
    or night becomes day"."""

    MUTANT = "first_day_triggers_day_night"
    RULE = "726.1a"

    def first_day_night_changes(self) -> bool:
        return True


class TransformIsNewObject(ReferenceEngine):
    """A permanent that transforms leaves the battlefield and returns, a new object."""

    MUTANT = "transform_is_new_object"
    RULE = "701.28a"

    def transform_keeps_object(self) -> bool:
        return False


class TdfcKeepsBackFaceOffBattlefield(ReferenceEngine):
    """A transforming double-faced permanent back face up keeps its back face's
    characteristics when it leaves the battlefield."""

    MUTANT = "tdfc_keeps_back_face_off_battlefield"
    RULE = "712.4a"

    def face_kept_off_battlefield(self) -> bool:
        return True


TRANSFORM_MUTANTS: dict[str, type[ReferenceEngine]] = {
    cls.MUTANT: cls for cls in (NightToDayNeedsThreeSpells, DayboundNeverTransforms,
                                DayboundEntersFrontFace, WerewolfCountsAllPlayers,
                                WerewolfSeesOnlyItsTime, BackFaceOwnManaValue,
                                TransformedKeepsFrontFace, TdfcEntersBackFaceUp,
                                FirstDayTriggers, TransformIsNewObject,
                                TdfcKeepsBackFaceOffBattlefield)
}
"""Mutant name -> engine class (added to :data:`conformance.reference.mutants.MUTANTS`)."""
