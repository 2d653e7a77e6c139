"""Reading input files safely (issue #10): every gzip member, truncated and corrupt streams,
decompression bombs, unreadable folders, symbolic links, FIFOs, devices and non-UTF-8 names.

Real files written at test time; the readers under test are the ones ``rulings build`` uses
(:func:`discover`, :func:`load_input`, :meth:`LoadedInput.parse`).
"""

from __future__ import annotations

import gzip
import json
import os
import threading
import time
import zlib
from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.sources import InputLimits, SourceResult, discover, load_input
from pipeline.sources.files import GZIP_RATIO_FLOOR, gunzip


def _rulings(n: int, start: int = 0) -> list[str]:
    return [
        json.dumps({"oracle_id": f"o{i % 7}", "date": "2020-01-01", "text": f"Ruling {i}."})
        for i in range(start, start + n)
    ]


def _read(path: Path, limits: InputLimits | None = None) -> SourceResult:
    limits = limits or InputLimits()
    (item,) = discover([path])
    return load_input(item, limits).parse(limits)


def _reasons(res: SourceResult) -> list[tuple[int, str]]:
    return [(q.line, q.reason) for q in res.quarantined]


def _read_all(root: Path, limits: InputLimits | None = None) -> dict[str, SourceResult]:
    limits = limits or InputLimits()
    found = discover([root], follow_symlinks=limits.follow_symlinks)
    return {Path(f.source).name: load_input(f, limits).parse(limits) for f in found}


# ---------------------------------------------------------------------------------------- gzip


def test_every_member_of_a_multi_member_gzip_is_read(tmp_path: Path) -> None:
    lines = _rulings(1000)
    path = tmp_path / "m.jsonl.gz"
    path.write_bytes(
        gzip.compress(("\n".join(lines[:500]) + "\n").encode())
        + gzip.compress(("\n".join(lines[500:]) + "\n").encode())
        + b"\0" * 16  # zero padding after the last member, as gzip allows
    )
    res = _read(path)
    assert len(res.rulings) == 1000 and not res.quarantined and not res.issues
    assert [r.line for r in res.rulings] == list(range(1, 1001))


def test_a_gzip_truncated_at_a_flush_point_is_an_error_naming_the_count(tmp_path: Path) -> None:
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    data = c.compress(("\n".join(_rulings(600)) + "\n").encode()) + c.flush(zlib.Z_SYNC_FLUSH)
    path = tmp_path / "t.jsonl.gz"
    path.write_bytes(data)  # a clean cut: every line so far is whole, the end marker is missing
    res = _read(path)
    assert len(res.rulings) == 600
    assert _reasons(res) == [(601, "truncated_gzip")]
    (issue,) = res.issues
    assert issue.severity == "error" and issue.source.endswith("t.jsonl.gz")
    assert "600 records read before it" in issue.message and "truncated" in issue.message
    assert res.records_in == 601


