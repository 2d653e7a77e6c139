"""Build a dataset: ``sources -> normalise -> language -> cards -> align -> store``.

:func:`build` is the one entry point (the ``rulings build`` command calls it). A build is keyed by
the bytes of every input, the pipeline's code and data, and the options; when ``OUT`` already
holds a dataset of the same key, nothing is recomputed. Otherwise language guesses of texts seen
by the previous build are reused from ``OUT/.cache/``, and everything else is recomputed.

Each stage is a function of its package, with typed inputs and outputs; this module composes
them, starts the child processes and writes the manifest:

==========  ==================================================  ===============================
stage       function                                            output
==========  ==================================================  ===============================
read        :func:`pipeline.sources.load_input`, ``.parse``     :class:`~pipeline.sources.SourceResult`
normalise   :func:`pipeline.normalise.normalise_files`          :class:`~pipeline.normalise.NormalisedFile`
language    :func:`pipeline.language.stage.detect_languages`    :class:`~pipeline.language.stage.LanguageResult`
cards       :func:`pipeline.cards.stage.resolve_cards`          :class:`~pipeline.cards.stage.CardsResult`
clauses     :func:`pipeline.language.stage.find_english_clauses`  :class:`~pipeline.language.stage.ClauseResult`
align       :func:`pipeline.align.stage.card_work`, then        :class:`~pipeline.align.stage.CardWork`,
            :func:`pipeline.align.stage.align_and_write`        :class:`~pipeline.align.stage.AlignResult`
write       :mod:`pipeline.store`                               the dataset directory
==========  ==================================================  ===============================
"""

from __future__ import annotations

import atexit
import gc
import hashlib
import json
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pipeline.errors import BuildError, DatasetError, PipelineError
from pipeline.keys import FORMAT, build_key, code_version
from pipeline.language.cache import cache_file_name, cache_table, read_cache
from pipeline.language.detectors import LanguageDetector
from pipeline.language.errors import DetectorError
from pipeline.language.process import DetectorProcess
from pipeline.language.stage import (
    DECLARED_OVERRIDE_CONFIDENCE,
    detect_languages,
    find_english_clauses,
)
from pipeline.normalise import NormalisedFile, normalise_files
from pipeline.progress import Progress, ProgressCallback
from pipeline.records import Quarantined, Ruling, ruling_id
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
from pipeline.summary import BuildSummary

if TYPE_CHECKING:  # imported when a build runs: a reused dataset needs none of them
    from pipeline.align.worker import AlignWorker
    from pipeline.cards.stage import CardsResult

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

_T = TypeVar("_T")


# ------------------------------------------------------------------------------------ the build


def build(
    inputs: Sequence[Path | str],
    out: Path | str,
    *,
    detector: str = "lingua",
    progress: ProgressCallback | None = None,
    limits: InputLimits | None = None,
) -> BuildSummary:
    """Build the dataset of ``inputs`` (files and folders) into ``out``; return the summary.

    ``detector`` names the language detector (``lingua`` or ``langdetect``). ``progress``
    gets each stage's progress (the pipeline draws nothing: ``rulings build`` renders it).
    ``limits`` bound what is read of the inputs (:class:`~pipeline.sources.InputLimits`).

    Problems inside input files do not raise: they are quarantined and reported as issues of the
    summary. Raises :class:`~pipeline.errors.InputError` for missing or unsupported inputs,
    :class:`~pipeline.errors.DatasetError` when ``out`` cannot be written, and
    :class:`~pipeline.errors.BuildError` (wrapping the stage's exception) when a stage fails.
    """
    started = time.perf_counter()
    out = Path(out)
    prog = Progress(progress)

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


