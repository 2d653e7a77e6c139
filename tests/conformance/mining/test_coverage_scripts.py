"""The coverage's "distinct scripts" figure: cases that only swap the card under test are one
scenario; any other difference makes two."""

from __future__ import annotations

import copy
from pathlib import Path

from conformance.case_yaml import load_yaml_file
from conformance.mining.coverage import masked_script

CASES = Path(__file__).resolve().parents[3] / "conformance" / "cases"


def _case(rel: str) -> dict:
    data: dict = load_yaml_file(CASES / rel)
    return data


def test_swapping_the_card_under_test_keeps_the_script() -> None:
    case = _case("abbot-of-keral-keep/mined-prowess-countered.yaml")
    other = copy.deepcopy(case)
    other["provenance"]["card"] = "Monastery Swiftspear"
    text = masked_script(case).replace("CARD", "Abbot of Keral Keep")
    assert "Abbot of Keral Keep" in text
    for obj in other["setup"]["players"]["p1"]["battlefield"]:
        if obj["card"] == "Abbot of Keral Keep":
            obj["card"] = "Monastery Swiftspear"
    assert masked_script(other) == masked_script(case)


def test_any_other_difference_is_another_script() -> None:
    case = _case("abbot-of-keral-keep/mined-prowess-countered.yaml")
    other = copy.deepcopy(case)
    other["setup"]["players"]["p1"]["life"] = 19
    assert masked_script(other) != masked_script(case)
    # a supporting card is not masked: another counterspell is another scenario
    third = copy.deepcopy(case)
    third["setup"]["players"]["p2"]["hand"][0]["card"] = "Counterspell"
    assert masked_script(third) != masked_script(case)
