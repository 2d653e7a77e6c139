"""Alignment stage figures: lexicon build time, alignment throughput, held-out accuracy.

Run by ``bench/run.py`` (``make bench``) via runpy, or directly. Held-out accuracy is measured on
simulated cards built from the *test* split of the parallel card faces (never learned from), for
random and topical groups, against the position baselines (see ``pipeline.align.evaluate``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipeline.align import Lexicon, align_card  # noqa: E402
from pipeline.align.evaluate import evaluate, simulate  # noqa: E402
from pipeline.align.lexicon import load_parallel_faces, split_of  # noqa: E402

PAIRS = (("en", "it"), ("en", "de"), ("it", "de"))


def main() -> None:
    t0 = time.perf_counter()
    faces = load_parallel_faces()
    t_read = time.perf_counter() - t0
    train = [f for f in faces if split_of(f.oracle_id) == "train"]
    t0 = time.perf_counter()
    learned = Lexicon.learn(train)
    t_learn = time.perf_counter() - t0
    t0 = time.perf_counter()
    lex = Lexicon.load()
    t_load = time.perf_counter() - t0
    print(f"card faces read: {len(faces)} parallel faces in {t_read:.2f} s")
    print(
        f"lexicon learn (train split, {len(train)} faces): {t_learn:.1f} s, "
        f"{learned.size} associations; Lexicon.load() (shipped fixtures/lexicon file, else "
        f"cache, else learn): {t_load:.2f} s"
    )

    test = [f for f in faces if split_of(f.oracle_id) == "test"]
    cards = simulate(test, "en", "it", 60, 1, "topical")
    n_items = sum(len(c.items) for c in cards)
    t0 = time.perf_counter()
    for c in cards:
        align_card(c.card_id, c.card_id, c.items, lex)
    dt = time.perf_counter() - t0
    print(
        f"throughput: {n_items} items in {len(cards)} cards, {dt:.2f} s -> {n_items / dt:.0f} items/s"
    )

    # one-language cards (13,294 of the full corpus's 13,297): groups emitted without scoring
    import datetime as dt
    import gzip
    import json

    import pipeline.align.aligner as aligner_mod
    from pipeline.align import AlignItem

    by_card: dict[str, list[AlignItem]] = {}
    data = Path(__file__).resolve().parents[1] / "fixtures/data/mtgjson-2022/rulings_en.jsonl.gz"
    with gzip.open(data, "rt", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            items = by_card.setdefault(r["oracle_id"], [])
            items.append(
                AlignItem(
                    f"{r['oracle_id']}:{len(items)}",
                    "en",
                    "en",
                    dt.date.fromisoformat(r["date"]),
                    r["text"],
                    r["text"],
                    len(items),
                )
            )
    sample = sorted(by_card)[::4]
    for fast in (True, False):
        aligner_mod.FAST_PATH = fast
        t0 = time.perf_counter()
        for cid in sample:
            align_card(cid, cid, by_card[cid], lex)
        dt_ = time.perf_counter() - t0
        print(
            f"English-only cards ({len(sample)}), {'fast path' if fast else 'full path'}: "
            f"{dt_ / len(sample) * 1000:.3f} ms/card"
        )
    aligner_mod.FAST_PATH = True

    print("\nheld-out (test split), 60 cards of 5-20 faces, 10 % drops each side, shuffled:")
    header = f"{'pair':7} {'groups':13} {'P':>6} {'R':>6} {'F1':>6} {'alone':>6} | {'pos-shuf F1':>11} {'pos-ord F1':>10}"
    print(header)
    for min_chars in (0, 150):
        for la, lb in PAIRS:
            for grouping in ("random", "topical"):
                r = evaluate(
                    la,
                    lb,
                    lexicon=lex,
                    split="test",
                    n_cards=60,
                    seed=7,
                    grouping=grouping,
                    faces=faces,
                    min_chars=min_chars,
                )
                label = grouping + ("+long" if min_chars else "")
                print(
                    f"{la}-{lb:4} {label:13} {r.aligner.precision:6.3f} {r.aligner.recall:6.3f} "
                    f"{r.aligner.f1:6.3f} {r.unaligned_kept_alone:6.3f} | "
                    f"{r.baseline_shuffled.f1:11.3f} {r.baseline_ordered.f1:10.3f}"
                )


if __name__ == "__main__":
    main()
