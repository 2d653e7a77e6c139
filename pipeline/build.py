"""Build a dataset: ``sources -> normalise -> language -> cards -> align -> store``.

:func:`build` is the one entry point (the ``rulings build`` command calls it). A build is keyed by
the bytes of every input, the pipeline's code and data, and the options; when ``OUT`` already
holds a dataset of the same key, nothing is recomputed. Otherwise language guesses of texts seen
by the previous build are reused from ``OUT/.cache/``, and everything else is recomputed.
"""

from __future__ import annotations

import atexit
import datetime as _dt
import gc
import hashlib
import json
import os
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.errors import BuildError, DatasetError, PipelineError
from pipeline.language.detectors import LanguageDetector
from pipeline.language.errors import DetectorError
from pipeline.language.process import DetectorProcess
from pipeline.normalise import normalise
from pipeline.records import (
    CardResolution,
    Issue,
    LanguageGuess,
    Quarantined,
    Ruling,
    SourceRuling,
)
from pipeline.sources import InputLimits, SourceResult, discover, load_input
from pipeline.sources.discover import InputFile
from pipeline.store import (
    CACHE_DIR,
    MARKER,
    DatasetWriter,
    cards_table,
    open_dataset_writer,
    outdir,
    quarantine_table,
    rulings_table,
    slugs_for,
)
from pipeline.workers import CardWork, align_and_write

__all__ = [
    "DECLARED_OVERRIDE_CONFIDENCE",
    "FORMAT",
    "BuildSummary",
    "ProgressCallback",
    "build",
    "build_key",
    "code_version",
    "ruling_id",
]

FORMAT = "mtg-rulings-dataset/1"
"""Written in the manifest; part of the build key."""

DECLARED_OVERRIDE_CONFIDENCE = 0.9
"""A source declaring English is overruled only by a detector this sure of another language."""

_PIPELINE_DIR = Path(__file__).resolve().parent


class ProgressCallback(Protocol):
    """Receives progress: ``(stage label, units done in the stage, units in the stage)``."""

    def __call__(self, stage: str, done: int, total: int) -> None: ...


