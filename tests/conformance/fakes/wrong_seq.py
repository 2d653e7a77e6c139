"""A stdio engine that answers a ``misbehave`` case's setup with the wrong ``seq``."""

from _fake import run, write


def wrong(req):
    write({"seq": req["seq"] + 100, "ok": True})


run(wrong)
