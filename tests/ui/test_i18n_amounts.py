"""An amount in an engine sentence is kept whole on a wrapped line (``ui.i18n.is_amount``): every
currency the second game can be played in, as the engine writes its amounts, is one."""
from __future__ import annotations

from companion.morpoly.currency import PROFILES, format_amount
from ui.i18n import is_amount


def test_every_currency_s_amounts_are_amounts() -> None:
    for name, profile in PROFILES.items():
        for amount in (0, 50, 3150, 4000, -200):
            written = format_amount(amount, profile)
            assert is_amount(written), (name, written)


def test_words_lists_and_throws_are_not_amounts() -> None:
    for value in ("Mobilien", "Dunkle Gasse", "3,4", "red,blue", "", "€", "DM", "12/12"):
        assert not is_amount(value), value
