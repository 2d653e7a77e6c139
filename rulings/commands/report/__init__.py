"""``rulings report``: the one ``report`` group, with the commands of every report.

``report conformance`` and ``report merge`` (the conformance dashboard) are in
:mod:`rulings.commands.report.conformance`, ``report translation`` in
:mod:`rulings.commands.report.translation`; a new report adds its module here.
"""

from __future__ import annotations

import click

from rulings.commands.report.conformance import conformance_command, merge_command
from rulings.commands.report.translation import translation_command

__all__ = ["register", "report_group"]


@click.group("report")
def report_group() -> None:
    """Write reports (self-contained HTML, plus CSV/JSON of the findings)."""


report_group.add_command(conformance_command)
report_group.add_command(merge_command)
report_group.add_command(translation_command)


def register(group: click.Group) -> None:
    """Add the ``report`` group to the ``rulings`` group."""
    group.add_command(report_group)
