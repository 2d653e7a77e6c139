"""Helper processes of the build: align the rulings of many cards and write their partitions.

Writing ~13,000 small Parquet files and aligning ~13,000 cards is per-item Python work that holds
the GIL, so :func:`pipeline.build.build` shares it among helper processes on machines with more
than one CPU. A helper is ``python -m pipeline.workers``: it starts at the beginning of a build
(imports and the align lexicon load while the main process detects languages), then reads one
pickled task from stdin and writes one pickled result to stdout. Helpers never import the
caller's ``__main__``, so :func:`~pipeline.build.build` is safe to call from any script.

The files a helper writes are byte-identical to what the main process would write.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pipeline.errors import BuildError

__all__ = ["CardWork", "WorkerPool", "align_and_write"]

CardWork = tuple[str, str, str, list[tuple[Any, ...]]]
"""``(card_id, card name, partition slug, AlignItem fields of each ruling)``."""

_ROOT = Path(__file__).resolve().parents[1]


def align_and_write(root: str, chunk: Sequence[CardWork]) -> list[tuple[str, int, int]]:
    """Align the rulings of each card and write its ``aligned`` partition under ``root``.

    Returns ``(file written relative to the dataset, groups, groups across languages)`` per card.
    """
    from pipeline.align import AlignItem, Lexicon, align_card
    from pipeline.store import aligned_table, write_partition

    lexicon = Lexicon.load()
    out = []
    base = Path(root)
    for start in range(0, len(chunk), _BATCH):
        batch = chunk[start : start + _BATCH]
        per_card = [
            align_card(cid, name, [AlignItem(*f) for f in fields], lexicon)
            for cid, name, _slug, fields in batch
        ]
        table = aligned_table([g for groups in per_card for g in groups])
        offset = 0
        for (_cid, _name, slug, _fields), groups in zip(batch, per_card, strict=True):
            rel = write_partition(table.slice(offset, len(groups)), base, slug)
            offset += len(groups)
            multi = sum(1 for g in groups if sum(v is not None for v in g.ruling_ids.values()) > 1)
            out.append((rel, len(groups), multi))
    return out


_BATCH = 256
"""Cards whose groups are converted to Arrow at once (one table, sliced per card)."""


class WorkerPool:
    """``n`` helper processes, each given one share of the work with :meth:`run`."""

    def __init__(self, n: int) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(_ROOT), env.get("PYTHONPATH", "")) if p)
        self.procs = [
            subprocess.Popen(
                [sys.executable, "-m", "pipeline.workers"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
                cwd=os.getcwd(),
            )
            for _ in range(n)
        ]

    @property
    def size(self) -> int:
        """Number of helper processes."""
        return len(self.procs)

    def send(self, root: str, shares: Sequence[Sequence[CardWork]]) -> None:
        """Give share ``i`` to helper ``i`` (one share per helper)."""
        if len(shares) != len(self.procs):
            raise ValueError("one share per worker")
        for proc, share in zip(self.procs, shares, strict=True):
            assert proc.stdin is not None
            try:
                pickle.dump((root, list(share)), proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
                proc.stdin.close()
            except (BrokenPipeError, OSError) as exc:
                raise BuildError(f"align worker {proc.pid} died before its task: {exc}") from exc

    def results(self) -> list[list[tuple[str, int, int]]]:
        """Wait for every helper; their results in helper order. Raises the helper's error."""
        out = []
        for proc in self.procs:
            assert proc.stdout is not None
            try:
                status, payload = pickle.load(proc.stdout)
            except (EOFError, pickle.UnpicklingError) as exc:
                proc.wait()
                raise BuildError(f"align worker {proc.pid} died (exit {proc.returncode})") from exc
            proc.wait()
            if status != "ok":
                if isinstance(payload, BaseException):
                    raise payload
                raise BuildError(f"align worker failed: {payload}")
            out.append(payload)
        return out

    def close(self) -> None:
        """Stop any helper still running (after an error) and reap them all."""
        for proc in self.procs:
            for stream in (proc.stdin, proc.stdout):
                if stream is not None and not stream.closed:
                    try:
                        stream.close()
                    except OSError:
                        pass
            if proc.poll() is None:
                proc.kill()
            proc.wait()


def main() -> None:
    """Helper entry point: warm up, then read one task from stdin, answer on stdout."""
    import gc

    gc.disable()  # short-lived process allocating many long-lived objects
    from pipeline.align import Lexicon

    Lexicon.load()
    try:
        root, chunk = pickle.load(sys.stdin.buffer)
    except EOFError:
        return  # the build ended (or failed) without giving this helper work
    try:
        result: tuple[str, Any] = ("ok", align_and_write(root, chunk))
    except Exception as exc:  # sent back to the build, which re-raises it
        try:
            pickle.dumps(exc)
            result = ("error", exc)
        except Exception:
            result = ("error", f"{type(exc).__name__}: {exc}")
    pickle.dump(result, sys.stdout.buffer, protocol=pickle.HIGHEST_PROTOCOL)
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
