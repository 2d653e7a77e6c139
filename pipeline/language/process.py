"""A language detector running in its own process, for the build.

lingua's Python binding holds the GIL while it loads its models (~0.6 s) and while it detects
(~2 s for the corpus's 23k distinct texts, on both cores): nothing else of the build's Python can
run meanwhile, not even in another thread (measured). :class:`DetectorProcess` runs the detector
(:func:`~pipeline.language.get_detector`, same name, same code) in a child interpreter started
with :mod:`subprocess`, so the build parses its inputs while the models load and builds its names
table while the texts are detected. Results are the child's ``detect_many`` results, unchanged:
the same guesses as in the build's own process (tested).

Wire format (:mod:`pipeline.childproc`): a request is a list of texts; the answer is
``("ok", [(lang, confidence), ...])`` or ``("error", message)``. The child exits at end of input.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO, Any

from pipeline.childproc import Child, child_setup, read_frame, write_frame
from pipeline.language.errors import DetectorError
from pipeline.records import LanguageGuess

__all__ = ["DetectorProcess"]


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
        self._child: Child | None = None
        try:
            self._child = Child("pipeline.language.process", [name])
        except (OSError, ValueError) as exc:  # ValueError: no pass_fds on this platform
            raise DetectorError(f"cannot start the {name} detector process: {exc}") from exc

    @property
    def _proc(self) -> Any:
        """The child's :class:`subprocess.Popen` (``None`` once closed)."""
        return self._child.proc if self._child is not None else None

    def detect(self, text: str) -> LanguageGuess:
        """The language of one text."""
        return self.detect_many([text])[0]

    def detect_many(self, texts: Sequence[str]) -> list[LanguageGuess]:
        """The language of each text, in order (one round trip to the child)."""
        child = self._child
        if child is None or child.proc is None:
            raise DetectorError(f"the {self.name} detector process is closed")
        try:
            write_frame(child.stdin, list(texts))
            answer = read_frame(child.answers)
        except (OSError, EOFError, ValueError) as exc:
            raise DetectorError(
                f"the {self.name} detector process failed: {child.failure()}"
            ) from exc
        kind, body = answer
        if kind != "ok":
            raise DetectorError(f"the {self.name} detector process failed: {body}")
        if len(body) != len(texts):
            raise DetectorError(f"the {self.name} detector process answered {len(body)} guesses")
        return [LanguageGuess(lang, conf) for lang, conf in body]

    def close(self) -> None:
        """End the child (end of input, then wait; killed if it does not end within 10 s)."""
        if self._child is not None:
            self._child.close()

    def __enter__(self) -> DetectorProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # a forgotten process must not outlive its owner
        if getattr(self, "_child", None) is not None:
            self.close()


def serve(name: str, requests: IO[bytes], answers: IO[bytes]) -> int:
    """The child's loop: build detector ``name``, answer requests until end of input."""
    from pipeline.language.detectors import get_detector

    detector = get_detector(name)
    while True:
        try:
            texts = read_frame(requests)
        except EOFError:
            return 0
        try:
            guesses = detector.detect_many(texts)
            answer: tuple[str, Any] = ("ok", [(g.lang, g.confidence) for g in guesses])
        except Exception as exc:  # noqa: BLE001 - reported to the parent
            answer = ("error", f"{type(exc).__name__}: {exc}")
        write_frame(answers, answer)


if __name__ == "__main__":
    _answers, _args = child_setup(sys.argv)
    with _answers:
        sys.exit(serve(_args[0], sys.stdin.buffer, _answers))
