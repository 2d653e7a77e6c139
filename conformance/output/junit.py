"""JUnit XML for CI dashboards, rendered from a :class:`~conformance.runner.Run`.

One ``<testsuite>`` named after the engine; one ``<testcase>`` per case (``classname`` = the
case's card directory, ``name`` = the rest of its id). What CI counts as failing is exactly what
makes the exit code non-zero:

* an unexpected ``fail`` or an unexpected pass -> ``<failure>``;
* an unexpected ``error`` / ``crash`` / ``timeout`` -> ``<error type="STATUS">``;
* a known failure met as expected, or an unsupported case -> ``<skipped>`` with the reason.

Engine text is made legal XML 1.0 first (:func:`conformance.output.text.xml_safe`): control
characters become visible ``\\xNN`` escapes instead of breaking the document.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from conformance.output.text import xml_safe
from conformance.runner import CaseResult, Run


def _details(r: CaseResult) -> str:
    parts = []
    if r.message:
        parts.append(r.message)
    for m in r.mismatches:
        parts.append(f"{m['where']}: {m['message']}\n  expected: "
                     f"{json.dumps(m.get('expected'), ensure_ascii=False, default=str)}\n  observed: "
                     f"{json.dumps(m.get('observed'), ensure_ascii=False, default=str)}")
    if r.error:
        parts.append(f"engine error: {r.error.get('kind')}: {r.error.get('message')}")
    if r.stderr:
        parts.append("engine stderr (tail):\n" + r.stderr)
    return "\n".join(parts)


def render_junit(run: Run) -> str:
    """The JUnit XML document (a ``<testsuites>`` root) for ``run``."""
    failures = sum(1 for r in run.results if r.unexpected and r.status in ("fail", "pass"))
    errors = sum(1 for r in run.results if r.unexpected and r.status not in ("fail", "pass"))
    skipped = sum(1 for r in run.results if not r.unexpected and r.status != "pass")
    total = len(run.results)
    root = ET.Element("testsuites", name="rulings conformance", tests=str(total),
                      failures=str(failures), errors=str(errors), skipped=str(skipped),
                      time=f"{run.duration:.3f}")
    suite = ET.SubElement(root, "testsuite", name=f"{run.engine.name} {run.engine.version}",
                          tests=str(total), failures=str(failures), errors=str(errors),
                          skipped=str(skipped), time=f"{run.duration:.3f}",
                          timestamp=run.started[:19])
    props = ET.SubElement(suite, "properties")
    for k, v in (("engine", run.engine.name), ("engine_version", run.engine.version),
                 ("spec", run.spec), ("suite_version", run.suite_version)):
        ET.SubElement(props, "property", name=k, value=v)
    for r in run.results:
        card, _, rest = r.id.partition("/")
        tc = ET.SubElement(suite, "testcase", classname=card, name=rest or r.id,
                           time=f"{r.duration:.6f}")
        if r.outcome == "unexpected_pass":
            el = ET.SubElement(tc, "failure", type="unexpected_pass",
                               message=f"passes but is expected to {r.expected}; "
                                       "remove it from the expectations file")
        elif r.unexpected and r.status == "fail":
            el = ET.SubElement(tc, "failure", type="fail", message=r.message or "fail")
            el.text = _details(r)
        elif r.unexpected:
            el = ET.SubElement(tc, "error", type=r.status, message=r.message or r.status)
            el.text = _details(r)
        elif r.status != "pass":
            why = r.reason or r.link or r.message or r.status
            ET.SubElement(tc, "skipped", message=f"{r.status}: {why}"[:500])
    for el in root.iter():
        if el.text:
            el.text = xml_safe(el.text)
        for k, v in el.attrib.items():
            el.attrib[k] = xml_safe(v)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def write_junit(run: Run, path: str | Path) -> None:
    """Write :func:`render_junit` to ``path``."""
    Path(path).write_text(render_junit(run), encoding="utf-8")
