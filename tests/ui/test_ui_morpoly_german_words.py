"""Words a German Ankh-Morpoly table read on the board and found wrong, checked in the German
catalogue:

- CMOT Dibbler was "CMOT-Dibbler" in the banker's question and the ELAM switch (as the German rules
  sheet writes him, L198–203) but "CMOT Dibbler" in the log, his rolls and the square's card: two
  spellings of one name;
- the menu's trade answer said "Besitzrecht von anderer Partei kaufen" (no article: "from other
  party")."""
from __future__ import annotations

import re

from ui.i18n import LOCALE_DIR
from ui.i18n_tools import parse_po

GERMAN = parse_po((LOCALE_DIR / "de" / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))


def test_cmot_dibbler_is_spelt_one_way() -> None:
    named = {key: text for key, text in GERMAN.items() if "CMOT" in text}
    assert len(named) >= 6, named  # the banker's question, the switch, his moves, rolls and card
    spelt = {key: text for key, text in named.items() if re.search(r"CMOT(?!-Dibbler)", text)}
    assert not spelt, spelt


def test_the_trade_answer_has_its_article() -> None:
    said = GERMAN["Buy a deed from another party"]
    assert said == "Besitzrecht einer anderen Partei kaufen", said
    assert not re.search(r"\bvon anderer\b", " ".join(GERMAN.values()))


def test_the_trade_price_has_no_comma_before_oder() -> None:
    """The price question read "Der vereinbarte Preis, oder ablehnen": no comma stands before a
    plain "oder" joining two choices (nor before Italian "o")."""
    said = GERMAN["q:morpoly.trade.price"]
    assert said.endswith("? Der vereinbarte Preis oder ablehnen"), said
    italian = parse_po((LOCALE_DIR / "it" / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    assert italian["q:morpoly.trade.price"].endswith("? Il prezzo concordato o rifiuta"), italian["q:morpoly.trade.price"]


def test_a_deed_s_buttons_put_the_verb_last() -> None:
    """German puts an infinitive after its object and place: the building buttons read "Ein Haus
    verkaufen auf Seestraße", "Das Hotel verkaufen auf Seestraße" (English word order), and the
    mortgage's "Hypothek auf Seestraße" had no verb beside "Hypothek auf Seestraße ablösen". Every
    button of a deed's verb (:data:`ui.screens.morpoly.common.VERBS`, ``HOTEL_VERBS``) that names
    the square ends in its verb."""
    from ui.screens.morpoly.common import HOTEL_VERBS, VERBS
    said = {english: GERMAN[english] for english in [*VERBS.values(), *HOTEL_VERBS.values()] if "{square}" in english}
    assert said["Build a house on {square}"] == "Ein Haus auf {square} bauen"
    assert said["Sell a house on {square}"] == "Ein Haus auf {square} verkaufen"
    assert said["Build a hotel on {square}"] == "Ein Hotel auf {square} bauen"
    assert said["Sell the hotel on {square}"] == "Das Hotel auf {square} verkaufen"
    assert said["Mortgage {square}"] == "Hypothek auf {square} aufnehmen"
    verbs = ("bauen", "verkaufen", "aufnehmen", "ablösen", "kaufen")
    assert all(text.split()[-1] in verbs for text in said.values()), said


def test_the_wizards_card_answer_says_where_it_sends() -> None:
    """The Wizards' answer to a card that sends the token somewhere ("Die Karte schickt dich auf …;
    dorthin oder stattdessen auf …?") read "Wohin die Karte sagt": a card does not "say" a place in
    German; it sends the token there, as the question says."""
    assert GERMAN["Where the card says"] == "Wohin die Karte schickt"
    assert "schickt dich" in GERMAN["q:morpoly.card.wizard-control"]
