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

import datetime as _dt
import difflib
import hashlib
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter

from pipeline import languages
from pipeline.records import AlignedGroup

from .assign import max_weight_assignment
from .errors import InvalidAlignInput
from .lexicon import Lexicon
from .score import Profile, pair_score, profile, reweight
from .text import compare_key


def slots() -> tuple[str, ...]:
    """Languages of the source files, and the keys of ``AlignedGroup.texts`` / ``ruling_ids``:
    the registered languages, English first (``en``, ``it``, ``de`` built in)."""
    return languages.codes()


CONTENT_THRESHOLD = 0.20
"""Minimum :func:`pair_score` for a same-date content pair."""
CONTENT_MARGIN = 0.05
"""Minimum lead of a content pair's score over its background: the larger of the mean of the
two best *other* scores of its row and of its column (each mean smoothed with one pseudo-score
of :data:`BACKGROUND_PRIOR`). A ruling whose counterpart is absent scores about as well with
everything, so its best candidate does not stand out and it stays unaligned."""
BACKGROUND_PRIOR = 0.2
"""Typical score of two unrelated rulings (smooths the background of small cards)."""
CROSS_DATE_THRESHOLD = 0.30
"""Minimum :func:`pair_score` for a content pair whose dates differ."""
CROSS_DATE_MARGIN = 0.10
"""Minimum lead over the background for a content pair whose dates differ."""
NEAR_IDENTICAL_THRESHOLD = 0.80
"""Minimum character similarity (difflib ratio) of an English fallback to an English source
ruling whose normalised text is not identical."""

METHOD_IDENTICAL = "identical"
METHOD_NEAR_IDENTICAL = "near_identical"
METHOD_CONTENT = "content:lexicon+anchors"
METHOD_CONTENT_CROSS_DATE = "content:lexicon+anchors:cross_date"
METHOD_NONE = "none"
METHODS: frozenset[str] = frozenset(
    {
        METHOD_IDENTICAL,
        METHOD_NEAR_IDENTICAL,
        METHOD_CONTENT,
        METHOD_CONTENT_CROSS_DATE,
        METHOD_NONE,
    }
)
"""Link methods. A group's ``method`` is its distinct link methods joined by ``,`` in link order
(en-it, en-de, it-de); ``none`` for a single-member group."""


def statuses() -> frozenset[str]:
    """The closed status vocabulary of the registered languages.

    With *expected* = ``en`` plus every file language present in the card's inputs:

    * ``complete`` — every expected language is in the group, none as an English fallback;
    * ``english_fallback_<langs>`` — the group holds an English source ruling and the localized
      file's ruling for it is in English, for each of ``<langs>`` (localized languages joined by
      ``_`` in registry order; takes precedence over ``missing_*``);
    * ``unaligned_<lang>`` — a single ruling with no counterpart although the card has rulings in
      another language (the aligner found none of them similar enough);
    * ``missing_<lang>`` — otherwise, the one expected language absent from the group (e.g. all
      the rulings of a card that has only an Italian file are ``missing_en``).
    """
    codes = languages.codes()
    loc = languages.localized()
    fallbacks = {
        "english_fallback_" + "_".join(c for c, bit in zip(loc, mask, strict=True) if bit)
        for mask in itertools.product((False, True), repeat=len(loc))
        if any(mask)
    }
    return frozenset(
        {"complete", *(f"missing_{c}" for c in codes), *(f"unaligned_{c}" for c in codes)}
        | fallbacks
    )


STATUSES: frozenset[str] = statuses()
"""The status vocabulary of the built-in languages (see :func:`statuses`)."""


FAST_PATH = True
"""Cards whose rulings all come from files of one language skip profiling and scoring (their
groups are all single-member). ``False`` forces the full path (tests compare the two)."""


@dataclass(frozen=True, slots=True)
class AlignItem:
    """One ruling of a card, as input to :func:`align_card`."""

    ruling_id: str
    lang: str
    """Detected language of this ruling: ``it``, ``de`` or ``en`` (``und`` is read as
    ``file_lang``)."""
    file_lang: str
    """Language of the file the ruling comes from: ``en`` (English source), ``it`` or ``de``."""
    date: _dt.date
    text_norm: str
    text_raw: str
    position: int
    """0-based position of the ruling within its file/card (used for ordering only)."""


@dataclass(slots=True)
class _Group:
    members: dict[str, int] = field(default_factory=dict)  # slot -> item index
    # (slot 1, slot 2, method, score)
    links: list[tuple[str, str, str, float]] = field(default_factory=list)


def group_id_of(ruling_ids: Sequence[str]) -> str:
    """Stable id of a group: SHA-256 of its sorted member ruling ids, 16 hex digits."""
    h = hashlib.sha256("\x1f".join(sorted(ruling_ids)).encode("utf-8")).hexdigest()
    return h[:16]


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


