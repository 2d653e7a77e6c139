"""The marker file of an output folder: which files this tool wrote there (one file format).

``_build.json`` of a dataset and ``.rulings-output.json`` of every other output hold a
``written`` mapping: path relative to the folder -> ``{"bytes": n, "sha256": hex}``. A
:class:`Layout` says which paths each kind of output may write. The policy that uses them (what
may be replaced, overwritten or deleted) is :mod:`pipeline.store.outdir`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.errors import DatasetError

__all__ = [
    "CONFORMANCE_REPORT",
    "DATASET",
    "EXPORT",
    "LAYOUTS",
    "MINED_CASES",
    "OUTPUT_MARKER",
    "TOOL",
    "TRANSLATION_REPORT",
    "Layout",
    "Legacy",
    "file_record",
    "marker_bytes",
    "marker_json",
    "read_written",
    "record_file",
]

TOOL = "mtg-rulings"
"""The ``tool`` field of a :data:`OUTPUT_MARKER`."""
OUTPUT_MARKER = ".rulings-output.json"
"""The marker of every output folder except a dataset (whose marker is its ``_build.json``)."""
_HEX = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Layout:
    """One kind of output folder: its marker file and the paths it may write.

    ``names`` is a regular expression over paths relative to the folder (``/``-separated); only
    listed files whose path matches it are owned.
    """

    kind: str
    marker: str
    names: re.Pattern[str]
    dirs: frozenset[str] = frozenset()
    """Folders this kind creates even when they stay empty (e.g. ``aligned`` with no groups)."""

    def may_write(self, rel: str) -> bool:
        """Whether this kind of output writes a file at ``rel``."""
        return rel != self.marker and self.names.fullmatch(rel) is not None


DATASET = Layout(
    "dataset",
    "_build.json",
    re.compile(
        r"(rulings|cards|quarantine)/part-0\.parquet|aligned\.parquet"
        r"|aligned/card=[a-z0-9-]{1,200}/part-0\.parquet|\.cache/[A-Za-z0-9._-]{1,200}\.parquet"
    ),
    frozenset({"aligned", ".cache", "rulings", "cards", "quarantine"}),
)
EXPORT = Layout(
    "export",
    OUTPUT_MARKER,
    re.compile(
        r"(rulings|aligned|cards|quarantine)\.(parquet|csv|jsonl)|README\.md"
        r"|data/[a-z0-9-]{1,40}/train-00000-of-00001\.parquet|parallel/[a-z]{2}-[a-z]{2}\.(tsv|jsonl)"
    ),
    frozenset({"parallel", "data"}),
)
TRANSLATION_REPORT = Layout(
    "translation-report", OUTPUT_MARKER, re.compile(r"index\.html|findings\.(csv|json)")
)
CONFORMANCE_REPORT = Layout(
    "conformance-report", OUTPUT_MARKER, re.compile(r"index\.html|history\.parquet")
)
MINED_CASES = Layout(
    "mined-cases",
    OUTPUT_MARKER,
    re.compile(r"[a-z0-9][a-z0-9._-]{0,200}/[a-z0-9][a-z0-9._-]{0,200}\.yaml"
               r"|COVERAGE\.md|coverage\.(json|csv)"),
)
Legacy = tuple[Layout, Callable[[Path], bool]]
"""How to recognise an output written before markers existed: its layout and a check of the
folder (for :func:`check_replaceable`) or of one file (for :func:`prepare_into`) that says it is
this tool's work. Only files matching the layout are ever adopted that way."""

LAYOUTS: dict[str, Layout] = {
    lay.kind: lay for lay in (DATASET, EXPORT, TRANSLATION_REPORT, CONFORMANCE_REPORT, MINED_CASES)
}


# ------------------------------------------------------------------------------- records, marker


def file_record(data: bytes | memoryview) -> dict[str, Any]:
    """The marker entry of a file holding ``data``: ``{"bytes": n, "sha256": hex}``."""
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def record_file(path: Path) -> dict[str, Any]:
    """:func:`file_record` of the file at ``path`` (read whole)."""
    return file_record(path.read_bytes())