def test_a_gzip_cut_mid_stream_and_a_corrupt_one_keep_what_came_before(tmp_path: Path) -> None:
    whole = gzip.compress(("\n".join(_rulings(2000)) + "\n").encode())
    (tmp_path / "cut.jsonl.gz").write_bytes(whole[: len(whole) // 2])
    bad = bytearray(whole)
    bad[len(bad) // 2 : len(bad) // 2 + 64] = b"\xff" * 64
    (tmp_path / "corrupt.jsonl.gz").write_bytes(bytes(bad))
    (tmp_path / "tail.jsonl.gz").write_bytes(whole + b"garbage after the member")
    (tmp_path / "none.json.gz").write_bytes(b"this is not gzip at all")
    (tmp_path / "empty.json.gz").write_bytes(b"")
    got = _read_all(tmp_path)
    cut = got["cut.jsonl.gz"]
    assert 0 < len(cut.rulings) < 2000 and cut.quarantined[-1].reason == "truncated_gzip"
    assert cut.records_in == len(cut.rulings) + len(cut.quarantined)
    assert got["corrupt.jsonl.gz"].quarantined[-1].reason == "bad_gzip"
    assert len(got["tail.jsonl.gz"].rulings) == 2000
    assert _reasons(got["tail.jsonl.gz"])[-1][1] == "bad_gzip"
    assert _reasons(got["none.json.gz"]) == [(0, "bad_gzip")]
    assert _reasons(got["empty.json.gz"]) == [(0, "bad_gzip")]
    for res in got.values():
        assert any(i.severity == "error" for i in res.issues)


def test_a_decompression_bomb_is_refused_fast(tmp_path: Path) -> None:
    # 16 KB that inflate to 16 MB of blank lines: it took 79 s to read
    bomb = tmp_path / "bomb.jsonl.gz"
    bomb.write_bytes(gzip.compress(b"\n" * 16_000_000, 9))
    assert len(bomb.read_bytes()) < 20_000
    started = time.process_time()
    res = _read(bomb)
    assert time.process_time() - started < 5
    assert _reasons(res) == [(0, "too_large")]
    assert "--max-gzip-ratio" in res.issues[0].message
    # a higher ratio reads it (a real, if silly, file of blank lines: quickly, no record)
    res = _read(bomb, InputLimits(max_gzip_ratio=2000))
    assert _reasons(res) == [(1, "empty_file")]


def test_max_input_bytes_bounds_plain_and_compressed_files(tmp_path: Path) -> None:
    body = ("\n".join(_rulings(100)) + "\n").encode()
    (tmp_path / "plain.jsonl").write_bytes(body)
    (tmp_path / "packed.jsonl.gz").write_bytes(gzip.compress(body))
    small = InputLimits(max_input_bytes=len(body) - 1)
    for name, res in _read_all(tmp_path, small).items():
        assert _reasons(res) == [(0, "too_large")], name
        assert "--max-input-bytes" in res.issues[0].message
    for res in _read_all(tmp_path, InputLimits(max_input_bytes=len(body))).values():
        assert len(res.rulings) == 100


def test_gzip_budget_has_a_floor_and_a_ceiling() -> None:
    limits = InputLimits(max_input_bytes=10 * GZIP_RATIO_FLOOR, max_gzip_ratio=10)
    assert limits.gzip_budget(100) == GZIP_RATIO_FLOOR
    assert limits.gzip_budget(GZIP_RATIO_FLOOR // 2) == 5 * GZIP_RATIO_FLOOR
    assert limits.gzip_budget(10 * GZIP_RATIO_FLOOR) == 10 * GZIP_RATIO_FLOOR
    out = gunzip(gzip.compress(b"x" * GZIP_RATIO_FLOOR), limits)
    assert (len(out.data), out.members, out.problem) == (GZIP_RATIO_FLOOR, 1, None)
    with pytest.raises(InputError):
        InputLimits(max_input_bytes=0)


# ------------------------------------------------------------------------------ folders, links


def test_an_unlistable_folder_is_an_error_naming_it(tmp_path: Path) -> None:
    """ENAMETOOLONG: a folder too deep to name in one path cannot be listed, even by root."""
    (tmp_path / "ok.jsonl").write_text("\n".join(_rulings(3)))
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for _ in range(20):  # 20 x 255 characters: past PATH_MAX (4096)
            os.mkdir("d" * 255, dir_fd=fd)
            nxt = os.open("d" * 255, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = nxt
        with open(os.open("lost.jsonl", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w") as fh:
            fh.write(_rulings(1)[0])
    finally:
        os.close(fd)
    found = discover([tmp_path])
    problems = [f for f in found if f.problem is not None]
    assert len(problems) == 1 and problems[0].problem is not None
    assert problems[0].problem.reason == "unreadable"
    assert "cannot list folder" in problems[0].problem.detail
    res = load_input(problems[0]).parse()
    assert _reasons(res) == [(0, "unreadable")] and res.issues[0].severity == "error"
    assert "d" * 255 in res.source


def test_symlinks_that_leave_the_inputs_are_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.txt"
    secret.write_text("Segreto\n\n01/01/2020\n\nNon leggermi.")
    (outside / "more").mkdir()
    (outside / "more" / "x.jsonl").write_text(_rulings(1)[0])
    root = tmp_path / "in"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "real.jsonl").write_text(_rulings(1)[0])
    (root / "environ.txt").symlink_to("/proc/self/environ")
    (root / "passwd.json").symlink_to("/etc/passwd")
    (root / "secret.txt").symlink_to(secret)
    (root / "folder").symlink_to(outside / "more")
    (root / "inside.jsonl").symlink_to(root / "sub" / "real.jsonl")  # inside: read, once
    (root / "dangling.json").symlink_to(tmp_path / "nowhere.json")
    (root / "loop.json").symlink_to(root / "loop.json")
    (root / "unsupported").symlink_to("/etc/passwd")  # not an input name: ignored, as any file
    found = {Path(f.source).name: f for f in discover([root])}
    assert found["real.jsonl"].problem is None
    assert "inside.jsonl" not in found  # it is real.jsonl, read where it lies
    reasons = {n: f.problem.reason for n, f in found.items() if f.problem is not None}
    assert reasons == {
        "environ.txt": "symlink_outside",
        "passwd.json": "symlink_outside",
        "secret.txt": "symlink_outside",
        "folder": "symlink_outside",
        "dangling.json": "unreadable",
        "loop.json": "unreadable",
    }
    results = _read_all(root)
    for name in reasons:
        res = results[name]
        assert res.records_in == 1 and not res.rulings
        assert all(q.text_raw == "" for q in res.quarantined)  # no byte of the target copied
        assert "root:" not in res.quarantined[0].detail
    # with the flag, links are followed (files and folders)
    followed = _read_all(root, InputLimits(follow_symlinks=True))
    assert len(followed["secret.txt"].rulings) == 1
    assert len(followed["x.jsonl"].rulings) == 1


def test_fifos_and_devices_are_never_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.jsonl")
    (tmp_path / "zero.txt").symlink_to("/dev/zero")
    (tmp_path / "ok.jsonl").write_text(_rulings(1)[0])
    done: dict[str, SourceResult] = {}
    reader = threading.Thread(target=lambda: done.update(_read_all(tmp_path, _follow())))
    reader.start()
    reader.join(20)
    if reader.is_alive():  # unblock the reader before failing
        os.close(os.open(tmp_path / "pipe.jsonl", os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading a folder holding a FIFO hung")
    assert _reasons(done["pipe.jsonl"]) == [(0, "not_regular_file")]
    assert "FIFO" in done["pipe.jsonl"].issues[0].message
    assert _reasons(done["zero.txt"]) == [(0, "not_regular_file")]
    assert "character device" in done["zero.txt"].issues[0].message
    assert len(done["ok.jsonl"].rulings) == 1


def _follow() -> InputLimits:
    return InputLimits(follow_symlinks=True)


def test_a_file_swapped_for_a_fifo_or_link_after_discovery_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(_rulings(1)[0])
    (item,) = discover([tmp_path])
    path.unlink()
    os.mkfifo(path)
    res = load_input(item).parse()
    assert _reasons(res) == [(0, "not_regular_file")]
    path.unlink()
    path.symlink_to("/etc/passwd")
    res = load_input(item).parse()
    assert _reasons(res) == [(0, "symlink_not_followed")]


def test_a_file_name_that_is_not_utf8_is_quarantined_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "ok.txt").write_text("Titolo\n\n01/01/2020\n\nUna regola.")
    with open(os.fsencode(tmp_path) + b"/caf\xff.txt", "w") as fh:
        fh.write("Titolo\n\n01/01/2020\n\nAltra regola.")
    got = _read_all(tmp_path)
    assert set(got) == {"ok.txt", "caf\\xff.txt"}
    assert _reasons(got["caf\\xff.txt"]) == [(0, "bad_file_name")]
    got["caf\\xff.txt"].source.encode("utf-8")  # printable anywhere
    assert len(got["ok.txt"].rulings) == 1


def test_explicit_paths_keep_their_clear_errors(tmp_path: Path) -> None:
    (tmp_path / "dangling.json").symlink_to(tmp_path / "nowhere")
    with pytest.raises(InputError, match="broken symbolic link"):
        discover([tmp_path / "dangling.json"])
    os.mkfifo(tmp_path / "p.json")
    with pytest.raises(InputError, match="not a regular file"):
        discover([tmp_path / "p.json"])
    with pytest.raises(InputError, match="not a regular file"):
        discover(["/dev/zero"])
    # a link named explicitly is the user's choice: read
    (tmp_path / "real.jsonl").write_text(_rulings(2)[0])
    (tmp_path / "named.jsonl").symlink_to(tmp_path / "real.jsonl")
    (found,) = discover([tmp_path / "named.jsonl"])
    assert found.source.endswith("real.jsonl") and len(load_input(found).parse().rulings) == 1


def test_a_file_that_vanishes_after_discovery_is_quarantined(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(_rulings(1)[0])
    (item,) = discover([tmp_path])
    path.unlink()
    res = load_input(item).parse()
    assert _reasons(res) == [(0, "unreadable")]
    assert "No such file" in res.issues[0].message


def test_inputs_under_a_compression_that_is_not_read_are_reported(tmp_path: Path) -> None:
    import bz2
    import lzma

    body = ("\n".join(_rulings(3)) + "\n").encode()
    (tmp_path / "r.jsonl.bz2").write_bytes(bz2.compress(body))
    (tmp_path / "r.jsonl.xz").write_bytes(lzma.compress(body))
    (tmp_path / "photos.zip").write_bytes(b"PK\x05\x06" + b"\0" * 18)  # not an input name
    (tmp_path / "ok.jsonl").write_bytes(body)
    got = _read_all(tmp_path)
    assert set(got) == {"r.jsonl.bz2", "r.jsonl.xz", "ok.jsonl"}
    assert _reasons(got["r.jsonl.xz"]) == [(0, "unsupported_compression")]
    assert ".bz2 compression is not read" in got["r.jsonl.bz2"].issues[0].message
    with pytest.raises(InputError, match="unsupported input"):
        discover([tmp_path / "r.jsonl.xz"])


def test_control_characters_in_file_names_do_not_reach_the_terminal(tmp_path: Path) -> None:
    (tmp_path / "a\x1b[2J\x1b]0;pwned\x07b.txt").write_text("")  # clear screen, set title
    (tmp_path / "c\u202etxt.json").write_text("")  # a bidi override (Trojan Source)
    printed = [str(i) for res in _read_all(tmp_path).values() for i in res.issues]
    assert len(printed) == 2
    for line in printed:
        assert line.isprintable() and "\x1b" not in line and "\u202e" not in line
    assert any("a\\x1b[2J\\x1b]0;pwned\\x07b.txt:1: error: empty file" in line for line in printed)


def test_following_links_never_loops(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "sub").mkdir(parents=True)
    (outside / "sub" / "r.jsonl").write_text(_rulings(1)[0])
    (outside / "sub" / "up").symlink_to(outside)  # a cycle outside the inputs
    (outside / "self").symlink_to(outside / "self")  # a loop on itself
    root = tmp_path / "in"
    root.mkdir()
    (root / "there").symlink_to(outside)
    (root / "back").symlink_to(root)  # inside: read where it lies, once
    done: list[list[str]] = []
    walker = threading.Thread(
        target=lambda: done.append([f.source for f in discover([root], follow_symlinks=True)])
    )
    walker.start()
    walker.join(30)
    assert done, "discover looped"
    assert [Path(s).name for s in done[0]] == ["r.jsonl"]
