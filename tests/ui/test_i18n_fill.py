"""How a translated template is filled: only the params it names are said (``template_fields``), and a
template without a counted placeholder is filled by ``str.format`` itself — the same text the counted
formatter gives, for every template of the four catalogues."""
from __future__ import annotations

import gettext
import string
from pathlib import Path

import pytest

from ui.i18n import CountedFormatter, Translator, template_fields

LOCALE = Path(__file__).resolve().parents[2] / "ui" / "locale"


def test_a_template_names_its_params_counted_or_not() -> None:
    assert template_fields("{payer} zahlt {amount} an {payee}") == {"payer", "amount", "payee"}
    assert template_fields("{party} hat noch {left:# Haus|# Häuser}") == {"party", "left"}
    assert template_fields("Los!") == frozenset()
    assert template_fields("{unclosed") is None  # filled with every param, and refused there


@pytest.mark.parametrize("language", ["en", "de", "pl", "it"])
def test_every_plain_template_is_filled_as_the_counted_formatter_fills_it(language: str) -> None:
    catalog = gettext.GNUTranslations((LOCALE / language / "LC_MESSAGES" / "ankh_companion.mo").open("rb"))
    templates = [t for t in getattr(catalog, "_catalog").values() if isinstance(t, str) and "|" not in t]
    translator, formatter = Translator(language), CountedFormatter(language)
    filled = 0
    for template in templates:
        names = template_fields(template)
        if names is None:
            continue
        params = {name: f"<{name}>" for name in names}
        try:
            expected = formatter.format(template, **params)
        except (KeyError, IndexError, ValueError):
            with pytest.raises((KeyError, IndexError, ValueError)):
                translator.fill(template, **params)
            continue
        assert translator.fill(template, **params) == expected, template
        filled += 1
    assert filled > 500  # the catalogue's templates, not a handful


def test_a_param_the_template_does_not_name_is_not_said() -> None:
    """A line's params beyond its template's (a payment's purpose and its parties) are not worked out:
    one that cannot be said would fail the sentence if it were."""
    translator = Translator("de")
    template = translator.gettext("n:morpoly.roll.rolled")
    assert template != "n:morpoly.roll.rolled"
    said = translator.keyed("n", "morpoly.roll.rolled", "Ann rolls 3 and 4",
                            {"token": "Ann", "first": "3", "second": "4", "items": object()})  # type: ignore[dict-item]
    assert said == string.Formatter().format(template, token="Ann", first="3", second="4")
