"""Shared loop of the misbehaving stdio fakes: serve ToyEngine, misbehave on one kind of case.

Each fake is a small stdio program (like Bowtie's fauxmplementations): honest until it gets a
``setup`` whose case id contains ``misbehave``, then it does its one bad thing.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from toy import ToyEngine  # noqa: E402

from conformance.engines.serve import handle  # noqa: E402


def write(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def run(misbehave: Callable[[dict[str, Any]], None] | None = None,
        on_start: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> None:
    engine = ToyEngine()
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("cmd") == "setup" and "misbehave" in req.get("case", "") and misbehave:
            misbehave(req)
        resp, stop = handle(engine, req)
        if req.get("cmd") == "start" and on_start:
            resp = on_start(resp)
        write(resp)
        if stop:
            return


def hang(_req: dict[str, Any]) -> None:
    time.sleep(3600)
