"""The played card's strip writes its money symbol as the table's language writes an amount: found on
a German table, where the strip read "Captain Carrot ✓♟ ✕⊘ ▶$1" above the question "1 $ von der
Bank nehmen?" (Italian "▶$1" above "1$")."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import Driver, seat_three, start_app, stop_app


@pytest.mark.parametrize(("language", "amount"), [("en", "$1"), ("de", "1\u00a0$"), ("pl", "$1"), ("it", "1$")])
def test_the_strip_s_money_symbol_is_written_as_the_question_writes_it(tmp_path: Path, language: str,
                                                                        amount: str) -> None:
    """Captain Carrot's symbols, as the card prints them: a minion, remove a trouble marker, take $1
    from the bank (shared/reference card list); the German rulebook writes amounts "1 $"."""
    app = start_app(tmp_path / "data", language=language, edition=language)
    d = Driver(app)
    try:
        seat_three(app, language)
        for value in ("captain-carrot", "dimwell", "skip"):
            if app.game.question.key != "symbol.money":
                assert app.answer(value), app.message
        assert app.game.question.key == "symbol.money"
        d.frames(4)
        strip = d.screen.ids.card.text
        assert strip.endswith("▶" + amount), strip
        question = d.texts(d.screen.ids.question).replace("\u00a0", " ")
        assert amount.replace("\u00a0", " ") in question, question
    finally:
        stop_app(app)
