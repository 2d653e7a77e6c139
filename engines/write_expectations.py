#!/usr/bin/env python3
"""Write an engine's expectations file from a run and a file of verified diagnoses.

    .venv/bin/rulings run conformance/cases --engine pymtg --jsonl out/pymtg.jsonl
    .venv/bin/python engines/write_expectations.py out/pymtg.jsonl engines/python-mtg/diagnoses.yaml \\
        -o conformance/expectations/python-mtg.yaml

A thin wrapper over :func:`conformance.expectations.expectations_from_run`, the function behind
``rulings run --write-expectations`` (which keeps the reasons of a previous expectations file and marks
new entries ``TODO: diagnose``): here the reasons come from a diagnoses file instead. Every case of the
run that did not pass (``unsupported`` aside: an undeclared feature or card, or an engine's
``unsupported`` refusal, is not a known failure, and ``rulings run`` skips unlisted unsupported cases)
becomes a known failure of its status's kind, with the one-line ``diagnosis`` of each diagnoses entry
whose ``cases`` globs match its id.
A failure no diagnosis explains stops the script (exit 1) and is listed, so nothing is recorded as
"expected" before someone has looked at it; ``--allow-undiagnosed`` records such cases with the reason
``UNDIAGNOSED: <the runner's message>`` instead (for a first look, never for a committed file).

The diagnoses file (YAML)::

    engine: python-mtg
    diagnoses:
      - id: saga-not-implemented            # stable name, used in reports
        diagnosis: "one line, naming the cause in the engine's code (file:function)"
        link: https://...                   # optional
        detail: |                           # optional, for reports
          ...
        cases: [summon-gf-cerberus/*]       # fnmatch globs over case ids

Run with the project's environment (it imports :mod:`conformance`).
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from conformance.errors import ConformanceError
from conformance.expectations import Expectations, Expected, expectations_from_run
from conformance.output.jsonl import load_run
from conformance.runner import CaseResult, Run


@dataclass(frozen=True)
class Diagnosis:
    """One known engine bug and the cases it explains."""

    id: str
    diagnosis: str
    cases: tuple[str, ...] = ()
    link: str | None = None
    detail: str | None = None

    def explains(self, case_id: str) -> bool:
        """Whether one of this diagnosis' ``cases`` globs matches ``case_id``."""
        return any(fnmatch.fnmatchcase(case_id, pat) for pat in self.cases)


@dataclass
class Diagnoses:
    """A diagnoses file: the engine's name and its known bugs."""

    engine: str
    items: list[Diagnosis] = field(default_factory=list)

    def for_case(self, case_id: str) -> list[Diagnosis]:
        """The diagnoses explaining ``case_id``, in file order."""
        return [d for d in self.items if d.explains(case_id)]


def load_diagnoses(path: str | Path) -> Diagnoses:
    """Read a diagnoses YAML file. Raises ``ValueError`` when it is malformed."""
    data: Any = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("engine"), str):
        raise ValueError(f"{path}: needs a mapping with `engine` and `diagnoses`")
    items = []
    for i, d in enumerate(data.get("diagnoses") or []):
        if not isinstance(d, dict) or not d.get("id") or not d.get("diagnosis"):
            raise ValueError(f"{path}: diagnoses[{i}] needs `id` and `diagnosis`")
        if "\n" in str(d["diagnosis"]).strip():
            raise ValueError(f"{path}: diagnoses[{i}] ({d['id']}): `diagnosis` must be one line")
        items.append(Diagnosis(id=str(d["id"]), diagnosis=str(d["diagnosis"]).strip(),
                               cases=tuple(str(c) for c in d.get("cases") or ()),
                               link=d.get("link"), detail=d.get("detail")))
    return Diagnoses(engine=data["engine"], items=items)


def build_expectations(run: Run, diagnoses: Diagnoses, *,
                       allow_undiagnosed: bool = False) -> tuple[Expectations, list[CaseResult]]:
    """The expectations for ``run`` and the failures no diagnosis explains.

    Builds on :func:`conformance.expectations.expectations_from_run` (what ``rulings run
    --write-expectations`` writes), with each reason taken from the diagnoses instead of a
    previous file. Undiagnosed failures are recorded as ``UNDIAGNOSED: <message>`` only with
    ``allow_undiagnosed`` (left out otherwise). Raises ``ValueError`` when the diagnoses are for
    another engine than the run's.
    """
    if diagnoses.engine != run.engine.name:
        raise ValueError(f"diagnoses are for {diagnoses.engine!r}, the run is of {run.engine.name!r}")
    undiagnosed: list[CaseResult] = []

    def diagnose(r: CaseResult) -> Expected | None:
        found = diagnoses.for_case(r.id)
        if found:
            links = [d.link for d in found if d.link]
            return Expected(r.status, "; ".join(d.diagnosis for d in found),
                            links[0] if links else None)
        undiagnosed.append(r)
        reason = f"UNDIAGNOSED: {r.message or r.status}"
        return Expected(r.status, reason.splitlines()[0][:300])

    exp = expectations_from_run(run, diagnose=diagnose).expectations
    if not allow_undiagnosed:
        left_out = {r.id for r in undiagnosed}
        exp = Expectations(engine=exp.engine, failures={
            cid: e for cid, e in exp.failures.items() if cid not in left_out})
    return exp, undiagnosed


HEADER = """\
# Expectations of {engine} {version} (conformance/SPEC.md, "Expectations files"): its known failures.
# GENERATED by engines/write_expectations.py from a run of suite {suite} and {diagnoses};
# edit the diagnoses, not this file. Regenerate (see docs/adapters.md, "Expectations workflow"):
#   rulings run conformance/cases --engine {spec} --jsonl RUN.jsonl
#   python engines/write_expectations.py RUN.jsonl {diagnoses} -o {out}
"""


def write_output(text: str, output: Path | None, note: str = "") -> None:
    """Write ``text`` to ``output`` (its folder created; ``wrote OUTPUT<note>`` on stderr), or to
    stdout when there is no ``output`` (also used by ``engines/engine_report.py``)."""
    if output:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
        print(f"wrote {output}{note}", file=sys.stderr)
    else:
        sys.stdout.write(text)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run", type=Path, help="a JSON Lines run file (rulings run --jsonl)")
    ap.add_argument("diagnoses", type=Path, help="the engine's diagnoses YAML")
    ap.add_argument("-o", "--output", type=Path, help="write here (default: stdout)")
    ap.add_argument("--allow-undiagnosed", action="store_true",
                    help="record unexplained failures as UNDIAGNOSED instead of stopping")
    args = ap.parse_args(argv)
    try:
        run = load_run(args.run)              # a run without its footer (cut short) is refused here
    except ConformanceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        exp, undiagnosed = build_expectations(run, load_diagnoses(args.diagnoses),
                                              allow_undiagnosed=args.allow_undiagnosed)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for r in undiagnosed:
        print(f"undiagnosed {r.status}: {r.id}: {r.message}", file=sys.stderr)
    if undiagnosed and not args.allow_undiagnosed:
        print(f"{len(undiagnosed)} failure(s) without a diagnosis: add them to {args.diagnoses} "
              "(after checking each is the engine's bug, not the adapter's)", file=sys.stderr)
        return 1
    text = HEADER.format(engine=run.engine.name, version=run.engine.version, suite=run.suite_version,
                         diagnoses=args.diagnoses.as_posix(), spec=run.spec,
                         out=(args.output.as_posix() if args.output else "EXPECTATIONS.yaml")) + exp.to_yaml()
    write_output(text, args.output, f": {len(exp.failures)} known failures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
