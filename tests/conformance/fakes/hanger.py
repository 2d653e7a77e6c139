"""A stdio engine that stops answering (sleeps) on a ``misbehave`` case."""

from _fake import hang, run

run(hang)
