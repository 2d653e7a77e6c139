"""Align the rulings of one card across English and the localized languages by content.

The languages are the registry's (:mod:`pipeline.languages`: English, Italian and German built
in); "localized" below is each of them but English, in registry order. Order of work inside
:func:`align_card`:

1. **English fallbacks** — rulings of the localized files that are wholly English
   (``lang == "en"``) are matched to the English source rulings by normalised text
   (``identical``), else by near-identity (``near_identical``, e.g. an older English wording).
2. **Content pivots** — the other localized rulings are matched to the remaining English
   rulings by :func:`pipeline.align.score.pair_score`, with a global maximum-weight assignment
   (Hungarian) and a score threshold: first inside each date block, then — with a stricter
   threshold — across dates for what is left.
3. **localized <-> localized** — localized rulings without an English partner are matched to
   those of each other localized language (to a lone counterpart or to one already in an English
   group lacking that language), pair by pair in registry order (it -> de, then de -> it).
4. Everything still alone becomes its own group: never a forced pair.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from operator import attrgetter

from pipeline import languages
from pipeline.records import AlignedGroup

from .errors import InvalidAlignInput
from .groups import Group, finish, link_order, order_key, singletons
from .lexicon import Lexicon
from .matching import (
    CONTENT_MARGIN,
    CONTENT_THRESHOLD,
    CROSS_DATE_MARGIN,
    CROSS_DATE_THRESHOLD,
    NEAR_IDENTICAL_THRESHOLD,
    near_identity,
    two_stage,
)
from .model import (
    METHOD_CONTENT,
    METHOD_CONTENT_CROSS_DATE,
    METHOD_IDENTICAL,
    METHOD_NEAR_IDENTICAL,
    AlignItem,
    content_lang,
    slots,
)
from .score import Profile, pair_score, profile, reweight
from .text import compare_key

FAST_PATH = True
"""Cards whose rulings all come from files of one language skip profiling and scoring (their
groups are all single-member). ``False`` forces the full path (tests compare the two)."""


_ruling_id = attrgetter("ruling_id")
_file_lang = attrgetter("file_lang")
_lang = attrgetter("lang")


def _validate(items: Sequence[AlignItem]) -> set[str]:
    """Raise :class:`InvalidAlignInput` for the first inconsistent item; else return the file
    languages of ``items``."""
    # one C-level pass per attribute decides that the common, valid input is valid; anything
    # else (an error, or an AlignItem subclass) is looked at item by item
    slot_set = frozenset(slots())
    valid_langs = slot_set | {languages.UND}
    if set(map(type, items)) <= {AlignItem}:
        file_langs = set(map(_file_lang, items))
        ids = set(map(_ruling_id, items))
        if (
            file_langs <= slot_set
            and set(map(_lang, items)) <= valid_langs
            and len(ids) == len(items)
            and "" not in ids
        ):
            return file_langs
    seen: set[str] = set()
    for it in items:
        if not isinstance(it, AlignItem):
            raise InvalidAlignInput(f"expected AlignItem, got {type(it).__name__}")
        if it.file_lang not in slot_set:
            raise InvalidAlignInput(
                f"ruling {it.ruling_id!r}: file_lang {it.file_lang!r} not in {slots()}"
            )
        if it.lang not in valid_langs:
            raise InvalidAlignInput(
                f"ruling {it.ruling_id!r}: lang {it.lang!r} not in {sorted(valid_langs)}"
            )
        if not it.ruling_id:
            raise InvalidAlignInput("empty ruling_id")
        if it.ruling_id in seen:
            raise InvalidAlignInput(f"duplicate ruling_id {it.ruling_id!r}")
        seen.add(it.ruling_id)
    return set(map(_file_lang, items))


def align_card(
    card_id: str, card_name: str, items: Sequence[AlignItem], lexicon: Lexicon
) -> list[AlignedGroup]:
    """Group the rulings of one card across languages by content.

    ``items`` may come from an English source (``file_lang == "en"``) and from Italian and German
    files. Returns one :class:`~pipeline.records.AlignedGroup` per group, every item in exactly
    one group, ordered by date, then English position, then Italian and German position. Raises
    :class:`~pipeline.align.errors.InvalidAlignInput` on inconsistent items. Deterministic: the
    output depends on the items' content, dates and positions only, not on their input order.
    """
    present = _validate(items)
    if FAST_PATH and len(present) <= 1:
        # One file language only: nothing to compare across languages, every ruling is its own
        # group (what the stages below end with, minus the profiles and scores they compute).
        return singletons(items, card_id, card_name)
    all_slots = slots()
    localized = languages.localized()
    items = sorted(items, key=lambda x: (all_slots.index(x.file_lang), x.position, x.ruling_id))
    by_slot: dict[str, list[int]] = {s: [] for s in all_slots}
    for idx, it in enumerate(items):
        by_slot[it.file_lang].append(idx)
    expected = present | {"en"}

    profiles: dict[int, Profile] = {}
    for slot in all_slots:
        for lang in all_slots:
            members = [i for i in by_slot[slot] if content_lang(items[i]) == lang]
            raw = [profile(items[i].text_norm or items[i].text_raw, lang) for i in members]
            profiles.update(zip(members, reweight(raw, lexicon), strict=True))

    def prof(i: int) -> Profile:
        return profiles[i]

    cache: dict[tuple[int, int], float] = {}

    def content_score(i: int, j: int) -> float:
        key = (i, j) if i < j else (j, i)
        s = cache.get(key)
        if s is None:
            s = pair_score(prof(key[0]), prof(key[1]), lexicon)
            cache[key] = s
        return s

    group_of: dict[int, Group] = {}
    groups: list[Group] = []

    def join(i: int, j: int, method: str, s: float) -> None:
        gi = group_of.get(i)
        gj = group_of.get(j)
        if gi is not None and gj is not None:  # pragma: no cover - stages never merge groups
            raise InvalidAlignInput("internal: two groups merged")
        g = gi if gi is not None else gj
        if g is None:
            g = Group()
            groups.append(g)
        for k in (i, j):
            g.members[items[k].file_lang] = k
            group_of[k] = g
        g.links.append((items[i].file_lang, items[j].file_lang, method, s))

    def join_by_content(rows: list[int], cols: list[int]) -> None:
        """Join the content pairs of ``rows`` x ``cols`` (same date, then across dates)."""
        for i, j, s, cross in two_stage(
            rows,
            cols,
            items,
            content_score,
            CONTENT_THRESHOLD,
            CONTENT_MARGIN,
            CROSS_DATE_THRESHOLD,
            CROSS_DATE_MARGIN,
        ):
            join(j, i, METHOD_CONTENT_CROSS_DATE if cross else METHOD_CONTENT, s)

    en_keys = {i: compare_key(items[i].text_norm or items[i].text_raw) for i in by_slot["en"]}
    # (fallback key, English key) -> near_identity: the Italian and German files often hold the
    # same English fallback
    near: dict[tuple[str, str], float] = {}

    # 1 + 2: per localized slot, fallbacks then content, against the English rulings
    for slot in localized:
        loc = by_slot[slot]
        fallbacks = [i for i in loc if content_lang(items[i]) == "en"]
        content = [i for i in loc if content_lang(items[i]) != "en"]
        free_en = list(by_slot["en"])
        if fallbacks and free_en:
            fb_keys = {i: compare_key(items[i].text_norm or items[i].text_raw) for i in fallbacks}

            def fb_score(i: int, j: int, fb_keys: dict[int, str] = fb_keys) -> float:
                a, b = fb_keys[i], en_keys[j]
                if a == b:
                    return 1.0
                s = near.get((a, b))
                if s is None:
                    s = near[a, b] = near_identity(a, b)
                return s

            for i, j, s, _cross in two_stage(
                fallbacks,
                free_en,
                items,
                fb_score,
                NEAR_IDENTICAL_THRESHOLD,
                None,
                NEAR_IDENTICAL_THRESHOLD,
                None,
            ):
                join(j, i, METHOD_IDENTICAL if s == 1.0 else METHOD_NEAR_IDENTICAL, s)
            free_en = [j for j in free_en if not (group_of.get(j) and slot in group_of[j].members)]
        if content and free_en:
            join_by_content(content, free_en)

    # 3: localized <-> localized for what has no partner in the other localized language
    for slot, other in itertools.permutations(localized, 2):
        rows = [i for i in by_slot[slot] if i not in group_of]
        cols = [
            j for j in by_slot[other] if slot not in (group_of[j].members if j in group_of else {})
        ]
        if rows and cols:
            join_by_content(rows, cols)

    # 4: singletons
    for idx in range(len(items)):
        if idx not in group_of:
            g = Group(members={items[idx].file_lang: idx})
            groups.append(g)
            group_of[idx] = g

    order = link_order(localized)
    out = [finish(g, items, card_id, card_name, expected, present, order) for g in groups]
    pos = {it.ruling_id: it.position for it in items}
    out.sort(key=lambda ag: order_key(ag, pos))
    return out


