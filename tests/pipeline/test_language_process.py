"""The build's detector process answers exactly what the in-process detector answers."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from pipeline_helpers import RULINGS_EN, SEEDS

from pipeline.language import DetectorError, UnknownDetectorError, get_detector
from pipeline.language.process import DetectorProcess
from pipeline.normalise import normalise
from pipeline.sources import parse_bytes


def _texts() -> list[str]:
    """The seed rulings and titles, 400 corpus rulings, and texts without letters."""
    texts: list[str] = []
    for path in sorted(SEEDS.iterdir()):
        result = parse_bytes(path.read_bytes(), path.name, "seed")
        texts += [normalise(r.text_raw) for r in result.rulings] + [result.title or ""]
    with gzip.open(RULINGS_EN, "rt", encoding="utf-8") as fh:
        corpus = [json.loads(line)["text"] for _, line in zip(range(400), fh, strict=False)]
    return texts + [normalise(t) for t in corpus] + ["", "{2}{R}", "12345"]


@pytest.mark.parametrize("name", ["lingua", "langdetect"])
def test_process_guesses_equal_in_process_guesses(name: str) -> None:
    texts = _texts()
    with DetectorProcess(name) as proc:
        assert proc.name == name
        got = proc.detect_many(texts)
        assert proc.detect(texts[0]) == got[0]
        assert proc.detect_many([]) == []
    assert got == get_detector(name).detect_many(texts)
    assert {g.lang for g in got} >= {"it", "de", "en", "und"}


def test_unknown_name_and_closed_process() -> None:
    with pytest.raises(UnknownDetectorError, match="langid"):
        DetectorProcess("langid")
    proc = DetectorProcess("lingua")
    proc.close()
    proc.close()  # idempotent
    with pytest.raises(DetectorError, match="closed"):
        proc.detect("testo")


def test_a_dead_child_is_a_detector_error() -> None:
    proc = DetectorProcess("lingua")
    try:
        proc._proc.kill()  # type: ignore[union-attr]
        proc._proc.wait()  # type: ignore[union-attr]
        with pytest.raises(DetectorError, match="detector process failed"):
            proc.detect_many(["Questa è una regola."])
    finally:
        proc.close()


def test_output_printed_by_the_child_does_not_break_the_wire(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sitecustomize.py").write_text("print('hello from a site hook')\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    with DetectorProcess("lingua") as proc:
        assert proc.detect("This ruling is written in English.").lang == "en"
