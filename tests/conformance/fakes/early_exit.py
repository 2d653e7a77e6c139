"""A stdio engine that exits cleanly (status 0) mid-conversation on a ``misbehave`` case."""

import sys

from _fake import run


def leave(_req):
    sys.exit(0)


run(leave)
