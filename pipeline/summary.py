"""The summary of a build: what it read, produced and reported (``OUT/_build.json``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.records import Issue
from pipeline.store.atomic import MARKER

__all__ = ["BuildSummary"]


@dataclass(slots=True)
class BuildSummary:
    """What a build read, produced and reported. ``records_in == records_out + quarantined``."""

    out: Path
    files: int = 0
    files_per_lang: dict[str, int] = field(default_factory=dict)
    """Input files by language: detected for seed files, ``en`` for JSON sources."""
    records_in: int = 0
    records_out: int = 0
    quarantined: int = 0
    quarantined_by_reason: dict[str, int] = field(default_factory=dict)
    rulings_per_lang: dict[str, int] = field(default_factory=dict)
    """Rulings written, by detected language."""
    cards_resolved: int = 0
    cards_unresolved: int = 0
    cards_ambiguous: int = 0
    groups_aligned: int = 0
    """Aligned groups written (one per ruling across languages)."""
    groups_multilingual: int = 0
    """Groups holding rulings of more than one file."""
    english_fallbacks: int = 0
    """Rulings of Italian/German files that are wholly in English."""
    english_clauses: int = 0
    """English clauses found inside Italian/German rulings."""
    issues: list[Issue] = field(default_factory=list)
    reused: bool = False
    """True when ``OUT`` already held this exact build and nothing was recomputed."""
    detections: int = 0
    """Texts sent to the language detector in this run (0 when every guess was cached)."""
    elapsed_s: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)
    """Wall seconds per stage of this run (not stored in the dataset)."""

    @property
    def errors(self) -> list[Issue]:
        """Issues of severity ``error``."""
        return [i for i in self.issues if i.severity == "error"]

    @property
    def warnings(self) -> list[Issue]:
        """Issues of severity ``warning``."""
        return [i for i in self.issues if i.severity == "warning"]

    @property
    def ok(self) -> bool:
        """True when no input produced an error (warnings allowed)."""
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, without run-dependent fields (``out``, ``reused``, timings)."""
        return {
            "files": self.files,
            "files_per_lang": dict(sorted(self.files_per_lang.items())),
            "records_in": self.records_in,
            "records_out": self.records_out,
            "quarantined": self.quarantined,
            "quarantined_by_reason": dict(sorted(self.quarantined_by_reason.items())),
            "rulings_per_lang": dict(sorted(self.rulings_per_lang.items())),
            "cards_resolved": self.cards_resolved,
            "cards_unresolved": self.cards_unresolved,
            "cards_ambiguous": self.cards_ambiguous,
            "groups_aligned": self.groups_aligned,
            "groups_multilingual": self.groups_multilingual,
            "english_fallbacks": self.english_fallbacks,
            "english_clauses": self.english_clauses,
            "issues": [
                {
                    "source": i.source,
                    "line": i.line,
                    "severity": i.severity,
                    "code": i.code,
                    "message": i.message,
                }
                for i in self.issues
            ],
        }

    @classmethod
    def from_dict(cls, out: Path, data: dict[str, Any]) -> BuildSummary:
        """Rebuild a summary from :meth:`to_dict` output (the manifest of a dataset)."""
        fields = {k: v for k, v in data.items() if k != "issues"}
        issues = [Issue(**i) for i in data.get("issues", [])]
        return cls(out=out, issues=issues, **fields)

    def format(self, *, max_issues: int = 50) -> str:
        """The human-readable summary printed by ``rulings build``."""

        def langs(d: dict[str, int]) -> str:
            return (
                ", ".join(
                    f"{k} {v:,}" for k, v in sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))
                )
                or "none"
            )

        lines = [
            f"dataset            {self.out}"
            + ("  (unchanged inputs: reused)" if self.reused else ""),
            f"files              {self.files:,} ({langs(self.files_per_lang)})",
            f"records            {self.records_in:,} in = {self.records_out:,} out + "
            f"{self.quarantined:,} quarantined",
        ]
        if self.quarantined_by_reason:
            lines.append(f"quarantine         {langs(self.quarantined_by_reason)}")
        lines += [
            f"rulings by lang    {langs(self.rulings_per_lang)}",
            f"cards              {self.cards_resolved:,} resolved, {self.cards_unresolved:,} unresolved, "
            f"{self.cards_ambiguous:,} ambiguous",
            f"groups aligned     {self.groups_aligned:,} ({self.groups_multilingual:,} across languages)",
            f"english fallbacks  {self.english_fallbacks:,}",
            f"english clauses    {self.english_clauses:,}",
            f"issues             {len(self.errors):,} errors, {len(self.warnings):,} warnings",
        ]
        shown = sorted(self.issues, key=lambda i: (i.severity != "error", i.source, i.line))
        lines += [f"  {i}" for i in shown[:max_issues]]
        if len(shown) > max_issues:
            lines.append(f"  ... {len(shown) - max_issues:,} more (see {self.out / MARKER})")
        lines.append(f"time               {self.elapsed_s:.2f} s")
        return "\n".join(lines)
