"""Engine specs, the stdio transport against misbehaving fakes, serve, in-process guarding."""

from __future__ import annotations

import sys
import time

import pytest
from conformance_testlib import FAKES, fake_cmd
from toy import CrashyToy, ToyEngine

from conformance.engines import spec as spec_mod
from conformance.engines.inprocess import InProcessEngine
from conformance.engines.protocol import Engine, EngineReportedError
from conformance.engines.spec import parse_spec
from conformance.engines.stdio import STDERR_LIMIT, StdioEngine
from conformance.errors import (
    EngineCrashed,
    EngineProtocolError,
    EngineSpecError,
    EngineStartError,
    EngineTimeout,
    ProtocolVersionMismatch,
)

SETUP = {"active_player": "p1", "step": "precombat_main",
         "players": {"p1": {"life": 20, "hand": [{"id": "bolt", "card": "Lightning Bolt"}]},
                     "p2": {"life": 20}}}
BOLT = {"cast": {"player": "p1", "object": "bolt", "targets": ["p2"]}}


def play(engine: Engine, case_id: str = "t/ok"):
    engine.setup(case_id, SETUP)
    engine.act(BOLT)
    engine.act({"resolve_stack": {}})
    return engine.observe()


@pytest.mark.parametrize("text, kind, target", [
    ("reference", "reference", "conformance.reference:ReferenceEngine"),
    ("mutant:no_crime", "mutant", "no_crime"),
    ("toy:ToyEngine", "python", "toy:ToyEngine"),
    ("pkg.mod:Outer.Inner", "python", "pkg.mod:Outer.Inner"),
    ("cmd: java -jar engine.jar --stdio", "cmd", "java -jar engine.jar --stdio"),
    ("python-mtg", "entry_point", "python-mtg"),
])
def test_parse_spec(text, kind, target):
    s = parse_spec(text)
    assert (s.kind, s.target, s.in_process) == (kind, target, kind != "cmd")


def test_cmd_spec_is_split_like_a_shell():
    assert parse_spec("cmd:python -m x 'a b'").argv == ["python", "-m", "x", "a b"]


@pytest.mark.parametrize("text", ["", "cmd:", "mutant:", "a b c", "cmd:'unclosed"])
def test_bad_specs(text):
    with pytest.raises(EngineSpecError):
        parse_spec(text)


def test_unresolvable_specs():
    with pytest.raises(EngineSpecError, match="cannot import"):
        parse_spec("no_such_module_xyz:Engine").connect()
    with pytest.raises(EngineSpecError, match="no attribute"):
        parse_spec("toy:Nope").connect()
    with pytest.raises(EngineSpecError, match="no installed engine"):
        parse_spec("surely-not-installed").connect()


def test_entry_point_engines_are_found(monkeypatch):
    from importlib.metadata import EntryPoint

    ep = EntryPoint(name="toy-installed", value="toy:ToyEngine", group=spec_mod.ENTRY_POINT_GROUP)
    monkeypatch.setattr(spec_mod, "entry_points", lambda group: [ep] if group == ep.group else [])
    assert "toy-installed" in spec_mod.installed_engines()
    engine = parse_spec("toy-installed").connect()
    assert engine.info().name == "toy"
    assert play(engine).state["players"]["p2"]["life"] == 17


def test_stdio_serve_matches_in_process():
    inproc = InProcessEngine(ToyEngine)
    with StdioEngine([sys.executable, str(FAKES / "toy_stdio.py"), "toy:ToyEngine"],
                     validate=True) as wire:
        assert wire.info() == inproc.info()
        assert play(wire) == play(inproc)
        with pytest.raises(EngineReportedError) as err:
            wire.act({"cast": {"player": "p1", "object": "ghost"}})
        assert err.value.kind == "unknown_object"
        assert play(wire, "t/again") == play(inproc, "t/again")  # still alive after a refusal


def test_serve_keeps_engine_prints_off_the_protocol():
    with StdioEngine([sys.executable, str(FAKES / "toy_stdio.py"), "toy:PrintyToy"]) as e:
        assert play(e).state["players"]["p2"]["life"] == 17
        assert "loading rules for t/ok" in e.stderr_tail()


def test_serve_turns_an_unexpected_exception_into_a_crash():
    e = StdioEngine([sys.executable, str(FAKES / "toy_stdio.py"), "toy:CrashyToy"])
    with pytest.raises(EngineCrashed) as err:
        e.setup("t/misbehave", SETUP)
    assert "exit code 70" in str(err.value) and "RuntimeError: boom" in err.value.stderr
    assert not e.alive
    e.close()  # quiet once dead


