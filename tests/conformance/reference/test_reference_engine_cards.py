"""``rulings engines cards ENGINE`` and its library function ``conformance.cards.cards``, with the
real reference engine in process and over stdio."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from conformance.cards import cards
from conformance.engines.spec import python_serve_argv
from conformance.errors import ConformanceError
from conformance.reference import card_names
from rulings.commands.conformance import register


@click.group()
def cli() -> None:
    """Test group."""


register(cli)


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_reference_declares_its_cards_and_refuses_the_others_with_reasons() -> None:
    found = cards("reference")
    assert found.engine == "reference" and found.refusals_known
    assert list(found.declared) == sorted(card_names())
    assert not set(found.refused) & set(found.declared)
    assert found.refused['"Ach! Hans, Run!"'].startswith(
        "no template for 'You may say \"Ach! Hans, run!")  # the upkeep trigger is read
    assert all(reason for reason in found.refused.values())
    assert list(found.refused) == sorted(found.refused)


def test_cli_lists_one_card_a_line_and_refusals_with_a_tab() -> None:
    out = invoke("engines", "cards", "reference")
    assert out.exit_code == 0
    assert out.output.splitlines() == sorted(card_names())
    refused = invoke("engines", "cards", "reference", "--refused").output.splitlines()
    assert all(line.count("\t") >= 1 for line in refused)
    assert "At Knifepoint" not in {line.split("\t")[0] for line in refused}


def test_a_stdio_engine_lists_its_cards_but_cannot_say_what_it_refuses() -> None:
    spec = "cmd:" + " ".join(python_serve_argv("reference"))
    found = cards(spec)
    assert set(found.declared) == card_names() and not found.refusals_known
    out = invoke("engines", "cards", spec, "--refused")
    assert out.exit_code == 2 and "does not say which cards it refuses" in out.output


def test_a_bad_spec_is_an_error() -> None:
    with pytest.raises(ConformanceError):  # suite=None: no ~1,000 case files parsed first
        cards("no.such.module:Engine", suite=None)
    assert invoke("engines", "cards", "no.such.module:Engine").exit_code == 2
