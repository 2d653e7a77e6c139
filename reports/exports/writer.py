"""Write a dataset in another format, with a dataset card and a parallel corpus.

Layouts (``OUT`` is the output directory):

* ``parquet`` — ``OUT/<table>.parquet`` (Arrow schema and field descriptions kept);
* ``csv`` — ``OUT/<table>.csv`` (UTF-8, lists as JSON arrays, dates ISO; text cells that a
  spreadsheet would run as a formula get a leading ``'``: :mod:`reports.exports.spreadsheet`);
* ``jsonl`` — ``OUT/<table>.jsonl`` (one JSON object a line);
* ``hf`` — ``OUT/data/<table>/train-00000-of-00001.parquet`` and
  ``OUT/data/parallel-<pair>/train-00000-of-00001.parquet``, with the configs declared in the
  README's YAML header: ``datasets.load_dataset(OUT, "<table>")`` or
  ``load_dataset("parquet", data_files=...)`` read it.

Every format also writes ``OUT/parallel/<src>-<tgt>.tsv`` and ``.jsonl`` and ``OUT/README.md``.
Rows are sorted, so the same dataset gives the same files.

``OUT`` is written beside it and swapped in atomically; an existing ``OUT`` is replaced only when
it holds nothing this tool did not write (``OUT/.rulings-output.json`` lists what an export
wrote; see :mod:`pipeline.store.outdir`), and it may not contain the dataset nor lie inside it.
"""

from __future__ import annotations

import csv
import datetime as _dt
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline import describe, languages, read_dataset, read_table, schemas
from pipeline.errors import PipelineError
from pipeline.store import outdir
from pipeline.store.atomic import atomic_directory
from reports.exports.errors import ExportError
from reports.exports.spreadsheet import CARD_NOTE, neutralise

__all__ = ["FORMATS", "TABLES", "ExportResult", "export_dataset", "pairs", "parallel_pairs"]

FORMATS: tuple[str, ...] = ("parquet", "csv", "jsonl", "hf")
TABLES: tuple[str, ...] = ("rulings", "aligned", "cards", "quarantine")


def pairs() -> tuple[tuple[str, str], ...]:
    """Parallel-corpus pairs, (source, target), of the registered languages
    (:mod:`pipeline.languages`): each localized language to English, then each localized
    language to every one registered after it (built in: it-en, de-en, it-de)."""
    loc = languages.localized()
    return (*((lg, languages.ENGLISH) for lg in loc),
            *((a, b) for i, a in enumerate(loc) for b in loc[i + 1:]))


_SORT = {
    "rulings": ["card_id", "source", "position", "ruling_id"],
    "aligned": ["card_id", "group_id"],
    "cards": ["card_id"],
    "quarantine": ["source", "line", "reason"],
}

PAIR_COLUMNS: tuple[str, ...] = (
    "group_id", "card_id", "card_name", "date", "src_lang", "tgt_lang", "src", "tgt",
    "src_ruling_id", "tgt_ruling_id", "score", "method", "flags",
)
"""Columns of the parallel corpus files."""

_PROVENANCE = Path(__file__).resolve().parents[2] / "fixtures" / "data" / "PROVENANCE.md"


@dataclass
class ExportResult:
    """What :func:`export_dataset` wrote."""

    out: Path
    format: str
    counts: dict[str, int] = field(default_factory=dict)
    """Rows per table and per parallel pair (``parallel-it-en`` …)."""
    files: list[Path] = field(default_factory=list)


def _sorted_table(path: Path, name: str) -> pa.Table:
    table = read_table(path, name)
    keys = [k for k in _SORT[name] if k in table.column_names]
    return table.sort_by([(k, "ascending") for k in keys]) if table.num_rows else table


def _jsonable(v: Any) -> Any:
    if isinstance(v, _dt.date | _dt.datetime):
        return v.isoformat()
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    return v


def _rows(table: pa.Table) -> list[dict[str, Any]]:
    return [{k: _jsonable(v) for k, v in row.items()} for row in table.to_pylist()]


