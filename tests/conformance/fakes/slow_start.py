"""A stdio engine that takes argv[1] seconds (default 1.5) to answer ``start``, then plays honestly.

With a per-case limit shorter than its start, it proves an engine restart happens outside any
case's time limit.
"""

import sys
import time

from _fake import run

DELAY = float(sys.argv[1]) if len(sys.argv) > 1 else 1.5


def slow(resp):
    time.sleep(DELAY)
    return resp


run(on_start=slow)
