"""A Markdown summary of a run, fit for a CI step summary (``$GITHUB_STEP_SUMMARY``).

Engine text (its name and version, messages, observed values, stderr) is untrusted: prose and
table cells are HTML-escaped (:func:`conformance.output.text.md_text`; a ``<!--`` from an engine
must not hide the rest of the summary) and stderr is fenced by more backticks than it holds.
"""

from __future__ import annotations

import json
from pathlib import Path

from conformance.output.text import fence, md_text, xml_safe
from conformance.runner import STATUSES, CaseResult, Run

MAX_DETAILED = 50
"""Unexpected results shown in detail; the rest are listed by id."""


def _j(v: object) -> str:
    text = json.dumps(v, ensure_ascii=False, default=str)
    return text if len(text) <= 300 else text[:297] + "..."


def _code(text: str) -> str:
    """Inline code in a table cell: ``<code>`` with the text HTML-escaped (a backtick span
    could be closed by the text itself)."""
    return f"<code>{md_text(text)}</code>"


def _detail(r: CaseResult) -> list[str]:
    lines = [f"<details><summary>{_code(r.id)}: {md_text(r.status)} "
             f"(expected {md_text(r.expected)})</summary>", ""]
    if r.message:
        lines.append(md_text(r.message))
        lines.append("")
    if r.mismatches:
        lines += ["| where | expected | observed |", "| --- | --- | --- |"]
        for m in r.mismatches:
            lines.append(f"| {_code(str(m['where']))} {md_text(str(m['message']))} "
                         f"| {_code(_j(m.get('expected')))} | {_code(_j(m.get('observed')))} |")
        lines.append("")
    if r.stderr:
        tail = xml_safe(r.stderr[-1500:])
        lines += [fence(tail), tail, fence(tail), ""]
    lines += ["</details>", ""]
    return lines


def render_markdown(run: Run, dashboard_url: str | None = None) -> str:
    """The summary: engine, counts by status, unexpected results with expected vs observed.

    With ``dashboard_url``, a ``[Conformance dashboard](URL)`` link comes under the heading.
    """
    counts = run.counts
    verdict = "✅ as expected" if run.exit_code == 0 else f"❌ {len(run.unexpected)} unexpected"
    lines = [f"## Conformance: {md_text(run.engine.name)} {md_text(run.engine.version)} "
             f"— {verdict}", ""]
    if dashboard_url:
        lines += [f"[Conformance dashboard]({dashboard_url})", ""]
    restarts = f", {run.restarts} engine restarts" if run.restarts else ""
    lines += [f"Suite `{run.suite_version}`, {len(run.results)} cases, "
             f"{run.duration:.2f} s, engine spec {_code(run.spec)}{restarts}.", "",
             "| " + " | ".join(STATUSES) + " |", "|" + " --- |" * len(STATUSES),
             "| " + " | ".join(str(counts[s]) for s in STATUSES) + " |", ""]
    unexpected = run.unexpected
    if unexpected:
        lines += ["### Unexpected results", ""]
        for r in unexpected[:MAX_DETAILED]:
            lines += _detail(r)
        if len(unexpected) > MAX_DETAILED:
            lines.append("And: " + ", ".join(_code(r.id) for r in unexpected[MAX_DETAILED:]))
            lines.append("")
    passes = run.unexpected_passes
    if passes:
        lines += ["### Unexpected passes (remove them from the expectations file)", ""]
        lines += [f"- {_code(r.id)} (expected {md_text(r.expected)})" for r in passes] + [""]
    known = [r for r in run.results if r.outcome == "expected" and r.status != "pass"]
    if known:
        lines += [f"<details><summary>{len(known)} known failures</summary>", ""]
        lines += [f"- {_code(r.id)}: {r.status}" + (f" — {md_text(r.reason)}" if r.reason else "")
                  + (f" ({md_text(r.link)})" if r.link else "") for r in known]
        lines += ["", "</details>", ""]
    return "\n".join(lines)


def write_markdown(run: Run, path: str | Path, dashboard_url: str | None = None) -> None:
    """Write :func:`render_markdown` to ``path`` (appending, as step summaries expect)."""
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(render_markdown(run, dashboard_url) + "\n")
