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
    """Add the commands of every area module in :mod:`rulings.commands` (each has ``register``)."""
    import importlib
    import pkgutil

    from rulings import commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"rulings.commands.{info.name}")
        module.register(cli)


_register()


def main() -> None:
    """Console-script entry point."""
    cli()
