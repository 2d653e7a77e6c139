"""The second process of the align stage: a child interpreter that aligns and writes a share of
the cards (see :mod:`pipeline.align.stage`).

It is started with :mod:`subprocess` (:class:`pipeline.childproc.Child`), not forked: a build
runs threads (pyarrow's, and its own names-table thread), and ``os.fork`` in a threaded process
may leave the child holding a lock nobody will release. The child imports the align stage and
loads the lexicon as soon as it starts, so a build starts it early (with the detector process)
and the start-up overlaps with the parent's work. It then takes one request ``(dataset
directory, batch size, work)`` on its stdin, writes the work's partitions, and answers
``("ok", (Arrow IPC bytes, runs, files))`` or ``("error", pickled exception)``.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import pyarrow as pa

from pipeline.align.stage import AlignPart, CardWork, FileStats, align_part, from_wire, to_wire
from pipeline.childproc import Child, child_setup, read_frame, write_frame
from pipeline.errors import BuildError

__all__ = ["AlignWorker", "serve"]


class AlignWorker:
    """A child interpreter aligning a share of the cards: :meth:`submit`, then :meth:`result`.

    Raises :class:`~pipeline.errors.BuildError` when it cannot be started (see
    :meth:`start`, which returns ``None`` instead). Use it as a context manager or call
    :meth:`close`.
    """

    def __init__(self) -> None:
        try:
            self._child: Child | None = Child("pipeline.align.worker")
        except (OSError, ValueError) as exc:  # ValueError: no pass_fds on this platform
            raise BuildError(f"align: cannot start the worker process: {exc}") from exc
        self._sender: threading.Thread | None = None
        self._send_error: BaseException | None = None

    @classmethod
    def start(cls) -> AlignWorker | None:
        """A started worker, or ``None`` where no child process can be started."""
        try:
            return cls()
        except BuildError:
            return None

    @property
    def pid(self) -> int | None:
        """The child's process id (``None`` once closed)."""
        child = self._child
        return child.proc.pid if child is not None and child.proc is not None else None

    def submit(self, root: Path, work: Sequence[CardWork], batch: int) -> None:
        """Send the worker its share: write ``work``'s partitions under ``root``.

        The request is written by a thread: the child may still be starting, and this process
        has its own share to align meanwhile.
        """
        child = self._child
        if child is None:
            raise BuildError("align: the worker process is closed")
        from pipeline.store.writer import records_partitions

        # whether the dataset's marker records this root's partition files (the child records
        # its own, in a side file the writer collects)
        request = (os.fspath(root), batch, to_wire(work), records_partitions(root))
        stdin = child.stdin

        def send() -> None:
            try:
                write_frame(stdin, request)
                stdin.close()
            except BaseException as exc:  # noqa: BLE001 - reported by result()
                self._send_error = exc

        self._sender = threading.Thread(target=send, name="rulings-align-send", daemon=True)
        self._sender.start()

    def result(self) -> AlignPart:
        """Wait for the worker's share; raise its exception, or :class:`BuildError` when it
        ended without an answer."""
        child = self._child
        if child is None:
            raise BuildError("align: the worker process is closed")
        try:
            answer = read_frame(child.answers)
        except (OSError, EOFError, ValueError):
            answer = ("lost", None)
        if self._sender is not None:
            self._sender.join()
        kind, body = answer
        if kind == "error":
            exc = pickle.loads(body)
            self.close()
            raise exc
        if kind != "ok":
            why = child.failure()
            if self._send_error is not None:
                why += f"; sending its work failed: {self._send_error}"
            self.close(kill=True)
            raise BuildError(f"align: the worker process ended abnormally ({why})")
        status = self.close()
        if status != 0:
            raise BuildError(f"align: the worker process ended abnormally (exit status {status})")
        data, runs, files = body
        table = pa.ipc.open_stream(pa.BufferReader(data)).read_all()
        return AlignPart(
            table,
            [tuple(r) for r in runs],
            [FileStats(*f) for f in files],
        )

    def close(self, *, kill: bool = False) -> int | None:
        """End the worker (killed at once with ``kill``, e.g. when this process failed);
        returns its exit status, ``None`` when already closed."""
        child, self._child = self._child, None
        if child is None:
            return None
        if kill and child.proc is not None:
            child.proc.kill()  # a sender blocked on a full pipe then fails: join() returns
        if self._sender is not None:
            self._sender.join()
        return child.close(kill=kill)

    def __enter__(self) -> AlignWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(kill=True)

    def __del__(self) -> None:  # a forgotten process must not outlive its owner
        if getattr(self, "_child", None) is not None:
            self.close(kill=True)


def serve(requests: IO[bytes], answers: IO[bytes]) -> int:
    """The child's side: load the lexicon, take one request, write its partitions, answer."""
    gc.disable()  # as in the build: many long-lived objects, freed together at exit
    from pipeline.align.lexicon import Lexicon

    lexicon = Lexicon.load()
    try:
        request = read_frame(requests)
    except EOFError:
        return 0  # the build did not need this worker
    status = 0
    try:
        root, batch, work, record = request
        if record:
            from pipeline.store.writer import record_partitions_under

            record_partitions_under(root)
        part = align_part(Path(root), from_wire(work), lexicon, None, batch)
        message: tuple[str, Any] = ("ok", _to_wire(part))
    except BaseException as exc:  # noqa: BLE001 - sent to the parent, raised there
        status = 1
        message = ("error", pickle.dumps(_picklable(exc), protocol=pickle.HIGHEST_PROTOCOL))
    write_frame(answers, message)
    return status


def _to_wire(
    part: AlignPart,
) -> tuple[bytes, list[tuple[str, int, int]], list[tuple[str, int, int]]]:
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, part.table.schema) as writer:
        writer.write_table(part.table)
    files = [(f.path, f.groups, f.multilingual) for f in part.files]
    return sink.getvalue().to_pybytes(), part.runs, files


def _picklable(exc: BaseException) -> BaseException:
    """``exc`` if it survives pickling, else a :class:`BuildError` describing it."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001
        return BuildError(f"align worker: {type(exc).__name__}: {exc}")
    return exc


if __name__ == "__main__":
    _answers, _args = child_setup(sys.argv)
    with _answers:
        sys.exit(serve(sys.stdin.buffer, _answers))
