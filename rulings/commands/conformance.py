"""``rulings`` commands of the conformance area: a thin layer over :mod:`conformance`.

``cases lint`` / ``cases rehash`` / ``run`` / ``diff`` / ``engines smoke`` / ``engines serve`` /
``engines list`` / ``engines cards`` / ``mutants``. Each calls the library function of the same name and turns
library errors into exit codes: 0 fine, 1 a finding (lint problems, unexpected results, changes
with ``--exit-code``, surviving mutants), 2 a usage or startup error.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from conformance import case_lint, case_vocabulary, cases_io
from conformance.errors import ConformanceError

if TYPE_CHECKING:
    from conformance.expectations import DraftExpectations
    from conformance.runner import Run, RunEvent, RunFiles, RunOptions


class HarnessError(click.ClickException):
    """A library error shown to the user; exit code 2."""

    exit_code = 2


def _fail(exc: Exception) -> HarnessError:
    return HarnessError(str(exc))


def _positive_seconds(_ctx: Any, _param: Any, value: float | None) -> float | None:
    if value is not None and not (math.isfinite(value) and value > 0):
        raise click.BadParameter(f"{value} is not a positive, finite number of seconds")
    return value


def timeout_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--timeout SECONDS`` (per case; positive and finite)."""
    return click.option("--timeout", type=float, default=10.0, show_default=True,
                        callback=_positive_seconds,
                        help="Seconds allowed for one case (setup, actions, observe: every "
                             "write and read on the wire).")(f)


def max_case_bytes_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--max-case-bytes N`` (size limit of one case file)."""
    return click.option("--max-case-bytes", type=click.IntRange(1), metavar="N",
                        default=cases_io.MAX_YAML_BYTES, show_default=True,
                        help="Refuse a case file larger than N bytes.")(f)


def jobs_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``-j N``."""
    return click.option("-j", "--jobs", type=click.IntRange(1), default=1, show_default=True,
                        help="Worker processes, each with its own engine.")(f)


def cases_argument(f: Callable[..., Any]) -> Callable[..., Any]:
    """``CASES...`` (defaults to the suite's own cases)."""
    return click.argument("cases", nargs=-1, type=click.Path(exists=True, path_type=Path))(f)


# --- cases ---------------------------------------------------------------------------------------


@click.group("cases")
def cases_group() -> None:
    """Lint and rehash case files."""


@cases_group.command("lint")
@cases_argument
@click.option("--features", "features_file", type=click.Path(exists=True, path_type=Path),
              default=None, help="Feature vocabulary (default: conformance/features.yaml).")
@click.option("--no-cards", is_flag=True, help="Do not check card names against the card data.")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Cases root the ids are relative to (default: the nearest `cases` dir).")
@max_case_bytes_option
def lint_command(cases: tuple[Path, ...], features_file: Path | None, no_cards: bool,
                 root: Path | None, max_case_bytes: int) -> None:
    """Check case files: schema, id == path, hash, features, cards, object references.

    Exit status 1 when an error is found (warnings alone do not fail).
    """
    paths = list(cases) or [cases_io.CASES_DIR]
    try:
        problems = case_lint.lint(paths, features_file=features_file or case_vocabulary.FEATURES_FILE,
                                  check_cards=not no_cards, root=root,
                                  max_bytes=max_case_bytes)
    except ConformanceError as exc:
        raise _fail(exc) from exc
    files = len(cases_io.find_case_files(paths))
    for p in problems:
        click.echo(str(p))
    errors = [p for p in problems if p.severity == "error"]
    click.echo(f"{files} case files, {len(errors)} errors, {len(problems) - len(errors)} warnings")
    if errors:
        sys.exit(1)


@cases_group.command("rehash")
@cases_argument
def rehash_command(cases: tuple[Path, ...]) -> None:
    """Rewrite stale `hash:` lines (after editing setup, actions or expect)."""
    try:
        changed = cases_io.rehash(list(cases) or [cases_io.CASES_DIR])
    except ConformanceError as exc:
        raise _fail(exc) from exc
    for f in changed:
        click.echo(f"rehashed {f}")
    click.echo(f"{len(changed)} files changed")


# --- run -----------------------------------------------------------------------------------------


