"""The ``rulings`` command line: a thin layer over the pipeline, conformance and reports libraries.

Each command lives in the ``rulings.commands`` module of its area and calls one library function
of the same name; this module only assembles the group.
"""

from __future__ import annotations

import click

from rulings import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rulings")
def cli() -> None:
    """Aligned multilingual MTG rulings, executable conformance cases, and reports."""


def _register() -> None:
    from rulings.commands import conformance as conformance_commands
    from rulings.commands import pipeline as pipeline_commands

    pipeline_commands.register(cli)
    conformance_commands.register(cli)


_register()


def main() -> None:
    """Console-script entry point."""
    cli()
