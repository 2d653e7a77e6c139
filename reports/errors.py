"""Exceptions of the reports area.

Every error a report raises for bad input (an unreadable run file, shards that do not make one
run, a corrupt history file, a browser that cannot render) is a :class:`ReportError`, so that the
command line can turn it into a clean message and exit status 2.
"""

from __future__ import annotations


class ReportError(Exception):
    """Base class of every reports error."""
