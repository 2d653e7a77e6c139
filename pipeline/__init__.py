"""The rulings pipeline: ``sources -> normalise -> language -> cards -> align -> store``.

Public entry points (imported lazily, so ``import pipeline`` stays cheap):

- ``from pipeline.build import build``: inputs -> dataset directory, returns a
  :class:`BuildSummary` (``pipeline.build`` is the module, so the function is not re-exported);
- :func:`read_dataset`: dataset directory -> :class:`Dataset` of pandas frames;
- :func:`read_table`: one table of a dataset as an Arrow table (what other packages read);
- :func:`schemas` and :func:`describe`: the tables' Arrow schemas (for the languages registered
  in :mod:`pipeline.languages`) and their field descriptions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.build import BuildSummary
    from pipeline.store import Dataset, describe, read_dataset, read_table, schemas

__all__ = ["BuildSummary", "Dataset", "describe", "read_dataset", "read_table", "schemas"]

_LAZY = {
    "BuildSummary": "pipeline.build",
    "read_dataset": "pipeline.store",
    "read_table": "pipeline.store",
    "Dataset": "pipeline.store",
    "describe": "pipeline.store",
    "schemas": "pipeline.store",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pipeline' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
