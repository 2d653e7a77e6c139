"""Changeling (702.73a): a characteristic-defining ability, "This object is every creature
type", in every zone (604.3). The creature types are those rule 205.3m lists, read from the
Comprehensive Rules the suite ships (``fixtures/data/comprehensive-rules``).

:func:`with_changeling` gives an object's printed subtypes plus every creature type when its
printed text has changeling; :meth:`conformance.reference.continuous_effects.ContinuousEffects
.chars` applies the layer-4 effects after it (a characteristic-defining ability applies first in
its layer, 613.3)."""

from __future__ import annotations

import gzip
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conformance.reference.objects import Chars

CHANGELING = "changeling"
_RULES = Path(__file__).resolve().parents[2] / "fixtures" / "data" / "comprehensive-rules"


@cache
def creature_types() -> tuple[str, ...]:
    """Every creature type (205.3m), in the rules' order."""
    for path in sorted(_RULES.glob("*.txt.gz")):
        text = gzip.decompress(path.read_bytes()).decode("utf-8", "replace")
        m = re.search(r"205\.3m [^\n\r]*?The creature types are ([^\r\n]*?)\.\s", text)
        if m:
            return tuple(t.strip() for t in re.split(r",(?: and)? ", m[1]) if t.strip())
    raise FileNotFoundError(f"no rule 205.3m under {_RULES}")


def with_changeling(c: Chars) -> tuple[str, ...]:
    """``c``'s subtypes, with every creature type when it has changeling (702.73a)."""
    if CHANGELING not in c.keywords:
        return c.subtypes
    return c.subtypes + tuple(t for t in creature_types() if t not in c.subtypes)
