"""A language detector running in its own process, for the build.

lingua's Python binding holds the GIL while it loads its models (~0.6 s) and while it detects
(~2 s for the corpus's 23k distinct texts, on both cores): nothing else of the build's Python can
run meanwhile, not even in another thread (measured). :class:`DetectorProcess` runs the detector
(:func:`~pipeline.language.get_detector`, same name, same code) in a child interpreter started
with :mod:`subprocess`, so the build parses its inputs while the models load and builds its names
table while the texts are detected. Results are the child's ``detect_many`` results, unchanged:
the same guesses as in the build's own process (tested).

Wire format: requests on the child's stdin, answers on a pipe of their own (not stdout, where a
site hook or a library might print), both frames of a 4-byte little-endian length and a
:mod:`marshal` payload (both ends are the same Python). A request is a list of texts; the answer
is ``("ok", [(lang, confidence), ...])`` or ``("error", message)``. The child exits at end of input.
"""

from __future__ import annotations

import marshal
import os
import struct
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from pipeline.language.errors import DetectorError
from pipeline.records import LanguageGuess

__all__ = ["DetectorProcess"]

_LEN = struct.Struct("<I")


class DetectorProcess:
    """A :class:`~pipeline.language.LanguageDetector` whose backend runs in a child process.

    Starting it returns at once (the child loads its models in the background); the first
    request waits for them. Use it as a context manager, or call :meth:`close`.
    Raises :class:`~pipeline.language.errors.DetectorError` if the child cannot be started or
    fails (with the child's error output), :class:`UnknownDetectorError` for an unknown name.
    """

    def __init__(self, name: str) -> None:
        from pipeline.language.detectors import DETECTOR_NAMES
        from pipeline.language.errors import UnknownDetectorError

        if name not in DETECTOR_NAMES:
            raise UnknownDetectorError(
                f"unknown language detector {name!r}; choose one of: {', '.join(DETECTOR_NAMES)}"
            )
        self.name = name
        root = str(Path(__file__).resolve().parents[2])  # the directory holding ``pipeline``
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        self._stderr = tempfile.TemporaryFile()
        answers_r, answers_w = os.pipe()
        try:
            self._proc: subprocess.Popen[bytes] | None = subprocess.Popen(
                [sys.executable, "-m", "pipeline.language.process", name, str(answers_w)],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=self._stderr,
                env=env,
                pass_fds=(answers_w,),
            )
        except (OSError, ValueError) as exc:  # ValueError: no pass_fds on this platform
            os.close(answers_r)
            self._stderr.close()
            raise DetectorError(f"cannot start the {name} detector process: {exc}") from exc
        finally:
            os.close(answers_w)
        self._answers = os.fdopen(answers_r, "rb")

    def detect(self, text: str) -> LanguageGuess:
        """The language of one text."""
        return self.detect_many([text])[0]

    def detect_many(self, texts: Sequence[str]) -> list[LanguageGuess]:
        """The language of each text, in order (one round trip to the child)."""
        proc = self._proc
        if proc is None:
            raise DetectorError(f"the {self.name} detector process is closed")
        try:
            _write_frame(proc.stdin, list(texts))  # type: ignore[arg-type]
            answer = _read_frame(self._answers)
        except (OSError, EOFError, ValueError) as exc:
            raise DetectorError(
                f"the {self.name} detector process failed: {self._failure()}"
            ) from exc
        kind, body = answer
        if kind != "ok":
            raise DetectorError(f"the {self.name} detector process failed: {body}")
        if len(body) != len(texts):
            raise DetectorError(f"the {self.name} detector process answered {len(body)} guesses")
        return [LanguageGuess(lang, conf) for lang, conf in body]

    def close(self) -> None:
        """End the child (end of input, then wait; killed if it does not end within 10 s)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()  # type: ignore[union-attr]
            proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            self._answers.close()
            self._stderr.close()

    def __enter__(self) -> DetectorProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # a forgotten process must not outlive its owner
        if getattr(self, "_proc", None) is not None:
            self.close()

    def _failure(self) -> str:
        proc = self._proc
        if proc is not None:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self._stderr.seek(0)
        lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
        status = f"exit status {proc.returncode}" if proc is not None else "closed"
        return f"{status}: {lines[-1] if lines else 'no error output'}"


def _write_frame(stream: IO[bytes], obj: Any) -> None:
    data = marshal.dumps(obj)
    stream.write(_LEN.pack(len(data)))
    stream.write(data)
    stream.flush()


def _read_frame(stream: IO[bytes]) -> Any:
    head = stream.read(4)
    if len(head) < 4:
        raise EOFError("end of stream")
    (size,) = _LEN.unpack(head)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("truncated frame")
    return marshal.loads(data)


def serve(name: str, requests: IO[bytes], answers: IO[bytes]) -> int:
    """The child's loop: build detector ``name``, answer requests until end of input."""
    from pipeline.language.detectors import get_detector

    detector = get_detector(name)
    while True:
        try:
            texts = _read_frame(requests)
        except EOFError:
            return 0
        try:
            guesses = detector.detect_many(texts)
            answer: tuple[str, Any] = ("ok", [(g.lang, g.confidence) for g in guesses])
        except Exception as exc:  # noqa: BLE001 - reported to the parent
            answer = ("error", f"{type(exc).__name__}: {exc}")
        _write_frame(answers, answer)


if __name__ == "__main__":
    with os.fdopen(int(sys.argv[2]), "wb") as answers:
        sys.exit(serve(sys.argv[1], sys.stdin.buffer, answers))
