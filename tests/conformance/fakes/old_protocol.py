"""A stdio engine that says it speaks protocol 0 at start."""

from _fake import run


def downgrade(resp):
    resp["engine"]["protocol"] = 0
    return resp


run(on_start=downgrade)
