"""The hooks of the effects that choose cards from a library or a hand (scry 701.18, search
701.19, discard 701.8, cards put on the bottom of a library 401.4): :class:`LibraryChoices`,
a step of the chain of :mod:`conformance.reference.rules`. The effects themselves are in
:mod:`conformance.reference.effects_library`."""

from __future__ import annotations

from conformance.reference.copies import Copies


class LibraryChoices(Copies):
    """The rules deciding where chosen cards go."""

    def scry_placement(self, top: list[str], bottom: list[str]) -> tuple[list[str], list[str]]:
        """Hook: a scry puts the cards chosen for the bottom on the bottom of the library and
        the rest on top, each group in the order its player chose (701.18a); returns (the
        cards on top, top first; the cards on the bottom, highest first)."""
        return top, bottom

    def search_may_fail(self, has_quality: bool) -> bool:
        """Hook: a player searching a hidden zone for cards with a stated quality need not find
        them even if they are there (701.19b)."""
        return has_quality

    def discarded_cards(self, hand: list[str], chosen: list[str]) -> list[str]:
        """Hook: the cards a player discards are those the player chose (701.8b); ``hand`` is
        the hand in order, ``chosen`` the player's answer."""
        return chosen

    def bottom_order(self, rest: list[str], order: list[str]) -> list[str]:
        """Hook: cards put on the bottom of a library at the same time go there in the order
        their owner chose (401.4); ``rest`` is their order before, ``order`` the chosen one
        (highest first)."""
        return order
