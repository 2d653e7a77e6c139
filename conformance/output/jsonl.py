"""JSON Lines run files for the runner: its :class:`~conformance.runner.Run` to and from the
run-file format, which :mod:`conformance.runfile` owns (model, writer, strict reader).

Written as the run goes (:class:`JsonlWriter`), read back and validated by :func:`load_run`.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from conformance.engines.stdio import info_from_wire
from conformance.runfile import (
    RunFile,
    RunFileWriter,
    parse_run_file,
    read_run_file,
    render_run_file,
    write_run_file,
)
from conformance.runner import CaseResult, Run


class JsonlWriter:
    """Streams a run to a text file: call :meth:`start`, :meth:`result` per case, :meth:`finish`."""

    def __init__(self, fh: IO[str]) -> None:
        self.fh = fh
        self._writer = RunFileWriter(fh)

    def start(self, run: Run) -> None:
        """Write the header line."""
        head = run.header()
        head.pop("cases", None)
        self._writer.start(head)

    def result(self, result: CaseResult) -> None:
        """Write one case line."""
        self._writer.case(result)

    def finish(self, run: Run) -> None:
        """Write the footer line."""
        self._writer.finish(run.footer())


def run_to_file(run: Run, path: str | Path = "<run>") -> RunFile:
    """A finished run as the run file it writes, validated as :func:`load_run` would read it
    back (no file touched; ``path`` names it in messages)."""
    head = run.header()
    head.pop("cases", None)
    return parse_run_file(render_run_file(head, run.results, run.footer()), path)


def run_from_file(data: RunFile) -> Run:
    """The runner's :class:`Run` of a run file read by :func:`conformance.runfile.read_run_file`."""
    head, foot = data.header, data.footer
    return Run(spec=head["spec"], engine=info_from_wire(head["engine"]),
               suite_version=head["suite_version"], options=dict(head["options"]),
               started=head["started"], run_id=head.get("run_id"), results=list(data.cases),
               duration=float(foot["duration"]), finished=foot.get("finished"),
               restarts=int(foot.get("restarts", 0)))


def write_run(run: Run, path: str | Path) -> None:
    """Write a whole finished run to ``path``."""
    head = run.header()
    head.pop("cases", None)
    write_run_file(path, head, run.results, run.footer())


def load_run(path: str | Path) -> Run:
    """Read a run file back, validating each line and the whole (see
    :func:`conformance.runfile.read_run_file`: header first, each case once, footer last with
    counts equal to the case lines, ``suite_version`` equal to their digest).

    Raises :class:`~conformance.errors.MissingHeader`, :class:`~conformance.errors.MissingFooter`,
    :class:`~conformance.errors.DuplicateCase`, :class:`~conformance.errors.InvalidRunLine` or
    another :class:`~conformance.errors.RunFileError`.
    """
    return run_from_file(read_run_file(path))