def _content_lang(it: AlignItem) -> str:
    if it.file_lang == "en":
        return "en"
    return it.file_lang if it.lang == "und" else it.lang


def _two_stage(
    rows: list[int],
    cols: list[int],
    items: Sequence[AlignItem],
    score: Callable[[int, int], float],
    threshold: float,
    margin: float | None,
    cross_threshold: float,
    cross_margin: float | None,
) -> list[tuple[int, int, float, bool]]:
    """Assignment inside date blocks, then across dates for the leftovers.

    A pair is kept when its score reaches the threshold and (unless ``margin`` is ``None``) it
    leads its background by ``margin`` (see :data:`CONTENT_MARGIN`). Returns
    ``(row_item, col_item, score, cross_date)``.
    """
    out: list[tuple[int, int, float, bool]] = []
    dates = sorted({items[i].date for i in rows} & {items[j].date for j in cols})
    for d in dates:
        r = [i for i in rows if items[i].date == d]
        c = [j for j in cols if items[j].date == d]
        mat = [[score(i, j) for j in c] for i in r]
        for ri, ci, s in _assign(mat, threshold, margin):
            out.append((r[ri], c[ci], s, False))
    used_r = {x[0] for x in out}
    used_c = {x[1] for x in out}
    r = [i for i in rows if i not in used_r]
    c = [j for j in cols if j not in used_c]
    if r and c and len({items[i].date for i in r} | {items[j].date for j in c}) > 1:
        mat = [[(score(i, j) if items[i].date != items[j].date else -1.0) for j in c] for i in r]
        for ri, ci, s in _assign(mat, cross_threshold, cross_margin):
            out.append((r[ri], c[ci], s, True))
    return out


def _near_identity(a: str, b: str) -> float:
    """The character similarity (difflib ratio, 6 digits) of two English keys when it reaches
    :data:`NEAR_IDENTICAL_THRESHOLD`, else 0.0.

    Below the threshold the value is never used (the assignment counts it as 0), so the cheap
    upper bounds of the ratio (length, then character counts) skip the costly matching for most
    pairs of unrelated rulings.
    """
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if (
        round(sm.real_quick_ratio(), 6) < NEAR_IDENTICAL_THRESHOLD
        or round(sm.quick_ratio(), 6) < NEAR_IDENTICAL_THRESHOLD
    ):
        return 0.0
    s = round(sm.ratio(), 6)
    return s if s >= NEAR_IDENTICAL_THRESHOLD else 0.0


def _background(mat: Sequence[Sequence[float]], i: int, j: int) -> float:
    """Larger of the smoothed means of the two best other valid scores of row i and column j."""

    def smoothed(values: list[float]) -> float:
        top = sorted((v for v in values if v >= 0.0), reverse=True)[:2]
        return (sum(top) + BACKGROUND_PRIOR) / (len(top) + 1)

    row = [v for jj, v in enumerate(mat[i]) if jj != j]
    col = [mat[ii][j] for ii in range(len(mat)) if ii != i]
    return max(smoothed(row), smoothed(col))


