"""The feature vocabulary's one reader (``conformance.features``, stdlib only, also installed into the
engine harness venvs as ``mtg_rulings_features``): what it accepts YAML reads the same and the schema
accepts; what it refuses is named by file and line; nothing else reads ``features.yaml``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from conformance_testlib import FEATURES
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance import schemas
from conformance.case_vocabulary import load_features
from conformance.case_yaml import load_yaml_file, parse_yaml
from conformance.errors import VocabularyError
from conformance.features import FEATURES_FILE, parse_features, read_features

ROOT = Path(__file__).resolve().parents[2]


class Refused(Exception):
    pass


def _yaml_vocabulary(text: str) -> dict[str, str]:
    """What the suite's YAML reader and the schema make of ``text`` (the mapping under an optional
    ``features:`` key)."""
    data = parse_yaml(text, "t.yaml")
    assert schemas.problems("features", data) == [], data
    return dict(data["features"] if isinstance(data.get("features"), dict) else data)


def _agrees_or_refuses(text: str) -> bool:
    """True when the reader accepted ``text`` (and then YAML agrees), False when it refused it."""
    try:
        got = parse_features(text, "t.yaml", Refused)
    except Refused as exc:
        assert str(exc).startswith("t.yaml"), exc
        return False
    assert got == _yaml_vocabulary(text), text
    return True


@pytest.mark.parametrize("path", [FEATURES_FILE, FEATURES], ids=["suite", "tests"])
def test_the_shipped_vocabularies_read_as_yaml_reads_them(path: Path) -> None:
    got = read_features(path)
    data = load_yaml_file(path)
    assert got == _yaml_vocabulary(path.read_text(encoding="utf-8"))
    assert list(got) == list(data.get("features", data))  # file order
    assert load_features(path) == got


@pytest.mark.parametrize("value", [
    '"Quoted: with a colon, # and a hash"', "'It''s single-quoted'", '"escapes \\t\\x41\\u00e9\\\\ \\""',
    "A plain phrase.", "A plain phrase # with a comment", "rule 702.4:x with a colon in a word",
    "1 card", "ends with spaces   ", "Brackets [inside] a {plain} phrase, too", "owner's graveyard",
    '"tab\tinside"', "'#not a comment'", '"x"   # trailing comment',
])
def test_accepted_definitions_read_as_yaml_reads_them(value: str) -> None:
    assert _agrees_or_refuses(f"features:\n  name.part: {value}\n")
    assert _agrees_or_refuses(f"name: {value}\n")


@pytest.mark.parametrize("value", [
    "yes", "No", "null", "~", "1.5", "0x1F", "2024-01-01", ".inf", "a: b", "A phrase:", "[a, b]",
    "{a: b}", "&a anchored value", "*alias", "!!str x y", "- a list", "> folded", "| literal",
    "'unclosed", '"unclosed', '"bad \\q escape"', '"x" y', "%directive x", "@reserved x",
    "`reserved x`", '"two\\nlines"', '""', "''", "#", "tab\tin plain",
])
def test_what_yaml_could_read_otherwise_is_refused(value: str) -> None:
    assert not _agrees_or_refuses(f"name: {value}\n")


@pytest.mark.parametrize("text, line, message", [
    ("a: One thing.\nb: Two things.\na: Again, here.\n", 3, "defined twice (first at line 1)"),
    ("# c\nCrime Stuff: yes it is\n", 2, "feature name 'Crime Stuff'"),
    ("a:\n", 1, "has no definition"),
    ("yes: A boolean to YAML.\n", 1, "would be read by YAML as a boolean"),
    ("features:\n  1.5: A number to YAML.\n", 2, "as a boolean, null or a number"),
    ("a: # nothing\n", 1, "has no definition"),
    ("features:\n  a: One thing.\n\tb: Two.\n", 3, "a tab in the indentation"),
    ("features:\n  a: One thing.\n    b: Two things.\n", 3, "indented by 4 spaces"),
    ("features:\na: One thing.\n", 2, "must be indented"),
    ("features:\n  a: One thing.\nb: Two things.\n", 3, "indented by 0 spaces"),
    ("a: One thing\n  continued on a second line.\n", 2, "continued on a second line"),
    ("a: One thing\n  continued: on a second line.\n", 2, "indented by 2 spaces"),
    ("a: One thing.\n- b\n", 2, "not a `name: definition` line"),
    ("---\na: One thing.\n", 1, "not a `name: definition` line"),
    ("a: One thing.\rb: Two things.\n", 1, "is not allowed"),
    ("a: One\x00 thing.\n", 1, "is not allowed"),
    ("# only comments\n\n", None, "defines no feature"),
])
def test_refusals_name_file_and_line(text: str, line: int | None, message: str) -> None:
    with pytest.raises(Refused) as err:
        parse_features(text, "v.yaml", Refused)
    assert str(err.value).startswith(f"v.yaml:{line}:" if line else "v.yaml:"), err.value
    assert message in str(err.value)


def test_file_problems_are_the_callers_error(tmp_path: Path) -> None:
    with pytest.raises(VocabularyError, match=r"missing\.yaml: no such vocabulary file"):
        load_features(tmp_path / "missing.yaml")
    with pytest.raises(VocabularyError, match=r"not a regular file"):
        load_features(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"a: One thing.\nb: \xff\xfe\n")
    with pytest.raises(VocabularyError, match=r"bad\.yaml:2: not UTF-8"):
        load_features(bad)
    big = tmp_path / "big.yaml"
    big.write_text("a: One thing.\n" + "#" * (1024 * 1024), encoding="utf-8")
    with pytest.raises(VocabularyError, match=r"over the limit"):
        load_features(big)
    bom = tmp_path / "bom.yaml"
    bom.write_text("\ufeffa: One thing.\n", encoding="utf-8")
    assert load_features(bom) == {"a": "One thing."}


_PIECES = st.sampled_from([
    "a", "b.c", "features", "Name", " ", "  ", "\t", ":", ": ", "#", " #", "'", "''", '"', "\\", "\\n",
    "\\x41", "yes", "null", "1", ".5", "-", "- ", "?", "&", "*", "!", "[", "]", "{", "}", ",", "|", ">",
    "word", "two words", "\n", "\n  ", "é", "%", "@", "`", "~", "\r\n", "x: y", "on", "0x1", "1.5",
    "\\\"", "<<",
])


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=14))
def test_generated_texts_are_read_as_yaml_reads_them_or_refused(pieces: list[str]) -> None:
    text = "".join(pieces)
    for candidate in (text, "features:\n  " + text, "a: " + text, "features:\n  a.b: " + text):
        _agrees_or_refuses(candidate + "\n")


def _path_constants(path: Path) -> list[int]:
    """Lines of ``path`` where a string constant is a path to ``features.yaml`` (messages that
    merely name the file are prose)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value.strip().replace("\\", "/").split("/")[-1] == "features.yaml"]


