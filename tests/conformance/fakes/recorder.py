"""Serve ToyEngine over stdio and record every request and response line to the file in argv[1]."""

import json
import sys

from _fake import ToyEngine, handle

log = open(sys.argv[1], "a", encoding="utf-8")
engine = ToyEngine()
for line in sys.stdin:
    req = json.loads(line)
    resp, stop = handle(engine, req)
    log.write(json.dumps({"request": req, "response": resp}) + "\n")
    log.flush()
    sys.stdout.write(json.dumps(resp) + "\n")
    sys.stdout.flush()
    if stop:
        break
