"""The vocabulary a case may use: the closed feature list (``features.yaml``) and the card names
the project knows (the shipped MTGJSON card data, the recent cards, the reference engine's own).
Read by :mod:`conformance.case_lint`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from conformance.card_names import shipped_card_names
from conformance.errors import VocabularyError
from conformance.features import FEATURES_FILE, read_features

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent
CARD_DATA = REPO_DIR / "fixtures" / "data" / "mtgjson-2022" / "cards.jsonl.gz"
RECENT_CARDS_DIR = REPO_DIR / "fixtures" / "data" / "recent"


def load_features(path: str | Path = FEATURES_FILE) -> dict[str, str]:
    """The feature vocabulary: name -> one-line definition (read by :mod:`conformance.features`,
    its one reader). Raises :class:`VocabularyError` naming file and line."""
    return read_features(path, VocabularyError)


@cache
def _fixture_card_names() -> frozenset[str]:
    # Disk-cached by the input files' digest (conformance.card_names): reading the card data
    # costs more than linting the whole suite.
    return shipped_card_names(CARD_DATA, RECENT_CARDS_DIR)


@cache
def _reference_card_names() -> frozenset[str]:
    try:
        from conformance import reference as ref_module

        fn = getattr(ref_module, "card_names", None)
    except ImportError:
        fn = None
    return frozenset(fn()) if callable(fn) else frozenset()


def known_card_names() -> frozenset[str]:
    """Real card names the project ships oracle text for, plus the reference engine's own cards."""
    return _fixture_card_names() | _reference_card_names()


@cache
def _reference_list_names() -> frozenset[str]:
    """The names of the reference engine's hand-picked card list (``reference_cards.yaml``): with
    the shipped card data they are all its card names (the others it interprets from that data),
    without interpreting every card as :func:`_reference_card_names` does."""
    try:
        from conformance.reference import cards as ref_cards
    except ImportError:
        return frozenset()
    entries = getattr(ref_cards, "card_list", None)
    if not callable(entries):
        return frozenset()
    return frozenset(e["name"] for e in entries() if isinstance(e, dict) and "name" in e)


class KnownCards:
    """:func:`known_card_names` as a lazy container: a name not in the shipped card data is looked
    up in the reference engine's card list, and only then in its full card set (slow: it
    interprets every card)."""

    def __contains__(self, name: object) -> bool:
        return (name in _fixture_card_names() or name in _reference_list_names()
                or name in _reference_card_names())
