"""From the aligner's groups to :class:`~pipeline.records.AlignedGroup` records: status,
method, score and order (and the one-language fast path's single-member groups)."""

from __future__ import annotations

import datetime as _dt
import hashlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from pipeline import languages
from pipeline.records import AlignedGroup

from .model import METHOD_NONE, AlignItem, content_lang, group_id_of, slots

__all__ = ["Group", "finish", "link_order", "order_key", "singletons", "status_of"]


@dataclass(slots=True)
class Group:
    """A group being built: its member item per language slot and the links that joined them."""

    members: dict[str, int] = field(default_factory=dict)  # slot -> item index
    # (slot 1, slot 2, method, score)
    links: list[tuple[str, str, str, float]] = field(default_factory=list)


def link_order(localized: Sequence[str]) -> dict[tuple[str, str], int]:
    """Rank of each link of a group in its ``method``: en-<localized> in registry order, then
    the pairs of localized languages (``(en, it) 0, (en, de) 1, (it, de) 2`` built in)."""
    order = {("en", c): i for i, c in enumerate(localized)}
    for i, (a, b) in enumerate(itertools.combinations(localized, 2), start=len(localized)):
        order[a, b] = order[b, a] = i
    return order


_MIN_DATE = _dt.date.min


def singletons(items: Sequence[AlignItem], card_id: str, card_name: str) -> list[AlignedGroup]:
    """The groups of a card whose rulings all come from files of one language (the fast path of
    :func:`align_card`): one single-member group per ruling, ordered as :func:`order_key`."""
    if not items:
        return []
    slot = items[0].file_lang
    # what status_of gives a single-member group when ``present`` is that language
    status = "complete" if slot == languages.ENGLISH else "missing_en"
    sha256 = hashlib.sha256
    # order_key of a single-member group is (date, position, group_id); the full path sorts
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


def status_of(g: Group, items: Sequence[AlignItem], expected: set[str], present: set[str]) -> str:
    members = set(g.members)
    absent = expected - members
    fallback = [
        s
        for s in languages.localized()
        if s in g.members and content_lang(items[g.members[s]]) == "en"
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


def finish(
    g: Group,
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
        status=status_of(g, items, expected, present),
    )


def order_key(ag: AlignedGroup, pos: dict[str, int]) -> tuple[object, ...]:
    big = 1 << 30
    positions = []
    for s in slots():
        rid = ag.ruling_ids[s]
        positions.append(pos[rid] if rid is not None else big)
    return (ag.date or _dt.date.min, *positions, ag.group_id)