def _assign(
    mat: list[list[float]], threshold: float, margin: float | None
) -> list[tuple[int, int, float]]:
    out = []
    for i, j, s in max_weight_assignment(mat, threshold):
        if margin is None or s - _background(mat, i, j) >= margin:
            out.append((i, j, s))
    return out


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
        return _singletons(items, card_id, card_name)
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
            members = [i for i in by_slot[slot] if _content_lang(items[i]) == lang]
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

    group_of: dict[int, _Group] = {}
    groups: list[_Group] = []

    def join(i: int, j: int, method: str, s: float) -> None:
        gi = group_of.get(i)
        gj = group_of.get(j)
        if gi is not None and gj is not None:  # pragma: no cover - stages never merge groups
            raise InvalidAlignInput("internal: two groups merged")
        g = gi if gi is not None else gj
        if g is None:
            g = _Group()
            groups.append(g)
        for k in (i, j):
            g.members[items[k].file_lang] = k
            group_of[k] = g
        g.links.append((items[i].file_lang, items[j].file_lang, method, s))

    def join_by_content(rows: list[int], cols: list[int]) -> None:
        """Join the content pairs of ``rows`` x ``cols`` (same date, then across dates)."""
        for i, j, s, cross in _two_stage(
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
    # (fallback key, English key) -> _near_identity: the Italian and German files often hold the
    # same English fallback
    near: dict[tuple[str, str], float] = {}

    # 1 + 2: per localized slot, fallbacks then content, against the English rulings
    for slot in localized:
        loc = by_slot[slot]
        fallbacks = [i for i in loc if _content_lang(items[i]) == "en"]
        content = [i for i in loc if _content_lang(items[i]) != "en"]
        free_en = list(by_slot["en"])
        if fallbacks and free_en:
            fb_keys = {i: compare_key(items[i].text_norm or items[i].text_raw) for i in fallbacks}

            def fb_score(i: int, j: int, fb_keys: dict[int, str] = fb_keys) -> float:
                a, b = fb_keys[i], en_keys[j]
                if a == b:
                    return 1.0
                s = near.get((a, b))
                if s is None:
                    s = near[a, b] = _near_identity(a, b)
                return s

            for i, j, s, _cross in _two_stage(
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
            g = _Group(members={items[idx].file_lang: idx})
            groups.append(g)
            group_of[idx] = g

    link_order = _link_order(localized)
    out = [_finish(g, items, card_id, card_name, expected, present, link_order) for g in groups]
    pos = {it.ruling_id: it.position for it in items}
    out.sort(key=lambda ag: _order_key(ag, pos))
    return out


def _link_order(localized: Sequence[str]) -> dict[tuple[str, str], int]:
    """Rank of each link of a group in its ``method``: en-<localized> in registry order, then
    the pairs of localized languages (``(en, it) 0, (en, de) 1, (it, de) 2`` built in)."""
    order = {("en", c): i for i, c in enumerate(localized)}
    for i, (a, b) in enumerate(itertools.combinations(localized, 2), start=len(localized)):
        order[a, b] = order[b, a] = i
    return order


_MIN_DATE = _dt.date.min


def _singletons(items: Sequence[AlignItem], card_id: str, card_name: str) -> list[AlignedGroup]:
    """The groups of a card whose rulings all come from files of one language (the fast path of
    :func:`align_card`): one single-member group per ruling, ordered as :func:`_order_key`."""
    if not items:
        return []
    slot = items[0].file_lang
    # what _status gives a single-member group when ``present`` is that language
    status = "complete" if slot == languages.ENGLISH else "missing_en"
    sha256 = hashlib.sha256
    # _order_key of a single-member group is (date, position, group_id); the full path sorts
    # equal keys by ruling id, which comes next here (it is unique: the item is never compared)
    rows = sorted(
        [
            (
                it.date or _MIN_DATE,
                it.position,
                sha256(it.ruling_id.encode()).hexdigest()[:16],  # group_id_of((rid,))
                it.ruling_id,
                it,
            )
            for it in items
        ]
    )
    out = []
    no_members: dict[str, str | None] = dict.fromkeys(slots())
    for _date, _position, gid, rid, it in rows:
        ids = no_members.copy()
        ids[slot] = rid
        texts = no_members.copy()
        texts[slot] = it.text_raw
        out.append(
            AlignedGroup(gid, card_id, card_name, it.date, ids, texts, 0.0, METHOD_NONE, status)
        )
    return out


def _status(g: _Group, items: Sequence[AlignItem], expected: set[str], present: set[str]) -> str:
    members = set(g.members)
    absent = expected - members
    fallback = [
        s
        for s in languages.localized()
        if s in g.members and _content_lang(items[g.members[s]]) == "en"
    ]
    if "en" in members and fallback:
        return "english_fallback_" + "_".join(fallback)
    if not absent:
        return "complete"
    if len(members) == 1 and (present - members):
        return "unaligned_" + next(iter(members))
    if len(absent) == 1:
        return "missing_" + next(iter(absent))
    # a lone member of a card whose only inputs are in its own language and English is absent
    # from the inputs: expected = {en, lang}, handled above; anything else is unexpected
    return "unaligned_" + next(iter(members))  # pragma: no cover


def _finish(
    g: _Group,
    items: Sequence[AlignItem],
    card_id: str,
    card_name: str,
    expected: set[str],
    present: set[str],
    order: dict[tuple[str, str], int],
) -> AlignedGroup:
    all_slots = slots()
    ids = {s: (items[g.members[s]].ruling_id if s in g.members else None) for s in all_slots}
    texts = {s: (items[g.members[s]].text_raw if s in g.members else None) for s in all_slots}
    links = sorted(g.links, key=lambda x: order[(x[0], x[1])])
    if links:
        methods = list(dict.fromkeys(m for _, _, m, _ in links))
        method = ",".join(methods)
        score = round(min(s for _, _, _, s in links), 4)
    else:
        method = METHOD_NONE
        score = 0.0
    first = next(s for s in all_slots if s in g.members)
    return AlignedGroup(
        group_id=group_id_of([x for x in ids.values() if x is not None]),
        card_id=card_id,
        card_name=card_name,
        date=items[g.members[first]].date,
        ruling_ids=ids,
        texts=texts,
        score=score,
        method=method,
        status=_status(g, items, expected, present),
    )


def _order_key(ag: AlignedGroup, pos: dict[str, int]) -> tuple[object, ...]:
    big = 1 << 30
    positions = []
    for s in slots():
        rid = ag.ruling_ids[s]
        positions.append(pos[rid] if rid is not None else big)
    return (ag.date or _dt.date.min, *positions, ag.group_id)
