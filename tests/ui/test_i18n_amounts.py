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


def test_an_amount_is_grouped_as_the_table_s_language_writes_thousands() -> None:
    """A US set's "$16,080" read at a Polish or Italian table is sixteen dollars and eight cents: the
    symbol stays where the set prints it, the thousands are grouped as the table writes them."""
    from companion.morpoly.editions import load_edition
    from ui.screens.morpoly.common import money

    us, de = load_edition("us"), load_edition("de")
    assert [money(us, 16080, lang) for lang in ("en", "de", "pl", "it")] == \
        ["$16,080", "$16.080", "$16\u00a0080", "$16.080"]
    assert money(de, 1500, "pl") == "1\u00a0500\u00a0€" and money(de, 1500, "de") == "1.500\u00a0€"
    assert money(us, 999, "pl") == "$999" and money(us, -200, "it") == "$-200"


def test_an_engine_sentence_s_amounts_are_grouped_for_the_table() -> None:
    """The log's lines carry the engine's amounts ("$1,500", "DM 4.000"): regrouped when said."""
    from companion.core.procedure import Narration
    from ui.i18n import Translator, regrouped

    assert regrouped("$16,080", "pl") == "$16\u00a0080" and regrouped("DM 4.000", "en") == "DM 4,000"
    assert regrouped("-38 €", "it") == "-38 €" and regrouped("$1,234,567", "it") == "$1.234.567"
    for name, profile in PROFILES.items():  # every set's way of writing an amount reads back as the same number
        for amount in (0, 50, 3150, 4000, 1234567):
            written = format_amount(amount, profile)
            digits = "".join(c for c in regrouped(written, "pl") if c.isdigit())
            assert int(digits) == abs(amount), (name, written)
    said = Narration("morpoly.go.salary", "red collects $1,500 at GO", None,
                     (("party", "red"), ("amount", "$1,500"), ("go_name", "GO")))
    assert "$1\u00a0500" in Translator("pl").narration(said)
    assert "$1.500" in Translator("it").narration(said) and "$1,500" in Translator("en").narration(said)
