"""Card identities: English, Italian and German card names, faces and texts.

``NamesTable.load()`` builds the names table from ``fixtures/data`` (MTGJSON 2022 snapshot, the
recent card files and the Forge cardnames excerpt) and resolves seed-file titles and JSON cards
to :class:`~pipeline.records.CardResolution` records::

    table = NamesTable.load()
    table.resolve_title("Collaborare", "it")    # Refuse // Cooperate, face Cooperate
    table.resolve_card(oracle_id, "At Knifepoint")
"""

from __future__ import annotations

from .errors import (
    CardDataError,
    CardQueryError,
    CardsError,
    UnknownCardError,
    UnsupportedLanguageError,
)
from .loaders import RawCard, read_mtgjson_cards
from .mentions import CardNames, EnglishNameFinder, NameHit, localized_card_names
from .model import CardEntry, CardFace, LocalizedFace
from .normalize import STABLE_ID_PREFIX, name_key, stable_card_id
from .table import CACHE_ENV, NamesTable, cache_dir, default_data_dir, iter_parallel_faces

__all__ = [
    "NamesTable",
    "CardEntry",
    "CardFace",
    "LocalizedFace",
    "stable_card_id",
    "name_key",
    "STABLE_ID_PREFIX",
    "iter_parallel_faces",
    "EnglishNameFinder",
    "NameHit",
    "CardNames",
    "localized_card_names",
    "read_mtgjson_cards",
    "RawCard",
    "default_data_dir",
    "cache_dir",
    "CACHE_ENV",
    "CardsError",
    "CardDataError",
    "CardQueryError",
    "UnknownCardError",
    "UnsupportedLanguageError",
]
