"""Pure checks of the translation report: numbers, symbols, quotes, names, glossary, HTML layer."""

from __future__ import annotations

import re

import pytest

from pipeline.cards import EnglishNameFinder
from reports.common.charts import Bar, bar_chart, stacked_bar_chart
from reports.common.errors import TemplateError
from reports.common.html import Html, esc, h, page
from reports.translation.glossary import _localized_pattern
from reports.translation.render import highlight
from reports.translation.textchecks import (
    apostrophes,
    compare_numbers,
    count_parentheses,
    numbers,
    quote_pairs,
    quote_style_pairs,
    roman_value,
    symbols,
)


def values(text: str, lang: str) -> list[str]:
    return [t.value for t in numbers(text, lang)]


def test_roman_numerals_only_after_chapter_words() -> None:
    text = ("Il terzo segnalino fa innescare l'abilità del capitolo III, ma i capitoli I e II non "
            "si innescano di nuovo. I nuovi bersagli devono essere legali.")
    assert values(text, "it") == ["3", "1", "2"]
    assert values("Kapitel II und III", "de") == ["2", "3"]
    assert values("its chapter IV ability", "en") == ["4"]


def test_article_i_and_variable_x_are_not_numbers() -> None:
    assert values("I nuovi bersagli. Se la magia ha una X, la copia avrà lo stesso valore di X.",
                  "it") == []
    assert roman_value("X") is None
    assert roman_value("IIII") is None
    assert roman_value("XIV") == 14


def test_number_words_digits_and_exclusions() -> None:
    assert values("hai scartato una carta, non due; il suo valore di mana è 6", "it") == ["2", "6"]
    assert values("se sei il controllore", "it") == []  # "sei" = "you are"
    assert values("Elf ist ein Kreaturentyp; elf Karten", "de") == ["11"]
    assert values("counts once, not twice", "en") == ["2"]
    assert values("{2}{R}: +1/+1", "en") == []  # symbols are not numbers


def test_compare_numbers_soft_twos_and_real_mismatch() -> None:
    ok = compare_numbers("puoi lanciare una delle due metà", "it", "you may cast either half",
                         "en")
    assert not ok
    bad = compare_numbers("il suo valore di mana è 5", "it", "its mana value is 6", "en")
    assert [t.text for t in bad.extra] == ["5"] and [t.text for t in bad.missing] == ["6"]
    lost = compare_numbers("Ogni carta split ha nomi", "it", "Each split card has two names", "en")
    assert [t.text for t in lost.missing] == ["two"]


def test_symbols() -> None:
    assert [t.value for t in symbols("{T}: +1/+0 e {X}{R}; 1/1")] == ["{T}", "+1/+0", "{X}",
                                                                       "{R}"]


@pytest.mark.parametrize(
    ("localized", "english"),
    [
        ("dice «Scegli uno —» o qualcosa di simile", "says “Choose one —” or the like"),
        ("dice « Scegli uno — » o simile", "says \"Choose one —\" or the like"),
        ("einen „Gesetzloser-Zauberspruch“ oder eine „Gesetzlosen-Karte“",
         "an “outlaw spell” or “outlaw card”"),
        ("eine »Gesetzlosen-Karte«", "an “outlaw card”"),
    ],
)
def test_language_quote_styles_are_normalised(localized: str, english: str) -> None:
    assert quote_pairs(localized) == quote_pairs(english) >= 1
    assert all(t.value != "unpaired" for t in quote_style_pairs(localized))


def test_quote_styles_and_apostrophes() -> None:
    styles = [t.value for t in quote_style_pairs('„a“ «b» “c” "d" »e«')]
    assert styles == ["low-9", "guillemets", "curly", "straight", "guillemets"]
    assert [t.value for t in quote_style_pairs('un "a')] == ["unpaired"]
    assert [t.value for t in apostrophes("un’abilità, l'abilità, players' cards")] == [
        "’", "'", "'"]
    assert count_parentheses("(a) (b") == (2, 1)


def test_name_finder_longest_first_and_boundaries() -> None:
    finder = EnglishNameFinder("it", [
        ("Destined // Lead", "Destinata // Comando", "c1"), ("Destined", "Destinata", "c1"),
        ("Lead", "Comando", "c1"), ("Chandra's Pyrohelix", "Piroelica di Chandra", "c2"),
    ])
    text = "puoi lanciare Destined di Destined // Lead, ma non Lead. Leader. (come Chandra’s Pyrohelix)"
    hits = finder.find(text)
    assert [h.text for h in hits] == ["Destined", "Destined // Lead", "Lead",
                                      "Chandra’s Pyrohelix"]
    assert hits[-1].localized == "Piroelica di Chandra"
    assert finder.find("ma non Lead", skip=[(7, 11)]) == []


def test_glossary_inflection_patterns() -> None:
    it = _localized_pattern("Farabutto", "it")
    assert it.search("Farabutti") and it.search("farabutto") and not it.search("Farabuttone")
    de = _localized_pattern("Assassine", "de")
    assert de.search("Assassinen") and not de.search("assassinen")


def test_html_layer_escapes_everything_but_html() -> None:
    assert h("<td title='{t}'>{t}</td>", t="<script>") == (
        "<td title='&lt;script&gt;'>&lt;script&gt;</td>")
    assert h("{:.1f}", 2.25) == "2.2"
    assert esc(Html("<b>")) == "<b>"
    with pytest.raises(TemplateError):
        h("{missing}")
    with pytest.raises(TypeError):
        page("t", "<b>not trusted</b>")  # type: ignore[arg-type]
    doc = page("a <b>", h("<p>{}</p>", "x"))
    assert "<title>a &lt;b&gt;</title>" in doc and "default-src &#x27;none&#x27;" in doc


def test_highlight_escapes_and_marks() -> None:
    out = highlight("Una <script>alert(1)</script> carta", [(4, 12)])
    assert out == "Una <mark>&lt;script&gt;</mark>alert(1)&lt;/script&gt; carta"
    assert highlight("abcdef", [(1, 3), (2, 5)]) == "a<mark>bcde</mark>f"


def test_charts_are_deterministic_svg() -> None:
    a = bar_chart([Bar("it", 3), Bar("<de>", 1)], "Per language")
    assert a == bar_chart([Bar("it", 3), Bar("<de>", 1)], "Per language")
    assert a.startswith("<svg") and "&lt;de&gt;" in a and "<de>" not in a
    s = stacked_bar_chart({"numbers": {"error": 2, "info": 1}}, "Per check",
                          series=("error", "warning", "info"))
    assert len(re.findall(r"<rect ", s)) == 3 + 2  # legend + segments (warning is 0)
    with pytest.raises(ValueError):
        bar_chart([Bar("x", -1)], "neg")