def marker_json(body: Mapping[str, Any]) -> bytes:
    """A marker's bytes: ``body`` as indented JSON with sorted keys, except that each entry of
    ``written`` takes one line (readable, and ~5x faster to write for a dataset's ~13,000
    files than fully indented JSON)."""
    rest = {k: v for k, v in body.items() if k != "written"}
    head = json.dumps(rest, indent=2, sort_keys=True, ensure_ascii=False)
    if "written" not in body:
        return (head + "\n").encode("utf-8")
    if any(k > "written" for k in rest):
        raise DatasetError("a marker's keys must sort before 'written'")
    enc = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode

    def record(rec: Mapping[str, Any]) -> str:
        size, digest = rec.get("bytes"), rec.get("sha256")
        if (len(rec) == 2 and type(size) is int and isinstance(digest, str)
                and _HEX.fullmatch(digest)):
            return f'{{"bytes": {size}, "sha256": "{digest}"}}'  # what enc() gives, faster
        return enc(rec)

    lines = [f"    {enc(rel)}: {record(rec)}" for rel, rec in sorted(body["written"].items())]
    block = "{\n" + ",\n".join(lines) + "\n  }" if lines else "{}"
    sep = ",\n" if rest else "\n"
    return (head[:-2] + sep + '  "written": ' + block + "\n}\n").encode("utf-8")


def marker_bytes(layout: Layout, written: Mapping[str, Mapping[str, Any]]) -> bytes:
    """The bytes of the ``.rulings-output.json`` of a non-dataset ``layout`` listing ``written``
    (sorted, no timestamps: same files, same marker)."""
    if layout.marker != OUTPUT_MARKER:
        raise DatasetError(f"{layout.kind}: its marker is written with the data ({layout.marker})")
    bad = sorted(rel for rel in written if not layout.may_write(rel))
    if bad:
        raise DatasetError(f"{layout.kind}: not a name this output writes: {bad[0]}")
    body = {"tool": TOOL, "kind": layout.kind,
            "written": {rel: dict(rec) for rel, rec in sorted(written.items())}}
    return marker_json(body)


def read_marker(root: Path) -> tuple[Layout, dict[str, dict[str, Any] | None]] | None:
    """The layout and listed files of the marker in ``root``; ``None`` when there is none or it is
    not a marker of this tool (a stray file of the same name proves nothing)."""
    for name in (OUTPUT_MARKER, DATASET.marker):
        path = root / name
        try:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                continue
            body = json.loads(path.read_bytes())
        except (OSError, ValueError):
            continue
        if not isinstance(body, dict):
            continue
        if name == OUTPUT_MARKER:
            kind = body.get("kind")
            layout = LAYOUTS.get(kind) if isinstance(kind, str) and body.get("tool") == TOOL else None
            if layout is None or layout.marker != OUTPUT_MARKER:
                continue
        else:
            layout = DATASET
            if not isinstance(body.get("build_key"), str):
                continue
        written = body.get("written")
        listed: dict[str, dict[str, Any] | None] = {}
        if isinstance(written, dict):
            for rel, rec in written.items():
                if isinstance(rel, str) and isinstance(rec, dict):
                    listed[rel] = rec
        elif layout is DATASET and isinstance(body.get("files"), list):
            # A dataset of an earlier version lists its data files by name only, and its
            # language cache not at all.
            listed = {rel: None for rel in body["files"] if isinstance(rel, str)}
            cache = root / ".cache"
            if cache.is_dir() and not cache.is_symlink():
                for entry in os.scandir(cache):
                    listed.setdefault(f".cache/{entry.name}", None)
        else:
            continue
        return layout, listed
    return None


def read_written(root: Path) -> tuple[Layout, dict[str, dict[str, Any] | None]] | None:
    """The kind of output folder ``root`` holds and the files its marker lists (``None`` records
    for a dataset of an earlier version), or ``None`` when it holds no marker of this tool."""
    return read_marker(Path(root))