@dataclass(slots=True)
class BuildSummary:
    """What a build read, produced and reported. ``records_in == records_out + quarantined``."""

    out: Path
    files: int = 0
    files_per_lang: dict[str, int] = field(default_factory=dict)
    """Input files by language: detected for seed files, ``en`` for JSON sources."""
    records_in: int = 0
    records_out: int = 0
    quarantined: int = 0
    quarantined_by_reason: dict[str, int] = field(default_factory=dict)
    rulings_per_lang: dict[str, int] = field(default_factory=dict)
    """Rulings written, by detected language."""
    cards_resolved: int = 0
    cards_unresolved: int = 0
    cards_ambiguous: int = 0
    groups_aligned: int = 0
    """Aligned groups written (one per ruling across languages)."""
    groups_multilingual: int = 0
    """Groups holding rulings of more than one file."""
    english_fallbacks: int = 0
    """Rulings of Italian/German files that are wholly in English."""
    english_clauses: int = 0
    """English clauses found inside Italian/German rulings."""
    issues: list[Issue] = field(default_factory=list)
    reused: bool = False
    """True when ``OUT`` already held this exact build and nothing was recomputed."""
    detections: int = 0
    """Texts sent to the language detector in this run (0 when every guess was cached)."""
    elapsed_s: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)
    """Wall seconds per stage of this run (not stored in the dataset)."""

    @property
    def errors(self) -> list[Issue]:
        """Issues of severity ``error``."""
        return [i for i in self.issues if i.severity == "error"]

    @property
    def warnings(self) -> list[Issue]:
        """Issues of severity ``warning``."""
        return [i for i in self.issues if i.severity == "warning"]

    @property
    def ok(self) -> bool:
        """True when no input produced an error (warnings allowed)."""
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, without run-dependent fields (``out``, ``reused``, timings)."""
        return {
            "files": self.files,
            "files_per_lang": dict(sorted(self.files_per_lang.items())),
            "records_in": self.records_in,
            "records_out": self.records_out,
            "quarantined": self.quarantined,
            "quarantined_by_reason": dict(sorted(self.quarantined_by_reason.items())),
            "rulings_per_lang": dict(sorted(self.rulings_per_lang.items())),
            "cards_resolved": self.cards_resolved,
            "cards_unresolved": self.cards_unresolved,
            "cards_ambiguous": self.cards_ambiguous,
            "groups_aligned": self.groups_aligned,
            "groups_multilingual": self.groups_multilingual,
            "english_fallbacks": self.english_fallbacks,
            "english_clauses": self.english_clauses,
            "issues": [
                {
                    "source": i.source,
                    "line": i.line,
                    "severity": i.severity,
                    "code": i.code,
                    "message": i.message,
                }
                for i in self.issues
            ],
        }

    @classmethod
    def from_dict(cls, out: Path, data: dict[str, Any]) -> BuildSummary:
        """Rebuild a summary from :meth:`to_dict` output (the manifest of a dataset)."""
        fields = {k: v for k, v in data.items() if k != "issues"}
        issues = [Issue(**i) for i in data.get("issues", [])]
        return cls(out=out, issues=issues, **fields)

    def format(self, *, max_issues: int = 50) -> str:
        """The human-readable summary printed by ``rulings build``."""

        def langs(d: dict[str, int]) -> str:
            return (
                ", ".join(
                    f"{k} {v:,}" for k, v in sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))
                )
                or "none"
            )

        lines = [
            f"dataset            {self.out}"
            + ("  (unchanged inputs: reused)" if self.reused else ""),
            f"files              {self.files:,} ({langs(self.files_per_lang)})",
            f"records            {self.records_in:,} in = {self.records_out:,} out + "
            f"{self.quarantined:,} quarantined",
        ]
        if self.quarantined_by_reason:
            lines.append(f"quarantine         {langs(self.quarantined_by_reason)}")
        lines += [
            f"rulings by lang    {langs(self.rulings_per_lang)}",
            f"cards              {self.cards_resolved:,} resolved, {self.cards_unresolved:,} unresolved, "
            f"{self.cards_ambiguous:,} ambiguous",
            f"groups aligned     {self.groups_aligned:,} ({self.groups_multilingual:,} across languages)",
            f"english fallbacks  {self.english_fallbacks:,}",
            f"english clauses    {self.english_clauses:,}",
            f"issues             {len(self.errors):,} errors, {len(self.warnings):,} warnings",
        ]
        shown = sorted(self.issues, key=lambda i: (i.severity != "error", i.source, i.line))
        lines += [f"  {i}" for i in shown[:max_issues]]
        if len(shown) > max_issues:
            lines.append(f"  ... {len(shown) - max_issues:,} more (see {self.out / MARKER})")
        lines.append(f"time               {self.elapsed_s:.2f} s")
        return "\n".join(lines)


# ----------------------------------------------------------------------------------- keys & ids


def ruling_id(card_id: str, date: _dt.date, text_norm: str, file_lang: str) -> str:
    """Stable id of a ruling: SHA-256 of (card, date, normalised text, file language), 16 hex."""
    payload = "\x1f".join((card_id, date.isoformat(), text_norm, file_lang))
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _hash_tree(h: Any, root: Path, patterns: Sequence[str]) -> None:
    for path in sorted(p for pat in patterns for p in root.rglob(pat)):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        h.update(path.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())


_CODE_VERSION: str | None = None


def code_version() -> str:
    """Hash of the pipeline's code and of the data it reads (``fixtures/data``, the shipped
    align lexicon ``fixtures/lexicon``)."""
    global _CODE_VERSION
    if _CODE_VERSION is None:
        h = hashlib.sha256(FORMAT.encode())
        _hash_tree(h, _PIPELINE_DIR, ("*.py", "*.json", "*.txt", "*.gz", "*.yaml"))
        data = _PIPELINE_DIR.parent / "fixtures" / "data"
        if data.is_dir():
            _hash_tree(h, data, ("*.gz", "*.json", "*.txt"))
        lexicon = _PIPELINE_DIR.parent / "fixtures" / "lexicon"
        if lexicon.is_dir():
            _hash_tree(h, lexicon, ("*.gz",))
        _CODE_VERSION = h.hexdigest()[:20]
    return _CODE_VERSION


def _language_version() -> str:
    h = hashlib.sha256()
    _hash_tree(h, _PIPELINE_DIR / "language", ("*.py", "*.json", "*.txt", "*.gz"))
    return h.hexdigest()[:12]


def build_key(inputs: Sequence[tuple[str, bytes]], options: dict[str, Any]) -> str:
    """The key of a build: input names and bytes, code version and options."""
    h = hashlib.sha256()
    h.update(code_version().encode())
    h.update(json.dumps(options, sort_keys=True).encode())
    for source, data in inputs:
        h.update(source.encode("utf-8", "surrogatepass") + b"\0")
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


# -------------------------------------------------------------------------------------- progress


class _Progress:
    def __init__(self, callback: ProgressCallback | None) -> None:
        self.callback = callback
        self.timings: dict[str, float] = {}

    @contextmanager
    def stage(self, label: str, total: int) -> Iterator[Callable[..., None]]:
        t0 = time.perf_counter()
        done = 0
        cb = self.callback

        def advance(n: int = 1) -> None:
            nonlocal done
            done += n
            if cb is not None:
                cb(label, done, total)

        if cb is not None:
            cb(label, 0, total)
        yield advance
        if cb is not None and done < total:
            cb(label, total, total)
        self.timings[label] = self.timings.get(label, 0.0) + time.perf_counter() - t0


def click_progress() -> ProgressCallback:
    """A :class:`ProgressCallback` drawing one click progress bar per stage on stderr."""
    import click

    state: dict[str, Any] = {"label": None, "bar": None, "done": 0}

    def callback(stage: str, done: int, total: int) -> None:
        if state["label"] != stage:
            if state["bar"] is not None:
                state["bar"].render_finish()
            state["bar"] = click.progressbar(
                length=max(total, 1), label=f"{stage:<10}", file=sys.stderr
            )
            state["bar"].render_progress()
            state["label"] = stage
            state["done"] = 0
        bar = state["bar"]
        bar.update(done - state["done"])
        state["done"] = done
        if done >= total:
            bar.render_finish()
            state["bar"] = None
            state["label"] = None

    return callback


# ------------------------------------------------------------------------------------ the build


@dataclass(slots=True)
class _FileState:
    item: InputFile
    result: SourceResult
    is_seed: bool
    file_lang: str = "en"


def _reusable(out: Path, key: str) -> BuildSummary | None:
    marker = out / MARKER
    try:
        manifest = json.loads(marker.read_text(encoding="utf-8"))
        marker_ctime = os.lstat(marker).st_ctime_ns
    except (OSError, ValueError):
        return None
    if manifest.get("build_key") != key:
        return None
    written = manifest.get("written")
    if not isinstance(written, dict) or outdir.verify_written(
        out, written, trust_before_ns=marker_ctime
    ):
        return None  # a file missing, changed or damaged: rebuild (a dataset of an older version)
    summary = BuildSummary.from_dict(out, manifest["summary"])
    summary.reused = True
    return summary


def _read_lang_cache(path: Path) -> dict[str, LanguageGuess]:
    if not path.is_file():  # a first build: and pq.read_table would import pandas (~0.5 s)
        return {}
    try:
        t = pq.ParquetFile(path).read()
        keys = t.column("key").to_pylist()
        langs = t.column("lang").to_pylist()
        confs = t.column("confidence").to_pylist()
    except (OSError, pa.ArrowException, KeyError):
        return {}
    return {k: LanguageGuess(lg, c) for k, lg, c in zip(keys, langs, confs, strict=True)}


def _text_key(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def build(
    inputs: Sequence[Path | str],
    out: Path | str,
    *,
    detector: str = "lingua",
    progress: bool | ProgressCallback = False,
    limits: InputLimits | None = None,
) -> BuildSummary:
    """Build the dataset of ``inputs`` (files and folders) into ``out``; return the summary.

    ``detector`` names the language detector (``lingua`` or ``langdetect``). ``progress``:
    ``True`` draws click progress bars on stderr, or pass a :class:`ProgressCallback`.
    ``limits`` bound what is read of the inputs (:class:`~pipeline.sources.InputLimits`).

    Problems inside input files do not raise: they are quarantined and reported as issues of the
    summary. Raises :class:`~pipeline.errors.InputError` for missing or unsupported inputs,
    :class:`~pipeline.errors.DatasetError` when ``out`` cannot be written, and
    :class:`~pipeline.errors.BuildError` (wrapping the stage's exception) when a stage fails.
    """
    started = time.perf_counter()
    out = Path(out)
    callback: ProgressCallback | None
    if progress is True:
        callback = click_progress()
    elif progress is False or progress is None:
        callback = None
    else:
        callback = progress
    prog = _Progress(callback)

    # A build allocates ~10^6 long-lived objects and frees them together at the end; the cyclic
    # GC would rescan them (and the names table) again and again for nothing.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    _freeze_at_exit()
    try:
        summary = _build_no_gc(inputs, out, detector, prog, limits or InputLimits())
    finally:
        if gc_was_enabled:
            gc.enable()
    summary.elapsed_s = time.perf_counter() - started
    summary.timings = prog.timings
    return summary


def _build_no_gc(
    inputs: Sequence[Path | str], out: Path, detector: str, prog: _Progress, limits: InputLimits
) -> BuildSummary:
    outdir.check_disjoint(out, inputs)
    # An input that cannot be read is one quarantined record (see pipeline.sources.load_input).
    loaded = [
        load_input(i, limits) for i in discover(inputs, follow_symlinks=limits.follow_symlinks)
    ]
    options = {"detector": detector, **limits.key_options()}
    key = build_key([x.key for x in loaded], options)
    reused = _reusable(out, key)
    if reused is not None:
        return reused
    outdir.check_replaceable(out, "dataset folder")  # fail before the work, not after it
    # The detector runs in a child process (lingua holds the GIL while it loads its models and
    # while it detects): its models load while this process parses the inputs.
    backend = _start_detector(detector, sum(len(x.data) for x in loaded))
    with prog.stage("read", len(loaded)) as advance:
        raw: list[tuple[InputFile, bytes, SourceResult]] = []
        for x in loaded:
            raw.append((x.item, x.data, x.parse(limits)))
            advance()

    try:
        return _stage_call(None, _build, out, raw, key, detector, backend, prog)
    finally:
        if isinstance(backend, DetectorProcess):
            backend.close()


_FREEZE_REGISTERED = False


def _freeze_at_exit() -> None:
    """At interpreter exit, move every object to the GC's permanent generation.

    A build leaves ~10^6 objects in process-wide caches (the names table, the align lexicon, the
    detector) for the next build of the process. The collections Python runs while shutting down
    would rescan them all for ~1 s; freezing them first skips that. It only runs at exit (an
    ``atexit`` hook): nothing changes while the process runs. Python does not promise finalizers
    of objects still alive at exit anyway.
    """
    global _FREEZE_REGISTERED
    if not _FREEZE_REGISTERED:
        atexit.register(gc.freeze)
        _FREEZE_REGISTERED = True


def _warm_names_table() -> None:
    """Load the (process-wide, cached) names table ahead of the cards stage; errors are left
    for the stage itself to raise."""
    try:
        from pipeline.cards import NamesTable

        NamesTable.load().names_for_masking()  # cached: the clause finder's masker needs it
    except Exception:  # noqa: BLE001 - reported by the cards stage
        pass


DETECTOR_PROCESS = True
"""Run the language detector in a child process (see :mod:`pipeline.language.process`) for big
inputs; when false, or when the child cannot be started, it runs in the build's own process."""

DETECTOR_PROCESS_MIN_BYTES = 256 * 1024
"""Inputs smaller than this (in bytes, as read) are detected in the build's own process: a
child's start-up and model loading (~1 s) pay only when there is parsing and a names table to
overlap with, and a process that builds again keeps its in-process detector warm."""


def _start_detector(name: str, input_bytes: int) -> LanguageDetector:
    """The build's detector ``name``: a :class:`DetectorProcess` for big inputs when possible,
    else the in-process detector."""
    from pipeline.language import get_detector

    if DETECTOR_PROCESS and input_bytes >= DETECTOR_PROCESS_MIN_BYTES:
        try:
            return DetectorProcess(name)
        except DetectorError:
            pass  # e.g. no way to start a process here: detect in this process instead
    return _stage_call("language", get_detector, name)


def _stage_call(what: str | None, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, an exception of the pipeline's own modules (but a :class:`PipelineError`)
    raised as a :class:`BuildError` naming stage ``what`` (no stage: the whole build)."""
    try:
        return fn(*args)
    except PipelineError:
        raise
    except Exception as exc:
        if type(exc).__module__.startswith("pipeline."):
            where = f"{what}: " if what is not None else ""
            raise BuildError(f"{where}{type(exc).__name__}: {exc}") from exc
        raise


def _build(
    out: Path,
    raw: list[tuple[InputFile, bytes, SourceResult]],
    key: str,
    detector_name: str,
    detector: LanguageDetector,
    prog: _Progress,
) -> BuildSummary:
    from pipeline.cards import NamesTable
    from pipeline.language import EnglishClauseFinder, detect_file_language

    summary = BuildSummary(out=out, files=len(raw))
    issues: list[Issue] = []
    quarantined: list[Quarantined] = []
    files: list[_FileState] = []
    for item, _data, result in raw:
        issues.extend(result.issues)
        quarantined.extend(result.quarantined)
        summary.records_in += result.records_in
        is_seed = any(r.kind == "seed" for r in result.rulings) or result.title is not None
        files.append(_FileState(item, result, is_seed))

    # normalise ------------------------------------------------------------------------------
    norm_cache: dict[str, str] = {}
    norms: list[list[str]] = []
    with prog.stage("normalise", len(files)) as advance:
        for fs in files:
            row = []
            for sr in fs.result.rulings:
                n = norm_cache.get(sr.text_raw)
                if n is None:
                    n = norm_cache[sr.text_raw] = normalise(sr.text_raw)
                row.append(n)
            norms.append(row)
            advance()

    # language --------------------------------------------------------------------------------
    cache_name = f"lang-{detector.name}-{_language_version()}.parquet"
    cached = _read_lang_cache(out / CACHE_DIR / cache_name)
    key_of: dict[str, str] = {}  # normalised text -> its cache key (hashed once per text)
    for fs, row in zip(files, norms, strict=True):
        for n in row:
            if n not in key_of:
                key_of[n] = _text_key(n)
        if fs.result.title is not None:
            t = normalise(fs.result.title)
            if t not in key_of:
                key_of[t] = _text_key(t)
    wanted: dict[str, str] = {k: n for n, k in key_of.items()}
    todo = sorted(k for k in wanted if k not in cached)
    guesses: dict[str, LanguageGuess] = {k: cached[k] for k in wanted if k in cached}
    batch = 4096
    # Building the names table (~0.6 s of Python on a cold cache) overlaps with language
    # detection when the detector runs in its own process (big inputs; in this process lingua
    # holds the GIL). Started here, not earlier: before detection it would only take turns
    # with parsing for the GIL.
    threading.Thread(target=_warm_names_table, name="rulings-names", daemon=True).start()
    with prog.stage("language", len(todo)) as advance:
        for start in range(0, len(todo), batch):
            chunk = todo[start : start + batch]
            found = _stage_call("language", detector.detect_many, [wanted[k] for k in chunk])
            for k, g in zip(chunk, found, strict=True):
                guesses[k] = g
            advance(len(chunk))
    summary.detections = len(todo)

    def guess_of(text_norm: str) -> LanguageGuess:
        return guesses[key_of[text_norm]]

    for fs, row in zip(files, norms, strict=True):
        if not fs.is_seed:
            fs.file_lang = "en"
            continue
        title_guess = guess_of(normalise(fs.result.title)) if fs.result.title else None
        fs.file_lang = _stage_call(
            "language", detect_file_language, [guess_of(n) for n in row], title_guess
        )
        if fs.file_lang == "und" and row:
            issues.append(
                Issue(
                    fs.item.source,
                    0,
                    "warning",
                    "language_undetermined",
                    "the file's language could not be determined; its rulings are not aligned",
                )
            )

    # cards ---------------------------------------------------------------------------------
    with prog.stage("cards", len(files)) as advance:
        table = _stage_call("cards", NamesTable.load)
        resolutions: dict[str, CardResolution] = {}
        card_titles: dict[str, set[str]] = defaultdict(set)
        card_res: dict[str, list[CardResolution]] = defaultdict(list)
        rulings: list[Ruling] = []
        seen_ids: dict[str, SourceRuling] = {}
        by_json_card: dict[tuple[str | None, str | None], CardResolution] = {}
        for fs, row in zip(files, norms, strict=True):
            advance()
            res_title: CardResolution | None = None
            if fs.is_seed and fs.result.title is not None and fs.result.rulings:
                lang_arg = fs.file_lang if fs.file_lang != "und" else None
                res_title = _stage_call("cards", table.resolve_title, fs.result.title, lang_arg)
                card_titles[res_title.card_id].add(fs.result.title)
                card_res[res_title.card_id].append(res_title)
                if res_title.status != "resolved":
                    issues.append(
                        Issue(
                            fs.item.source,
                            1,
                            "warning",
                            f"title_{res_title.status}",
                            f"title {fs.result.title!r} is {res_title.status}: {res_title.reason}",
                        )
                    )
            for src, n in zip(fs.result.rulings, row, strict=True):
                if res_title is not None:
                    res = res_title
                else:
                    jk = (src.oracle_id, src.card_name)
                    res = by_json_card.get(jk)  # type: ignore[assignment]
                    if res is None:
                        res = by_json_card[jk] = _stage_call("cards", table.resolve_card, *jk)
                        card_res[res.card_id].append(res)
                resolutions[res.card_id] = res
                g = guess_of(n)
                if src.declared_lang is not None:
                    lang = src.declared_lang
                    conf = g.confidence if g.lang == lang else 0.0
                    if g.lang not in (lang, "und") and g.confidence >= DECLARED_OVERRIDE_CONFIDENCE:
                        issues.append(
                            Issue(
                                src.source,
                                src.line,
                                "warning",
                                "declared_lang_mismatch",
                                f"source declares {lang} but the ruling "
                                f"reads as {g.lang} ({g.confidence:.2f})",
                            )
                        )
                        lang, conf = g.lang, g.confidence
                else:
                    lang, conf = (g.lang, g.confidence) if g.lang != "und" else (fs.file_lang, 0.0)
                rid = ruling_id(res.card_id, src.date, n, fs.file_lang)
                if rid in seen_ids:
                    first = seen_ids[rid]
                    detail = (
                        f"duplicate of the ruling at {first.source}:{first.line} "
                        "(same card, date, text and language)"
                    )
                    quarantined.append(
                        Quarantined(
                            src.source,
                            src.line,
                            "duplicate_ruling",
                            f"{src.source}:{src.line}: {detail}",
                            src.text_raw,
                        )
                    )
                    issues.append(
                        Issue(src.source, src.line, "warning", "duplicate_ruling", detail)
                    )
                    continue
                seen_ids[rid] = src
                rulings.append(
                    Ruling(
                        src=src,
                        text_norm=n,
                        file_lang=fs.file_lang,  # type: ignore[arg-type]
                        lang=lang,  # type: ignore[arg-type]
                        lang_confidence=float(conf),
                        card=res,
                        ruling_id=rid,
                    )
                )

    # english clauses -------------------------------------------------------------------------
    localized = [r for r in rulings if r.file_lang in ("it", "de")]
    summary.english_fallbacks = sum(1 for r in localized if r.lang == "en")
    to_search = [r for r in localized if r.lang != "en"]
    if to_search:
        finder = _stage_call("language", EnglishClauseFinder, detector, table.names_for_masking())
        with prog.stage("clauses", len(to_search)) as advance:
            for r in to_search:
                r.english_spans = list(
                    _stage_call("language", finder.find, r.src.text_raw, r.file_lang)
                )
                advance()
    summary.english_clauses = sum(len(r.english_spans) for r in rulings)
    if isinstance(detector, DetectorProcess):
        detector.close()  # detection is over: free its memory (~400 MB) before the align stage

    # align + store ---------------------------------------------------------------------------
    per_card: dict[str, list[Ruling]] = defaultdict(list)
    for r in rulings:
        if r.file_lang != "und":
            per_card[r.card.card_id].append(r)  # type: ignore[union-attr]

    def display_name(card_id: str) -> str:
        res = resolutions[card_id]
        if res.english_name:
            return res.english_name
        titles = sorted(card_titles.get(card_id, ()))
        return titles[0] if titles else card_id

    slugs = slugs_for((cid, display_name(cid)) for cid in per_card)
    work: list[CardWork] = [
        (
            cid,
            display_name(cid),
            slugs[cid],
            [
                (
                    r.ruling_id,
                    r.lang,
                    r.file_lang,
                    r.src.date,
                    r.text_norm,
                    r.src.text_raw,
                    r.src.position,
                )
                for r in per_card[cid]
            ],
        )
        for cid in sorted(per_card, key=lambda c: (slugs[c], c))
    ]

    rulings.sort(key=lambda r: (r.card.card_id, r.src.source, r.src.line, r.src.position))  # type: ignore[union-attr]
    quarantined.sort(key=lambda q: (q.source, q.line, q.reason, q.detail))
    summary.records_out = len(rulings)
    summary.quarantined = len(quarantined)
    if summary.records_in != summary.records_out + summary.quarantined:
        raise BuildError(
            f"record accounting broken: {summary.records_in} in, {summary.records_out} out, "
            f"{summary.quarantined} quarantined"
        )
    summary.quarantined_by_reason = dict(Counter(q.reason for q in quarantined))
    summary.rulings_per_lang = dict(Counter(r.lang for r in rulings))
    summary.files_per_lang = dict(Counter(fs.file_lang for fs in files if fs.result.rulings))
    for cid in {r.card.card_id for r in rulings}:  # type: ignore[union-attr]
        status = _card_status(card_res[cid])
        if status == "resolved":
            summary.cards_resolved += 1
        elif status == "ambiguous":
            summary.cards_ambiguous += 1
        else:
            summary.cards_unresolved += 1
    lang_cache = sorted(wanted)
    cache_table = pa.table(
        {
            "key": lang_cache,
            "lang": [guesses[k].lang for k in lang_cache],
            "confidence": [float(guesses[k].confidence) for k in lang_cache],
        }
    )

    try:
        with open_dataset_writer(out, prechecked=True) as writer:
            with prog.stage("align", len(work)) as advance:
                aligned = _stage_call(
                    "align",
                    lambda: align_and_write(
                        writer.aligned_root,
                        work,
                        advance=advance,
                        meanwhile=lambda: _write_tables(
                            writer, rulings, quarantined, table, card_res, card_titles
                        ),
                        processes=_align_processes(len(work)),
                    ),
                )
            with prog.stage("write", 1):
                writer.write_whole_aligned(aligned.table)
                stats = aligned.files
                writer.add_files([rel for rel, _, _ in stats], check=False)
                summary.groups_aligned = sum(n for _, n, _ in stats)
                summary.groups_multilingual = sum(m for _, _, m in stats)
                issues.sort(key=lambda i: (i.source, i.line, i.severity, i.code, i.message))
                summary.issues = issues
                writer.write_cache(cache_name, cache_table)
                writer.finish(
                    {
                        "format": FORMAT,
                        "build_key": key,
                        "code_version": code_version(),
                        "options": {"detector": detector_name},
                        "inputs": [
                            {
                                "source": item.source,
                                "sha256": hashlib.sha256(data).hexdigest(),
                                "bytes": len(data),
                            }
                            for item, data, _ in raw
                        ],
                        "summary": summary.to_dict(),
                    }
                )
    except OSError as exc:
        raise DatasetError(f"{out}: cannot write the dataset: {exc}") from exc
    return summary


PARALLEL_MIN_CARDS = 2000
"""Below this many cards, a second process for the align stage costs more than it saves."""


def _align_processes(n_cards: int) -> int:
    """Processes of the align stage: 2 for big inputs on a machine with two CPUs or more."""
    if n_cards < PARALLEL_MIN_CARDS or (os.cpu_count() or 1) < 2:
        return 1  # (align_and_write itself falls back to one process where it cannot fork)
    return 2


def _write_tables(
    writer: DatasetWriter,
    rulings: list[Ruling],
    quarantined: list[Quarantined],
    names: Any,
    card_res: dict[str, list[CardResolution]],
    card_titles: dict[str, set[str]],
) -> None:
    writer.write("rulings", rulings_table(rulings))
    writer.write("cards", cards_table(_card_rows(names, card_res, card_titles)))
    writer.write("quarantine", quarantine_table(quarantined))


_STATUS_RANK = {"resolved": 0, "ambiguous": 1, "unresolved": 2}


def _card_status(resolutions: Sequence[CardResolution]) -> str:
    return min((r.status for r in resolutions), key=_STATUS_RANK.__getitem__, default="unresolved")


def _card_rows(
    table: Any, card_res: dict[str, list[CardResolution]], card_titles: dict[str, set[str]]
) -> list[dict[str, Any]]:
    from pipeline.cards import UnknownCardError

    rows = []
    for cid in sorted(card_res):
        res_list = card_res[cid]
        best = min(res_list, key=lambda r: _STATUS_RANK[r.status])
        try:
            base = table.card_row(cid)
        except UnknownCardError:
            base = {}
        names_it = list(dict.fromkeys([*base.get("names_it", []), *base.get("face_names_it", [])]))
        names_de = list(dict.fromkeys([*base.get("names_de", []), *base.get("face_names_de", [])]))
        rows.append(
            {
                "card_id": cid,
                "oracle_id": base.get("oracle_id") or best.oracle_id,
                "name": base.get("name") or best.english_name,
                "face_names": list(base.get("face_names", [])),
                "names_it": names_it,
                "names_de": names_de,
                "titles": sorted(card_titles.get(cid, ())),
                "status": best.status,
                "method": ";".join(sorted({r.method for r in res_list})),
                "reason": "; ".join(sorted({r.reason for r in res_list if r.reason})),
                "candidates": sorted({c for r in res_list for c in r.candidates}),
            }
        )
    return rows