def _write_csv(path: Path, columns: Sequence[str], rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(columns)
        for row in rows:
            w.writerow(["" if row.get(c) is None else
                        json.dumps(row[c], ensure_ascii=False) if isinstance(row[c], list)
                        else neutralise(row[c]) for c in columns])


def _write_jsonl(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")


def _tsv_cell(v: Any) -> str:
    if v is None:
        return ""
    s = json.dumps(v, ensure_ascii=False) if isinstance(v, list) else str(v)
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def parallel_pairs(dataset: Path | str, src: str, tgt: str) -> list[dict[str, Any]]:
    """Aligned pairs ``src`` → ``tgt`` of the dataset, one dict per group (:data:`PAIR_COLUMNS`).

    A pair is kept only when both members are written in their own language: a localized
    file's ruling that is English (an untranslated fallback) is not a translation. ``flags``
    lists ``english_clause:<lang>`` when a member has English clauses inside.
    """
    if (src, tgt) not in pairs():
        raise ExportError(f"unknown pair {src}-{tgt} (use one of "
                          f"{', '.join(f'{a}-{b}' for a, b in pairs())})")
    try:
        ds = read_dataset(dataset)
    except PipelineError as exc:
        raise ExportError(str(exc)) from exc
    return _pairs(ds.rulings, ds.aligned, src, tgt)


def _pairs(rulings: Any, aligned: Any, src: str, tgt: str) -> list[dict[str, Any]]:
    info = {row.ruling_id: (row.lang, row.file_lang, len(row.english_spans))
            for row in rulings.itertuples(index=False)}
    out = []
    for g in aligned.itertuples(index=False):
        rs, rt = getattr(g, f"ruling_id_{src}"), getattr(g, f"ruling_id_{tgt}")
        if not isinstance(rs, str) or not isinstance(rt, str) or rs not in info or rt not in info:
            continue
        (ls, fs, cs), (lt, ft, ct) = info[rs], info[rt]
        if ls != fs or lt != ft:
            continue
        flags = [f"english_clause:{lang}" for lang, n in ((src, cs), (tgt, ct)) if n]
        out.append({
            "group_id": g.group_id, "card_id": g.card_id, "card_name": g.card_name,
            "date": _jsonable(g.date) if g.date is not None else None,
            "src_lang": src, "tgt_lang": tgt,
            "src": getattr(g, f"text_{src}"), "tgt": getattr(g, f"text_{tgt}"),
            "src_ruling_id": rs, "tgt_ruling_id": rt, "score": float(g.score),
            "method": g.method, "flags": flags,
        })
    out.sort(key=lambda r: (r["card_name"], r["card_id"], r["date"] or "", r["group_id"]))
    return out


def _pair_table(rows: list[dict[str, Any]]) -> pa.Table:
    schema = pa.schema([
        ("group_id", pa.string()), ("card_id", pa.string()), ("card_name", pa.string()),
        ("date", pa.string()), ("src_lang", pa.string()), ("tgt_lang", pa.string()),
        ("src", pa.string()), ("tgt", pa.string()), ("src_ruling_id", pa.string()),
        ("tgt_ruling_id", pa.string()), ("score", pa.float64()), ("method", pa.string()),
        ("flags", pa.list_(pa.string())),
    ])
    return pa.Table.from_pylist(rows, schema=schema)


def export_dataset(dataset: Path | str, out: Path | str, fmt: str) -> ExportResult:
    """Export the dataset at ``dataset`` into ``out`` in format ``fmt`` (:data:`FORMATS`).

    ``out`` is replaced atomically if it holds only what this tool wrote (a previous export); it
    must otherwise be empty or absent. Raises :class:`ExportError` for an unknown format, an
    unreadable dataset, an unwritable ``out``, an ``out`` holding anything else (nothing is
    deleted then; the message names the foreign entries), or an ``out`` that contains the
    dataset or lies inside it.
    """
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r} (use one of {', '.join(FORMATS)})")
    src = Path(dataset)
    out = Path(out)
    try:
        ds = read_dataset(src)
        tables = {name: _sorted_table(src, name) for name in TABLES}
    except PipelineError as exc:
        raise ExportError(str(exc)) from exc
    try:
        outdir.check_disjoint(out, [src], "dataset")
        with atomic_directory(out, legacy=(outdir.EXPORT, _earlier_export)) as tmp:
            result = _write_export(ds, tables, tmp, fmt)
            outdir.write_marker(tmp, outdir.EXPORT, {
                p.relative_to(tmp).as_posix(): outdir.record_file(p) for p in result.files})
    except PipelineError as exc:
        raise ExportError(str(exc)) from exc
    except OSError as exc:
        raise ExportError(f"{out}: cannot write the export: {exc}") from exc
    result.out = out
    result.files = sorted(out / p.relative_to(tmp) for p in result.files)
    return result


CARD_TITLE = "# mtg-rulings — aligned multilingual Magic: The Gathering rulings"
"""The title line of the dataset card (``README.md``)."""


def _earlier_export(folder: Path) -> bool:
    """Whether ``folder`` holds an export of a version without a marker: its ``README.md`` is a
    dataset card of this tool (only the files of the export layout are then replaced)."""
    readme = folder / "README.md"
    if readme.is_symlink() or not readme.is_file():
        return False
    with open(readme, "rb") as fh:
        head = fh.read(8192).decode("utf-8", "replace")
    return CARD_TITLE + "\n\nExport format: **" in head


def _write_export(ds: Any, tables: dict[str, pa.Table], out: Path, fmt: str) -> ExportResult:
    """Write every file of the export into the (new, empty) folder ``out``."""
    result = ExportResult(out=out, format=fmt)
    for name, table in tables.items():
        result.counts[name] = table.num_rows
        result.files += _write_table(out, name, table, fmt)
    (out / "parallel").mkdir()
    for s, t in pairs():
        rows = _pairs(ds.rulings, ds.aligned, s, t)
        result.counts[f"parallel-{s}-{t}"] = len(rows)
        tsv = out / "parallel" / f"{s}-{t}.tsv"
        with tsv.open("w", encoding="utf-8", newline="\n") as fh:
            fh.write("\t".join(PAIR_COLUMNS) + "\n")
            for r in rows:
                fh.write("\t".join(_tsv_cell(r[c]) for c in PAIR_COLUMNS) + "\n")
        jl = out / "parallel" / f"{s}-{t}.jsonl"
        _write_jsonl(jl, rows)
        result.files += [tsv, jl]
        if fmt == "hf":
            target = out / "data" / f"parallel-{s}-{t}" / "train-00000-of-00001.parquet"
            target.parent.mkdir(parents=True)
            pq.write_table(_pair_table(rows), target)
            result.files.append(target)
    readme = out / "README.md"
    readme.write_text(_dataset_card(ds.manifest, tables, result, fmt), encoding="utf-8")
    result.files.append(readme)
    result.files.sort()
    return result


def _write_table(out: Path, name: str, table: pa.Table, fmt: str) -> list[Path]:
    if fmt == "parquet":
        path = out / f"{name}.parquet"
        pq.write_table(table, path)
    elif fmt == "hf":
        path = out / "data" / name / "train-00000-of-00001.parquet"
        path.parent.mkdir(parents=True)
        # `datasets` reads plain Arrow types; the date columns stay date32 (a Value("date32")).
        pq.write_table(table, path)
    elif fmt == "csv":
        path = out / f"{name}.csv"
        _write_csv(path, table.column_names, _rows(table))
    else:
        path = out / f"{name}.jsonl"
        _write_jsonl(path, _rows(table))
    return [path]


def _names(codes: Sequence[str]) -> str:
    """``English, Italian and German``: the languages' names as a phrase."""
    names = [languages.get(c).name for c in codes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _dataset_card(manifest: dict[str, Any], tables: dict[str, pa.Table], result: ExportResult,
                  fmt: str) -> str:
    lines: list[str] = []
    if fmt == "hf":
        lines += ["---", "configs:"]
        for name in [*TABLES, *(f"parallel-{s}-{t}" for s, t in pairs())]:
            lines += [f"- config_name: {name}", "  data_files:", "  - split: train",
                      f"    path: data/{name}/*.parquet"]
        lines += ["license: other", "language:", *(f"- {c}" for c in languages.codes()),
                  "task_categories:", "- translation",
                  f"pretty_name: MTG rulings ({'/'.join(languages.codes())})", "---", ""]
    lines += [
        CARD_TITLE,
        "",
        f"Export format: **{fmt}**. Dataset format `{manifest.get('format', '?')}`, "
        f"schema version {tables['rulings'].schema.metadata.get(b'schema_version', b'?').decode()}.",
        "",
        f"{_names(languages.codes())} rulings, each tied to its card, aligned across languages,",
        "with the records the pipeline could not use kept in `quarantine`.",
        "",
        "## Counts",
        "",
        "| table | rows |",
        "|---|---:|",
    ]
    lines += [f"| {k} | {v} |" for k, v in result.counts.items()]
    rulings = tables["rulings"].to_pandas()
    if len(rulings):
        lines += ["", "Rulings per file language and detected language:", "",
                  "| file_lang | lang | rulings |", "|---|---|---:|"]
        for (fl, lg), n in sorted(rulings.groupby(["file_lang", "lang"]).size().items()):
            lines.append(f"| {fl} | {lg} | {n} |")
    aligned = tables["aligned"].to_pandas()
    if len(aligned):
        lines += ["", "Aligned groups per status:", "", "| status | groups |", "|---|---:|"]
        for st, n in sorted(aligned.groupby("status").size().items()):
            lines.append(f"| {st} | {n} |")
    if fmt == "csv":
        lines += ["", "## CSV and spreadsheets", "", CARD_NOTE]
    lines += ["", "## Files", ""]
    for p in sorted(result.files):
        if p.name != "README.md":
            lines.append(f"- `{p.relative_to(result.out).as_posix()}`")
    lines.append("- `README.md` (this card)")
    lines += ["", "## Schema", ""]
    for name in TABLES:
        schema = schemas()[name]
        desc = (schema.metadata or {}).get(b"description", b"").decode()
        lines += [f"### {name}", "", desc, "", "| column | type | description |",
                  "|---|---|---|"]
        types = {f.name: str(f.type) for f in tables[name].schema}
        for col, text in describe(schema).items():
            lines.append(f"| `{col}` | {types.get(col, '?')} | {text.replace('|', '/')} |")
        if name == "aligned":
            lines.append("| `card` | string | Card slug (the partition key of the source "
                         "dataset). |")
        lines.append("")
    lines += [
        "### parallel corpus (`parallel/<src>-<tgt>.tsv|jsonl`)",
        "",
        "One row per aligned group with both languages written in their own language (English",
        "fallbacks left in localized files are not translations and are left out). TSV cells",
        "escape backslash, tab and newline as `\\\\`, `\\t`, `\\n`; `flags` is a JSON list",
        "(`english_clause:<lang>` when a member keeps English clauses inside).",
        "",
        "| column | meaning |", "|---|---|",
        "| `src`, `tgt` | source and target ruling text (raw) |",
        "| `src_lang`, `tgt_lang` | it, de or en |",
        "| `score`, `method` | alignment score in [0, 1] and how the group was aligned |",
        "| `group_id`, `card_id`, `card_name`, `date`, `*_ruling_id` | as in `aligned` |",
        "| `flags` | caveats on the pair |",
        "",
        "## Provenance",
        "",
        "Built by `rulings build` from these inputs (SHA-256):",
        "",
    ]
    for inp in manifest.get("inputs", []):
        lines.append(f"- `{inp.get('source')}` ({inp.get('bytes')} bytes, "
                     f"`{str(inp.get('sha256', ''))[:16]}…`)")
    lines += [
        "",
        "Card data and English rulings: MTGJSON v5 (2022 snapshot) and MTGJSON set files for",
        "newer cards; Italian and German rulings: the seed files of this project; localized card",
        "names of recent cards: Forge's cardnames files. See `fixtures/data/PROVENANCE.md` in",
        "the repository for the exact sources and commits.",
        "",
        "## Licence notes",
        "",
        "- Card names, card text and rulings are © Wizards of the Coast, redistributed under the",
        "  Wizards of the Coast Fan Content Policy: non-commercial use, not approved or endorsed",
        "  by Wizards. This export does not relicense them.",
        "- The MTGJSON data structure is MIT licensed; the mtg-rulings code is MIT licensed.",
        "- The Italian and German texts are the published translations as found; none is a",
        "  translation made by this project. Untranslated (English) passages are flagged, not",
        "  fixed.",
        "",
    ]
    if _PROVENANCE.is_file():
        lines += ["<!-- provenance source: fixtures/data/PROVENANCE.md -->", ""]
    return "\n".join(lines)


