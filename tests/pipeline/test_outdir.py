"""What `rulings build` may delete: only what it wrote (issue #10, High 1 and 6, Medium 9, Low).

Real folders and the real command, run in this process (``pipeline_helpers.rulings``) or, where
the process itself matters (two builds at once, a read-only sysfs), in a subprocess; each test
names the class of fault it pins.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pipeline_helpers import KNIFEPOINT, SEEDS, rulings, tree_digest

from pipeline.store import outdir
from pipeline.store.atomic import atomic_directory, recover

RULINGS = Path(sys.executable).with_name("rulings")


def run_build(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return rulings("build", *args, "--quiet")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dataset of the four seeds, built once by the real command (copy it before changing)."""
    out = tmp_path_factory.mktemp("outdir") / "ds"
    res = run_build(SEEDS, "--out", out)
    assert res.returncode == 0, res.stderr
    return out


def user_tree(root: Path) -> dict[str, str]:
    """A user's project: files the tool must never delete."""
    files = {"src/main.py": "print('mine')\n", ".git/HEAD": "ref: refs/heads/main\n",
             "notes.txt": "do not lose\n"}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return files


def assert_kept(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        assert (root / rel).read_text(encoding="utf-8") == text, rel


def test_stray_build_json_does_not_make_a_folder_wipeable(built: Path, tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    files = user_tree(proj)
    shutil.copy(built / "_build.json", proj / "_build.json")  # copied from a real dataset
    res = run_build(SEEDS, "--out", proj)
    assert res.returncode == 2, res.stderr
    assert str(proj) in res.stderr and "src/" in res.stderr and "notes.txt" in res.stderr
    assert "Nothing was deleted" in res.stderr
    assert_kept(proj, files)


def test_a_forged_marker_listing_user_files_proves_nothing(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    files = user_tree(proj)
    written = {rel: outdir.record_file(proj / rel) for rel in files}  # even with right hashes
    (proj / "_build.json").write_text(json.dumps({"build_key": "x", "files": sorted(files),
                                                  "written": written}), encoding="utf-8")
    res = run_build(SEEDS, "--out", proj)
    assert res.returncode == 2 and "src/" in res.stderr
    assert_kept(proj, files)
    with pytest.raises(outdir.UnsafeOutputError):
        outdir.check_replaceable(proj)


def test_files_a_user_added_to_a_dataset_survive_a_rebuild(built: Path, tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    shutil.copytree(built, ds)
    (ds / "my-analysis.ipynb").write_text("{}", encoding="utf-8")
    (ds / "aligned" / "notes.md").write_text("mine", encoding="utf-8")
    before = tree_digest(ds)
    res = run_build(SEEDS, KNIFEPOINT, "--out", ds)  # other inputs: a real rebuild
    assert res.returncode == 2, res.stderr
    assert "my-analysis.ipynb" in res.stderr and "aligned/notes.md" in res.stderr
    assert tree_digest(ds) == before  # nothing deleted, nothing replaced
    (ds / "my-analysis.ipynb").unlink()
    (ds / "aligned" / "notes.md").unlink()
    assert run_build(SEEDS, KNIFEPOINT, "--out", ds).returncode == 0
    assert "knifepoint" in (ds / "_build.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("via_symlink", [False, True])
def test_inputs_inside_out_are_refused(built: Path, tmp_path: Path, via_symlink: bool) -> None:
    ds = tmp_path / "ds"
    shutil.copytree(built, ds)
    shutil.copytree(SEEDS, ds / "inputs")
    inputs = ds / "inputs"
    if via_symlink:
        (tmp_path / "link").symlink_to(ds)
        inputs = tmp_path / "link" / "inputs"
    res = run_build(inputs, "--out", ds)
    assert res.returncode == 2, res.stderr
    assert "contains the input" in res.stderr
    assert sorted(p.name for p in (ds / "inputs").iterdir()) == sorted(p.name for p in
                                                                      SEEDS.iterdir())


def test_out_inside_an_input_is_refused(tmp_path: Path) -> None:
    inputs = tmp_path / "inputs"
    shutil.copytree(SEEDS, inputs)
    res = run_build(inputs, "--out", inputs / "ds")
    assert res.returncode == 2 and "lies inside the input" in res.stderr
    assert not (inputs / "ds").exists()
    res = run_build(inputs, "--out", inputs)
    assert res.returncode == 2
    assert sorted(p.name for p in inputs.iterdir()) == sorted(p.name for p in SEEDS.iterdir())


def test_a_corrupted_dataset_file_is_rebuilt_not_reused(built: Path, tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    shutil.copytree(built, ds)
    good = tree_digest(ds)
    victim = next((ds / "aligned").glob("card=*/part-0.parquet"))
    data = bytearray(victim.read_bytes())
    data[len(data) // 2] ^= 0xFF  # same size, one byte flipped
    victim.write_bytes(bytes(data))
    res = rulings("build", SEEDS, "--out", ds)
    assert res.returncode == 0, res.stderr
    assert "reused" not in res.stdout
    assert tree_digest(ds) == good
    res = rulings("build", SEEDS, "--out", ds)
    assert "(unchanged inputs: reused)" in res.stdout  # an intact dataset is still reused


def test_manifest_lists_size_and_hash_of_every_file(built: Path) -> None:
    manifest = json.loads((built / "_build.json").read_text(encoding="utf-8"))
    on_disk = {p.relative_to(built).as_posix(): p for p in built.rglob("*")
               if p.is_file() and p.name != "_build.json"}
    assert set(manifest["written"]) == set(on_disk)
    for rel, rec in manifest["written"].items():
        data = on_disk[rel].read_bytes()
        assert rec == {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    assert set(manifest["files"]) <= set(manifest["written"])
    assert not list((built / "aligned").glob(".written-*"))  # the side files are gone


def test_out_that_is_a_file_or_a_symlink_is_refused(built: Path, tmp_path: Path) -> None:
    target = tmp_path / "user"
    files = user_tree(target)
    link = tmp_path / "link"
    link.symlink_to(target)
    res = run_build(SEEDS, "--out", link)
    assert res.returncode == 2 and "symbolic link" in res.stderr
    assert_kept(target, files)
    res = run_build(SEEDS, "--out", target / "notes.txt")
    assert res.returncode == 2
    assert_kept(target, files)


def test_an_overlong_out_name_is_a_clean_error(tmp_path: Path) -> None:
    res = run_build(SEEDS, "--out", tmp_path / ("x" * 300))
    assert res.returncode in (1, 2) and "Traceback" not in res.stderr
    assert "too long" in res.stderr.lower()


def test_a_file_appearing_during_a_write_is_kept(built: Path, tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    shutil.copytree(built, ds)
    before = tree_digest(ds)
    with pytest.raises(outdir.UnsafeOutputError, match="late.txt"):
        with atomic_directory(ds) as tmp:
            (tmp / "x").mkdir()
            (ds / "late.txt").write_text("added while the build ran", encoding="utf-8")
    assert (ds / "late.txt").read_text(encoding="utf-8") == "added while the build ran"
    (ds / "late.txt").unlink()
    assert tree_digest(ds) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".ds.")]


def test_dispose_keeps_foreign_entries_of_a_killed_run(built: Path, tmp_path: Path) -> None:
    out = tmp_path / "ds"
    shutil.copytree(built, out)
    # A run killed right after swapping left the previous dataset in its temporary folder,
    # where a user had put a file in the meantime.
    dead = tmp_path / ".ds.tmp-999999999-abc"
    shutil.copytree(built, dead)
    (dead / "precious.txt").write_text("keep", encoding="utf-8")
    with pytest.warns(UserWarning, match="precious.txt"):
        recover(out)
    assert not dead.exists()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("ds.kept-")]
    assert len(kept) == 1
    assert [p.name for p in kept[0].iterdir()] == ["precious.txt"]
    # a partial output (no marker yet) of a dead run is removed whole
    partial = tmp_path / ".ds.tmp-999999998-xyz"
    (partial / "aligned").mkdir(parents=True)
    recover(out)
    assert not partial.exists()


def test_two_builds_into_one_out_at_once_leave_one_valid_dataset(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    procs = [subprocess.Popen([str(RULINGS), "build", str(SEEDS), *extra, "--out", str(out),
                               "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
             for extra in ([], [str(KNIFEPOINT)])]
    results = [p.communicate(timeout=300) for p in procs]
    codes = [p.returncode for p in procs]
    assert all(c in (0, 2) for c in codes) and 0 in codes, results
    from pipeline.store.reader import read_dataset

    read_dataset(out)  # whichever won, a whole dataset
    assert outdir.check_replaceable(out) is not None
    assert [p.name for p in tmp_path.iterdir()] == ["ds"]  # no temporary folder left


def test_scan_does_not_follow_symlinks_or_trust_unlisted_names(built: Path,
                                                              tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    shutil.copytree(built, ds)
    victim = tmp_path / "victim"
    files = user_tree(victim)
    os.symlink(victim, ds / "aligned" / "card=zzz")  # a layout-like name, but a symlink
    res = run_build(SEEDS, KNIFEPOINT, "--out", ds)
    assert res.returncode == 2 and "aligned/card=zzz" in res.stderr
    assert_kept(victim, files)
    os.unlink(ds / "aligned" / "card=zzz")
    listed = ds / "rulings" / "part-0.parquet"
    listed.unlink()
    listed.symlink_to(victim / "notes.txt")  # a listed name that is now a symlink
    assert outdir.scan(ds).foreign == ["rulings/part-0.parquet"]


def test_dataset_of_an_earlier_version_is_still_replaceable(built: Path, tmp_path: Path) -> None:
    ds = tmp_path / "ds"
    shutil.copytree(built, ds)
    manifest = json.loads((ds / "_build.json").read_text(encoding="utf-8"))
    del manifest["written"]  # what versions before the marker wrote
    (ds / "_build.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert outdir.check_replaceable(ds) is not None
    res = run_build(SEEDS, "--out", ds)  # not reused (nothing to verify against): rebuilt
    assert res.returncode == 0, res.stderr
    assert "written" in json.loads((ds / "_build.json").read_text(encoding="utf-8"))


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="needs a read-only sysfs")
def test_an_unwritable_out_is_a_clean_error(built: Path) -> None:
    """Permissions cannot be tested as root, but sysfs refuses new folders to root too."""
    for args, codes in ((["build", str(SEEDS), "--out", "/sys/rulings-out", "-q"], (1, 2)),
                        (["export", str(built), "--format", "csv", "--out", "/sys/rulings-out"],
                         (2,)),
                        (["report", "translation", str(built), "--out", "/sys/rulings-out"], (2,))):
        res = subprocess.run([str(RULINGS), *args], capture_output=True, text=True, timeout=300)
        assert res.returncode in codes and "Traceback" not in res.stderr, res.stderr
        assert "/sys" in res.stderr and "not permitted" in res.stderr
