"""The one-letter marks of Ankh-Morpoly's ring are the table's words: a mortgaged deed is "M" in
English, "Z" (zastawiona) at a Polish table, "I" (ipotecata) at an Italian one; a hotel "H", and "A"
(albergo) in Italian, on the ring and in the bank's stock. Found in the Polish and Italian sweep: the
ring said M and H in every language."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ui.i18n import Translator
from ui.screens.morpoly.common import HOTEL_MARK, MORTGAGE_MARK


@pytest.mark.parametrize(("language", "mortgaged", "hotel"), [("en", "M", "H"), ("pl", "Z", "H"), ("it", "I", "A"),
                                                                  ("de", "Hyp", "H")])
def test_the_ring_marks_are_the_table_s_words(language: str, mortgaged: str, hotel: str) -> None:
    tr = Translator(language)
    assert (tr.gettext(MORTGAGE_MARK), tr.gettext(HOTEL_MARK)) == (mortgaged, hotel)


def test_an_italian_ring_marks_a_mortgaged_deed_and_the_bank_s_hotels_in_italian(tmp_path: Path, request: Any) -> None:
    """Random legal play through the app's one door until a deed is mortgaged (seed 5: by turn 30)."""
    from companion.morpoly.random_play import random_input
    from tests.ui import conftest
    app = conftest.start_app(tmp_path / "data", language="it")
    request.addfinalizer(lambda: conftest.stop_app(app))
    d = conftest.Driver(app)
    app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "", mode="ankh-morpoly", options={"edition": "de"})
    app.show("morpoly-board")
    rng = random.Random(5)
    for _ in range(3000):
        state = app.game.state
        if any(owned.mortgaged for owned in state.squares.values()) or app.game.question is None:
            break
        app.submit(replace(random_input(app.game, rng), seq=app.game.seq))
    mortgaged = [index for index, owned in app.game.state.squares.items() if owned.mortgaged]
    assert mortgaged, "no deed was mortgaged"
    d.frames(4)
    board = d.screen
    assert board.name == "morpoly-board"
    assert "]I[" in board.cells[mortgaged[0]].text and "]M[" not in board.cells[mortgaged[0]].text
    assert f" · A{app.game.state.bank.hotels}" in board.money_label.text, board.money_label.text