def _build_no_gc(
    inputs: Sequence[Path | str], out: Path, detector: str, prog: Progress, limits: InputLimits
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
    # while it detects): its models load while this process parses the inputs. The align worker
    # starts now too: its imports and lexicon load while the inputs are parsed and detected.
    input_bytes = sum(len(x.data) for x in loaded)
    backend = _start_detector(detector, input_bytes)
    worker = _start_align_worker(input_bytes)
    try:
        with prog.stage("read", len(loaded)) as advance:
            raw: list[tuple[InputFile, bytes, SourceResult]] = []
            for x in loaded:
                raw.append((x.item, x.data, x.parse(limits)))
                advance()
        return _stage_call(None, _build, out, raw, key, detector, backend, worker, prog)
    finally:
        if worker is not None:
            worker.close(kill=True)  # idempotent; kills it only if the build failed
        if isinstance(backend, DetectorProcess):
            backend.close()


def _build(
    out: Path,
    raw: list[tuple[InputFile, bytes, SourceResult]],
    key: str,
    detector_name: str,
    detector: LanguageDetector,
    worker: AlignWorker | None,
    prog: Progress,
) -> BuildSummary:
    from pipeline.align.stage import align_and_write, card_work
    from pipeline.cards.stage import resolve_cards

    summary = BuildSummary(out=out, files=len(raw))
    issues = [i for _, _, result in raw for i in result.issues]
    quarantined = [q for _, _, result in raw for q in result.quarantined]
    summary.records_in = sum(result.records_in for _, _, result in raw)

    with prog.stage("normalise", len(raw)) as advance:
        files = normalise_files([result for _, _, result in raw], advance)

    cache_name = cache_file_name(detector.name)
    langs = _stage_call(
        "language",
        detect_languages,
        files,
        detector,
        read_cache(out / CACHE_DIR / cache_name),
        prog,
        # Building the names table (~0.6 s of Python on a cold cache) overlaps with language
        # detection when the detector runs in its own process (big inputs; in this process
        # lingua holds the GIL). Started then, not earlier: before detection it would only
        # take turns with parsing for the GIL.
        _start_names_thread,
    )
    issues += langs.issues
    summary.detections = langs.detections

    cards: CardsResult = _stage_call(
        "cards", resolve_cards, files, langs.file_langs, langs.ruling_langs, None, prog
    )
    issues += cards.issues
    quarantined += cards.duplicates
    clauses = _stage_call(
        "language",
        find_english_clauses,
        cards.rulings,
        detector,
        cards.table.names_for_masking,
        prog,
    )
    summary.english_fallbacks = clauses.english_fallbacks
    summary.english_clauses = clauses.english_clauses
    if isinstance(detector, DetectorProcess):
        detector.close()  # detection is over: free its memory (~400 MB) before the align stage

    work = card_work(cards.rulings, cards.display_name, slugs_for)
    rulings = cards.rulings
    _count(summary, files, langs.file_langs, cards, quarantined)
    if worker is not None and len(work) < PARALLEL_MIN_CARDS:
        worker.close()  # not worth it for this many cards
        worker = None

    try:
        with open_dataset_writer(out, prechecked=True) as writer:
            with prog.stage("align", len(work)) as advance:
                aligned = _stage_call(
                    "align",
                    lambda: align_and_write(
                        writer.aligned_root,
                        work,
                        advance=advance,
                        meanwhile=lambda: _write_tables(writer, rulings, quarantined, cards),
                        worker=worker,
                    ),
                )
            with prog.stage("write", 1):
                writer.write_whole_aligned(aligned.table)
                writer.add_files([f.path for f in aligned.files], check=False)
                summary.groups_aligned = sum(f.groups for f in aligned.files)
                summary.groups_multilingual = sum(f.multilingual for f in aligned.files)
                issues.sort(key=lambda i: (i.source, i.line, i.severity, i.code, i.message))
                summary.issues = issues
                writer.write_cache(cache_name, cache_table(langs.guesses))
                writer.finish(_manifest(key, detector_name, raw, summary))
    except OSError as exc:
        raise DatasetError(f"{out}: cannot write the dataset: {exc}") from exc
    return summary


def _count(
    summary: BuildSummary,
    files: Sequence[NormalisedFile],
    file_langs: Sequence[str],
    cards: CardsResult,
    quarantined: list[Quarantined],
) -> None:
    """Sort the rulings and quarantined records into their stored order and count them into
    ``summary``; :class:`BuildError` when a record went missing."""
    rulings = cards.rulings
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
    summary.files_per_lang = dict(
        Counter(fl for nf, fl in zip(files, file_langs, strict=True) if nf.rulings)
    )
    for cid in {r.card.card_id for r in rulings}:  # type: ignore[union-attr]
        status = cards.status(cid)
        if status == "resolved":
            summary.cards_resolved += 1
        elif status == "ambiguous":
            summary.cards_ambiguous += 1
        else:
            summary.cards_unresolved += 1


def _manifest(
    key: str,
    detector_name: str,
    raw: Sequence[tuple[InputFile, bytes, SourceResult]],
    summary: BuildSummary,
) -> dict[str, Any]:
    """The manifest ``_build.json`` (the writer adds the file list)."""
    return {
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


def _write_tables(
    writer: DatasetWriter,
    rulings: list[Ruling],
    quarantined: list[Quarantined],
    cards: CardsResult,
) -> None:
    writer.write("rulings", rulings_table(rulings))
    writer.write("cards", cards_table(cards.card_rows()))
    writer.write("quarantine", quarantine_table(quarantined))


# ------------------------------------------------------------------------- processes & threads


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
    """Load the (process-wide, cached) names table ahead of the cards stage (in a thread, while
    the detector process detects); errors are left for the stage itself to raise."""
    try:
        from pipeline.cards import NamesTable

        NamesTable.load().names_for_masking()  # cached: the clause finder's masker needs it
    except Exception:  # noqa: BLE001 - reported by the cards stage
        pass


DETECTOR_PROCESS_MIN_BYTES = 256 * 1024
"""Inputs smaller than this (in bytes, as read) are detected in the build's own process: a
child's start-up and model loading (~1 s) pay only when there is parsing and a names table to
overlap with, and a process that builds again keeps its in-process detector warm."""


def _start_detector(name: str, input_bytes: int) -> LanguageDetector:
    """The build's detector ``name``: a :class:`DetectorProcess` for big inputs when possible,
    else the in-process detector."""
    from pipeline.language import get_detector

    if input_bytes >= DETECTOR_PROCESS_MIN_BYTES:
        try:
            return DetectorProcess(name)
        except DetectorError:
            pass  # e.g. no way to start a process here: detect in this process instead
    return _stage_call("language", get_detector, name)


def _stage_call(what: str | None, fn: Callable[..., _T], *args: Any) -> _T:
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


def _start_names_thread() -> None:
    threading.Thread(target=_warm_names_table, name="rulings-names", daemon=True).start()


PARALLEL_MIN_CARDS = 2000
"""Below this many cards, a second process for the align stage costs more than it saves."""

ALIGN_WORKER_MIN_BYTES = 256 * 1024
"""Inputs smaller than this (in bytes, as read) never have :data:`PARALLEL_MIN_CARDS` cards
(the full corpus is 11 MB for 13,300 cards): no align worker is started for them."""


def _start_align_worker(input_bytes: int) -> AlignWorker | None:
    """An :class:`AlignWorker`, started with the build (its start-up overlaps with reading and
    detection) for inputs of :data:`ALIGN_WORKER_MIN_BYTES` or more on a machine with two CPUs
    or more; else ``None``. The build closes it unused when the inputs have fewer than
    :data:`PARALLEL_MIN_CARDS` cards."""
    if input_bytes < ALIGN_WORKER_MIN_BYTES or (os.cpu_count() or 1) < 2:
        return None
    from pipeline.align.worker import AlignWorker

    return AlignWorker.start()