def _stdio(name: str, **kw) -> StdioEngine:
    return StdioEngine(parse_spec(fake_cmd(name)).argv, **kw)


@pytest.mark.parametrize("fake, exc, text", [
    ("crasher", EngineCrashed, "exit code 3"),
    ("early_exit", EngineCrashed, "exit code 0"),
    ("garbage", EngineProtocolError, "not JSON"),
    ("wrong_seq", EngineProtocolError, "invalid response"),
])
def test_misbehaving_engines_raise_their_failure(fake, exc, text):
    e = _stdio(fake)
    assert play(e).state["players"]["p2"]["life"] == 17  # honest until the bad case
    with pytest.raises(exc, match=text) as err:
        play(e, "t/misbehave")
    assert not e.alive
    if fake == "crasher":
        assert "segmentation fault" in err.value.stderr
    with pytest.raises(EngineCrashed, match="not running"):
        e.observe()
    e.close()


def test_hang_times_out_within_the_deadline():
    """The hanger never answers a misbehaving case: what ends the wait is the limit in force.
    Each bound below is the *other* limit (the 10 s default, the 30 s timeout), so a slow
    machine cannot fail it while a limit that is not applied does."""
    e = _stdio("hanger", timeout=0.5)
    play(e)
    t0 = time.monotonic()
    with pytest.raises(EngineTimeout):
        play(e, "t/misbehave")
    assert 0.5 <= time.monotonic() - t0 < 10.0  # the 0.5 s timeout, not the 10 s default
    assert not e.alive
    e = _stdio("hanger", timeout=30)
    t0 = time.monotonic()
    e.set_deadline(t0 + 0.3)
    with pytest.raises(EngineTimeout):
        play(e, "t/misbehave")
    assert time.monotonic() - t0 < 30.0  # the deadline, not the 30 s timeout
    e.close()


def test_start_failures():
    with pytest.raises(EngineStartError, match="cannot load my rules database"):
        _stdio("mute")
    with pytest.raises(ProtocolVersionMismatch):
        _stdio("old_protocol")
    with pytest.raises(EngineStartError, match="cannot start"):
        StdioEngine(["/nonexistent/engine-binary"])
    with pytest.raises(ProtocolVersionMismatch):
        parse_spec("toy:LiarToy").connect()


def test_stderr_is_drained_and_bounded(tmp_path):
    prog = tmp_path / "noisy.py"
    prog.write_text(
        f"import sys\nsys.path[:0] = [{str(FAKES)!r}]\n"
        "sys.stderr.write('x' * 300000 + 'END')\nsys.stderr.flush()\n"
        "from _fake import run\nrun()\n")
    with StdioEngine([sys.executable, str(prog)]) as e:  # would deadlock if stderr were not read
        assert play(e).state["players"]["p2"]["life"] == 17
        tail = e.stderr_tail()
        assert len(tail) == STDERR_LIMIT and tail.endswith("END")


def test_in_process_engine_turns_exceptions_into_crashes():
    e = InProcessEngine(CrashyToy)
    play(e)
    with pytest.raises(EngineCrashed, match="RuntimeError in setup: boom") as err:
        play(e, "t/misbehave")
    assert "Traceback" in err.value.stderr
    with pytest.raises(EngineCrashed, match="not running"):
        e.observe()


def test_in_process_deadline_is_checked_after_the_call():
    e = InProcessEngine(parse_spec("toy:SlowToy").factory())
    e.set_deadline(time.monotonic() + 0.05)
    with pytest.raises(EngineTimeout):
        e.setup("t/misbehave", SETUP)


def test_in_process_start_failure():
    def broken():
        raise OSError("no rules database")

    with pytest.raises(EngineStartError, match="no rules database"):
        InProcessEngine(broken)


def test_rulings_engines_serve_speaks_the_protocol():
    script = ("import sys, click; sys.path.insert(0, sys.argv[1]); "
              "from rulings.commands.conformance import register; "
              "g = click.Group('rulings'); register(g); g(['engines', 'serve', 'toy:ToyEngine'])")
    with StdioEngine([sys.executable, "-c", script, str(FAKES)], validate=True) as e:
        assert e.info().name == "toy"
        assert play(e).state["players"]["p2"]["life"] == 17
