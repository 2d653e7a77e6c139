"""The coverage table of a mining run: per card and per family, rulings seen, mined, classified
as not executable (with reasons) and unrecognised; corpus totals; and the most frequent ruling
texts no family covers yet. Deterministic: no timings, sorted rows."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Any

from conformance.mining.corpus import SEED_CARDS

if TYPE_CHECKING:
    from conformance.mining.miner import MiningResult

COUNTS = ("seen", "mined", "cases", "verified", "not_executable", "unrecognised", "rejected",
          "duplicate")
TOP_UNCOVERED = 100
RECURRING = 5
"""A text is recurring when at least this many corpus rulings repeat it."""


def _row(outcomes: list[Any], cases: dict[str, dict[str, Any]]) -> dict[str, Any]:
    ids = sorted({i for o in outcomes for i in o.case_ids})
    return {"seen": len(outcomes),
            "mined": sum(o.status == "mined" for o in outcomes),
            "cases": len(ids),
            "verified": sum(cases[i]["status"] == "verified" for i in ids if i in cases),
            "not_executable": sum(o.status == "not_executable" for o in outcomes),
            "unrecognised": sum(o.status == "unrecognised" for o in outcomes),
            "rejected": sum(o.status == "rejected" for o in outcomes),
            "duplicate": sum(o.status == "duplicate" for o in outcomes)}


def masked_script(case: dict[str, Any]) -> str:
    """The case's ``{setup, actions, expect}`` as canonical JSON with the name of the card under
    test (``provenance.card``, and each face name of a split card) replaced by ``CARD``: two cases
    with one masked script are one scenario with the card swapped."""
    names = sorted({case["provenance"]["card"], *case["provenance"]["card"].split(" // ")},
                   key=len, reverse=True)

    def mask(value: Any) -> Any:
        if isinstance(value, str):
            for name in names:
                value = value.replace(name, "CARD")
            return value
        if isinstance(value, dict):
            return {mask(k): mask(v) for k, v in value.items()}
        if isinstance(value, list):
            return [mask(v) for v in value]
        return value

    body = {k: case[k] for k in ("setup", "actions", "expect")}
    return json.dumps(mask(body), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _scripts(ids: list[str], cases: dict[str, dict[str, Any]]) -> int:
    return len({masked_script(cases[i]) for i in ids if i in cases})


def _mutant(family: str) -> str:
    from conformance.mining.families import BY_ID

    fam = BY_ID.get(family)
    return (fam.mutant if fam is not None else None) or ""


def summarise(result: MiningResult) -> dict[str, Any]:
    """The coverage report as one JSON-ready mapping."""
    cases = result.cases
    seed = [o for o in result.outcomes if o.seed]
    corpus = [o for o in result.outcomes if not o.seed]
    seed_rows = []
    by_cf: dict[tuple[str, str], list[Any]] = defaultdict(list)
    for o in seed:
        by_cf[(o.card, o.family or "-")].append(o)
    for (card, fam), outs in sorted(by_cf.items()):
        reasons = sorted({o.reason for o in outs if o.status != "mined" and o.reason})
        seed_rows.append({"card": card, "family": fam, **_row(outs, cases),
                          "reasons": reasons})
    fam_rows = []
    by_f: dict[str, list[Any]] = defaultdict(list)
    for o in result.outcomes:
        if o.family:
            by_f[o.family].append(o)
    for fam, outs in sorted(by_f.items()):
        why = Counter(o.reason for o in outs if o.status == "not_executable")
        fam_ids = sorted({i for o in outs for i in o.case_ids})
        fam_rows.append({"family": fam, **_row(outs, cases), "mutant": _mutant(fam),
                         "scripts": _scripts(fam_ids, cases),
                         "cards": len({o.card for o in outs if o.status == "mined"}),
                         "reasons": [{"reason": r, "count": n}
                                     for r, n in sorted(why.items(),
                                                        key=lambda t: (-t[1], t[0]))[:5]]})

    def totals(outs: list[Any]) -> dict[str, Any]:
        ids = sorted({i for o in outs for i in o.case_ids})
        verified = [i for i in ids if cases[i]["status"] == "verified"]
        return {**_row(outs, cases),
                "cards_with_cases": len({cases[i]["provenance"]["card"] for i in ids}),
                "verified_cards": len({cases[i]["provenance"]["card"] for i in verified}),
                "scripts": _scripts(ids, cases),
                "families_with_cases": len({o.family for o in outs if o.status == "mined"})}

    uncovered = Counter(o.text for o in corpus if o.status == "unrecognised" and o.text)
    top = [{"count": n, "text": t} for t, n in sorted(uncovered.items(),
                                                       key=lambda x: (-x[1], x[0]))
           if n >= RECURRING][:TOP_UNCOVERED]
    return {"seed_cards": list(SEED_CARDS), "totals": {"seed": totals(seed),
                                                       "corpus": totals(corpus),
                                                       "all": totals(result.outcomes)},
            "seed": seed_rows, "families": fam_rows, "top_uncovered": top}


def render_markdown(s: dict[str, Any]) -> str:
    """COVERAGE.md."""
    out = ["# Mined conformance cases: coverage", "",
           "Written by `rulings mine`; `rulings mine --check` fails when it is stale.", "",
           "## Totals", "",
           "`verified`: passed by at least one engine (`verification.json`, written by "
           "`rulings verify`); `duplicate`: rulings whose cases another ruling of the card "
           "already gave (not counted as mined); `scripts`: distinct scenarios once the name of "
           "the card under test is masked (cases that only swap the card count once).", "",
           "| scope | rulings seen | mined | cases | verified | not executable | unrecognised "
           "| rejected | duplicate | cards with cases | verified cards | families with cases "
           "| scripts |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
           "| ---: |"]
    for scope in ("seed", "corpus", "all"):
        t = s["totals"][scope]
        out.append(f"| {scope} | " + " | ".join(str(t[k]) for k in (
            *COUNTS, "cards_with_cases", "verified_cards", "families_with_cases",
            "scripts")) + " |")
    out += ["", "## Seed cards, per ruling family", "",
            "| card | family | seen | mined | cases | verified | not executable | unrecognised "
            "| rejected | duplicate | reasons |", "| --- | --- | " + "---: | " * 8 + "--- |"]
    for r in s["seed"]:
        out.append(f"| {r['card']} | {r['family']} | " + " | ".join(
            str(r[k]) for k in COUNTS) + " | " + "; ".join(r["reasons"]).replace("|", "/") + " |")
    out += ["", "## Families (seed and corpus)", "",
            "| family | mutant | seen | mined | cases | verified | not executable | unrecognised | "
            "rejected | duplicate | cards | scripts | main reasons not executable |",
            "| --- | --- | " + "---: | " * 10 + "--- |"]
    for r in s["families"]:
        reasons = "; ".join(f"{x['reason']} ({x['count']})" for x in r["reasons"][:3])
        out.append(f"| {r['family']} | {r['mutant'] or '-'} | " +
                   " | ".join(str(r[k]) for k in COUNTS) +
                   f" | {r['cards']} | {r['scripts']} | {reasons.replace('|', '/')} |")
    out += ["", "## Recurring ruling texts no family covers yet, by rulings", "",
            "| rulings | text (normalised, `CARDNAME` = the card's own name) |", "| ---: | --- |"]
    for r in s["top_uncovered"]:
        text = r["text"] if len(r["text"]) <= 200 else r["text"][:197] + "..."
        out.append(f"| {r['count']} | {text.replace('|', '/')} |")
    return "\n".join(out) + "\n"


def render_summary(s: dict[str, Any], timings: dict[str, float]) -> str:
    """The few lines ``rulings mine`` prints: families, cases, cards, verified counts, time
    (the full table is COVERAGE.md)."""
    lines = []
    for scope in ("seed", "corpus", "all"):
        t = s["totals"][scope]
        lines.append(f"{scope}: {t['mined']} of {t['seen']} rulings mined into {t['cases']} "
                     f"cases over {t['cards_with_cases']} cards by {t['families_with_cases']} "
                     f"families ({t['scripts']} distinct scripts); {t['verified']} cases "
                     f"verified on {t['verified_cards']} cards")
    top = s["top_uncovered"][:3]
    if top:
        lines.append("most frequent uncovered texts: " + "; ".join(
            f"{r['count']}x {r['text'][:60]}" for r in top) + " (see COVERAGE.md)")
    lines.append("time: " + ", ".join(f"{k} {v:.1f}s" for k, v in timings.items()))
    return "\n".join(lines)


def render_csv(s: dict[str, Any]) -> str:
    """coverage.csv: one row per (scope, card, family)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["scope", "card", "family", *COUNTS, "reasons"])
    for r in s["seed"]:
        w.writerow(["seed", r["card"], r["family"], *(r[k] for k in COUNTS),
                    "; ".join(r["reasons"])])
    for r in s["families"]:
        w.writerow(["family", "", r["family"], *(r[k] for k in COUNTS),
                    "; ".join(x["reason"] for x in r["reasons"])])
    for scope, t in s["totals"].items():
        w.writerow(["total", scope, "", *(t[k] for k in COUNTS), ""])
    return buf.getvalue()


def coverage_files(result: MiningResult) -> dict[str, str]:
    """File name (under the cases root) -> text."""
    s = summarise(result)
    return {"COVERAGE.md": render_markdown(s),
            "coverage.json": json.dumps(s, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
            "coverage.csv": render_csv(s)}
