"""A question worded by the form of one of its params (``ui.i18n.FORM_BY_PARAM``): the auction of the
bank's last hotels (Ankh-Morpoly rules revision 13) asks "who bid highest for a hotel?", not the house
form, on the board (which words its question with :meth:`Translator.board_question`) as in the Journal
(:meth:`Translator.question`), in every language."""
from __future__ import annotations

import pytest

from companion.core.procedure import choice_question
from ui.i18n import Translator

HOTEL = {"en": "hotel", "de": "Hotel", "pl": "hotel", "it": "albergo"}
HOUSE = {"en": "house", "de": "Haus", "pl": "dom", "it": "casa"}


@pytest.mark.parametrize("language", ["en", "de", "pl", "it"])
def test_a_hotel_s_auction_is_asked_in_the_hotel_form(language: str) -> None:
    translator = Translator(language)
    asked = {}
    for kind in ("house", "hotel"):
        question = choice_question("morpoly.shortage.winner",
                                   f"red: who bid highest for a {kind}? (the bank has 1 left)", "red",
                                   ["red", "blue", "nobody", "cancel"], token="red", kind=kind, supply="1")
        params = dict(question.params)
        key = translator.question_form(question.key, params)
        assert key == ("morpoly.shortage.winner.hotel" if kind == "hotel" else "morpoly.shortage.winner")
        board = translator.board_question(question)  # as the board asks it
        assert board == translator.question(question)  # as the Journal says it
        asked[kind] = board
    assert HOTEL[language] in asked["hotel"] and HOUSE[language] not in asked["hotel"]
    assert HOUSE[language] in asked["house"] and asked["house"] != asked["hotel"]
    assert "1" in asked["hotel"]


def test_a_question_without_a_form_keeps_its_key() -> None:
    assert Translator("de").question_form("morpoly.manage.what", {"kind": "hotel"}) == "morpoly.manage.what"