def test_nothing_else_reads_the_vocabulary_file() -> None:
    """Only ``conformance/features.py`` names the vocabulary's path; the harnesses and the CLI take
    it from there (``FEATURES_FILE``) and read it with ``read_features``."""
    sources = [p for p in sorted(ROOT.rglob("*.py"))
               if not p.is_symlink() and ".venv" not in p.parts and p.relative_to(ROOT).parts[0] != "tests"]
    assert len(sources) > 100
    naming = {p.relative_to(ROOT).as_posix(): lines for p in sources if (lines := _path_constants(p))}
    assert naming == {"conformance/features.py": naming.get("conformance/features.py")}
    assert naming["conformance/features.py"]
    for harness in ("engines/phase/harness.py", "engines/python-mtg/mtg_harness/capabilities.py"):
        text = (ROOT / harness).read_text(encoding="utf-8")
        assert "read_features(" in text and "import yaml" not in text and "re.findall" not in text


def test_the_reader_runs_on_the_standard_library_alone(tmp_path: Path) -> None:
    """As the harness venvs import it (``wire/mtg_rulings_features.py`` links to it): a bare
    interpreter, no project on the path, no site packages."""
    link = ROOT / "wire" / "mtg_rulings_features.py"
    assert link.is_symlink() and link.resolve() == ROOT / "conformance" / "features.py"
    code = ("import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p]; "
            f"sys.path.insert(0, {str(link.parent)!r}); import mtg_rulings_features as f; "
            "print(len(f.read_features()), f.FEATURES_FILE)")
    out = subprocess.run([sys.executable, "-S", "-I", "-c", code], capture_output=True, text=True,
                         check=True, cwd=tmp_path).stdout.split()
    assert out == [str(len(read_features())), str(FEATURES_FILE)]
