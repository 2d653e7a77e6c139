"""The coverage's "distinct scripts" figure: cases that only swap the card under test are one
scenario; any other difference makes two."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from conformance.case_yaml import load_yaml_file
from conformance.mining.coverage import masked_script

CASES = Path(__file__).resolve().parents[3] / "conformance" / "cases"


def _objects(case: dict[str, Any]) -> list[dict[str, Any]]:
    return [obj for player in case["setup"]["players"].values()
            for zone in ("battlefield", "hand", "graveyard", "library", "exile")
            for obj in player.get(zone) or [] if isinstance(obj, dict)]


def _mined_case() -> dict[str, Any]:
    """The first committed mined case whose setup holds its own card and another card."""
    for path in sorted(CASES.glob("*/mined-*.yaml")):
        case: dict[str, Any] = load_yaml_file(path)
        names = {obj["card"] for obj in _objects(case)}
        if case["provenance"]["card"] in names and len(names) > 1:
            return case
    raise AssertionError("no mined case with a supporting card")


def test_swapping_the_card_under_test_keeps_the_script() -> None:
    case = _mined_case()
    card = case["provenance"]["card"]
    assert card not in masked_script(case) and "CARD" in masked_script(case)
    # another card in the same scenario: its name changes wherever the case names it (the setup,
    # and an expected snapshot that shows a face-up name, e.g. a morph turned face up)
    other = json.loads(json.dumps(case).replace(json.dumps(card)[1:-1], "Some Other Card"))
    assert any(obj["card"] == "Some Other Card" for obj in _objects(other))
    assert masked_script(other) == masked_script(case)


def test_any_other_difference_is_another_script() -> None:
    case = _mined_case()
    other = copy.deepcopy(case)
    first = next(iter(other["setup"]["players"].values()))
    first["life"] = first.get("life", 20) - 1
    assert masked_script(other) != masked_script(case)
    # a supporting card is not masked: another supporting card is another scenario
    third = copy.deepcopy(case)
    support = next(o for o in _objects(third) if o["card"] != case["provenance"]["card"])
    support["card"] = "Counterspell" if support["card"] != "Counterspell" else "Cancel"
    assert masked_script(third) != masked_script(case)
