"""A stdio engine that says it speaks protocol 2 at start but declares no actions or choices."""

from _fake import run


def upgrade(resp):
    resp["engine"]["protocol"] = 2
    resp["engine"].pop("actions", None)
    resp["engine"].pop("choices", None)
    return resp


run(on_start=upgrade)
