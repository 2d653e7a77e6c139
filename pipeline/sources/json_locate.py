"""Where things are in a JSON document: the lines of ruling texts and of objects, and the
objects that repeat a key (helpers of :mod:`pipeline.sources.mtgjson`)."""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable
from json.decoder import JSONArray, JSONObject  # type: ignore[attr-defined]  # no stubs
from json.scanner import py_make_scanner  # type: ignore[attr-defined]  # no stubs
from typing import Any

__all__ = ["Locator", "Positions", "pairs_hook"]


class Locator:
    """Finds the line where each ruling text is written, scanning the document forward once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.cursor = 0
        self.line = 1

    def locate(self, value: str) -> int:
        for needle in (
            json.dumps(value, ensure_ascii=False)[1:-1],
            json.dumps(value, ensure_ascii=True)[1:-1],
        ):
            at = self.text.find(needle, self.cursor) if needle else -1
            if at >= 0:
                self.line += self.text.count("\n", self.cursor, at)
                self.cursor = at
                return self.line
        return self.line


class Positions:
    """Where each object and list of a JSON document begins (a slower, pure-Python parse, made
    only for documents holding a record that has no text to locate it by)."""

    def __init__(self, text: str, duplicates: set[int]) -> None:
        self.starts: dict[int, int] = {}
        self.newlines = [m.start() for m in re.finditer("\n", text)]
        decoder = json.JSONDecoder(object_pairs_hook=pairs_hook(duplicates))
        starts = self.starts

        def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[Any, int]:
            obj, end = JSONObject(s_and_end, *args)
            starts[id(obj)] = s_and_end[1] - 1
            return obj, end

        def parse_array(s_and_end: tuple[str, int], scan_once: Any) -> tuple[Any, int]:
            arr, end = JSONArray(s_and_end, scan_once)
            starts[id(arr)] = s_and_end[1] - 1
            return arr, end

        # The pure-Python scanner calls these hooks (the C scanner does not): documented in
        # ``json.scanner.py_make_scanner``, untyped in the stubs.
        decoder.parse_object = parse_object  # type: ignore[attr-defined]
        decoder.parse_array = parse_array  # type: ignore[attr-defined]
        decoder.scan_once = py_make_scanner(decoder)  # type: ignore[attr-defined]
        self.doc = decoder.decode(text)

    def line(self, obj: Any, default: int) -> int:
        at = self.starts.get(id(obj))
        return default if at is None else bisect.bisect_right(self.newlines, at) + 1


def pairs_hook(duplicates: set[int]) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """An ``object_pairs_hook`` building the dict and noting (by ``id``) one that repeats a key
    (``json`` would keep the last value silently)."""

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            duplicates.add(id(obj))
        return obj

    return hook
