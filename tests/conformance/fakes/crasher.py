"""A stdio engine that dies (exit code 3, a message on stderr) on a ``misbehave`` case."""

import sys

from _fake import run


def crash(_req):
    sys.stderr.write("fatal: segmentation fault (pretend)\n")
    sys.stderr.flush()
    sys.exit(3)


run(crash)
