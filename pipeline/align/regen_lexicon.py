"""Regenerate or verify the shipped align lexicon (``fixtures/lexicon/``).

    python -m pipeline.align.regen_lexicon --write   # learn (15-35 s) and write the file
    python -m pipeline.align.regen_lexicon --check   # exit 1 when the file is stale

The file is a pure function of ``fixtures/data/mtgjson-2022/cards.jsonl.gz`` and the learning
code (:data:`~pipeline.align.lexicon.LEXICON_VERSION`); see :mod:`pipeline.align.lexicon`.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import sys

from pipeline.align.lexicon import (
    _REPO,
    CARDS_PATH,
    SHIPPED_DIR,
    SHIPPED_PATH,
    learn_from,
    shipped_bytes,
)

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """``python -m pipeline.align.regen_lexicon --write | --check``: regenerate or verify the shipped
    lexicon (learning takes 15-35 s)."""
    parser = argparse.ArgumentParser(
        prog="python -m pipeline.align.regen_lexicon", description=main.__doc__
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help=f"write {SHIPPED_PATH.name}")
    mode.add_argument("--check", action="store_true", help="exit 1 when the shipped file is stale")
    args = parser.parse_args(argv)
    digest = hashlib.sha256(CARDS_PATH.read_bytes()).hexdigest()
    data = shipped_bytes(learn_from(CARDS_PATH), digest)
    rel = SHIPPED_PATH.relative_to(_REPO).as_posix()
    if args.write:
        SHIPPED_DIR.mkdir(parents=True, exist_ok=True)
        tmp = SHIPPED_PATH.with_suffix(".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, SHIPPED_PATH)
        print(f"wrote {rel} ({len(data):,} bytes)")
        return 0
    try:
        current = gzip.decompress(SHIPPED_PATH.read_bytes())
    except (OSError, EOFError):
        current = b""
    if current != gzip.decompress(data):
        print(
            f"{rel} is stale: run python -m pipeline.align.regen_lexicon --write", file=sys.stderr
        )
        return 1
    print(f"{rel} is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