@click.command("run")
@cases_argument
@click.option("-e", "--engine", "engine_spec", required=True,
              help="reference | mutant:NAME | module:Class | cmd:COMMAND | installed name.")
@jobs_option
@timeout_option
@click.option("--shard", default=None, help="Run shard I of N (1-based), e.g. 2/4.")
@click.option("--feature", "features", multiple=True, help="Only cases with this feature.")
@click.option("--card", "cards", multiple=True, help="Only cases using this card.")
@click.option("--id", "ids", multiple=True, help="Only cases whose id matches this glob.")
@click.option("--expectations", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="The engine's expectations file (known failures).")
@click.option("--strict-unsupported", is_flag=True,
              help="Unsupported cases not in the expectations count as unexpected.")
@click.option("--validate-protocol", is_flag=True,
              help="Validate every stdio response against its JSON Schema.")
@click.option("--jsonl", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the run as JSON Lines here.")
@click.option("--junit", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write JUnit XML here.")
@click.option("--markdown", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Append a Markdown summary here (e.g. $GITHUB_STEP_SUMMARY).")
@click.option("--dashboard-url", default=None, metavar="URL",
              help="Link the conformance dashboard from the Markdown summary.")
@click.option("--restart-every", type=click.IntRange(1), default=None, metavar="N",
              help="Restart the engine after every N cases sent to it (between cases, outside "
                   "any case's time limit).")
@click.option("--max-rss-mb", type=click.FloatRange(0, min_open=True), default=None,
              metavar="MB", help="Restart a stdio engine after a case that leaves its resident "
                                 "memory above MB (in-process engines: not checked).")
@click.option("--run-id", default=None, metavar="ID",
              help="The run's id in the JSON Lines header (default: a digest of suite, engine, "
                   "options and shard count, so the shards of one run share it).")
@click.option("--write-expectations", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE",
              help="Write an expectations file from this run: every result but pass (and "
                   "unsupported, unless --strict-unsupported or already listed); reasons kept "
                   "from --expectations where id and kind match, new ones 'TODO: diagnose'.")
@click.option("--history", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="Append the run to the dashboard's Parquet history (not with "
                                   "--shard: merge shards with `rulings report conformance`).")
@click.option("--max-answer-mb", type=click.FloatRange(0, min_open=True), metavar="MB",
              default=256.0, show_default=True,
              help="Longest answer line a stdio engine may send; a longer one is the case's "
                   "`error` (the engine is restarted).")
@max_case_bytes_option
@click.option("-q", "--quiet", is_flag=True, help="Print only the summary line.")
def run_command(cases: tuple[Path, ...], engine_spec: str, jobs: int, timeout: float,
                shard: str | None, features: tuple[str, ...], cards: tuple[str, ...],
                ids: tuple[str, ...], expectations: Path | None, strict_unsupported: bool,
                validate_protocol: bool, jsonl: Path | None, junit: Path | None,
                markdown: Path | None, dashboard_url: str | None, restart_every: int | None,
                max_rss_mb: float | None, run_id: str | None, write_expectations: Path | None,
                history: Path | None, max_answer_mb: float, max_case_bytes: int,
                quiet: bool) -> None:
    """Run cases against an engine and judge what it reports.

    Exit status 0 unless a result differs from its expectation (1); 2 when the run cannot start
    (a bad case file, two cases with one id, a stale hash, an engine that does not start);
    129/130/143 after SIGHUP/SIGINT/SIGTERM (every engine is killed first).
    """
    from conformance.runner import RunFiles, run_suite

    options = _run_options(shard, history, run_id, timeout=timeout, jobs=jobs,
                           features=features, cards=cards, ids=ids,
                           strict_unsupported=strict_unsupported,
                           validate_protocol=validate_protocol, restart_every=restart_every,
                           max_rss_mb=max_rss_mb, max_answer_mb=max_answer_mb)
    files = RunFiles(jsonl=jsonl, junit=junit, markdown=markdown, dashboard_url=dashboard_url,
                     expectations=write_expectations)
    _check_distinct(files, history)
    try:
        done = run_suite(cases, engine_spec, options, expectations=expectations, files=files,
                         max_case_bytes=max_case_bytes, on_event=_RunConsole(quiet))
    except ConformanceError as exc:
        raise _fail(exc) from exc
    if done.draft is not None and write_expectations is not None:
        _show_draft(done.draft, write_expectations)
    if history:
        _record_history(done.run, history, jsonl)
    sys.exit(done.run.exit_code)


def _run_options(shard: str | None, history: Path | None, run_id: str | None,
                 features: tuple[str, ...], cards: tuple[str, ...], ids: tuple[str, ...],
                 **fields: Any) -> RunOptions:
    """``rulings run``'s options as a :class:`~conformance.runner.RunOptions` (usage errors:
    exit 2 with the usage line)."""
    from conformance.runner import RunOptions, parse_shard

    try:
        shard_tuple = parse_shard(shard) if shard else None
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--shard") from exc
    if history is not None and shard_tuple is not None and shard_tuple[1] > 1:
        raise click.UsageError("--history records whole runs: append the merged shards with "
                               "`rulings report conformance --history FILE SHARDS...`")
    if run_id is not None and not run_id.strip():
        raise click.BadParameter("must not be empty", param_hint="--run-id")
    try:
        return RunOptions(shard=shard_tuple, run_id=run_id,
                          filter=cases_io.CaseFilter(frozenset(features), frozenset(cards), ids),
                          **fields)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc


def _check_distinct(files: RunFiles, history: Path | None) -> None:
    """No two of ``rulings run``'s output options may name one file."""
    outputs = {"--jsonl": files.jsonl, "--junit": files.junit, "--markdown": files.markdown,
               "--write-expectations": files.expectations, "--history": history}
    named: dict[Path, str] = {}
    for flag, target in outputs.items():
        if target is not None:
            other = named.setdefault(Path(target).resolve(), flag)
            if other != flag:
                raise click.UsageError(f"{other} and {flag} name the same file {target}: one "
                                       "output would overwrite the other")


class _RunConsole:
    """Shows the events of :func:`conformance.runner.run_suite`: warnings on stderr, each result
    that is not a plain pass (all of them but the summary line with ``--quiet``), the summary."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet

    def __call__(self, event: RunEvent) -> None:
        from conformance.output.text import console_safe
        from conformance.runner import CaseDone, RunDone, SuiteWarning

        if isinstance(event, SuiteWarning):
            click.echo(event.message, err=True)
        elif isinstance(event, CaseDone):
            r = event.result
            if self.quiet or not (r.unexpected or r.status not in ("pass", "unsupported")):
                return
            tag = {"expected": "known", "unexpected_pass": "UNEXPECTED PASS"}.get(
                r.outcome, r.status.upper())
            click.echo(f"{tag:>8} {r.id}" + (f": {console_safe(r.message)}"
                                             if r.message and r.unexpected else ""))
            if r.unexpected:
                for m in r.mismatches:
                    click.echo(console_safe(
                        f"         {m['where']}: {m['message']}; expected "
                        f"{m.get('expected')!r}, observed {m.get('observed')!r}"))
        elif isinstance(event, RunDone):
            run = event.run
            counts = ", ".join(f"{n} {s}" for s, n in run.counts.items() if n)
            extra = f"; {len(run.unexpected)} unexpected" if run.unexpected else ""
            if run.unexpected_passes:
                extra += (f" ({len(run.unexpected_passes)} unexpected passes: update the "
                          "expectations)")
            if run.restarts:
                extra += f"; {run.restarts} engine restarts"
            click.echo(f"{console_safe(run.engine.name)} {console_safe(run.engine.version)}: "
                       f"{len(run.results)} cases: "
                       f"{counts or 'none'}{extra} [{run.duration:.2f}s]")


def _show_draft(draft: DraftExpectations, path: Path) -> None:
    """What ``rulings run --write-expectations`` wrote."""
    from conformance.expectations import TODO_REASON

    todo = draft.needs_diagnosis
    click.echo(f"wrote {path}: {len(draft.expectations.failures)} known failures "
               f"({len(draft.kept)} kept, {len(draft.new)} new or changed, "
               f"{len(draft.dropped)} removed, {len(draft.not_run)} not in this run); "
               f"{len(todo)} need a diagnosis")
    for cid in todo:
        click.echo(f"  {TODO_REASON}: {cid} ({draft.expectations.failures[cid].kind})")


def _record_history(run: Run, path: Path, jsonl: Path | None) -> None:
    """``rulings run --history``: the run in the dashboard's Parquet history (the reports layer,
    which the conformance library may not import)."""
    from reports.conformance.history import record_run
    from reports.errors import ReportError

    try:
        added = record_run(path, run, jsonl)
    except ReportError as exc:
        raise _fail(exc) from exc
    if added:
        click.echo(f"history {path}: recorded run {added[0].run_id}")
    else:
        click.echo(f"history {path}: this run was already recorded")


# --- diff ----------------------------------------------------------------------------------------


@click.command("diff")
@click.argument("run_a", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("run_b", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--exit-code", is_flag=True, help="Exit 1 when anything changed.")
def diff_command(run_a: Path, run_b: Path, exit_code: bool) -> None:
    """List what changed between two JSON Lines runs (broken, fixed, edited, added, removed)."""
    from conformance.diff import diff_runs
    from conformance.output.jsonl import load_run

    try:
        d = diff_runs(load_run(run_a), load_run(run_b))
    except ConformanceError as exc:
        raise _fail(exc) from exc
    click.echo(d.render())
    if exit_code and not d.empty:
        sys.exit(1)


# --- engines -------------------------------------------------------------------------------------


@click.group("engines")
def engines_group() -> None:
    """Check, serve and list engines."""


@engines_group.command("smoke")
@click.argument("spec")
@timeout_option
@click.option("--features", "features_file", type=click.Path(exists=True, path_type=Path),
              default=None, help="Feature vocabulary (default: conformance/features.yaml).")
def smoke_command(spec: str, timeout: float, features_file: Path | None) -> None:
    """Prove an engine adapter is wired right (exit 1 if a check fails)."""
    from conformance.smoke import smoke

    vocab_file = features_file or case_vocabulary.FEATURES_FILE
    vocab = None
    if vocab_file.exists():
        try:
            vocab = case_vocabulary.load_features(vocab_file)
        except ConformanceError as exc:
            raise _fail(exc) from exc
    report = smoke(spec, timeout=timeout, vocabulary=vocab)
    click.echo(report.render())
    if not report.ok:
        sys.exit(1)


@engines_group.command("serve")
@click.argument("spec")
def serve_command(spec: str) -> None:
    """Serve a Python engine over the stdio protocol (stdin/stdout JSON lines)."""
    from conformance.engines.serve import main

    sys.stdout.flush()
    sys.exit(main([spec]))


@engines_group.command("list")
def list_command() -> None:
    """List the engines this installation can name."""
    from conformance.engines.spec import list_engines

    for engine in list_engines():
        click.echo(f"{engine.spec}\t({engine.origin})")


@engines_group.command("cards")
@click.argument("spec")
@click.option("--refused", is_flag=True,
              help="List the cards the engine does not implement, with the reasons.")
@click.option("--timeout", type=float, default=30.0, show_default=True,
              help="Seconds allowed for the engine to start.")
def cards_command(spec: str, refused: bool, timeout: float) -> None:
    """List the cards an engine declares, one per line (or, with --refused, the others)."""
    from conformance.cards import cards

    try:
        found = cards(spec, timeout=timeout)
    except ConformanceError as exc:
        raise _fail(exc) from exc
    if refused and not found.refusals_known:
        raise HarnessError(f"{found.engine} does not say which cards it refuses")
    for line in found.lines(refused=refused):
        click.echo(line)


# --- mutants -------------------------------------------------------------------------------------


@click.command("mutants")
@cases_argument
@timeout_option
@jobs_option
def mutants_command(cases: tuple[Path, ...], timeout: float, jobs: int) -> None:
    """Run the suite against each reference mutant; list the survivors.

    A mutant is killed when a case the reference engine passes does not pass. Exit 1 when a
    mutant survives without a reason in ``SURVIVOR_REASONS``.
    """
    from conformance.mutation import run_mutants

    try:
        report = run_mutants(cases_io.load_cases(list(cases) or [cases_io.CASES_DIR]),
                             timeout=timeout, jobs=jobs)
    except ConformanceError as exc:
        raise _fail(exc) from exc
    click.echo(report.render())
    if report.unexplained:
        sys.exit(1)


def register(group: click.Group) -> None:
    """Add the conformance commands to the ``rulings`` group."""
    group.add_command(cases_group)
    group.add_command(run_command)
    group.add_command(diff_command)
    group.add_command(engines_group)
    group.add_command(mutants_command)
