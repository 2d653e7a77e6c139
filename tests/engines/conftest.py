"""Shared paths of the engine tests (python-mtg harness, the Node.js example, the engine tools)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "engines"
PYMTG_DIR = ENGINES / "python-mtg"
PYMTG_VENV_PY = PYMTG_DIR / ".venv" / "bin" / "python"
PYMTG_SPEC = f"cmd:'{PYMTG_DIR / 'run-harness'}'"
PROBES = Path(__file__).resolve().parent / "data" / "cases"
PROBE_EXPECTATIONS = Path(__file__).resolve().parent / "data" / "expectations" / "python-mtg-probes.yaml"
SUITE = ROOT / "conformance" / "cases"
SUITE_EXPECTATIONS = ROOT / "conformance" / "expectations" / "python-mtg.yaml"
NODE_ENGINE = ROOT / "examples" / "node-engine" / "engine.js"

if str(ROOT) not in sys.path:          # mtg_rulings_adapters, until pyproject installs it
    sys.path.insert(0, str(ROOT))


def load_script(name: str) -> ModuleType:
    """Import ``engines/<name>.py`` (a script folder, not a package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ENGINES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod
