"""A stdio engine that prints a non-JSON line instead of answering on a ``misbehave`` case."""

import sys

from _fake import run


def garbage(_req):
    sys.stdout.write("Exception in thread main: java.lang.NullPointerException\n")
    sys.stdout.flush()
    sys.stdin.readline()  # and then waits for more


run(garbage)
