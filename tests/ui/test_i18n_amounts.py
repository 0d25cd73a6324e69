"""An amount in an engine sentence is kept whole on a wrapped line (``ui.i18n.is_amount``): every
currency the second game can be played in, as the engine writes its amounts, is one."""
from __future__ import annotations

from companion.morpoly.currency import PROFILES, format_amount
from ui.i18n import amounts_whole, is_amount


def test_every_currency_s_amounts_are_amounts() -> None:
    for name, profile in PROFILES.items():
        for amount in (0, 50, 3150, 4000, -200):
            written = format_amount(amount, profile)
            assert is_amount(written), (name, written)


def test_words_lists_and_throws_are_not_amounts() -> None:
    for value in ("Mobilien", "Dunkle Gasse", "3,4", "red,blue", "", "€", "DM", "12/12"):
        assert not is_amount(value), value


def test_a_printed_sentence_keeps_its_amounts_whole_and_nothing_else() -> None:
    """A card's printed sentence on the log: "Zahle 50 €." must not wrap "50" from "€" (nor "DM"
    from "4.000"); a number before a word that begins like a symbol (the Monopoly dollar's "M")
    is no amount and may wrap as it likes."""
    assert amounts_whole("Zahle 50 €. Ziehe 400 DM ein. DM 4.000") == "Zahle 50\u00a0€. Ziehe 400\u00a0DM ein. DM\u00a04.000"
    assert amounts_whole("in 5 Minuten, TM 4, 5 Mal") == "in 5 Minuten, TM 4, 5 Mal"
